"""The board-graph contract (`pnp graph`, shared/DESIGN.md), one shape for every game.

Coordinates are in mm in the board's own frame (y down), written with fixed
precision so the JSON is short and stable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pnp.geometry.hexagon import Point

DECIMALS = 3


def _r(value: float) -> float:
    return round(value, DECIMALS) + 0.0


def cell_record(cell_id: str, center: Point, polygon: Iterable[Point], neighbours: Iterable[str],
                sides: Iterable[str], tags: Iterable[str] = ()) -> dict[str, Any]:
    """One cell as the contract writes it; neighbours sorted."""
    return {
        "id": cell_id,
        "center": [_r(center[0]), _r(center[1])],
        "polygon": [[_r(x), _r(y)] for x, y in polygon],
        "neighbors": sorted(neighbours),
        "sides": list(sides),
        "tags": list(tags),
    }


def graph_record(game: str, name: str, cells: list[dict[str, Any]], nodes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"game": game, "name": name, "units": "mm", "cells": cells, "nodes": nodes or []}
