"""`pnp score` and diagram captions for Hex: the connection verdict of pnp/boards/verdict.py on the rhombus."""

from __future__ import annotations

from functools import lru_cache

from pnp.boards.connect import CellGraph, cell_graph
from pnp.boards.lattice import rhombus
from pnp.boards.verdict import ConnectionVerdict, connection_verdict
from pnp.games.hex.position import HexPosition
from pnp.games.hex.rules import GOALS


@lru_cache(maxsize=16)
def board_graph(size: int) -> CellGraph:
    """The rhombus indexed once per size, however many positions are judged on it."""
    places = rhombus(size).places
    return cell_graph(list(places), {cell: p.neighbours for cell, p in places.items()},
                      {cell: p.sides for cell, p in places.items()})


def title(size: int) -> str:
    return f"Hex, {size} × {size}"


def score(position: HexPosition) -> ConnectionVerdict:
    size = position.board.size
    return connection_verdict("hex", title(size), board_graph(size), position.owners(), GOALS)
