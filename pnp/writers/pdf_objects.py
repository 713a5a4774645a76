"""pnp's own PDFs read object by object, and files written from those objects byte for byte as pypdf's PdfWriter
writes them: what kit.pdf (pdf_join.py) and the folded booklet (pnp/booklet/impose.py) are made of, without
loading pypdf.

The PDFs read are pnp's own (reportlab's, or pypdf's for a folded booklet): a classic cross-reference table,
objects of names, numbers, arrays, dictionaries and streams. A Part reads, with one regular expression, only the
objects asked for; Objects copies them into a new file, renumbered in the order pypdf's writer numbers what it
clones (each object as first reached, depth first), streams copied as stored, and writes the file as pypdf's
writer does (the same layout of each object, /Length last in a stream's dictionary, the same table and trailer).
Whatever else a file holds (a string, a chain of /Next or /Prev, an object stream, a stream reached from an
array, which pypdf copies anew each time) raises Unhandled, and the caller makes its file with pypdf instead.
"""

from __future__ import annotations

import re
from functools import lru_cache
from math import log10

TOKEN = re.compile(rb"<<|>>|\[|\]|/[^\s/\[\]<>(){}%]*|[+-]?(?:\d+\.?\d*|\.\d+)|[A-Za-z]+|\S")
NUMBER = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)\Z")
HEADER = re.compile(rb"%PDF-(\d+\.\d+)")
ENDS = re.compile(rb"(?<=[\s>\]])(?:stream(?=\r?\n)|endobj)")   # the keywords, not a name's letters
ROOT = re.compile(rb"/Root\s+(\d+)\s+0\s+R")
WRITER_VERSION = b"1.3"        # the version pypdf's writer starts from
CHAINS = (b"/Next", b"/Prev", b"/N", b"/V")      # pypdf copies these chains in another order: not copied here
FLOAT_PLACES = 8               # pypdf's FLOAT_WRITE_PRECISION: decimal places of a number below 10
INFO, PAGES, CATALOGUE = 1, 2, 3                 # the writer's first objects, in its order


class Unhandled(Exception):
    """A PDF holds what this module does not copy as pypdf would: the caller has pypdf make the file."""


# What reading a part may raise besides: a part not shaped as reportlab writes them (a number that is none, a
# missing key, a node of another kind) is handed to pypdf too, never an internal error.
UNREAD = (Unhandled, ValueError, KeyError, IndexError, TypeError, AttributeError)


class Ref(int):
    """`N 0 R`: an object of the file by its number."""


class Stream:
    """A stream object: its dictionary (without /Length, written last as pypdf writes it) and its bytes as stored."""

    __slots__ = ("entries", "data")

    def __init__(self, entries: dict, data: bytes) -> None:
        self.entries, self.data = entries, data


class Real(bytes):
    """A number with a point, as pypdf writes it back; float() of it is the value read, which pypdf computes
    with (the written form keeps fewer places than a long number has)."""

    value: float

    def __float__(self) -> float:
        return self.value


class Text(str):
    """A text string, written as pypdf writes one (PDFDocEncoding where it can, else UTF-16 with its mark)."""


class Part:
    """One PDF's pages (`pages`: their object numbers, in order) and its objects, each read as first asked for.
    Unhandled when its pages cannot be found here."""

    def __init__(self, pdf: bytes) -> None:
        self.pdf = pdf
        found = HEADER.match(pdf)
        if not found:
            raise Unhandled("no PDF header")
        self.version = found.group(1)
        self.offsets, root = _xref(pdf)
        self.read: dict[int, object] = {}
        self.pages = self._pages(self.get(root)[b"/Pages"])

    def get(self, number: int):
        if number not in self.read:
            if number not in self.offsets:
                raise Unhandled(f"object {number} is not in the table")
            self.read[number] = self._object(self.offsets[number])
        return self.read[number]

    def _pages(self, ref: int) -> list[int]:
        node = self.get(ref)
        if node.get(b"/Type") != b"/Pages":
            return [ref]
        if set(node) - {b"/Type", b"/Kids", b"/Count", b"/Parent"}:
            raise Unhandled("a page tree node with entries its pages inherit")
        return [page for kid in node[b"/Kids"] for page in self._pages(kid)]

    def _object(self, offset: int):
        """The object at `offset`: its value, and a stream's bytes after it. Its words are those before `stream`
        or `endobj`; a value that does not take them all (a name holding either word) is not read here."""
        body = self.pdf.index(b"obj", offset) + 3
        end = ENDS.search(self.pdf, body)
        if end is None:
            raise Unhandled("an object without its end")
        value = _parsed(TOKEN.findall(self.pdf, body, end.start()))
        if end.group() == b"endobj":
            return value
        start = end.end() + (2 if self.pdf[end.end():end.end() + 2] == b"\r\n" else 1)
        length = value.pop(b"/Length", None) if isinstance(value, dict) else None
        if not isinstance(length, bytes) or not length.isdigit():
            raise Unhandled("a stream whose length is not given as a number")
        return Stream(value, self.pdf[start:start + int(length)])


