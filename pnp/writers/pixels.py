"""How many pixels a PNG page may have, and the largest dpi that keeps a sheet of paper within it.

Drawing a page takes about 10 bytes a pixel at its peak (PDFium's bitmap, the
RGB copy, the PNG being written): an A4 page at 1200 dpi, 139 megapixels, took
1.5 GB and 5 s; A3 at 1200 dpi, 278 megapixels, stopped on Pillow's
decompression-bomb limit (179 megapixels) after 3 GB, and a 600 x 900 mm sheet
after 13 GB. PIXELS_PER_PAGE keeps every page under Pillow's limit and under
2 GB, twice that with a second build process: room to spare on a 24 GB machine.
Every page pnp draws fits on its sheet of paper, so the paper and the dpi tell
before anything is drawn whether the pages will fit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from pnp.layout.paper import Paper, spec_paper

PIXELS_PER_PAGE = 175_000_000  # a Letter or Legal page still fits at 1200 dpi, A3 up to 951 dpi
MM_PER_INCH = 25.4
PT_PER_INCH = 72


def page_pixels(width_in: float, height_in: float, dpi: int) -> tuple[int, int]:
    """A page's size in pixels at `dpi`, rounded as the PNG writer rounds it."""
    return round(width_in * dpi), round(height_in * dpi)


def fits(width_in: float, height_in: float, dpi: int) -> bool:
    width, height = page_pixels(width_in, height_in, dpi)
    return width * height <= PIXELS_PER_PAGE


def largest_dpi(width_in: float, height_in: float) -> int:
    """The largest whole dpi at which a page this size stays within PIXELS_PER_PAGE."""
    dpi = math.isqrt(int(PIXELS_PER_PAGE / (width_in * height_in))) + 1
    while dpi > 1 and not fits(width_in, height_in, dpi):
        dpi -= 1
    return dpi


def too_many(width_in: float, height_in: float, dpi: int) -> str:
    """Why a page this size cannot be drawn at `dpi` (the pixels it would have, the limit, the dpi that fits); ''
    when it can."""
    if fits(width_in, height_in, dpi):
        return ""
    width, height = page_pixels(width_in, height_in, dpi)
    return (f"{width} x {height} pixels ({width * height / 1e6:.0f} megapixels), more than pnp draws on one page "
            f"({PIXELS_PER_PAGE / 1e6:.0f} megapixels); use --dpi {largest_dpi(width_in, height_in)} or less")


def dpi_problem(kits: Iterable[Any], formats: list[str] | None, dpi: int) -> str:
    """For `pnp build --dpi`: why the first kit drawn as PNG has pages too large at `dpi`, naming its spec and
    paper and the largest dpi that fits; '' when every kit's pages fit (or none is drawn as PNG)."""
    for kit in kits:
        if "png" not in (formats or kit.spec.formats):
            continue
        sheet: Paper = spec_paper(kit.spec)
        problem = too_many(sheet.width / MM_PER_INCH, sheet.height / MM_PER_INCH, dpi)
        if problem:
            return f"--dpi {dpi}: a page of {kit.path} ({_paper_name(sheet)}) would be {problem}"
    return ""


def _paper_name(sheet: Paper) -> str:
    return f"{sheet.name} paper" if sheet.name != "custom" else f"{sheet.width:g} x {sheet.height:g} mm paper"
