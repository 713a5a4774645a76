"""A shape board at a cell size: the cells in mm, meeting the layer's CellBoard protocol (pnp/boards/cells.py).

The geometry is the lattice's own (LatticeBoard: the frame's top-left at the
origin, centres and corners in the very floats it gives), so a rhombus or a
triangle placed here lands exactly where Hex's and Y's boards do today; only
the names differ: the definition's id scheme, and its groups. A cell's `sides`
are the sides it belongs to (a corner kept apart belongs to none) and its
`tags` the corner it is, which is what `pnp graph` lists (shared/DESIGN.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.boards.cells import Cell
from pnp.boards.lattice.orientation import POINTY, Orientation
from pnp.boards.lattice.placed import LatticeBoard
from pnp.cellboard.graph import ShapeBoard, stepped
from pnp.geometry.hexagon import Point


@dataclass(frozen=True)
class PlacedBoard:
    """A ShapeBoard whose cells measure `cell_mm` across flats, its frame's top-left at `origin`."""

    board: ShapeBoard
    cell_mm: float
    origin: Point = (0.0, 0.0)
    orientation: Orientation = POINTY

    @cached_property
    def lattice(self) -> LatticeBoard:
        """The same shape placed by the lattice: frame, centres, side outlines."""
        return LatticeBoard(self.board.shape, self.cell_mm, self.origin, self.orientation)

    @property
    def width(self) -> float:
        return self.lattice.width

    @property
    def height(self) -> float:
        return self.lattice.height

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell in board order, named by the scheme; neighbours in edge order, as the lattice's cells."""
        board, ids = self.board, self.board.ids
        place = {h: i for i, h in enumerate(board.hexes)}
        found = []
        for i, (drawn, h) in enumerate(zip(self.lattice.cells, board.hexes)):
            near = tuple(ids[place[s]] for s in stepped(h) if s in place)
            found.append(Cell(ids[i], drawn.center, drawn.polygon, near, board.sides_of(i), board.corner_of(i)))
        return tuple(found)

    @cached_property
    def by_id(self) -> dict[str, Cell]:
        return {cell.id: cell for cell in self.cells}

    def side_outline(self, name: str) -> tuple[Point, ...]:
        """One side's outer edges as a zigzag, corner to corner, clockwise round the board (the lattice's)."""
        return self.lattice.side_outline(name)

    @cached_property
    def corners(self) -> dict[str, Cell]:
        """Each corner's cell, in the shape's order of corners."""
        return {cell.tags[0]: cell for cell in sorted((c for c in self.cells if c.tags),
                                                      key=lambda c: self.board.kind.corner_names.index(c.tags[0]))}
