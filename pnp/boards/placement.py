"""A board on paper: on one sheet, tiled over pages, or shrunk to fit; and the board page a game plans from that.

`place_board` decides where a board of a given unit extent goes at the spec's
cell size (or the largest that fits), refusing what cannot be printed with a
message naming the key to change and the largest size that works.
`plan_board_page` turns that into a game's `BoardPage`: the sheet, the board the
game makes at the chosen cell size and origin, the tiling, the note, and
whatever else the game draws on the board (its `extras`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES, Fit, content_area, fixed_fit, largest_fit, place
from pnp.layout.paper import Paper, spec_paper
from pnp.spec.base import SMALLEST_CELL_MM, SpecBase
from pnp.spec.problems import Unplanned

if TYPE_CHECKING:
    from pnp.layout.tiles import Grid, Tiling

LARGEST_TILED_MM = 2000.0  # a board tiled over pages: at most this across (a table top; hundreds of pages beyond)
CELL_FIELD = ("board", "cell_mm")   # the key a placement's message (and a shrunk board's note) is about
SEARCH_STEPS = 40          # halvings of the cell size searched for the most pages pnp prints: well under 0.1 mm

B = TypeVar("B")   # the game's placed board
E = TypeVar("E")   # what else the game draws on it (ids, marks, coordinates)


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
    tiling: Tiling | None = None
    note: str = ""
    error: str = ""
    field: tuple[str, ...] = CELL_FIELD

    @property
    def sheet(self) -> Paper:
        return self.tiling.sheet if self.tiling is not None else self.fit.sheet  # type: ignore[union-attr]

    def origin(self, extent: Rect) -> Point:
        """Where the board's (0, 0) goes: on its sheet, or, tiled, so that its top-left corner is at (0, 0)."""
        if self.fit is not None:
            return self.fit.origin(extent)
        return (-extent.x * self.cell_mm, -extent.y * self.cell_mm)


@dataclass(frozen=True)
class BoardWords:
    """A board as messages name it ("a side-200 board") and the spec key that sets its size ("board.side")."""

    words: str
    size_field: str


def place_board(sheet: Paper, extent: Rect, cell_mm: float | None, tile: str, overlap: float, board: BoardWords,
                printed: bool = True) -> Placement:
    """A board that fits its sheet goes on one page; a larger one is tiled (`print.tile: auto`) or shrunk (`never`).
    Never a cell under SMALLEST_CELL_MM, nor more than MOST_PAGES pages: those are errors naming what to change.
    A board not `printed` (not in outputs) only lends its cell size (the graph, pieces sized to it): no page."""
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
    from pnp.layout.tiles import plan_tiles, tile_grid   # a board larger than its sheet: only then are tiles loaded

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


def _shrunk(sheet: Paper, extent: Rect, size: float, grid: Grid | None, board: BoardWords) -> Placement:
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


def _too_many_pages(sheet: Paper, extent: Rect, size: float, grid: Grid, overlap: float, board: BoardWords) -> str:
    """More pages than pnp prints of one asset: the largest cell size that stays within them, if it is one."""
    from pnp.layout.tiles import tile_grid

    low, high = 0.0, size
    for _ in range(SEARCH_STEPS):  # pages only grow with the cell size: halve the interval
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


# --- the board page a game plans ---------------------------------------------------------------


def spec_placement(spec: SpecBase, cell_mm: float | None, extent: Rect, board: BoardWords, printed: bool) -> Placement:
    """`place_board` on the spec's paper with its print keys (tile, overlap) at `cell_mm` (the spec's board.cell_mm)."""
    return place_board(spec_paper(spec), extent, cell_mm, spec.print.tile, spec.print.overlap_mm, board, printed)


@dataclass(frozen=True)
class BoardPage(Generic[B, E]):
    """The board page: the sheet, the board placed on it at its cell size, and what the game draws on it too."""

    sheet: Paper
    board: B
    extras: E
    tiling: Tiling | None = None   # a board larger than its sheet: over several pages, top-left corner at (0, 0)
    note: str = ""                 # what the user should hear (a board shrunk to fit)

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:
        """(field, warning) pairs the CLI prints."""
        return ((".".join(CELL_FIELD), self.note),) if self.note else ()


def plan_board_page(spec: SpecBase, cell_mm: float | None, extent: Rect, board: BoardWords,
                    make: Callable[[float, Point], B], extras: Callable[[B], E]) -> BoardPage[B, E] | Unplanned:
    """The board at `cell_mm` (or the largest that fits), centred on its sheet or tiled; or why it cannot be printed.
    `make(cell_mm, origin)` makes the game's board of unit extent `extent`; `extras(board)` what it draws besides."""
    placed = spec_placement(spec, cell_mm, extent, board, "board" in spec.outputs)
    if placed.error:
        return Unplanned(placed.field, placed.error)
    made = make(placed.cell_mm, placed.origin(extent))
    return BoardPage(placed.sheet, made, extras(made), placed.tiling, placed.note)


class BoardKit:
    """Mixed into a game's kit plan (a frozen dataclass with a `board` field): its notes are its board page's."""

    board: BoardPage[Any, Any]

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:
        return self.board.notes
