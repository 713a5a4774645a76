"""Saddle-stitch imposition: reading-order pages -> landscape sheets of two pages, printed double-sided flipping
on the short edge, folded in the middle and stapled.

Pages are padded with blanks to a multiple of 4. Side k of n/2 carries, left|right,
(n - k, k + 1) for even k and (k + 1, n - k) for odd k, counting from 0: for 8 pages
8|1, 2|7, 6|3, 4|5. Each reading page is copied with pypdf, as it is, into a form
XObject that the sheet places with a translation: nothing is drawn again, and no
content stream is parsed (parsing them was most of a kit's build time). Each sheet's
TrimBox and BleedBox are the sheet, as on every page pnp writes (booklets never bleed).
"""

from __future__ import annotations

import io


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers from 1 for each sheet side, front then back; pages padded to a multiple of 4."""
    n = pages + (-pages) % 4
    return [(n - k, k + 1) if k % 2 == 0 else (k + 1, n - k) for k in range(n // 2)]


def impose(pdf: bytes, title: str) -> bytes:
    """The booklet file: each side of each sheet a landscape page holding two reading pages side by side."""
    from pypdf import PageObject, PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, RectangleObject

    from pnp.writers.pdf import paper_box

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    for left, right in booklet_order(len(pages)):
        placed = {f"/P{number}": (_form(writer, pages[number - 1]), offset)
                  for number, offset in ((left, 0.0), (right, width)) if number <= len(pages)}  # padding stays blank
        sheet = writer.add_page(PageObject.create_blank_page(width=2 * width, height=height))
        box = paper_box(2 * width, height)
        sheet.trimbox, sheet.bleedbox = RectangleObject(box), RectangleObject(box)
        sheet[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): DictionaryObject({NameObject(name): form for name, (form, _) in placed.items()})})
        content = DecodedStreamObject()
        content.set_data("".join(f"q 1 0 0 1 {offset:g} 0 cm {name} Do Q\n"
                                 for name, (_, offset) in placed.items()).encode("ascii"))
        sheet.replace_contents(content)
    writer.add_metadata({"/Title": title, "/Author": "pnp", "/Creator": "pnp", "/Producer": "pnp"})
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
