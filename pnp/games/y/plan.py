"""The Y kit planned before anything is drawn: the board placed on its sheet, stones, the pad; or why not.

`plan_kit` turns a validated spec into a KitPlan, computed once per build;
spec checks report the problems it finds, composers draw it, the graph reads
it. The board is the lattice triangle, or a Mudcrack Y board as large as the
paper allows, whose cells must each hold a circle MIN_ROOM_MM across about
their centres (room for a stone): a spec asking more cells than that is refused,
naming the most that fit. Only font metrics are used here, never drawing code.

Every edge of a Mudcrack Y board must print MIN_EDGE_MM long or more (version 2
on; a version 1 code gives its board as it always printed). On the board page
that follows from the room: a board whose cells hold the room has an average
cell so large that its shortest edge, EDGE_SHARE of it, is longer (asserted
below). A pad's boards are smaller, at pad.cell_mm (an average cell's width):
one too small for this board's shortest edge is refused, naming the least
pad.cell_mm that keeps it.
"""

from __future__ import annotations

from math import ceil, sqrt

from pnp.boards.cutouts import StoneSheets, fit_stones
from pnp.boards.kit import StonesKit, stones_kit
from pnp.boards.pad import PadRecord, PadSheet
from pnp.boards.pad import plan_pad as plan_pad_sheet
from pnp.boards.placement import BoardPage, BoardWords, plan_board_page
from pnp.boards.mudcrack.placed import MIN_EDGE_MM, MIN_ROOM_MM, MudcrackBoard
from pnp.games.y.board import YBoard, triangle_board
from pnp.games.y.look import mudcrack_extent, mudcrack_side_extent, triangle_extent
from pnp.boards.mudcrack.grow import EDGE_SHARE, MIN_CELLS, SPACING, Mudcrack, inradius_floor, largest_cells, mudcrack
from pnp.games.y.spec import YSpec
from pnp.games.y.style import YStyle
from pnp.layout.fit import largest_fit
from pnp.layout.packing import Apart
from pnp.layout.paper import spec_paper
from pnp.positions.text_record import score_command
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style

BoardPlan = BoardPage[YBoard, bool]   # the board page; its extras: coordinates drawn along the triangle's edges
PadPlan = PadSheet[YBoard, bool]      # the pencil pad: its boards at pad.cell_mm, coordinates as on the board
KitPlan = StonesKit[YStyle, YBoard, bool]   # everything a build of one Y spec draws, decided
CELLS_FIELD = ("board", "mudcrack", "cells")
PAD_CELL_FIELD = ("pad", "cell_mm")
# The smallest board page a room check lets through: its cells' points are 2 MIN_ROOM_MM apart or more, SPACING / cells
# of the side squared, so an average cell (the side over sqrt(2 cells)) is 2 MIN_ROOM_MM / sqrt(2 SPACING) wide.
assert float(EDGE_SHARE) * 2 * MIN_ROOM_MM / sqrt(2 * SPACING) >= MIN_EDGE_MM, "a board page's edges print long enough"


