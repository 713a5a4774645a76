"""Fitting content onto paper: the content area of a sheet, and the orientation and scale that print largest."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper
from pnp.spec.base import SMALLEST_CELL_MM

if TYPE_CHECKING:
    from pnp.layout.tiles import Grid, Tiling

HEADER_MM = 12.0   # title line
LARGEST_TILED_MM = 2000.0  # a board tiled over pages: at most this across (a table top; hundreds of pages beyond)
MOST_PAGES = 500   # pages of one asset pnp lays out at most: more is a slip in the spec, not a kit anyone prints
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
    user should know (a board shrunk to fit); `error` why it cannot be printed, and `field` the key to change."""

    cell_mm: float
    fit: Fit | None
    tiling: "Tiling | None" = None
    note: str = ""
    error: str = ""
    field: tuple[str, ...] = ("board", "cell_mm")

    @property
    def sheet(self) -> Paper:
        return self.tiling.sheet if self.tiling is not None else self.fit.sheet  # type: ignore[union-attr]

    def origin(self, extent: Rect) -> Point:
        """Where the board's (0, 0) goes: on its sheet, or, tiled, so that its top-left corner is at (0, 0)."""
        if self.fit is not None:
            return self.fit.origin(extent)
        return (-extent.x * self.cell_mm, -extent.y * self.cell_mm)


@dataclass(frozen=True)
class Board:
    """A board as messages name it ("a side-200 board") and the spec key that sets its size ("board.side")."""

    words: str
    size_field: str


def place_board(sheet: Paper, extent: Rect, cell_mm: float | None, tile: str, overlap: float, board: Board,
                printed: bool = True) -> Placement:
    """A board that fits its sheet goes on one page; a larger one is tiled (`print.tile: auto`) or shrunk (`never`).
    Never a cell under SMALLEST_CELL_MM, nor more than MOST_PAGES pages: those are errors naming what to change.
    A board not `printed` (not in outputs) only lends its cell size (the graph, pieces sized to it): no page."""
    from pnp.layout.tiles import plan_tiles, tile_grid  # tiles.py builds on this module

    fit, size = board_fit(sheet, extent, cell_mm)
    if not printed:
        return Placement(size, fit or place(sheet, extent.width * size, extent.height * size, size))
    if fit is not None and fit.scale >= SMALLEST_CELL_MM - 1e-9:
        return Placement(size, fit)
    if fit is not None:  # cell_mm left out, and one sheet gives cells too small to play on
        return Placement(size, None, error=(
            f"omitted, so {board.words} is fitted to one {sheet.name} sheet, at {_down(fit.scale)} mm cells, under the "
            f"{SMALLEST_CELL_MM:g} mm a cell needs; set board.cell_mm ({SMALLEST_CELL_MM:g} or more) to tile it over pages, "
            f"or choose a smaller {board.size_field}, larger paper or a smaller print.margin_mm"))
    width, height = extent.width * size, extent.height * size
    grid = tile_grid(sheet, width, height, overlap)
    if tile == "never":
        return _shrunk(sheet, extent, size, grid, board)
    if max(width, height) > LARGEST_TILED_MM:
        best = _down(size * LARGEST_TILED_MM / max(width, height))
        return Placement(size, None, error=(
            f"{size:g} mm cells make the board {width:.0f} x {height:.0f} mm, more than the {LARGEST_TILED_MM / 1000:g} m "
            f"across pnp tiles over pages; at most {best} mm cells (or leave cell_mm out to fit one {sheet.name} sheet)"))
    if grid is None:
        return Placement(size, None, field=("print", "overlap_mm"), error=(
            f"{overlap:g} mm overlaps leave no new board on a {sheet.name} page (its {_room(sheet)} for the board), "
            "so the board cannot be tiled; set a smaller print.overlap_mm or print.margin_mm, or choose larger paper"))
    if grid.pages > MOST_PAGES:
        return Placement(size, None, error=_too_many_pages(sheet, extent, size, grid, overlap, board))
    return Placement(size, None, plan_tiles(grid, width, height, overlap))


def _shrunk(sheet: Paper, extent: Rect, size: float, grid: "Grid | None", board: Board) -> Placement:
    """`print.tile: never`: the board shrunk onto one sheet, with a note; an error if that takes the cells under the floor."""
    shrunk = largest_fit(sheet, extent.width, extent.height)
    if shrunk.scale < SMALLEST_CELL_MM - 1e-9:
        return Placement(size, None, field=("print", "tile"), error=(
            f"never: {size:g} mm cells do not fit {sheet.name} paper, and shrunk onto one sheet {board.words} gets "
            f"{_down(shrunk.scale)} mm cells, under the {SMALLEST_CELL_MM:g} mm a cell needs; set print.tile: auto to "
            f"tile it over pages, or choose a smaller {board.size_field} or larger paper"))
    tiled = f" (print.tile: auto would print it at {size:g} mm over {grid.pages} pages)" if grid is not None else ""
    return Placement(shrunk.scale, shrunk, note=(
        f"{size:g} mm cells do not fit {sheet.name} paper, so the board is printed at {shrunk.scale:.1f} mm cells{tiled}"))


def _too_many_pages(sheet: Paper, extent: Rect, size: float, grid: "Grid", overlap: float, board: Board) -> str:
    """More pages than pnp prints of one asset: the largest cell size that stays within them, if it is one."""
    from pnp.layout.tiles import tile_grid

    low, high = 0.0, size
    for _ in range(40):  # pages only grow with the cell size: halve the interval to 0.1 mm and less
        middle = (low + high) / 2
        found = tile_grid(sheet, extent.width * middle, extent.height * middle, overlap)
        low, high = (middle, high) if found is not None and found.pages <= MOST_PAGES else (low, middle)
    fix = f"set board.cell_mm to at most {_down(low)}, " if low >= SMALLEST_CELL_MM else ""
    one = largest_fit(sheet, extent.width, extent.height).scale >= SMALLEST_CELL_MM  # one sheet still gives playable cells
    return (f"{size:g} mm cells make {board.words} {extent.width * size:.0f} x {extent.height * size:.0f} mm, "
            f"{grid.pages} pages of {sheet.name} paper, more than the {MOST_PAGES} pages pnp prints of one asset; "
            f"{fix}choose a smaller {board.size_field} or larger paper"
            f"{', or leave board.cell_mm out to fit one sheet' if one else ''}")


def _down(value: float) -> str:
    """A size rounded down to 0.1 mm, as a message offers it (rounding up could break the bound it states)."""
    return f"{math.floor(value * 10 + 1e-9) / 10:g}"


def _room(sheet: Paper) -> str:
    area = content_area(sheet)
    return f"{max(area.width, 0):.0f} x {max(area.height, 0):.0f} mm"
