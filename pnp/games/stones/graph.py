"""`pnp graph` of a defined game: the board's cells at the cell size the plan chose, in the board's own frame (its
top-left at 0, 0, as every game's graph is); each cell's `sides` are the sides it belongs to and its `tags` the
corner it is (shared/DESIGN.md); a board grown from a seed has its `code` at the top level."""

from __future__ import annotations

from typing import Any

from pnp.boards.cells import board_graph as cell_board_graph
from pnp.games.stones.plan import KitPlan
from pnp.games.stones.spec import DefinedSpec


def board_graph(spec: DefinedSpec, plan: KitPlan) -> dict[str, Any]:
    from pnp.games.stones.game import stone_game

    game = stone_game(spec.board_key)
    placed = game.placed(plan.board.board.cell_mm, spec.size, **spec.picked)
    code = getattr(placed, "code", None)   # a board grown from a seed: the code that names it
    return {**cell_board_graph(game.name, spec.name, placed), **({"code": code} if code else {})}
