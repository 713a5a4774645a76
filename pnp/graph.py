"""The board graph contract (`pnp graph`): cells with centres, polygons, neighbours, sides."""

from __future__ import annotations

import json
from typing import Any

from pnp.spec.models import Spec


def _r(value: float) -> float:
    return round(value, 3) + 0.0


def board_graph(spec: Spec) -> dict[str, Any]:
    from pnp.compose.asterisk_board import board_fit
    from pnp.geometry.asterisk import AsteriskBoard

    _, cell_mm = board_fit(spec)
    board = AsteriskBoard(spec.board.side, cell_mm)
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


def board_graph_json(spec: Spec) -> str:
    return json.dumps(board_graph(spec), indent=1) + "\n"
