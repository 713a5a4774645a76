"""The pencil pad planned: as many boards as fit a sheet at the pad's cell size, each with a record box below
(and under it one small line: how a game numbered on the board types in as a text record).

    plan_pad(paper, unit, cell_mm, board, smaller, make, extras, fitted) -> PadSheet | Unplanned

`unit` is everything one board draws for a 1 mm cell (a game's look.unit_extent),
`make(cell_mm, origin)` makes the game's board with its frame's top-left at
origin, `extras` is whatever else the game draws on every pad board (label
sizes, marks). `fitted` says pad.cell_mm was left out: a board too large for the
default is then drawn at the largest cell that fits (down to the smallest cell),
as an omitted board.cell_mm is. The boards go in rows, in whichever orientation
of the paper holds more, centred across, each at least as wide as its record box
(a small board sits centred over its box); pad_page.pad_document draws them. No
drawing here: only the record box's font metrics.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, Protocol, TypeVar

from pnp.boards.placement import Board
from pnp.fonts import text_width
from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.fit import content_area
from pnp.layout.paper import Paper
from pnp.spec.base import SMALLEST_CELL_MM
from pnp.spec.problems import Unplanned
from pnp.texts import say_all

EXAMPLE_MM = 3.0    # under a record box: the line showing how a record numbered on the board types in
PAD_BOX_MM = 13.0 + EXAMPLE_MM   # under each pad board: the players' names, who went first, the result; the example
PAD_GAP_MM = 5.0    # between pad boards
FIELD = ("pad", "cell_mm")
FIELD_TEXT_MM = 2.6
FIELD_INSET_MM = (1.2, 0.8)   # a field's name: right of its space's left edge, below its text size from the top


class Placed(Protocol):
    """A board placed on the page: its frame's top-left at `origin`."""

    @property
    def origin(self) -> Point: ...


B = TypeVar("B", bound=Placed)
E = TypeVar("E")


@dataclass(frozen=True)
class PadSheet(Generic[B, E]):
    """A pencil pad sheet: the boards at the pad's cell size, what each draws (`extent`, in mm from its origin),
    and what the game draws on all of them besides."""

    sheet: Paper
    boards: tuple[B, ...]
    extent: Rect
    extras: E

    def envelope(self, board: B) -> Rect:
        """Where one board draws on the sheet (its record box goes under this)."""
        left, top = board.origin[0] + self.extent.x, board.origin[1] + self.extent.y
        return Rect(left, top, self.extent.width, self.extent.height)


@lru_cache(maxsize=1)
def record_width() -> float:
    """The narrowest record box: equal spaces, each holding the longest field name with its inset on both sides."""
    fields = say_all("pages", "pad.fields")
    return len(fields) * (max(text_width(name, FIELD_TEXT_MM) for name in fields) + 2 * FIELD_INSET_MM[0])


def _grid(paper: Paper, width: float, height: float) -> tuple[int, Paper, int, int]:
    """(boards, sheet, columns, rows): the orientation of `paper` holding the most slots of width x height."""
    best: tuple[int, Paper, int, int] | None = None
    for sheet in paper.orientations():
        area = content_area(sheet)
        columns = int((area.width + PAD_GAP_MM) // (width + PAD_GAP_MM))
        rows = int((area.height + PAD_GAP_MM) // (height + PAD_GAP_MM))
        if best is None or columns * rows > best[0]:
            best = (columns * rows, sheet, columns, rows)
    assert best is not None
    return best


def plan_pad(paper: Paper, unit: Rect, cell_mm: float, board: Board, smaller: str, make: Callable[[float, Point], B],
             extras: E, fitted: bool = False) -> PadSheet[B, E] | Unplanned:
    """As many boards as fit the sheet at `cell_mm` (`fitted`: at most that), in rows; or why not even one does,
    naming pad.cell_mm (and, when no cell size fits, `smaller`: what would make the board smaller, "fewer
    board.rings")."""
    largest = largest_cell(paper, unit)
    if fitted and SMALLEST_CELL_MM <= largest < cell_mm:
        cell_mm = largest
    extent = unit.scaled(cell_mm)
    slot_w, slot_h = max(extent.width, record_width()), extent.height + PAD_BOX_MM
    count, sheet, columns, rows = _grid(paper, slot_w, slot_h)
    if count == 0:
        return Unplanned(FIELD, f"{board.words} at {cell_mm:g} mm cells does not fit {paper.name} paper with its record "
                                f"box; {_fix(largest, smaller)}")
    area = content_area(sheet)
    left = area.x + (area.width - (columns * slot_w + (columns - 1) * PAD_GAP_MM)) / 2 + (slot_w - extent.width) / 2
    boards = tuple(make(cell_mm, (left + c * (slot_w + PAD_GAP_MM) - extent.x, area.y + r * (slot_h + PAD_GAP_MM) - extent.y))
                   for r in range(rows) for c in range(columns))
    return PadSheet(sheet, boards, extent, extras)


def largest_cell(paper: Paper, unit: Rect) -> float:
    """The largest pad cell (to 0.1 mm below) at which one board and its record box fit the paper, either way up;
    0 where the record box alone is wider than the paper's content."""
    def largest(area: Rect) -> float:
        if area.width < record_width():
            return 0.0
        return min(area.width / unit.width, (area.height - PAD_BOX_MM) / unit.height)

    return math.floor(max(largest(content_area(s)) for s in paper.orientations()) * 10) / 10


def _fix(largest: float, smaller: str) -> str:
    """The largest pad cell that fits, or what to change when none does."""
    if largest >= SMALLEST_CELL_MM:
        return f"at most {largest:g} fits"
    return (f"not even {SMALLEST_CELL_MM:g} mm cells fit: choose larger paper, a smaller print.margin_mm or {smaller}, "
            "or leave pad out of outputs")
