"""The Asterisk board: the hex lattice's triangle (pnp/boards/lattice/), pointy-top cells, apex at the top.

Cells are addressed (row, pos): row 1 is the apex, pos counts from the left
within a row, so ids are the lattice's `a1` ids (`a1` apex, `k11` bottom right
of side 11) and the sides are left, right and bottom, as shared/GAMES.md says.
A cell's neighbours, sides and ring are the triangle's `places`, made once per
side however many boards are drawn.
"""

from __future__ import annotations

from pnp.boards.lattice.ids import a1_id as cell_id
from pnp.boards.lattice.ids import letters
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import TRIANGLE_SIDES as SIDES
from pnp.boards.lattice.shapes import triangle
from pnp.geometry.hexagon import Point

__all__ = ["SIDES", "AsteriskBoard", "cell_count", "cell_id", "letters"]


def cell_count(side: int) -> int:
    return triangle(side).count


class AsteriskBoard(LatticeBoard):
    """A side-`side` triangle whose cells measure `cell_mm` across flats, its frame's top-left at `origin`."""

    def __init__(self, side: int, cell_mm: float, origin: Point = (0.0, 0.0)) -> None:
        super().__init__(triangle(side), cell_mm, origin)

    @property
    def side(self) -> int:
        return self.shape.size
