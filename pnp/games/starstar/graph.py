"""`pnp graph` for *Star: the board's cells at the cell size the plan chose, so they match the printed board; each
handicap cell tagged `handicap-N` by its place in the order, and the bridge a node linking the five ring-1 cells."""

from __future__ import annotations

from typing import Any

from pnp.boards.cells import board_graph as cell_board_graph
from pnp.games.starstar.board import BRIDGE, StarBoard
from pnp.games.starstar.plan import KitPlan
from pnp.games.starstar.rules import handicap_points
from pnp.games.starstar.spec import StarSpec


def board_graph(spec: StarSpec, plan: KitPlan) -> dict[str, Any]:
    board = StarBoard(spec.board.rings, plan.board.board.cell_mm)
    order = {name: (f"handicap-{n}",) for n, name in enumerate(handicap_points(board.rings), 1)}
    bridge = {"id": BRIDGE, "neighbors": sorted(c.id for c in board.cells if c.ring == 1)}
    return cell_board_graph(spec.game, spec.name, board, order, [bridge])