def plan_kit(spec: YSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    mixed = spec.board.mix()
    if mixed:
        raise PlanError(mixed)
    mud = spec_mudcrack(spec)
    board = plan_board(spec, mud)
    stones = plan_stones(spec, board.board) if "stones" in spec.outputs and isinstance(board, BoardPage) else None
    pad = plan_pad(spec, mud) if "pad" in spec.outputs else None
    style = resolve_style(YStyle, spec.style.model_dump(), spec.print.ink, spec.print.bleed_mm)
    return stones_kit(spec.display_title, style, board, stones, pad)


def spec_mudcrack(spec: YSpec) -> Mudcrack | None:
    """The Mudcrack Y board the spec names (made once, and cached by mudcrack.py), or None for the triangle."""
    named = spec.board.named()
    return mudcrack(*named) if named is not None else None


# --- the board -------------------------------------------------------------------------------


def plan_board(spec: YSpec, mud: Mudcrack | None) -> BoardPlan | Unplanned:
    """The triangle at the spec's cell size (or the largest that fits), or the Mudcrack Y board as large as the
    paper allows, centred on its sheet."""
    if mud is not None:
        return plan_mudcrack(spec, mud)
    side, coordinates = spec.board.side, spec.board.coordinates
    return plan_board_page(spec, spec.board.cell_mm, triangle_extent(side, coordinates),
                           BoardWords(f"a side-{side} board", "board.side"),
                           lambda cell_mm, origin: triangle_board(side, cell_mm, origin), lambda _: coordinates)


def plan_mudcrack(spec: YSpec, mud: Mudcrack) -> BoardPlan | Unplanned:
    """The board filling one sheet; refused if its smallest promised cell would hold less than MIN_ROOM_MM."""
    whole, paper = mudcrack_side_extent(), spec_paper(spec)
    side_mm = largest_fit(paper, whole.width, whole.height).scale   # the same for every board: bands scale with the side
    if inradius_floor(mud.count) * side_mm < MIN_ROOM_MM - 1e-9:
        return Unplanned(CELLS_FIELD, too_many_cells(mud.count, largest_cells(MIN_ROOM_MM / side_mm), paper.name, side_mm))
    return plan_board_page(spec, None, mudcrack_extent(mud.room), BoardWords(f"a board of {mud.count} cells", ".".join(CELLS_FIELD)),
                           lambda cell_mm, origin: MudcrackBoard(mud, cell_mm, origin), lambda _: False)


def too_many_cells(cells: int, largest: int, paper: str, side_mm: float) -> str:
    """Why `cells` do not fit, and the most that do."""
    fix = f"at most {largest} fit" if largest >= MIN_CELLS else "not even a board of the fewest cells fits"
    return (f"{cells} cells do not fit {paper} paper: on a board {side_mm:.0f} mm a side, each cell must hold a "
            f"{2 * MIN_ROOM_MM:g} mm circle for a stone, and {fix}; choose fewer cells or larger paper")


# --- stones and pad --------------------------------------------------------------------------


def plan_stones(spec: YSpec, board: YBoard) -> StoneSheets | Unplanned:
    """Stones that sit in the smallest cell with clearance (a hexagon's across flats; on a Mudcrack Y board the
    circle its smallest cell holds), half the cells and the spares per colour, packed."""
    larger = "fewer board.mudcrack.cells" if isinstance(board, MudcrackBoard) else "a larger board.cell_mm"
    return fit_stones(spec.stones, board.cell_mm, board.cell_mm, len(board.cells), spec_paper(spec),
                      Apart.of(spec.print), larger)


def plan_pad(spec: YSpec, mud: Mudcrack | None) -> PadPlan | Unplanned:
    """As many boards as fit the sheet at pad.cell_mm (omitted: smaller where a large board needs it). On a Mudcrack
    Y board pad.cell_mm is the across flats of a hexagon as large as its average cell, so a pad cell is about as
    large whichever board it is."""
    cell_mm, paper, fitted = spec.pad.cell_mm, spec_paper(spec), spec.pad.fitted
    if mud is None:
        side, coordinates = spec.board.side, spec.board.coordinates
        record = PadRecord(score_command("y", side=side))
        return plan_pad_sheet(paper, triangle_extent(side, coordinates), cell_mm, BoardWords(f"a side-{side} board", "board.side"),
                              "a smaller board.side", lambda cell, origin: triangle_board(side, cell, origin), coordinates,
                              fitted, record=record)
    unit = MudcrackBoard(mud, 1.0)
    share = unit.mean_cell_mm   # an average cell's size per mm of the smallest cell's circle
    record = PadRecord(score_command("y", code=unit.code))
    pad = plan_pad_sheet(paper, mudcrack_extent(mud.room).scaled(1 / share), cell_mm,
                         BoardWords(f"a board of {mud.count} cells", ".".join(CELLS_FIELD)), "fewer board.mudcrack.cells",
                         lambda cell, origin: MudcrackBoard(mud, cell / share, origin), False, fitted, record=record)
    return pad if isinstance(pad, Unplanned) else pad_edges_seen(pad, fitted, paper.name)


def pad_edges_seen(pad: PadPlan, fitted: bool, paper: str) -> PadPlan | Unplanned:
    """The pad, or why its boards would print an edge shorter than MIN_EDGE_MM: the least pad.cell_mm that does not
    (a pad cell is an average cell's width, so the board's side is pad.cell_mm times sqrt(2 cells))."""
    board = pad.boards[0]
    assert isinstance(board, MudcrackBoard)
    mud = board.mud
    shortest = mud.shortest_edge * board.side_mm
    if mud.version < 2 or shortest >= MIN_EDGE_MM:
        return pad
    least = ceil(10 * MIN_EDGE_MM / (mud.shortest_edge * sqrt(2 * mud.count))) / 10
    at = f"at {board.mean_cell_mm:.1f} mm cells" + (f", the most that fit {paper} paper," if fitted else "")
    fix = "larger paper or fewer board.mudcrack.cells" if fitted else f"pad.cell_mm {least:g} or more"
    return Unplanned(PAD_CELL_FIELD, f"{at} this board's shortest edge prints {shortest:.2f} mm, and players must see "
                     f"every edge: {MIN_EDGE_MM:g} mm or more; choose {fix}, or leave pad out of outputs")
