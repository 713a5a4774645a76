"""The Hex kit planned before anything is drawn: the board on its sheet or tiled, the stones, the pencil pad.

`plan_kit` turns a validated spec into a KitPlan once per build; spec checks
report the problems it finds, composers draw it, the graph reads it. The board
page, the stone sheets and the pad are the layer's (pnp/boards/); Hex gives its
board (a rhombus) and what that board draws (look.unit_extent). Only font
metrics are used here, never drawing code.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.boards.cutouts import StoneSheets, fit_stones
from pnp.boards.kit import StonesKit, stones_kit
from pnp.boards.lattice import LatticeBoard, rhombus
from pnp.boards.pad import PadRecord, PadSheet, plan_pad as plan_pad_sheet
from pnp.boards.placement import Board, BoardPage, plan_board_page
from pnp.games.hex.look import unit_extent
from pnp.games.hex.rules import cell_count, mirror
from pnp.games.hex.spec import HexSpec
from pnp.games.hex.style import HexStyle
from pnp.geometry.hexagon import Point
from pnp.layout.packing import Apart
from pnp.layout.paper import spec_paper
from pnp.positions.text_record import score_command
from pnp.spec.problems import Unplanned
from pnp.style import resolve_style

BoardPlan = BoardPage[LatticeBoard, bool]   # the board page; its extras: coordinates drawn along the edges
PadPlan = PadSheet[LatticeBoard, bool]      # the pencil pad: its boards at pad.cell_mm, with coordinates or not
KitPlan = StonesKit[HexStyle, LatticeBoard, bool]   # everything a build of one Hex spec draws, decided
STONE_ROOM = 1.0   # the circle a hexagon cell holds about its centre, per mm of cell: its width across flats


def plan_kit(spec: HexSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    board = plan_board(spec)
    stones = plan_stones(spec, board.board.cell_mm) if "stones" in spec.outputs and isinstance(board, BoardPage) else None
    pad = plan_pad(spec) if "pad" in spec.outputs else None
    style = resolve_style(HexStyle, spec.style.model_dump(), spec.print.ink, spec.print.bleed_mm)
    return stones_kit(spec.display_title, style, board, stones, pad)


def words(size: int) -> Board:
    """The board as messages name it, and the key that sets its size."""
    return Board(f"the {size} × {size} board", "board.size")


def placed(size: int) -> Callable[[float, Point], LatticeBoard]:
    """How the plan makes a board of `size` at a cell size, its frame's top-left at origin."""
    return lambda cell_mm, origin: LatticeBoard(rhombus(size), cell_mm, origin)


def plan_board(spec: HexSpec) -> BoardPlan | Unplanned:
    """The board at the spec's cell size (or the largest that fits), centred on its sheet, or tiled over pages."""
    size, coordinates = spec.board.size, spec.board.coordinates
    return plan_board_page(spec, spec.board.cell_mm, unit_extent(size, coordinates), words(size), placed(size),
                           lambda board: coordinates)


def plan_stones(spec: HexSpec, cell_mm: float) -> StoneSheets | Unplanned:
    """Stones that sit in a cell with the clearance asked for, half the cells and the spares per colour, packed."""
    return fit_stones(spec.stones, STONE_ROOM * cell_mm, cell_mm, cell_count(spec.board.size), spec_paper(spec),
                      Apart.of(spec.print))


def plan_pad(spec: HexSpec) -> PadPlan | Unplanned:
    """As many boards as fit a sheet at pad.cell_mm (omitted: smaller where a large board needs it), coordinates as
    on the board."""
    size, coordinates = spec.board.size, spec.board.coordinates
    record = PadRecord(score_command("hex", size=size), "hex", mirror)
    return plan_pad_sheet(spec_paper(spec), unit_extent(size, coordinates), spec.pad.cell_mm, words(size),
                          "a smaller board.size", placed(size), coordinates, fitted=spec.pad.fitted, record=record)
