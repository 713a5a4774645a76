"""PDFs joined into one, page after page, each with a bookmark at its first page (kit.pdf), from their objects.

The parts are pnp's own PDFs (reportlab's, or pypdf's for a folded booklet): a classic cross-reference table,
objects of names, numbers, arrays, dictionaries and streams. Each part's objects that its pages reach are read
with one regular expression, renumbered and written again, streams copied as they are. The file is, byte for
byte, what pypdf's `PdfWriter.append` and `write` made of the same parts before (kit.pdf kept its bytes when
this took their place, in a sixth of their time): the same object order (the writer's information, page tree
and catalogue, then each part's pages, each object numbered as first reached, depth first, then its bookmark),
the same layout of each object, and a page's /Parent, /StructParents, /B and /Annots left behind as pypdf
leaves them. A part holding anything else (a string, a chain of /Next or /Prev, an object stream) raises
Unjoinable, and the caller joins it with pypdf instead (pnp/print_kit.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from math import log10

from pnp.writers.font_tags import tag

TOKEN = re.compile(rb"<<|>>|\[|\]|/[^\s/\[\]<>(){}%]*|[+-]?(?:\d+\.?\d*|\.\d+)|[A-Za-z]+|\S")
NUMBER = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)\Z")
HEADER = re.compile(rb"%PDF-(\d+\.\d+)")
ENDS = re.compile(rb"(?<=[\s>\]])(?:stream(?=\r?\n)|endobj)")   # the keywords, not a name's letters
ROOT = re.compile(rb"/Root\s+(\d+)\s+0\s+R")
SUBSET = re.compile(rb"/[A-Z]{6}\+.+", re.S)
WRITER_VERSION = b"1.3"        # the version pypdf's writer starts from; the file takes the highest of its parts'
LEFT_BEHIND = (b"/Parent", b"/StructParents")   # never copied, at any depth
PAGE_ONLY = (b"/B", b"/Annots")                  # not copied from a page itself
CHAINS = (b"/Next", b"/Prev", b"/N", b"/V")      # pypdf copies these chains in another order: not joined here


class Unjoinable(Exception):
    """A part holds what this module does not copy; join it with pypdf."""


# What reading a part may raise besides: a part not shaped as reportlab writes them (a number that is none, a
# missing key, a node of another kind) is joined by pypdf too, never an internal error.
UNREAD = (Unjoinable, ValueError, KeyError, IndexError, TypeError, AttributeError)


class Ref(int):
    """`N 0 R`: an object of the file by its number."""


class Stream:
    """A stream object: its dictionary (without /Length, written last as pypdf writes it) and its bytes as stored."""

    __slots__ = ("entries", "data")

    def __init__(self, entries: dict, data: bytes) -> None:
        self.entries, self.data = entries, data


def join(parts: Sequence[tuple[str | None, Part]], info: dict[str, str]) -> bytes:
    """One PDF of the parts' pages in order; a part given a title gets a bookmark at its first page; `info` is the
    document information (producer, title, ...), in order."""
    joined = _Joined()
    for title, part in parts:
        joined.append(part, title)
    return joined.written(info)


class Part:
    """One part's pages (`pages`: their object numbers, in order) and its objects, each read as first asked for.
    Unjoinable when its pages cannot be found here."""

    def __init__(self, pdf: bytes) -> None:
        self.pdf = pdf
        found = HEADER.match(pdf)
        if not found:
            raise Unjoinable("no PDF header")
        self.version = found.group(1)
        self.offsets, root = _xref(pdf)
        self.read: dict[int, object] = {}
        self.pages = self._pages(self.get(root)[b"/Pages"])

    def get(self, number: int):
        if number not in self.read:
            if number not in self.offsets:
                raise Unjoinable(f"object {number} is not in the table")
            self.read[number] = self._object(self.offsets[number])
        return self.read[number]

    def _pages(self, ref: int) -> list[int]:
        node = self.get(ref)
        if node.get(b"/Type") != b"/Pages":
            return [ref]
        if set(node) - {b"/Type", b"/Kids", b"/Count", b"/Parent"}:
            raise Unjoinable("a page tree node with entries its pages inherit")
        return [page for kid in node[b"/Kids"] for page in self._pages(kid)]

    def _object(self, offset: int):
        """The object at `offset`: its value, and a stream's bytes after it. Its words are those before `stream`
        or `endobj`; a value that does not take them all (a name holding either word) is not joined here."""
        body = self.pdf.index(b"obj", offset) + 3
        end = ENDS.search(self.pdf, body)
        if end is None:
            raise Unjoinable("an object without its end")
        value = _parsed(TOKEN.findall(self.pdf, body, end.start()))
        if end.group() == b"endobj":
            return value
        start = end.end() + (2 if self.pdf[end.end():end.end() + 2] == b"\r\n" else 1)
        length = value.pop(b"/Length", None) if isinstance(value, dict) else None
        if not isinstance(length, bytes) or not length.isdigit():
            raise Unjoinable("a stream whose length is not given as a number")
        return Stream(value, self.pdf[start:start + int(length)])


def _xref(pdf: bytes) -> tuple[dict[int, int], int]:
    """The objects' offsets from the cross-reference table, and the catalogue's number from the trailer."""
    at = int(pdf[pdf.rindex(b"startxref") + 9:].split()[0])
    if not pdf.startswith(b"xref", at):
        raise Unjoinable("a cross-reference stream")
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
    root = ROOT.search(pdf, pdf.index(b"trailer", at))
    if root is None:
        raise Unjoinable("no catalogue")
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
                raise Unjoinable("brackets that do not match")
            items = stack.pop()
            stack[-1].append(_entries(items) if word == b">>" else items)
        elif word == b"R":
            top = stack[-1]
            top[-2:] = [Ref(int(top[-2]))]
        else:
            stack[-1].append(_scalar(word))
    if kinds or len(stack[0]) != 1:
        raise Unjoinable("not one value")
    return stack[0][0]


def _entries(items: list) -> dict:
    entries = dict(zip(items[::2], items[1::2]))
    if len(items) % 2 or any(isinstance(value, Ref) and key in CHAINS for key, value in entries.items()):
        raise Unjoinable("a dictionary with a key missing, or a chain of objects")
    return entries


@lru_cache(maxsize=4096)
def _scalar(token: bytes) -> bytes:
    """A name, number, true, false or null as pypdf writes it back: an integer as it is, a number with a point as
    pypdf's FloatObject writes it (eight significant places at most, no trailing zeros)."""
    if token[:1] == b"/":
        if b"#" in token:
            raise Unjoinable("a name with an escape")
        return token
    if NUMBER.match(token):
        if b"." not in token:
            return b"%d" % int(token)
        value = float(token)
        if value == 0:
            return b"0.0"
        places = 8 - int(log10(abs(value)))
        return f"{value:.{max(1, places)}f}".rstrip("0").rstrip(".").encode()
    if token in (b"true", b"false", b"null"):
        return token
    raise Unjoinable(f"{token[:20]!r}")


