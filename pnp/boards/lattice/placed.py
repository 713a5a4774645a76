"""A lattice shape placed on the page: its cells in mm, y down, the frame's top-left at the board's origin.

`LatticeBoard` gives each cell's centre and polygon and each side's outline as
a zigzag, in the very floats the cells' polygons hold; ids, neighbours and
sides stay the shape's, made once however many boards are drawn from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.boards.cells import Cell
from pnp.boards.lattice.orientation import POINTY, Orientation
from pnp.boards.lattice.shapes import EDGES, Hex, LatticeShape
from pnp.geometry.hexagon import SQRT3, Point, circumradius, hexagon_offsets

HALF_CELL = 0.5   # along the across-flats axis a cell reaches half its width either side of its centre
SAME_POINT_MM = 1e-9   # corners nearer than this are one point of an outline


@dataclass(frozen=True, slots=True)
class LatticeCell(Cell):
    """A lattice board's cell: the shared record, its address and its ring."""

    row: int
    column: int
    ring: int


@dataclass(frozen=True)
class LatticeBoard:
    """A shape whose cells measure `cell_mm` across flats, the frame (the cells' bounding box) with its top-left at
    `origin`, so a page can place the board without copying every point."""

    shape: LatticeShape
    cell_mm: float
    origin: Point = (0.0, 0.0)
    orientation: Orientation = POINTY

    @cached_property
    def pitch(self) -> float:
        """Distance between neighbouring lines of cells: 1.5 circumradii."""
        return self.cell_mm * SQRT3 / 2

    @cached_property
    def _frame(self) -> tuple[float, float, float, float]:
        """(across lead, pitch lead, across extent, pitch extent): the frame's edge to unit 0 along each axis, and
        its size. The across lead is worked in whole half cells and only then scaled, as Asterisk always did."""
        a_low, a_high = _units(self.shape, self.orientation.across)
        p_low, p_high = _units(self.shape, self.orientation.pitch)
        radius = circumradius(self.cell_mm)
        return ((HALF_CELL - a_low) * self.cell_mm, radius - p_low * self.pitch,
                (a_high - a_low + 1) * self.cell_mm, (p_high - p_low) * self.pitch + 2 * radius)

    @property
    def width(self) -> float:
        return self._frame[2] if self.orientation.across_is_x else self._frame[3]

    @property
    def height(self) -> float:
        return self._frame[3] if self.orientation.across_is_x else self._frame[2]

    def point(self, h: Hex) -> Point:
        """Centre of an axial point, on the shape or off it."""
        o, (q, r) = self.orientation, h
        across = (q * o.across[0] + r * o.across[1]) * self.cell_mm + self._frame[0]
        pitch = (q * o.pitch[0] + r * o.pitch[1]) * self.pitch + self._frame[1]
        x, y = (across, pitch) if o.across_is_x else (pitch, across)
        return (x + self.origin[0], y + self.origin[1])

    def center(self, row: int, column: int) -> Point:
        """Centre of the cell at (row, column); also defined just outside the board, for labels."""
        return self.point(self.shape.hex_at(row, column))

    @cached_property
    def cells(self) -> tuple[LatticeCell, ...]:
        """Every cell in reading order. Ids, neighbours and sides are the shape's, made once per shape (a side-200
        triangle has 20,100 cells); only centres and polygons are worked out here."""
        corners = hexagon_offsets(self.cell_mm, self.orientation.first_corner_deg)
        found = []
        for name, p in self.shape.places.items():
            cx, cy = center = self.point(p.hex)
            polygon = tuple([(cx + dx, cy + dy) for dx, dy in corners])
            found.append(LatticeCell(name, center, polygon, p.neighbours, p.sides, (), p.row, p.column, p.ring))
        return tuple(found)

    @cached_property
    def by_id(self) -> dict[str, LatticeCell]:
        return {cell.id: cell for cell in self.cells}

    def side_outline(self, name: str) -> tuple[Point, ...]:
        """The outer edges of one side's cells as a zigzag, corner to corner, running clockwise round the board.

        Each corner cell's outer edges are split between its two sides; the middle
        edge of an obtuse corner is split at its midpoint.
        """
        points: list[Point] = []
        for start, end in self._side_segments(name):
            for p in (start, end):
                if not points or _far(points[-1], p):
                    points.append(p)
        return tuple(points)

    def _side_segments(self, name: str) -> list[tuple[Point, Point]]:
        """One side's pieces of the outline in clockwise order, starting where the side before it ends."""
        segments = self._segments
        starts = [i for i, (owner, _) in enumerate(segments) if owner == name and segments[i - 1][0] != name]
        if not starts:
            raise ValueError(f"{name!r} is not a side of the {self.shape.kind}: {[s.name for s in self.shape.sides]}")
        found, i = [], starts[0]
        while segments[i % len(segments)][0] == name and len(found) < len(segments):
            found.append(segments[i % len(segments)][1])
            i += 1
        return found

    @cached_property
    def _segments(self) -> list[tuple[str, tuple[Point, Point]]]:
        """The outline clockwise as (side, (from, to)) in the very floats of the cells' polygons; an edge facing
        two sides is two halves, the first to the side before it."""
        offsets = hexagon_offsets(self.cell_mm, self.orientation.first_corner_deg)
        corners: dict[Hex, list[Point]] = {}
        found: list[tuple[str, tuple[Point, Point]]] = []
        for h, k, owners in self.shape.outline:
            if h not in corners:
                cx, cy = self.point(h)
                corners[h] = [(cx + dx, cy + dy) for dx, dy in offsets]
            a, b = corners[h][k], corners[h][(k + 1) % EDGES]
            if len(owners) == 1:
                found.append((owners[0], (a, b)))
                continue
            first = owners if not found or found[-1][0] == owners[0] else owners[::-1]
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            found += [(first[0], (a, middle)), (first[1], (middle, b))]
        return found


def _units(shape: LatticeShape, coefficients: tuple[float, float]) -> tuple[float, float]:
    """Lowest and highest q·a + r·b over the shape's cells: found at the ends of its rows."""
    a, b = coefficients
    values = [q * a + r * b for _, r, low, high in shape.row_spans for q in (low, high)]
    return min(values), max(values)


def _far(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > SAME_POINT_MM
