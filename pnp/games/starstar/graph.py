"""The board graph contract (`pnp graph`) for *Star: cells with centres, polygons, neighbours, sides and
tags (peri, quark, handicap-N), and the bridge as a node linking the five ring-1 cells, each of which lists `bridge`.

Coordinates are in the board's own frame (mm, y down) at the cell size the
plan chose, so they match the printed board cell for cell.
"""

from __future__ import annotations

from typing import Any

from pnp.games.starstar.board import BRIDGE, StarBoard
from pnp.games.starstar.plan import KitPlan
from pnp.games.starstar.rules import handicap_points
from pnp.games.starstar.spec import StarSpec
from pnp.graph import cell_record, graph_record


def board_graph(spec: StarSpec, plan: KitPlan) -> dict[str, Any]:
    board = StarBoard(spec.board.rings, plan.board.board.cell_mm)
    order = {name: f"handicap-{n}" for n, name in enumerate(handicap_points(board.rings), 1)}
    cells = [cell_record(c.id, c.center, c.polygon, c.neighbours, c.sides, c.tags + ((order[c.id],) if c.id in order else ()))
             for c in board.cells]
    bridge = {"id": BRIDGE, "neighbors": sorted(c.id for c in board.cells if c.ring == 1)}
    return graph_record(spec.game, spec.name, cells, [bridge])
