"""The *Star kit planned before anything is drawn: the board placed on its sheet, or why it cannot be.

`plan_kit` turns a validated spec into a KitPlan, computed once per build;
spec checks report the problems it finds, composers draw it, the graph reads
it. Another output (pad, score sheet, stones) adds its own plan here as an
optional field, planned when the spec asks for it, and an asset module under
assets/ that draws it. Only font metrics are used here, never drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.look import LABEL_MAX_MM, label_share, unit_extent
from pnp.games.starstar.rules import handicap_points
from pnp.games.starstar.spec import StarSpec
from pnp.games.starstar.style import StarStyle
from pnp.layout.fit import board_fit, board_too_large
from pnp.layout.paper import Paper, paper
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style


@dataclass(frozen=True)
class BoardPlan:
    """The board page: the sheet, the board placed on it, and what is drawn on the cells."""

    sheet: Paper
    board: StarBoard
    label_mm: float | None            # None: no ids printed
    outline_rings: tuple[int, ...]    # smaller boards outlined inside
    handicap: tuple[str, ...]         # handicap cells to mark, in the order the stones go down


@dataclass(frozen=True)
class KitPlan:
    """Everything a build of one *Star spec draws, decided."""

    title: str
    style: StarStyle
    board: BoardPlan


def plan_kit(spec: StarSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    found = check_outline_rings(spec)
    board = plan_board(spec)
    if isinstance(board, Unplanned):
        found.append(board)
    if found:
        raise PlanError(found)
    assert isinstance(board, BoardPlan)
    return KitPlan(spec.display_title, resolve_style(StarStyle, spec.style.model_dump()), board)


def check_outline_rings(spec: StarSpec) -> list[Unplanned]:
    """An outlined board must be smaller than the board it is drawn on."""
    rings, given = spec.board.rings, spec.board.outline_rings or []
    fix = f"rings 2 to {rings - 1} can be outlined" if rings > 2 else "a 2-ring board has no smaller board inside"
    return [Unplanned(("board", "outline_rings", i), f"{ring} rings is not a smaller board inside this {rings}-ring one; {fix}")
            for i, ring in enumerate(given) if ring >= rings]


def plan_board(spec: StarSpec) -> BoardPlan | Unplanned:
    """The board at the spec's cell size (or the largest that fits), centred on its sheet."""
    rings = spec.board.rings
    extent = unit_extent(rings)
    sheet = paper(spec.paper)
    fit, cell_mm = board_fit(sheet, extent, spec.board.cell_mm)
    if fit is None:
        return Unplanned(("board", "cell_mm"), board_too_large(sheet, extent, cell_mm))
    label_mm = min(label_share(rings) * cell_mm, LABEL_MAX_MM) if spec.board.labels else None
    handicap = handicap_points(rings) if spec.board.handicap_points else ()
    return BoardPlan(fit.sheet, StarBoard(rings, cell_mm, fit.origin(extent)), label_mm,
                     spec.board.outlines(), handicap)
