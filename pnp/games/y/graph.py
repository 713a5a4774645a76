"""`pnp graph` for Y: the board's cells at the cell size the plan chose, so they match the printed board; a
Mudcrack Y board's cells are numbered "1" to "N" and its board code is the top-level `code`."""

from __future__ import annotations

from typing import Any

from pnp.boards.cells import board_graph as cell_board_graph
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.board import triangle_board
from pnp.games.y.plan import KitPlan
from pnp.games.y.spec import YSpec


def board_graph(spec: YSpec, plan: KitPlan) -> dict[str, Any]:
    placed = plan.board.board
    if isinstance(placed, MudcrackBoard):
        board = MudcrackBoard(placed.mud, placed.cell_mm)
        return {**cell_board_graph(spec.game, spec.name, board), "code": board.code}
    return cell_board_graph(spec.game, spec.name, triangle_board(spec.board.side, placed.cell_mm))
