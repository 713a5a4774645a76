"""The board graph contract (`pnp graph`) for Asterisk: cells with centres, polygons, neighbours, sides.

Coordinates are in the board's own frame (mm, y down) at the cell size the
plan chose, so they match the printed board cell for cell.
"""

from __future__ import annotations

from typing import Any

from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.spec import AsteriskSpec

DECIMALS = 3


def _r(value: float) -> float:
    return round(value, DECIMALS) + 0.0


def board_graph(spec: AsteriskSpec, plan: KitPlan) -> dict[str, Any]:
    board = AsteriskBoard(spec.board.side, plan.board.board.cell_mm)
    cells = [
        {
            "id": c.id,
            "center": [_r(c.center[0]), _r(c.center[1])],
            "polygon": [[_r(x), _r(y)] for x, y in c.polygon],
            "neighbors": sorted(c.neighbours),
            "sides": list(c.sides),
            "tags": [],
        }
        for c in board.cells
    ]
    return {"game": spec.game, "name": spec.name, "units": "mm", "cells": cells, "nodes": []}