def _xref(pdf: bytes) -> tuple[dict[int, int], int]:
    """The objects' offsets from the cross-reference table, and the catalogue's number from the trailer."""
    at = int(pdf[pdf.rindex(b"startxref") + 9:].split()[0])
    if not pdf.startswith(b"xref", at):
        raise Unhandled("a cross-reference stream")
    lines = iter(pdf[at + 4:pdf.index(b"trailer", at)].split(b"\n"))
    offsets: dict[int, int] = {}
    for line in lines:
        if not line.strip():
            continue
        first, count = map(int, line.split())
        for number in range(first, first + count):
            offset, _, kind = next(lines).split()
            if kind == b"n":
                offsets[number] = int(offset)
    trailer = pdf.index(b"trailer", at)
    if b"/Encrypt" in pdf[trailer:]:
        raise Unhandled("an encrypted file: its streams would be copied still encrypted")
    root = ROOT.search(pdf, trailer)
    if root is None:
        raise Unhandled("no catalogue")
    return offsets, int(root.group(1))


def _parsed(words: list[bytes]):
    """The one value `words` (TOKEN's words) make: a dict, a list, a Ref, or a name or number as bytes, already in
    the form pypdf writes it."""
    stack: list[list] = [[]]
    kinds: list[bytes] = []
    for word in words:
        if word == b"<<" or word == b"[":
            stack.append([])
            kinds.append(word)
        elif word == b">>" or word == b"]":
            if not kinds or kinds.pop() != (b"<<" if word == b">>" else b"["):
                raise Unhandled("brackets that do not match")
            items = stack.pop()
            stack[-1].append(_entries(items) if word == b">>" else items)
        elif word == b"R":
            top = stack[-1]
            top[-2:] = [Ref(int(top[-2]))]
        else:
            stack[-1].append(scalar(word))
    if kinds or len(stack[0]) != 1:
        raise Unhandled("not one value")
    return stack[0][0]


def _entries(items: list) -> dict:
    entries = dict(zip(items[::2], items[1::2]))
    if len(items) % 2 or any(isinstance(value, Ref) and key in CHAINS for key, value in entries.items()):
        raise Unhandled("a dictionary with a key missing, or a chain of objects")
    return entries


@lru_cache(maxsize=4096)
def scalar(token: bytes) -> bytes:
    """A name, number, true, false or null as pypdf writes it back: an integer as it is, a number with a point as
    pypdf's FloatObject writes it (real())."""
    if token[:1] == b"/":
        if b"#" in token:
            raise Unhandled("a name with an escape")
        return token
    if NUMBER.match(token):
        if b"." not in token:
            return b"%d" % int(token)
        written = Real(real(float(token)))
        written.value = float(token)
        return written
    if token in (b"true", b"false", b"null"):
        return token
    raise Unhandled(f"{token[:20]!r}")


def real(value: float) -> bytes:
    """A number as pypdf's FloatObject writes it: nine significant places at most, no trailing zeros, 0.0 for
    zero."""
    if value == 0:
        return b"0.0"
    places = FLOAT_PLACES - int(log10(abs(value)))
    return f"{value:.{max(1, places)}f}".rstrip("0").rstrip(".").encode()


