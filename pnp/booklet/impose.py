"""Saddle-stitch imposition: reading-order pages -> landscape sheets of two pages, printed double-sided flipping
on the short edge, folded in the middle and stapled.

Pages are padded with blanks to a multiple of 4. Side k of n/2 carries, left|right,
(n - k, k + 1) for even k and (k + 1, n - k) for odd k, counting from 0: for 8 pages
8|1, 2|7, 6|3, 4|5. Each reading page's content stream is copied as it is, still
compressed, into a form XObject that the sheet places with a translation: nothing is
drawn again, and no content stream is parsed. Each sheet's TrimBox and BleedBox are
the sheet, as on every page pnp writes (booklets never bleed).

The file is made from the reading PDF's own objects (pnp/writers/pdf_objects.py), byte
for byte what pypdf's writer made of them before (`imposed_by_pypdf`, which still makes
the booklet of a reading PDF the hand path does not read): the forms and what they
reach numbered as pypdf's clone numbers them, each sheet after its forms and before
its content, the writer's information, page tree and catalogue first. A build so
never loads pypdf.
"""

from __future__ import annotations

import io

from pnp.writers.pdf_objects import NUMBER, PAGES, UNREAD, Objects, Part, Ref, Stream, Unhandled, real

Side = list[tuple[str, int, float]]   # a sheet side's reading pages: form name, page index from 0, offset in points


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers from 1 for each sheet side, front then back; pages padded to a multiple of 4."""
    n = pages + (-pages) % 4
    return [(n - k, k + 1) if k % 2 == 0 else (k + 1, n - k) for k in range(n // 2)]


def sides(pages: int, width: float) -> list[Side]:
    """Each sheet side's reading pages, left then right, each named for its page number; padding stays blank."""
    return [[(f"/P{number}", number - 1, offset) for number, offset in ((left, 0.0), (right, width)) if number <= pages]
            for left, right in booklet_order(pages)]


def impose(pdf: bytes, title: str) -> bytes:
    """The booklet file: each side of each sheet a landscape page holding two reading pages side by side."""
    try:
        return imposed_by_hand(pdf, title)
    except UNREAD:
        return imposed_by_pypdf(pdf, title)


def imposed_by_hand(pdf: bytes, title: str) -> bytes:
    """The booklet from the reading PDF's objects; Unhandled (or another of UNREAD) where it does not read them."""
    from pnp.writers.pdf import paper_box

    booklet = _Booklet(pdf)
    width, height = booklet.size
    kids: list[Ref] = []
    for side in sides(len(booklet.part.pages), width):
        forms = {name.encode(): booklet.form(index) for name, index, _ in side}
        box = [real(value) for value in paper_box(2 * width, height)]
        # its keys in the order pypdf's blank page, add_page, the boxes and replace_contents leave them
        sheet = {b"/Type": b"/Page", b"/Resources": {b"/XObject": forms},
                 b"/MediaBox": [real(value) for value in (0, 0, 2 * width, height)], b"/Parent": Ref(PAGES),
                 b"/TrimBox": box, b"/BleedBox": list(box)}
        kids.append(booklet.add(sheet))
        sheet[b"/Contents"] = booklet.add(Stream({}, _placing(side)))
    return booklet.file(_info(title), kids)


def imposed_by_pypdf(pdf: bytes, title: str) -> bytes:
    """The booklet as pypdf makes it, for a reading PDF the hand path does not read."""
    from pypdf import PageObject, PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, RectangleObject

    from pnp.writers.pdf import paper_box

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    for side in sides(len(pages), width):
        forms = {name: _form(writer, pages[index]) for name, index, _ in side}
        sheet = writer.add_page(PageObject.create_blank_page(width=2 * width, height=height))
        box = paper_box(2 * width, height)
        sheet.trimbox, sheet.bleedbox = RectangleObject(box), RectangleObject(box)
        sheet[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): DictionaryObject({NameObject(name): form for name, form in forms.items()})})
        content = DecodedStreamObject()
        content.set_data(_placing(side))
        sheet.replace_contents(content)
    writer.add_metadata({"/" + key: value for key, value in _info(title).items()})   # its /Producer stays first
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form(writer, page):
    """`page`'s content stream, copied still compressed into `writer` as a form XObject with the page's resources."""
    from pypdf.generic import NameObject

    form = page.raw_get("/Contents").get_object().clone(writer)
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = page.mediabox
    form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    return form.indirect_reference


def _placing(side: Side) -> bytes:
    """A sheet side's content: each form drawn at its offset."""
    return "".join(f"q 1 0 0 1 {offset:g} 0 cm {name} Do Q\n" for name, _, offset in side).encode("ascii")


def _info(title: str) -> dict[str, str]:
    """The document information, in the order pypdf's writer keeps it."""
    return {"Producer": "pnp", "Title": title, "Author": "pnp", "Creator": "pnp"}


class _Booklet(Objects):
    """The booklet's objects: the reading PDF read, each page's contents copied into a form XObject as pypdf's
    clone copies them (one numbering for the whole file, as pypdf keeps one per PDF read)."""

    refuse = (b"/Parent",)   # pypdf's clone would follow it up into the page tree: such a PDF goes to pypdf

    def __init__(self, pdf: bytes) -> None:
        super().__init__()
        self.part = Part(pdf)
        self.numbered: dict[int, Ref] = {}
        x0, y0, x1, y1 = map(float, self._box(0))   # a Real's float is the number read, as pypdf computes with
        self.size = (x1 - x0, y1 - y0)

    def _page(self, index: int) -> dict:
        return self.part.get(self.part.pages[index])

    def _box(self, index: int) -> list[bytes]:
        """The page's MediaBox, as written: four numbers of its own (inherited ones are refused when read)."""
        box = self._page(index)[b"/MediaBox"]
        if len(box) != 4 or not all(isinstance(value, bytes) and NUMBER.match(value) for value in box):
            raise Unhandled("a MediaBox that is not four numbers")
        return box

    def form(self, index: int) -> Ref:
        """The page's content stream as a form XObject, numbered before the resources it reaches."""
        page = self._page(index)
        contents, resources = page[b"/Contents"], page[b"/Resources"]
        if (not isinstance(contents, Ref) or contents in self.numbered
                or not isinstance(self.part.get(contents), Stream) or not isinstance(resources, dict)):
            raise Unhandled("a page whose contents are not one stream of its own, or whose resources are elsewhere")
        ref = self.copied_ref(self.part, contents, self.numbered)
        self[ref].entries.update({b"/Type": b"/XObject", b"/Subtype": b"/Form", b"/BBox": self._box(index),
                                  b"/Resources": self.copied(self.part, resources, self.numbered)})
        return ref
