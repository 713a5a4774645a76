"""The pencil pad planned: as many boards as fit a sheet at the pad's cell size, each with a record box below
(and under it a few small lines: how a game is numbered on the board, the game's pie rule as the record reads
it, the record typed in as pnp's text form, and the command that reads it).

    plan_pad(paper, unit, cell_mm, board, smaller, make, extras, fitted, record=) -> PadSheet | Unplanned

`unit` is everything one board draws for a 1 mm cell (a game's look.unit_extent),
`make(cell_mm, origin)` makes the game's board with its frame's top-left at
origin, `extras` is whatever else the game draws on every pad board (label
sizes, marks), `record` the game's words under each record box (PadRecord). `fitted` says pad.cell_mm was left out: a board too large for the
default is then drawn at the largest cell that fits (down to the smallest cell),
as an omitted board.cell_mm is. The boards go in rows, in whichever orientation
of the paper holds more, centred across, each at least as wide as its record box
(a small board sits centred over its box), the lines under the box wrapped to
its width; pad_page.pad_document draws them. No drawing here: only font metrics.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from pnp.boards.placement import BoardWords
from pnp.fonts import text_width
from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.fit import content_area
from pnp.layout.paper import Paper
from pnp.layout.text import LEADING, wrap
from pnp.positions.text_record import TYPED_FILE, example_moves, pairs
from pnp.spec.base import SMALLEST_CELL_MM
from pnp.spec.problems import Unplanned
from pnp.texts import say, say_all

RECORD_BOX_MM = 13.0   # under each pad board: a gap, then the players' names, who went first, the result
NOTE_TEXT_MM = 2.0     # under the record box, small: how a game on the board is kept and typed in
NOTE_LINE_MM = NOTE_TEXT_MM * LEADING
NOTE_DESCENT_MM = 0.3  # below the last line's baseline pitch: room for its descenders
PAD_GAP_MM = 5.0    # between pad boards
FIELD = ("pad", "cell_mm")
FIELD_TEXT_MM = 2.6
FIELD_INSET_MM = (1.2, 0.8)   # a field's name: right of its space's left edge, below its text size from the top


def kept(cell: str) -> str:
    """Where a swap leaves the first stone where its two players' goals are alike: on its own cell."""
    return cell


@dataclass(frozen=True)
class PadRecord:
    """A game's words under each record box: the command that reads a record typed from the board
    (pnp/positions/text_record.py's score_command), and its pie rule as a pad states it: `pad.pie` of the texts
    file `pie` (templates/texts/PIE.yaml; pages.yaml's where the swap leaves the stone on its cell), whose
    `{first}` is the example's first move and `{swapped}` where a swap puts that stone, by `swapped`: the record's
    own reading."""

    command: str
    pie: str = "pages"
    swapped: Callable[[str], str] = kept
    pie_key: str = "pad.pie"                 # the key in that texts file (a game of several pie rules has several)
    fields: tuple[str, ...] | None = None    # the record box's spaces; None: pages.yaml's (Red, Blue, First, Result)

    def lines(self, cells: Sequence[Any], width: float) -> tuple[str, ...]:
        """The words under a record box `width` mm wide, for a board of these cells: numbering the moves, the pie
        rule, the example record of this board typed in (unbroken where the width allows), and the command on a
        line of its own."""
        moves = example_moves(cells)   # a board has cells: the first move, swap, ...
        pie = say(self.pie, self.pie_key, first=moves[0], swapped=self.swapped(moves[0]))
        lines = wrap(say("pages", "pad.record", pie=pie), NOTE_TEXT_MM, width)
        typed = say("pages", "pad.typed", moves=pairs(moves)[0])
        if text_width(f"{lines[-1]} {typed}", NOTE_TEXT_MM) <= width:
            lines[-1] = f"{lines[-1]} {typed}"
        else:
            lines += [typed] if text_width(typed, NOTE_TEXT_MM) <= width else wrap(typed, NOTE_TEXT_MM, width)
        return (*lines, *wrap(say("pages", "pad.command", file=TYPED_FILE, command=self.command), NOTE_TEXT_MM, width))


def under_board_mm(lines: int) -> float:
    """What a pad board needs below its envelope: its record box and `lines` lines of small print."""
    return RECORD_BOX_MM + lines * NOTE_LINE_MM + NOTE_DESCENT_MM


