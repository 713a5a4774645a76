"""One cell record, the board protocol every cell board meets, and `pnp graph` written once for all of them.

A cell board is its cells in board order, each with an id, a centre and a
polygon (mm, y down, in the board's own frame), the ids of its neighbours, the
sides it lies on and its tags. The hex lattice's boards (lattice/placed.py) and *Star's
dual-polygon board both are one, so drawing, diagrams and the board-graph
contract (shared/DESIGN.md) are written against this and never against a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.geometry.hexagon import Point

DECIMALS = 3   # `pnp graph` writes mm to a thousandth: short and byte-stable JSON


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell as every board gives it; a board's own coordinates live in a subclass (a lattice's row and column)."""

    id: str
    center: Point
    polygon: tuple[Point, ...]
    neighbours: tuple[str, ...]   # cell ids, or a node's id (*Star's `bridge`)
    sides: tuple[str, ...]        # the board sides the cell lies on; a corner lies on two
    tags: tuple[str, ...]


class CellBoard(Protocol):
    """What drawing and `pnp graph` need of a board placed at a cell size: its cells, found by id, and its frame."""

    @property
    def cells(self) -> Sequence[Cell]: ...

    @property
    def by_id(self) -> Mapping[str, Cell]: ...

    @property
    def cell_mm(self) -> float: ...

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...


def _r(value: float) -> float:
    return round(value, DECIMALS) + 0.0


def cell_record(cell: Cell, more_tags: Iterable[str] = ()) -> dict[str, Any]:
    """One cell as the contract writes it: neighbours sorted, `more_tags` after the cell's own."""
    return {
        "id": cell.id,
        "center": [_r(cell.center[0]), _r(cell.center[1])],
        "polygon": [[_r(x), _r(y)] for x, y in cell.polygon],
        "neighbors": sorted(cell.neighbours),
        "sides": list(cell.sides),
        "tags": [*cell.tags, *more_tags],
    }


def board_graph(game: str, name: str, board: CellBoard, more_tags: Mapping[str, Iterable[str]] | None = None,
                nodes: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """`pnp graph` of any cell board. `more_tags` adds facts the drawn cells do not carry (*Star's handicap order);
    `nodes` are the places that are no cell (*Star's bridge)."""
    extra = more_tags or {}
    cells = [cell_record(cell, extra.get(cell.id, ())) for cell in board.cells]
    return {"game": game, "name": name, "units": "mm", "cells": cells, "nodes": [dict(node) for node in nodes]}