class Objects:
    """A new file's objects, numbered as pypdf's writer numbers them: its information, page tree and catalogue
    (filled by `file`), then each as added or copied. `leave`: keys never copied, at any depth; `refuse`: keys
    that, in an object copied, make the file Unhandled."""

    leave: tuple[bytes, ...] = ()
    refuse: tuple[bytes, ...] = ()

    def __init__(self) -> None:
        self.objects: list = [None, None, None]

    def add(self, value) -> Ref:
        self.objects.append(value)
        return Ref(len(self.objects))

    def __getitem__(self, ref: Ref):
        return self.objects[ref - 1]

    def copied_ref(self, part: Part, number: int, numbered: dict[int, Ref],
                   leave: tuple[bytes, ...] | None = None) -> Ref:
        """The object `number` of `part` copied, numbered before what it reaches (depth first); once per part
        (`numbered`: its objects' numbers here). `leave`: keys this object, not those it reaches, leaves behind."""
        if number in numbered:
            return numbered[number]
        ref = numbered[number] = self.add(None)
        self.objects[ref - 1] = self.copied(part, part.get(number), numbered, leave)
        return ref

    def copied(self, part: Part, value, numbered: dict[int, Ref], leave: tuple[bytes, ...] | None = None):
        """`value`, read from `part`, with the objects it reaches copied."""
        if isinstance(value, Ref):
            return self.copied_ref(part, value, numbered)
        if isinstance(value, dict):
            return self._entries(part, value, numbered, self.leave if leave is None else leave)
        if isinstance(value, list):
            return [item if isinstance(item, bytes) else self._item(part, item, numbered) for item in value]
        if isinstance(value, Stream):
            return Stream(self._entries(part, value.entries, numbered, self.leave), value.data)
        return value

    def _entries(self, part: Part, entries: dict, numbered: dict[int, Ref], leave: tuple[bytes, ...]) -> dict:
        if self.refuse and any(key in entries for key in self.refuse):
            raise Unhandled(f"an object holding one of {self.refuse}")
        return {key: item if isinstance(item, bytes) else self.copied(part, item, numbered)
                for key, item in entries.items() if key not in leave}

    def _item(self, part: Part, item, numbered: dict[int, Ref]):
        if isinstance(item, Ref) and isinstance(part.get(item), Stream):
            raise Unhandled("a stream reached from an array")   # pypdf copies it anew, and all it reaches
        return self.copied(part, item, numbered)

    def file(self, info: dict[str, str], kids: list[Ref], version: bytes = WRITER_VERSION, **catalogue) -> bytes:
        """The whole file: `info` the document information (producer, title, ...) in order, `kids` the pages,
        `catalogue` its entries after /Type and /Pages (named without their slash)."""
        self.objects[INFO - 1] = {b"/" + key.encode(): Text(value) for key, value in info.items()}
        self.objects[PAGES - 1] = {b"/Type": b"/Pages", b"/Count": len(kids), b"/Kids": kids}
        self.objects[CATALOGUE - 1] = {b"/Type": b"/Catalog", b"/Pages": Ref(PAGES),
                                       **{b"/" + key.encode(): value for key, value in catalogue.items()}}
        out = [b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n"]
        size = len(out[0])
        offsets = []
        for number, value in enumerate(self.objects, 1):
            offsets.append(size)
            chunk = b"%d 0 obj\n%b\nendobj\n" % (number, written(value))
            out.append(chunk)
            size += len(chunk)
        out.append(b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1))
        out.append(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
        trailer = {b"/Size": len(self.objects) + 1, b"/Root": Ref(CATALOGUE), b"/Info": Ref(INFO)}
        out.append(b"trailer\n%b\nstartxref\n%d\n%%%%EOF\n" % (written(trailer), size))
        return b"".join(out)


def written(value) -> bytes:
    """A value as pypdf writes it."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, Ref):
        return b"%d 0 R" % value
    if isinstance(value, int):
        return b"%d" % value
    if isinstance(value, dict):
        return b"<<\n" + b"".join([key + b" " + (item if isinstance(item, bytes) else written(item)) + b"\n"
                                    for key, item in value.items()]) + b">>"
    if isinstance(value, list):
        return b"[" + b"".join([b" " + (item if isinstance(item, bytes) else written(item)) for item in value]) + b" ]"
    if isinstance(value, Stream):
        return (written({**value.entries, b"/Length": len(value.data)}) + b"\nstream\n" + value.data
                + b"\nendstream")
    if isinstance(value, Text):
        return string(value)
    raise Unhandled(type(value).__name__)


LATIN = frozenset(range(0x20, 0x7F)) | frozenset(range(0xA1, 0x100)) - {0xAD}   # PDFDocEncoding's Latin-1 part


def string(text: str) -> bytes:
    """A literal string as pypdf writes a text string: every byte but letters, digits and spaces as an octal
    escape."""
    if all(ord(ch) in LATIN for ch in text):
        encoded = text.encode("latin-1")
    else:
        encoded = _encoded_elsewise(text)
    return b"(" + b"".join(b"%c" % c if (chr(c).isalnum() and c < 0x80) or c == 0x20 else b"\\%03o" % c
                                for c in encoded) + b")"


def _encoded_elsewise(text: str) -> bytes:
    """Text beyond Latin-1 encoded as pypdf encodes it (PDFDocEncoding's dashes and quotes, else UTF-16 with its
    mark): by pypdf itself, loaded only for such text."""
    from pypdf.generic import TextStringObject

    return TextStringObject(text).get_encoded_bytes()
