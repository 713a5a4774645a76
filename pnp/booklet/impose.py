"""Saddle-stitch imposition: reading-order pages -> landscape sheets of two pages, printed double-sided flipping
on the short edge, folded in the middle and stapled.

Pages are padded with blanks to a multiple of 4. Side k of n/2 carries, left|right,
(n - k, k + 1) for even k and (k + 1, n - k) for odd k, counting from 0: for 8 pages
8|1, 2|7, 6|3, 4|5. The pages are placed with pypdf's transformations, so their
content is copied, never drawn again.
"""

from __future__ import annotations

import io


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers from 1 for each sheet side, front then back; pages padded to a multiple of 4."""
    n = pages + (-pages) % 4
    return [(n - k, k + 1) if k % 2 == 0 else (k + 1, n - k) for k in range(n // 2)]


def impose(pdf: bytes, title: str) -> bytes:
    """The booklet file: each side of each sheet a landscape page holding two reading pages side by side."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    for left, right in booklet_order(len(pages)):
        sheet = PageObject.create_blank_page(width=2 * width, height=height)
        for number, offset in ((left, 0.0), (right, width)):
            if number <= len(pages):  # a padding page stays blank
                sheet.merge_transformed_page(pages[number - 1], Transformation().translate(tx=offset, ty=0))
        writer.add_page(sheet)
    writer.add_metadata({"/Title": title, "/Author": "pnp", "/Creator": "pnp", "/Producer": "pnp"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
