"""Y's two boards as the layer draws them: the lattice triangle, and a Mudcrack Y board placed in mm.

The triangle is the lattice's (pnp/boards/lattice.py), Asterisk's board: `a1`
ids, neighbours and sides as shared/GAMES.md says. A Mudcrack Y board
(mudcrack.py) is made in shares of its side; `MudcrackBoard` places it, so it
meets the layer's cell-board protocol (pnp/boards/cells.py) as a lattice board
does, and everything drawn on cells (stones, chains, pads) serves both.

Its `cell_mm` means what a lattice board's does for a stone: the diameter of
the largest circle about its centre that every cell holds (a hexagon's across
flats), so stones, pads and line weights sized to `cell_mm` fit either board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import sqrt

from pnp.boards.cells import Cell
from pnp.boards.lattice import TRIANGLE_SIDES, LatticeBoard, triangle
from pnp.games.y.code import encode
from pnp.games.y.mudcrack import HEIGHT, SIDES, Mudcrack
from pnp.geometry.hexagon import Point

assert SIDES == TRIANGLE_SIDES, "both boards name their sides alike, so one referee goal serves them"
APEX, RIGHT_FOOT, LEFT_FOOT = (0.5, 0.0), (1.0, HEIGHT), (0.0, HEIGHT)   # a side-1 triangle, y down
SIDE_ENDS = {"left": (LEFT_FOOT, APEX), "right": (APEX, RIGHT_FOOT), "bottom": (RIGHT_FOOT, LEFT_FOOT)}   # clockwise


def triangle_board(side: int, cell_mm: float, origin: Point = (0.0, 0.0)) -> LatticeBoard:
    """Y's lattice board: a side-`side` triangle of `cell_mm` cells, its frame's top-left at `origin`."""
    return LatticeBoard(triangle(side), cell_mm, origin)


def side_cells(room: float) -> float:
    """The triangle's side, in cells (`cell_mm` units), of a board whose cells hold a circle `room` of the side."""
    return 1.0 / (2.0 * room)


@dataclass(frozen=True)
class MudcrackBoard:
    """A Mudcrack Y board whose smallest cell holds a `cell_mm` circle about its centre, the frame's top-left (the
    triangle's bounding box) at `origin`."""

    mud: Mudcrack
    cell_mm: float
    origin: Point = (0.0, 0.0)

    @cached_property
    def side_mm(self) -> float:
        return self.cell_mm * side_cells(self.mud.room)

    @property
    def mean_cell_mm(self) -> float:
        """The across flats of a hexagon as large as the average cell (the triangle's area shared N ways)."""
        return self.side_mm / sqrt(2 * self.mud.count)

    @property
    def width(self) -> float:
        return self.side_mm

    @property
    def height(self) -> float:
        return self.side_mm * HEIGHT

    @property
    def code(self) -> str:
        """The board code that names these cells (how large they print is not in it)."""
        return encode(*self.mud.name)

    def point(self, share: Point) -> Point:
        """A point of the side-1 board on the page."""
        return (self.origin[0] + share[0] * self.side_mm, self.origin[1] + share[1] * self.side_mm)

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Cell 1 to N in reading order, in mm."""
        return tuple(Cell(c.id, self.point(c.center), tuple(map(self.point, c.polygon)), c.neighbours, c.sides, ())
                     for c in self.mud.cells)

    @cached_property
    def by_id(self) -> dict[str, Cell]:
        return {cell.id: cell for cell in self.cells}

    @property
    def corners(self) -> tuple[Point, Point, Point]:
        """The triangle's corners on the page, clockwise from the apex."""
        return (self.point(APEX), self.point(RIGHT_FOOT), self.point(LEFT_FOOT))

    def side_outline(self, name: str) -> tuple[Point, ...]:
        """One side of the triangle, corner to corner, running clockwise round the board (as a lattice board's)."""
        if name not in SIDE_ENDS:
            raise ValueError(f"{name!r} is not a side of the triangle: {list(SIDE_ENDS)}")
        return tuple(map(self.point, SIDE_ENDS[name]))


YBoard = LatticeBoard | MudcrackBoard   # what every Y page draws on
