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

from pnp.boards.cutouts import StoneSheets, fit_stones
from pnp.boards.kit import StonesKit, stones_kit
from pnp.boards.pad import PadRecord, PadSheet
from pnp.boards.pad import plan_pad as plan_pad_sheet
from pnp.boards.placement import Board, BoardPage, plan_board_page
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.board import YBoard, triangle_board
from pnp.games.y.look import triangle_extent
from pnp.boards.mudcrack.plan import plan_mudcrack as layer_plan_mudcrack, plan_mudcrack_pad
from pnp.boards.mudcrack.grow import Mudcrack, mudcrack
from pnp.games.y.spec import YSpec
from pnp.games.y.style import YStyle
from pnp.layout.packing import Apart
from pnp.layout.paper import spec_paper
from pnp.positions.text_record import score_command
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style

BoardPlan = BoardPage[YBoard, bool]   # the board page; its extras: coordinates drawn along the triangle's edges
PadPlan = PadSheet[YBoard, bool]      # the pencil pad: its boards at pad.cell_mm, coordinates as on the board
KitPlan = StonesKit[YStyle, YBoard, bool]   # everything a build of one Y spec draws, decided
CELLS_FIELD = ("board", "mudcrack", "cells")


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
                           Board(f"a side-{side} board", "board.side"),
                           lambda cell_mm, origin: triangle_board(side, cell_mm, origin), lambda _: coordinates)


def plan_mudcrack(spec: YSpec, mud: Mudcrack) -> BoardPlan | Unplanned:
    return layer_plan_mudcrack(spec, mud, CELLS_FIELD, lambda cell_mm, origin: MudcrackBoard(mud, cell_mm, origin),
                               lambda _: False)


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
        return plan_pad_sheet(paper, triangle_extent(side, coordinates), cell_mm, Board(f"a side-{side} board", "board.side"),
                              "a smaller board.side", lambda cell, origin: triangle_board(side, cell, origin), coordinates,
                              fitted, record=record)
    record = PadRecord(score_command("y", code=MudcrackBoard(mud, 1.0).code))
    return plan_mudcrack_pad(spec, mud, CELLS_FIELD, lambda cell, origin: MudcrackBoard(mud, cell, origin), False,
                             record)