class _Joined:
    """The joined file's objects, numbered in the order pypdf's writer numbered them."""

    def __init__(self) -> None:
        self.objects: list = [None, None, None]    # the information, the page tree, the catalogue: filled when written
        self.kids: list[Ref] = []
        self.outline: Ref | None = None
        self.marks: list[Ref] = []
        self.version = WRITER_VERSION

    def add(self, value) -> Ref:
        self.objects.append(value)
        return Ref(len(self.objects))

    def append(self, part: Part, title: str | None) -> None:
        self.version = max(self.version, part.version, key=lambda v: tuple(map(int, v.split(b"."))))
        numbered: dict[int, Ref] = {}
        first = len(self.kids)
        for page in part.pages:
            self.kids.append(self._copied_ref(part, page, numbered, True))
        if self.outline is None:
            self.outline = self.add({})
        if title is not None:
            self._mark(title, self.kids[first])

    def _copied_ref(self, part: Part, number: int, numbered: dict[int, Ref], page: bool = False) -> Ref:
        """The object `number` of `part` copied, numbered before what it reaches (depth first); once per part."""
        if number in numbered:
            return numbered[number]
        ref = numbered[number] = self.add(None)
        self.objects[ref - 1] = self._copied(part, part.get(number), numbered, page)
        if page:
            self.objects[ref - 1][b"/Parent"] = Ref(2)
        return ref

    def _copied(self, part: Part, value, numbered: dict[int, Ref], page: bool = False):
        if isinstance(value, Ref):
            return self._copied_ref(part, value, numbered)
        if isinstance(value, dict):
            skip = LEFT_BEHIND + PAGE_ONLY if page else LEFT_BEHIND
            return {key: item if isinstance(item, bytes) else self._copied(part, item, numbered)
                    for key, item in value.items() if key not in skip}
        if isinstance(value, list):
            return [item if isinstance(item, bytes) else self._copied(part, item, numbered) for item in value]
        if isinstance(value, Stream):
            return Stream({key: self._copied(part, item, numbered) for key, item in value.entries.items()
                           if key not in LEFT_BEHIND}, value.data)
        return value

    def _mark(self, title: str, page: Ref) -> None:
        """A bookmark to `page`, after the others: its action, then the item, linked to the one before."""
        action = self.add({b"/D": [page, b"/Fit"], b"/S": b"/GoTo"})
        item = {b"/A": action, b"/Title": _Text(title)}
        if self.marks:
            item[b"/Prev"] = self.marks[-1]
        item[b"/Parent"] = self.outline
        item[b"/Count"] = 0
        ref = self.add(item)
        if self.marks:
            self.objects[self.marks[-1] - 1][b"/Next"] = ref
        self.marks.append(ref)

    def written(self, info: dict[str, str]) -> bytes:
        self.objects[0] = {b"/" + key.encode(): _Text(value) for key, value in info.items()}
        self.objects[1] = {b"/Type": b"/Pages", b"/Count": len(self.kids), b"/Kids": self.kids}
        self.objects[2] = {b"/Type": b"/Catalog", b"/Pages": Ref(2)}
        if self.outline is not None:
            self.objects[2][b"/Outlines"] = self.outline
            if self.marks:
                self.objects[self.outline - 1].update({b"/First": self.marks[0], b"/Count": len(self.marks),
                                                       b"/Last": self.marks[-1]})
        _retag(self.objects)
        out = [b"%PDF-" + self.version + b"\n%\xe2\xe3\xcf\xd3\n"]
        size = len(out[0])
        offsets = []
        for number, value in enumerate(self.objects, 1):
            offsets.append(size)
            chunk = b"%d 0 obj\n%b\nendobj\n" % (number, _written(value))
            out.append(chunk)
            size += len(chunk)
        out.append(b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1))
        out.append(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
        trailer = {b"/Size": len(self.objects) + 1, b"/Root": Ref(3), b"/Info": Ref(1)}
        out.append(b"trailer\n%b\nstartxref\n%d\n%%%%EOF\n" % (_written(trailer), size))
        return b"".join(out)


def _retag(objects: list) -> None:
    """Every font program gets its own subset tag, its font dictionaries and descriptor the same, in order of
    first appearance (pnp/writers/font_tags.py says why)."""
    programs: dict[int, str] = {}
    for value in objects:
        if not isinstance(value, dict) or value.get(b"/Type") != b"/Font" or b"/FontDescriptor" not in value:
            continue
        descriptor = value[b"/FontDescriptor"]
        descriptor = objects[descriptor - 1] if isinstance(descriptor, Ref) else descriptor
        entries = descriptor.entries if isinstance(descriptor, Stream) else descriptor
        program = next((entries[key] for key in (b"/FontFile", b"/FontFile2", b"/FontFile3") if key in entries), None)
        base = value.get(b"/BaseFont", b"")
        if program is None or not SUBSET.fullmatch(base):
            continue
        if not isinstance(program, Ref):
            raise Unjoinable("a font program that is no object of its own")
        name = b"/" + programs.setdefault(program, tag(len(programs))).encode() + base[7:]
        value[b"/BaseFont"] = name
        entries[b"/FontName"] = name


class _Text(str):
    """A text string, written as pypdf writes one (PDFDocEncoding where it can, else UTF-16 with its mark)."""


def _written(value) -> bytes:
    """A value as pypdf writes it."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, Ref):
        return b"%d 0 R" % value
    if isinstance(value, int):
        return b"%d" % value
    if isinstance(value, dict):
        return b"<<\n" + b"".join([key + b" " + (item if isinstance(item, bytes) else _written(item)) + b"\n"
                                    for key, item in value.items()]) + b">>"
    if isinstance(value, list):
        return b"[" + b"".join([b" " + (item if isinstance(item, bytes) else _written(item)) for item in value]) + b" ]"
    if isinstance(value, Stream):
        return (_written({**value.entries, b"/Length": len(value.data)}) + b"\nstream\n" + value.data
                + b"\nendstream")
    if isinstance(value, _Text):
        return _string(value)
    raise Unjoinable(type(value).__name__)


LATIN = frozenset(range(0x20, 0x7F)) | frozenset(range(0xA1, 0x100)) - {0xAD}   # PDFDocEncoding's Latin-1 part


def _string(text: str) -> bytes:
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
