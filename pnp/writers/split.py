"""Split images (print.split: pieces): things drawn alone, each a PNG of its own in OUT/NAME/split/NAME.png.

What to draw comes in as Cutouts (pnp/scene/cutout.py: a name, a page exactly
the thing's printed size, whether it sits on paper); this module knows no game.
All pages go into one PDF, rasterized page by page as the PNG pages are
(pnp/writers/png.py: pixel size = round(mm / 25.4 x dpi), the dpi recorded),
a piece on nothing (RGBA, alpha 0 around it), a board on white.
The folder is written whole: a build that splits replaces every file in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.scene import Document
from pnp.scene.cutout import Cutout
from pnp.writers.atomic import Folder

FOLDER = "split"
EXTENSION = ".png"


def file_names(things: Sequence[Cutout]) -> list[str]:
    """Where each thing's image goes, relative to OUT/NAME: split/NAME.png."""
    return [f"{FOLDER}/{thing.name}{EXTENSION}" for thing in things]


def render(things: Sequence[Cutout], dpi: int) -> list[bytes]:
    """Each thing's page as PNG bytes at `dpi`: one PDF of them all, drawn a page at a time."""
    import pypdfium2 as pdfium

    from pnp.writers import pdf as pdf_writer
    from pnp.writers.png import page_png

    pages = tuple(thing.page for thing in things)
    document = pdfium.PdfDocument(pdf_writer.render(Document(FOLDER, FOLDER, pages))[0])
    try:
        return [page_png(page, dpi, transparent=not thing.opaque) for page, thing in zip(document, things)]
    finally:
        document.close()


def stage_split(folder: Folder, things: Sequence[Cutout], dpi: int,
                step: Callable[[str], None] = lambda what: None) -> list[str]:
    """Every thing's PNG written into split/ in the stage folder (made here); their names, relative to it."""
    if not things:
        return []
    names = file_names(things)
    step(f"writing {FOLDER}/")
    folder.make_folder(FOLDER)
    for name, data in zip(names, render(things, dpi)):
        folder.write(name, data)
    return names
