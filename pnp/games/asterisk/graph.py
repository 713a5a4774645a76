"""The board graph contract (`pnp graph`) for Asterisk: cells with centres, polygons, neighbours, sides.

Coordinates are in the board's own frame (mm, y down) at the cell size the
plan chose, so they match the printed board cell for cell.
"""

from __future__ import annotations

from typing import Any

from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.spec import AsteriskSpec
from pnp.graph import cell_record, graph_record


def board_graph(spec: AsteriskSpec, plan: KitPlan) -> dict[str, Any]:
    board = AsteriskBoard(spec.board.side, plan.board.board.cell_mm)
    cells = [cell_record(c.id, c.center, c.polygon, c.neighbours, c.sides) for c in board.cells]
    return graph_record(spec.game, spec.name, cells)
