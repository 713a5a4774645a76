"""`pnp graph` for Asterisk: the board's cells at the cell size the plan chose, so they match the printed board."""

from __future__ import annotations

from typing import Any

from pnp.boards.cells import board_graph as cell_board_graph
from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.spec import AsteriskSpec


def board_graph(spec: AsteriskSpec, plan: KitPlan) -> dict[str, Any]:
    return cell_board_graph(spec.game, spec.name, AsteriskBoard(spec.board.side, plan.board.board.cell_mm))
