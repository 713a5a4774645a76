"""The *Star kit planned before anything is drawn: the board placed on its sheet, or why it cannot be.

`plan_kit` turns a validated spec into a KitPlan, computed once per build;
spec checks report the problems it finds, composers draw it, the graph reads
it. Another output (pad, score sheet, stones) adds its own plan here as an
optional field, planned when the spec asks for it, and an asset module under
assets/ that draws it. Only font metrics are used here, never drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.boards.cutouts import StoneSheets, fit_stones, stones_each
from pnp.boards.pad import PadRecord, PadSheet
from pnp.boards.pad import plan_pad as plan_pad_sheet
from pnp.boards.kit import StonesKit
from pnp.boards.placement import BoardPage, BoardWords, plan_board_page
from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.look import LABEL_MAX_MM, label_share, unit_extent
from pnp.games.starstar.rules import cell_count, handicap_points
from pnp.games.starstar.scoresheet_layout import ScoreLayout, layout
from pnp.games.starstar.spec import StarSpec
from pnp.games.starstar.style import StarStyle
from pnp.geometry.polygon import edges, segment_distance
from pnp.layout.packing import Apart
from pnp.layout.paper import Paper, spec_paper
from pnp.positions.text_record import score_command
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style
from pnp.texts import article


@dataclass(frozen=True)
class CellMarks:
    """What the board page draws on the cells besides their outlines."""

    label_mm: float | None            # None: no ids printed
    outline_rings: tuple[int, ...]    # smaller boards outlined inside
    handicap: tuple[str, ...]         # handicap cells to mark, in the order the stones go down


BoardPlan = BoardPage[StarBoard, CellMarks]   # the board page


PadPlan = PadSheet[StarBoard, CellMarks]   # the pencil pad: its boards at pad.cell_mm, marked as the board is


@dataclass(frozen=True)
class ScoreSheetPlan:
    """Score tables for several games, then the numbered game record, on the spec's paper."""

    sheet: Paper
    rings: int
    handicap: tuple[str, ...]    # the handicap cells this board has, in order
    layout: ScoreLayout


@dataclass(frozen=True)
class KitPlan(StonesKit[StarStyle, StarBoard, CellMarks]):
    """Everything a build of one *Star spec draws, decided: a stone game's kit (pnp/boards/kit.py) and the score sheet."""

    scoresheet: "ScoreSheetPlan | None" = None


def plan_kit(spec: StarSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    found = check_outline_rings(spec)
    board = plan_board(spec)
    if isinstance(board, Unplanned):
        found.append(board)
    stones = plan_stones(spec, board.board.cell_mm) if "stones" in spec.outputs and isinstance(board, BoardPage) else None
    pad = plan_pad(spec) if "pad" in spec.outputs else None
    scores = plan_scoresheet(spec) if "scoresheet" in spec.outputs else None
    found.extend(part for part in (stones, pad, scores) if isinstance(part, Unplanned))
    if found:
        raise PlanError(found)
    assert isinstance(board, BoardPage)
    assert not isinstance(stones, Unplanned) and not isinstance(pad, Unplanned) and not isinstance(scores, Unplanned)
    return KitPlan(spec.display_title, resolve_style(StarStyle, spec.style.model_dump(), spec.print.ink, spec.print.bleed_mm), board, stones, pad, scores)


def check_outline_rings(spec: StarSpec) -> list[Unplanned]:
    """An outlined board must be smaller than the board it is drawn on."""
    rings, given = spec.board.rings, spec.board.outline_rings or []
    fix = f"rings 2 to {rings - 1} can be outlined" if rings > 2 else "a 2-ring board has no smaller board inside"
    return [Unplanned(("board", "outline_rings", i), f"{ring} rings is not a smaller board inside this {rings}-ring one; {fix}")
            for i, ring in enumerate(given) if ring >= rings]


def board_words(rings: int) -> BoardWords:
    """The board as a message about its size names it ("an 8-ring board"), and the key that sets its size."""
    return BoardWords(f"{article(rings)} {rings}-ring board", "board.rings")


def plan_board(spec: StarSpec) -> BoardPlan | Unplanned:
    """The board at the spec's cell size (or the largest that fits), centred on its sheet."""
    rings = spec.board.rings
    return plan_board_page(spec, spec.board.cell_mm, unit_extent(rings), board_words(rings),
                           lambda cell_mm, origin: StarBoard(rings, cell_mm, origin), lambda board: cell_marks(spec, board))


def cell_marks(spec: StarSpec, board: StarBoard) -> CellMarks:
    """The ids at the size the board's cells hold (or none), the outlines and the handicap cells the spec asks for."""
    label_mm = min(label_share(spec.board.rings) * board.cell_mm, LABEL_MAX_MM) if spec.board.labels else None
    return CellMarks(label_mm, spec.board.outlines(), marked_handicap(spec))


def marked_handicap(spec: StarSpec) -> tuple[str, ...]:
    """The handicap cells the board and the pad number, in order: none when the spec turns the marks off."""
    return handicap_points(spec.board.rings) if spec.board.handicap_points else ()


# --- stones ----------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def smallest_cell_circle(rings: int) -> float:
    """Diameter of the largest circle about its centre that the narrowest cell holds, per mm of cell.

    The bridge is not a cell, so a stone may cover the tip of its point: a ring-1
    cell is measured to its edges with other cells and the outline only.
    """
    board = StarBoard(rings, 1.0)
    bridge = {_key(p) for p in board.bridge}
    return 2 * min(segment_distance(cell.center, a, b) for cell in board.cells for a, b in edges(cell.polygon)
                   if not (_key(a) in bridge and _key(b) in bridge))


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return (round(point[0], 6), round(point[1], 6))


def stones_per_colour(spec: StarSpec) -> int:
    """Enough for either player to fill half the board, plus the spares asked for."""
    return stones_each(cell_count(spec.board.rings), spec.stones.spares)


def plan_stones(spec: StarSpec, cell_mm: float) -> StoneSheets | Unplanned:
    """Stones that sit in the smallest cell with clearance, half the cells and some spares per colour, packed."""
    rings = spec.board.rings
    return fit_stones(spec.stones, smallest_cell_circle(rings) * cell_mm, cell_mm, cell_count(rings), spec_paper(spec),
                      Apart.of(spec.print))


# --- pencil pad ------------------------------------------------------------------------------


def plan_pad(spec: StarSpec) -> PadPlan | Unplanned:
    """As many boards as fit the sheet at pad.cell_mm, in rows, in whichever orientation holds more."""
    rings, cell_mm = spec.board.rings, spec.pad.cell_mm
    marks = CellMarks(min(label_share(rings) * cell_mm, LABEL_MAX_MM), spec.board.outlines(), marked_handicap(spec))
    record = PadRecord(score_command("starstar", rings=rings))
    return plan_pad_sheet(spec_paper(spec), unit_extent(rings), cell_mm, board_words(rings),
                          "fewer board.rings", lambda cell, origin: StarBoard(rings, cell, origin), marks, record=record)


# --- score sheet -----------------------------------------------------------------------------


def plan_scoresheet(spec: StarSpec) -> ScoreSheetPlan | Unplanned:
    """Score tables and the record on the spec's paper, portrait; an error if not even one game fits."""
    rings, handicap = spec.board.rings, handicap_points(spec.board.rings)
    sheet = spec_paper(spec)
    found = layout(sheet, rings, " ".join(handicap))
    if found is None:
        return Unplanned(("paper",), f"the score sheet does not fit {sheet.name} paper; use A6 or larger")
    return ScoreSheetPlan(sheet, rings, handicap, found)