class Placed(Protocol):
    """A board placed on the page: its frame's top-left at `origin`; its cells have `id` and `center`."""

    @property
    def origin(self) -> Point: ...

    @property
    def cells(self) -> Sequence[Any]: ...


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
    notes: tuple[str, ...] = ()   # the lines under each record box (PadRecord.lines), wrapped to the box's width
    fields: tuple[str, ...] | None = None   # the record box's spaces (PadRecord.fields)

    def envelope(self, board: B) -> Rect:
        """Where one board draws on the sheet (its record box goes under this)."""
        left, top = board.origin[0] + self.extent.x, board.origin[1] + self.extent.y
        return Rect(left, top, self.extent.width, self.extent.height)


@lru_cache(maxsize=8)
def record_width(fields: tuple[str, ...] | None = None) -> float:
    """The narrowest record box: equal spaces, each holding the longest field name with its inset on both sides."""
    named = fields or tuple(say_all("pages", "pad.fields"))
    return len(named) * (max(text_width(name, FIELD_TEXT_MM) for name in named) + 2 * FIELD_INSET_MM[0])


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


def plan_pad(paper: Paper, unit: Rect, cell_mm: float, board: BoardWords, smaller: str,
             make: Callable[[float, Point], B], extras: E, fitted: bool = False, *,
             record: PadRecord) -> PadSheet[B, E] | Unplanned:
    """As many boards as fit the sheet at `cell_mm` (`fitted`: at most that), in rows; or why not even one does,
    naming pad.cell_mm (and, when no cell size fits, `smaller`: what would make the board smaller, "fewer
    board.rings"). The lines under each record box are `record`'s, for this board's cells."""
    cells = list(make(cell_mm, (0.0, 0.0)).cells)
    largest = largest_cell(paper, unit, lambda width: len(record.lines(cells, width)), record.fields)
    if fitted and SMALLEST_CELL_MM <= largest < cell_mm:
        cell_mm = largest
    extent = unit.scaled(cell_mm)
    slot_w = max(extent.width, record_width(record.fields))
    notes = record.lines(cells, slot_w)
    slot_h = extent.height + under_board_mm(len(notes))
    count, sheet, columns, rows = _grid(paper, slot_w, slot_h)
    if count == 0:
        return Unplanned(FIELD, f"{board.words} at {cell_mm:g} mm cells does not fit {paper.name} paper with its record "
                                f"box; {_fix(largest, smaller)}")
    area = content_area(sheet)
    left = area.x + (area.width - (columns * slot_w + (columns - 1) * PAD_GAP_MM)) / 2 + (slot_w - extent.width) / 2
    boards = tuple(make(cell_mm, (left + c * (slot_w + PAD_GAP_MM) - extent.x, area.y + r * (slot_h + PAD_GAP_MM) - extent.y))
                   for r in range(rows) for c in range(columns))
    return PadSheet(sheet, boards, extent, extras, notes, record.fields)


def largest_cell(paper: Paper, unit: Rect, notes: Callable[[float], int],
                 fields: tuple[str, ...] | None = None) -> float:
    """The largest pad cell (to 0.1 mm below) at which one board and its record box, with the `notes(width)` lines
    under a box that wide, fit the paper, either way up; 0 where the record box alone is wider than the paper's
    content. The lines the narrowest box takes fit for sure; a larger cell makes a wider box with no more lines, so
    the size found grows until they stop falling."""
    def largest(lines: int) -> float:
        def within(area: Rect) -> float:
            if area.width < record_width(fields):
                return 0.0
            return min(area.width / unit.width, (area.height - under_board_mm(lines)) / unit.height)

        return math.floor(max(within(content_area(s)) for s in paper.orientations()) * 10) / 10

    lines = notes(record_width(fields))
    found = largest(lines)
    while (fewer := notes(max(unit.width * found, record_width(fields)))) < lines:
        lines, found = fewer, largest(fewer)
    return found


def _fix(largest: float, smaller: str) -> str:
    """The largest pad cell that fits, or what to change when none does."""
    if largest >= SMALLEST_CELL_MM:
        return f"at most {largest:g} fits"
    return (f"not even {SMALLEST_CELL_MM:g} mm cells fit: choose larger paper, a smaller print.margin_mm or {smaller}, "
            "or leave pad out of outputs")
