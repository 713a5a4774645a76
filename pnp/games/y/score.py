"""`pnp score` and diagram captions for Y: the referee (pnp/boards/connect.py) on the position's board, the
verdict in every connection game's words (pnp/boards/verdict.py). One goal for both players: all three sides."""

from __future__ import annotations

from functools import lru_cache

from pnp.boards.connect import CellGraph, cell_graph
from pnp.boards.lattice.shapes import triangle
from pnp.boards.verdict import ConnectionVerdict, connection_verdict
from pnp.boards.mudcrack.grow import mudcrack
from pnp.games.y.position import YPosition
from pnp.games.y.rules import GOALS


@lru_cache(maxsize=16)
def triangle_graph(side: int) -> CellGraph:
    """The side-`side` triangle indexed once for the referee."""
    places = triangle(side).places
    return cell_graph(list(places), {c: p.neighbours for c, p in places.items()}, {c: p.sides for c, p in places.items()})


@lru_cache(maxsize=16)
def mudcrack_graph(cells: int, seed: int, version: int) -> CellGraph:
    """The Mudcrack Y board (cells, seed, version) indexed once for the referee: ids "1" to "N"."""
    board = mudcrack(cells, seed, version).cells
    return cell_graph([c.id for c in board], {c.id: c.neighbours for c in board}, {c.id: c.sides for c in board})


def position_graph(position: YPosition) -> CellGraph:
    named = position.board.named()
    return triangle_graph(position.board.side) if named is None else mudcrack_graph(*named)


def score(position: YPosition) -> ConnectionVerdict:
    return connection_verdict("y", position.board.words(), position_graph(position), position.owners(), GOALS)
