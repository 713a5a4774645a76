"""A mudcrack board planned on its pages: as large as the paper allows on the board page, at pad.cell_mm on a pad.

Its cells must each hold a circle MIN_ROOM_MM across about their centres (room
for a stone): a board of more cells than that is refused, naming the most that
fit. Every edge must print MIN_EDGE_MM long or more (version 2 on; a version 1
code gives its board as it always printed). On the board page that follows from
the room: a board whose cells hold the room has an average cell so large that its
shortest edge, EDGE_SHARE of it, is longer (asserted below). A pad's boards are
smaller, at pad.cell_mm (an average cell's width): one too small for this board's
shortest edge is refused, naming the least pad.cell_mm that keeps it. `cells`
is the spec's key of the board's number of cells, as messages name it
("board.mudcrack.cells"). Only font metrics are used here, never drawing code.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil, sqrt
from typing import Any, TypeVar

from pnp.boards.mudcrack.grow import EDGE_SHARE, MIN_CELLS, SPACING, Mudcrack, inradius_floor, largest_cells
from pnp.boards.mudcrack.look import mudcrack_extent, mudcrack_side_extent
from pnp.boards.mudcrack.placed import MIN_EDGE_MM, MIN_ROOM_MM, MudcrackBoard
from pnp.boards.pad import PadRecord, PadSheet
from pnp.boards.pad import plan_pad as plan_pad_sheet
from pnp.boards.placement import BoardPage, BoardWords, plan_board_page
from pnp.geometry.hexagon import Point
from pnp.layout.fit import largest_fit
from pnp.layout.paper import spec_paper
from pnp.spec.base import SpecBase
from pnp.spec.problems import Unplanned

B = TypeVar("B")
E = TypeVar("E")
PAD_CELL_FIELD = ("pad", "cell_mm")
# The smallest board page a room check lets through: its cells' points are 2 MIN_ROOM_MM apart or more, SPACING / cells
# of the side squared, so an average cell (the side over sqrt(2 cells)) is 2 MIN_ROOM_MM / sqrt(2 SPACING) wide.
assert float(EDGE_SHARE) * 2 * MIN_ROOM_MM / sqrt(2 * SPACING) >= MIN_EDGE_MM, "a board page's edges print long enough"


def board_words(mud: Mudcrack, cells: tuple[str, ...]) -> BoardWords:
    return BoardWords(f"a board of {mud.count} cells", ".".join(cells))


def plan_mudcrack(spec: SpecBase, mud: Mudcrack, cells: tuple[str, ...], make: Callable[[float, Point], B],
                  extras: Callable[[B], E]) -> BoardPage[B, E] | Unplanned:
    """The board filling one sheet (`make(cell_mm, origin)` places it); refused if its smallest promised cell would
    hold less than MIN_ROOM_MM."""
    whole, paper = mudcrack_side_extent(), spec_paper(spec)
    side_mm = largest_fit(paper, whole.width, whole.height).scale   # the same for every board: bands scale with the side
    if inradius_floor(mud.count) * side_mm < MIN_ROOM_MM - 1e-9:
        return Unplanned(cells, too_many_cells(mud.count, largest_cells(MIN_ROOM_MM / side_mm), paper.name, side_mm))
    return plan_board_page(spec, None, mudcrack_extent(mud.room), board_words(mud, cells), make, extras)


def too_many_cells(cells: int, largest: int, paper: str, side_mm: float) -> str:
    """Why `cells` do not fit, and the most that do."""
    fix = f"at most {largest} fit" if largest >= MIN_CELLS else "not even a board of the fewest cells fits"
    return (f"{cells} cells do not fit {paper} paper: on a board {side_mm:.0f} mm a side, each cell must hold a "
            f"{2 * MIN_ROOM_MM:g} mm circle for a stone, and {fix}; choose fewer cells or larger paper")


def plan_mudcrack_pad(spec: Any, mud: Mudcrack, cells: tuple[str, ...], make: Callable[[float, Point], B], extras: E,
                      record: PadRecord) -> PadSheet[B, E] | Unplanned:
    """As many boards as fit the sheet at pad.cell_mm, the across flats of a hexagon as large as the board's average
    cell, so a pad cell is about as large whichever board it is; `make(cell_mm, origin)` places a board whose
    smallest cell holds a `cell_mm` circle."""
    cell_mm, paper, fitted = spec.pad.cell_mm, spec_paper(spec), spec.pad.fitted
    share = MudcrackBoard(mud, 1.0).mean_cell_mm   # an average cell's size per mm of the smallest cell's circle
    pad = plan_pad_sheet(paper, mudcrack_extent(mud.room).scaled(1 / share), cell_mm, board_words(mud, cells),
                         f"fewer {'.'.join(cells)}", lambda cell, origin: make(cell / share, origin), extras, fitted,
                         record=record)
    return pad if isinstance(pad, Unplanned) else pad_edges_seen(pad, mud, share, fitted, paper.name, cells)


def pad_edges_seen(pad: PadSheet[B, E], mud: Mudcrack, share: float, fitted: bool, paper: str,
                   cells: tuple[str, ...]) -> PadSheet[B, E] | Unplanned:
    """The pad, or why its boards would print an edge shorter than MIN_EDGE_MM: the least pad.cell_mm that does not
    (a pad cell is an average cell's width, so the board's side is pad.cell_mm times sqrt(2 cells))."""
    board = MudcrackBoard(mud, pad.boards[0].cell_mm)   # type: ignore[attr-defined]
    shortest = mud.shortest_edge * board.side_mm
    if mud.version < 2 or shortest >= MIN_EDGE_MM:
        return pad
    least = ceil(10 * MIN_EDGE_MM / (mud.shortest_edge * sqrt(2 * mud.count))) / 10
    at = f"at {board.mean_cell_mm:.1f} mm cells" + (f", the most that fit {paper} paper," if fitted else "")
    fix = f"larger paper or fewer {'.'.join(cells)}" if fitted else f"pad.cell_mm {least:g} or more"
    return Unplanned(PAD_CELL_FIELD, f"{at} this board's shortest edge prints {shortest:.2f} mm, and players must see "
                     f"every edge: {MIN_EDGE_MM:g} mm or more; choose {fix}, or leave pad out of outputs")
