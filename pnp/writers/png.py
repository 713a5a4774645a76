"""PNG: one image per page, rasterized from the page's PDF with pypdfium2, so the picture is exactly what prints.

pypdfium2 ships PDFium as a wheel: no system library. The PNG carries its dpi
and nothing that changes between runs, so the same spec gives the same bytes.
A page is drawn only within the pixel budget (pnp/writers/pixels.py); the
commands check it before anything is drawn, this is the last guard.
"""

from __future__ import annotations

import io
import warnings

from PIL import Image

from pnp.scene import Document, PrintedDocument
from pnp.writers import DEFAULT_DPI
from pnp.writers import pdf as pdf_writer
from pnp.writers.pixels import PT_PER_INCH, page_pixels, too_many


PAPER = (255, 255, 255, 255)   # what a page is drawn on: white
NOTHING = (0, 0, 0, 0)         # or, for a piece cut out, nothing at all


class TooManyPixels(ValueError):
    """A page that would take more memory to draw than pnp allows (the commands refuse its dpi first)."""


def render(doc: Document | PrintedDocument, dpi: int = DEFAULT_DPI) -> list[bytes]:
    """Every page of the document's PDF at `dpi`, as PNG bytes (booklets included: they are PDFs already)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf_writer.render(doc)[0])
    try:
        return [page_png(page, dpi) for page in document]
    finally:
        document.close()


def page_png(page, dpi: int, transparent: bool = False) -> bytes:
    """One page on white, `dpi` pixels per inch; pixel size = round(page size in inches x dpi). `transparent`:
    on nothing instead (RGBA, alpha 0 where nothing is drawn): a piece cut out for a digital tabletop."""
    image = page_image(page, dpi, transparent)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return out.getvalue()


def page_image(page, dpi: int, transparent: bool = False) -> Image.Image:
    """The picture page_png writes, as an image: an animation's frames are these (pnp/writers/animated.py)."""
    width, height = page.get_size()
    problem = too_many(width / PT_PER_INCH, height / PT_PER_INCH, dpi)
    if problem:
        raise TooManyPixels(f"a page at {dpi} dpi would be {problem}")
    size = page_pixels(width / PT_PER_INCH, height / PT_PER_INCH, dpi)
    bitmap = page.render(scale=dpi / PT_PER_INCH, may_draw_forms=True, fill_color=NOTHING if transparent else PAPER)
    with warnings.catch_warnings():  # Pillow warns from 89 megapixels on; the budget above is pnp's own bound
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = bitmap.to_pil().convert("RGBA" if transparent else "RGB")
        if image.size != size:  # PDFium rounds a last fraction of a pixel up: drop it, so pixels stay on the dpi's grid
            image = image.crop((0, 0, *size)) if image.width >= size[0] and image.height >= size[1] else image.resize(size)
    return image
