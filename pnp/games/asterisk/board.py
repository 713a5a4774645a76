"""The Asterisk board's geometry: a triangle of pointy-top hexagons, apex at the top. Pure; nothing here draws.

Cells are addressed (row, pos): row 1 is the apex, pos counts from the left
within a row. Ids follow shared/GAMES.md: letters for pos, number for row
(`a1` apex, `k11` bottom right of side 11). Coordinates are in the board's own
frame: mm, y down, origin at the top-left of the cells' bounding box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.geometry.hexagon import SQRT3, Point, circumradius, hexagon_offsets, pointy_hexagon

SIDES = ("left", "right", "bottom")

# Neighbour offsets (d_row, d_pos) in the order of the pointy hexagon's edges
# (top-right, right, bottom-right, bottom-left, left, top-left).
EDGE_STEPS = ((-1, 0), (0, 1), (1, 1), (1, 0), (0, -1), (-1, -1))


@lru_cache(maxsize=4096)
def letters(pos: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa, 28 -> ab (spreadsheet style)."""
    text = ""
    while pos > 0:
        pos, rem = divmod(pos - 1, 26)
        text = chr(ord("a") + rem) + text
    return text


def cell_id(row: int, pos: int) -> str:
    return f"{letters(pos)}{row}"


def cell_count(side: int) -> int:
    return side * (side + 1) // 2


def contains(side: int, row: int, pos: int) -> bool:
    return 1 <= row <= side and 1 <= pos <= row


def neighbours(side: int, row: int, pos: int) -> list[tuple[int, int]]:
    """Adjacent cells in edge order (top-right first, clockwise)."""
    steps = ((row + dr, pos + dp) for dr, dp in EDGE_STEPS)
    return [(r, p) for r, p in steps if contains(side, r, p)]


def sides_of(side: int, row: int, pos: int) -> tuple[str, ...]:
    """Which board sides a cell lies on; a corner lies on two."""
    found = []
    if pos == 1:
        found.append("left")
    if pos == row:
        found.append("right")
    if row == side:
        found.append("bottom")
    return tuple(found)


def ring(side: int, row: int, pos: int) -> int:
    """0 for the perimeter, 1 for the ring inside it, and so on inwards."""
    return min(pos - 1, row - pos, side - row)


@dataclass(frozen=True, slots=True)
class Cell:
    row: int
    pos: int
    id: str
    center: Point
    polygon: tuple[Point, ...]
    neighbours: tuple[str, ...]
    sides: tuple[str, ...]
    ring: int


@dataclass(frozen=True)
class AsteriskBoard:
    """A side-`side` board whose cells measure `cell_mm` across flats.

    `origin` is where the frame's top-left lands, so a page can place the board
    without copying every point.
    """

    side: int
    cell_mm: float
    origin: Point = (0.0, 0.0)

    @property
    def row_step(self) -> float:
        """Vertical distance between row centres: 1.5 circumradii."""
        return self.cell_mm * SQRT3 / 2

    @property
    def width(self) -> float:
        return self.side * self.cell_mm

    @property
    def height(self) -> float:
        return (self.side - 1) * self.row_step + 2 * circumradius(self.cell_mm)

    def center(self, row: int, pos: int) -> Point:
        """Centre of (row, pos); also defined just outside the board, for labels."""
        x = (pos - (row + 1) / 2) * self.cell_mm + self.width / 2
        y = (row - 1) * self.row_step + circumradius(self.cell_mm)
        return (x + self.origin[0], y + self.origin[1])

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, row by row from the apex, left to right.

        Ids are made once and neighbours looked up among them: a side-200 board has
        20,100 cells, and this runs once per drawn board.
        """
        n = self.side
        ids = {(r, p): cell_id(r, p) for r in range(1, n + 1) for p in range(1, r + 1)}
        corners = hexagon_offsets(self.cell_mm)
        found = []
        for (r, p), name in ids.items():
            cx, cy = center = self.center(r, p)
            found.append(Cell(
                row=r,
                pos=p,
                id=name,
                center=center,
                polygon=tuple((cx + dx, cy + dy) for dx, dy in corners),
                neighbours=tuple(ids[q] for q in ((r + dr, p + dp) for dr, dp in EDGE_STEPS) if q in ids),
                sides=sides_of(n, r, p),
                ring=ring(n, r, p),
            ))
        return tuple(found)

    @cached_property
    def by_id(self) -> dict[str, Cell]:
        return {cell.id: cell for cell in self.cells}

    def side_outline(self, name: str) -> tuple[Point, ...]:
        """The outer edges of one side's cells as a zigzag, corner to corner.

        Left runs bottom to apex, right apex to bottom, bottom right to left, so
        the three together trace the board's outline clockwise, and each corner
        cell's outer edges are split between its two sides.
        """
        n = self.side
        runs = {
            "left": [((r, 1), (4, 5, 0)) for r in range(n, 0, -1)],
            "right": [((r, r), (0, 1, 2)) for r in range(1, n + 1)],
            "bottom": [((n, p), (2, 3, 4)) for p in range(n, 0, -1)],
        }[name]
        points: list[Point] = []
        for (r, p), corners in runs:
            hexagon = pointy_hexagon(self.center(r, p), self.cell_mm)
            for k in corners:
                if not points or _far(points[-1], hexagon[k]):
                    points.append(hexagon[k])
        return tuple(points)


def _far(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1e-9
