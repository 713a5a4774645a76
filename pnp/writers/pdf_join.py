"""PDFs joined into one, page after page, each with a bookmark at its first page (kit.pdf), from their objects.

Each part is read and its objects that its pages reach copied by pdf_objects.py. The file is, byte for byte,
what pypdf's `PdfWriter.append` and `write` made of the same parts before (kit.pdf kept its bytes when this took
their place, in a sixth of their time): the same object order (the writer's information, page tree and
catalogue, then each part's pages, each object numbered as first reached, depth first, then its bookmark), and a
page's /Parent, /StructParents, /B and /Annots left behind as pypdf leaves them. A part that pdf_objects does not
copy raises Unhandled, and the caller joins it with pypdf instead (pnp/print_kit.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pnp.writers.font_tags import tag
from pnp.writers.pdf_objects import PAGES, WRITER_VERSION, Objects, Part, Ref, Stream, Text, Unhandled

SUBSET = re.compile(rb"/[A-Z]{6}\+.+", re.S)
LEFT_BEHIND = (b"/Parent", b"/StructParents")   # never copied, at any depth
PAGE_ONLY = (b"/B", b"/Annots")                  # not copied from a page itself


def join(parts: Sequence[tuple[str | None, Part]], info: dict[str, str]) -> bytes:
    """One PDF of the parts' pages in order; a part given a title gets a bookmark at its first page; `info` is the
    document information (producer, title, ...), in order."""
    joined = _Joined()
    for title, part in parts:
        joined.append(part, title)
    return joined.written(info)


class _Joined(Objects):
    """The joined file's objects, numbered in the order pypdf's `append` numbered them."""

    leave = LEFT_BEHIND

    def __init__(self) -> None:
        super().__init__()
        self.kids: list[Ref] = []
        self.outline: Ref | None = None
        self.marks: list[Ref] = []
        self.version = WRITER_VERSION   # the file takes the highest of its parts' versions, and of the writer's

    def append(self, part: Part, title: str | None) -> None:
        self.version = max(self.version, part.version, key=lambda v: tuple(map(int, v.split(b"."))))
        numbered: dict[int, Ref] = {}
        first = len(self.kids)
        for page in part.pages:
            ref = self.copied_ref(part, page, numbered, LEFT_BEHIND + PAGE_ONLY)
            self[ref][b"/Parent"] = Ref(PAGES)
            self.kids.append(ref)
        if self.outline is None:
            self.outline = self.add({})
        if title is not None:
            self._mark(title, self.kids[first])

    def _mark(self, title: str, page: Ref) -> None:
        """A bookmark to `page`, after the others: its action, then the item, linked to the one before."""
        action = self.add({b"/D": [page, b"/Fit"], b"/S": b"/GoTo"})
        item = {b"/A": action, b"/Title": Text(title)}
        if self.marks:
            item[b"/Prev"] = self.marks[-1]
        item[b"/Parent"] = self.outline
        item[b"/Count"] = 0
        ref = self.add(item)
        if self.marks:
            self[self.marks[-1]][b"/Next"] = ref
        self.marks.append(ref)

    def written(self, info: dict[str, str]) -> bytes:
        catalogue: dict[str, Ref] = {}
        if self.outline is not None:
            catalogue["Outlines"] = self.outline
            if self.marks:
                self[self.outline].update({b"/First": self.marks[0], b"/Count": len(self.marks),
                                           b"/Last": self.marks[-1]})
        _retag(self.objects)
        return self.file(info, self.kids, self.version, **catalogue)


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
            raise Unhandled("a font program that is no object of its own")
        name = b"/" + programs.setdefault(program, tag(len(programs))).encode() + base[7:]
        value[b"/BaseFont"] = name
        entries[b"/FontName"] = name
