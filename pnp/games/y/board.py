"""Y's two boards as the layer draws them: the lattice triangle, and a mudcrack board (pnp/boards/mudcrack/).

The triangle is the lattice's (pnp/boards/lattice/), Asterisk's board: `a1`
ids, neighbours and sides as shared/GAMES.md says. A Mudcrack Y board is the
layer's `MudcrackBoard`, which meets the cell-board protocol as a lattice board
does, so everything drawn on cells (stones, chains, pads) serves both.
"""

from __future__ import annotations

from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import TRIANGLE_SIDES, triangle
from pnp.boards.mudcrack.grow import SIDES
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.geometry.hexagon import Point

assert SIDES == TRIANGLE_SIDES, "both boards name their sides alike, so one referee goal serves them"


def triangle_board(side: int, cell_mm: float, origin: Point = (0.0, 0.0)) -> LatticeBoard:
    """Y's lattice board: a side-`side` triangle of `cell_mm` cells, its frame's top-left at `origin`."""
    return LatticeBoard(triangle(side), cell_mm, origin)


YBoard = LatticeBoard | MudcrackBoard   # what every Y page draws on
