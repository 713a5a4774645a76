"""A mudcrack board placed in mm, a cell board of the layer, and the two promises its print keeps.

A board (grow.py) is made in shares of its side; `MudcrackBoard` places it, so
it meets the layer's cell-board protocol (pnp/boards/cells.py) as a lattice
board does, and everything drawn on cells (stones, chains, pads) serves both.

Its `cell_mm` means what a lattice board's does for a stone: the diameter of
the largest circle about its centre that every cell holds (a hexagon's across
flats), so stones, pads and line weights sized to `cell_mm` fit either board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import sqrt

from pnp.boards.cells import Cell
from pnp.boards.mudcrack.code import encode
from pnp.boards.mudcrack.grow import HEIGHT, Mudcrack
from pnp.geometry.hexagon import Point

APEX, RIGHT_FOOT, LEFT_FOOT = (0.5, 0.0), (1.0, HEIGHT), (0.0, HEIGHT)   # a side-1 triangle, y down
SIDE_ENDS = {"left": (LEFT_FOOT, APEX), "right": (APEX, RIGHT_FOOT), "bottom": (RIGHT_FOOT, LEFT_FOOT)}   # clockwise
MIN_ROOM_MM = 3.5   # a cell holds a circle this large about its centre: a 5.5 mm stone and its 1.5 mm clearance, or
                    # a pencil mark
MIN_EDGE_MM = 1.5   # every edge of a cell prints at least this long, so cells are seen to meet three at a corner
                    # (shared/GAMES.md, Mudcrack Y)


def side_cells(room: float) -> float:
    """The triangle's side, in cells (`cell_mm` units), of a board whose cells hold a circle `room` of the side."""
    return 1.0 / (2.0 * room)


@dataclass(frozen=True)
class MudcrackBoard:
    """A mudcrack board whose smallest cell holds a `cell_mm` circle about its centre, the frame's top-left (the
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


def least_edge_cell(mud: Mudcrack) -> float:
    """The least cell at which every edge of a board of this generator prints MIN_EDGE_MM long (boards of the first
    version, whose edges may be a hair's breadth, print as they always did)."""
    return MIN_EDGE_MM / (mud.shortest_edge * MudcrackBoard(mud, 1.0).side_mm) if mud.version >= 2 else 0.0
