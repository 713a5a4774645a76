"""Fitting content onto paper: the content area of a sheet, and the orientation and scale that print largest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper

if TYPE_CHECKING:
    from pnp.layout.tiles import Tiling

HEADER_MM = 12.0   # title line
LARGEST_TILED_MM = 2000.0  # a board tiled over pages: at most this across (a table top; hundreds of pages beyond)
FOOTER_MM = 10.0   # calibration bar and its label


@dataclass(frozen=True)
class Fit:
    """Where content of a given unit size goes: the sheet, the scale, the content box."""

    sheet: Paper
    scale: float
    x: float       # top-left of the content box on the sheet, mm
    y: float
    width: float
    height: float

    def origin(self, extent: Rect) -> Point:
        """Where the frame's (0, 0) lands for content whose unit-size extent is `extent`."""
        return (self.x - extent.x * self.scale, self.y - extent.y * self.scale)


def content_area(sheet: Paper) -> Rect:
    """The box left for content between the title and the calibration bar."""
    return Rect(sheet.margin, sheet.margin + HEADER_MM, sheet.inner_width, sheet.inner_height - HEADER_MM - FOOTER_MM)


def largest_fit(paper: Paper, unit_w: float, unit_h: float) -> Fit:
    """The orientation in which content unit_w x unit_h can be scaled largest."""
    best: Fit | None = None
    for sheet in paper.orientations():
        area = content_area(sheet)
        scale = min(area.width / unit_w, area.height / unit_h)
        if best is None or scale > best.scale + 1e-9:
            best = place(sheet, unit_w * scale, unit_h * scale, scale)
    assert best is not None
    return best


def fixed_fit(paper: Paper, unit_w: float, unit_h: float, scale: float) -> Fit | None:
    """Content at a set scale: portrait if it fits, else landscape, else None."""
    for sheet in paper.orientations():
        area = content_area(sheet)
        if unit_w * scale <= area.width + 1e-9 and unit_h * scale <= area.height + 1e-9:
            return place(sheet, unit_w * scale, unit_h * scale, scale)
    return None


def place(sheet: Paper, width: float, height: float, scale: float) -> Fit:
    """Centre a width x height box in the sheet's content area."""
    area = content_area(sheet)
    return Fit(sheet, scale, area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)


def board_fit(sheet: Paper, extent: Rect, cell_mm: float | None) -> tuple[Fit | None, float]:
    """Where a board of unit-cell `extent` goes and its cell size; Fit is None if a set cell_mm cannot fit."""
    if cell_mm is None:
        fit = largest_fit(sheet, extent.width, extent.height)
        return fit, fit.scale
    return fixed_fit(sheet, extent.width, extent.height, cell_mm), cell_mm


@dataclass(frozen=True)
class Placement:
    """Where a board goes: on one sheet (`fit`), or over several (`tiling`), at `cell_mm`; `note` says what a
    user should know (a board shrunk to fit)."""

    cell_mm: float
    fit: Fit | None
    tiling: "Tiling | None" = None
    note: str = ""
    error: str = ""   # a board too large even to tile

    @property
    def sheet(self) -> Paper:
        return self.tiling.sheet if self.tiling is not None else self.fit.sheet  # type: ignore[union-attr]

    def origin(self, extent: Rect) -> Point:
        """Where the board's (0, 0) goes: on its sheet, or, tiled, so that its top-left corner is at (0, 0)."""
        if self.fit is not None:
            return self.fit.origin(extent)
        return (-extent.x * self.cell_mm, -extent.y * self.cell_mm)


def place_board(sheet: Paper, extent: Rect, cell_mm: float | None, tile: str, overlap: float) -> Placement:
    """A board that fits its sheet goes on one page; a larger one is tiled (`print.tile: auto`) or shrunk (`never`)."""
    from pnp.layout.tiles import plan_tiles

    fit, size = board_fit(sheet, extent, cell_mm)
    if fit is not None:
        return Placement(size, fit)
    if tile == "never":
        shrunk = largest_fit(sheet, extent.width, extent.height)
        pages = len(plan_tiles(sheet, extent.width * size, extent.height * size, overlap).tiles)
        return Placement(shrunk.scale, shrunk, note=(
            f"{size:g} mm cells do not fit {sheet.name} paper, so the board is printed at {shrunk.scale:.1f} mm cells "
            f"(print.tile: auto would print it at {size:g} mm over {pages} pages)"))
    width, height = extent.width * size, extent.height * size
    if max(width, height) > LARGEST_TILED_MM:
        best = int(size * LARGEST_TILED_MM / max(width, height) * 10) / 10
        return Placement(size, None, error=(
            f"{size:g} mm cells make the board {width:.0f} x {height:.0f} mm, more than the {LARGEST_TILED_MM / 1000:g} m "
            f"across pnp tiles over pages; at most {best:g} mm cells (or leave cell_mm out to fit one {sheet.name} sheet)"))
    return Placement(size, None, plan_tiles(sheet, width, height, overlap))
