"""The hex lattice every hexagon board stands on: axial coordinates, orientation as data, shapes, `a1` ids.

A cell is an axial point (q, r), as in Red Blob Games' hexagon guide. The
neighbour through edge k is STEPS[k] away in both orientations, since a flat-top
lattice is the pointy-top one turned 30 degrees clockwise. A shape is the cells
inside a few straight sides, each a half-plane form·(q, r) <= bound: a cell lies
on a side where it meets the bound, its ring is how many steps inside the
nearest side it stands, and its outer edges facing a side trace that side's
zigzag. Ids follow the `a1` scheme (shared/GAMES.md): rows numbered from the
shape's first row, cells lettered from the start of their row, past z as aa, ab.
A placed board (`LatticeBoard`) gives the cells in mm, y down, the frame's
top-left at its origin. Pure: nothing here draws.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from pnp.boards.cells import Cell
from pnp.geometry.hexagon import FLAT_FIRST_DEG, POINTY_FIRST_DEG, SQRT3, Point, circumradius, hexagon_offsets

Hex = tuple[int, int]        # axial (q, r)
Address = tuple[int, int]    # (row, column), both from 1: tuples sort in reading order

# The neighbour through edge k, edges clockwise from the first one past straight up
# (pointy: top-right, right, bottom-right, bottom-left, left, top-left).
STEPS: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
EDGES = len(STEPS)
ALPHABET = 26
A1_ID = re.compile(r"([a-z]{1,6})([1-9][0-9]{0,8})")   # far beyond any board, short of a huge number
TYPO = re.compile(r"([a-z]{1,3})(\d{1,4})")             # what a mistyped id may look like: row 0, 07, ...
HALF_CELL = 0.5   # along the across-flats axis a cell reaches half its width either side of its centre
SAME_POINT_MM = 1e-9   # corners nearer than this are one point of an outline
TRIANGLE_SIDES = ("left", "right", "bottom")
RHOMBUS_SIDES = ("top", "bottom", "left", "right")   # Hex: Red's pair, then Blue's (shared/DESIGN.md)
HEXAGON_SIDES = ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")


# --- ids -----------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def letters(column: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa, 28 -> ab (spreadsheet style)."""
    text = ""
    while column > 0:
        column, rem = divmod(column - 1, ALPHABET)
        text = chr(ord("a") + rem) + text
    return text


def column_of(text: str) -> int:
    """The inverse of `letters`: a -> 1, z -> 26, aa -> 27."""
    value = 0
    for char in text:
        value = value * ALPHABET + ord(char) - ord("a") + 1
    return value


def a1_id(row: int, column: int) -> str:
    return f"{letters(column)}{row}"


def parse_a1(text: str) -> Address:
    """`k11` -> (11, 11). ValueError unless the text is lower-case letters and then a row number from 1."""
    found = A1_ID.fullmatch(text)
    if not found:
        raise ValueError(f"{text!r} is not a cell id (letters, then a row number from 1, e.g. c4)")
    return (int(found[2]), column_of(found[1]))


# --- orientation -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Orientation:
    """How axial points land on the page. Along one axis neighbours in a line touch flat to flat, a whole cell
    apart (the across axis); along the other those lines stand a pitch, sqrt(3)/2 of a cell, apart."""

    name: str
    first_corner_deg: float      # corner 0 (y down); corners run clockwise, edge k joins corners k and k + 1
    across: tuple[float, float]  # cells along the across axis per step of q and of r
    pitch: tuple[int, int]       # pitches along the other axis per step of q and of r
    across_is_x: bool


# Pointy: rows of cells, each half a cell right of the row above. Flat: the same turned 30 degrees clockwise.
POINTY = Orientation("pointy", POINTY_FIRST_DEG, (1.0, 0.5), (0, 1), True)
FLAT = Orientation("flat", FLAT_FIRST_DEG, (0.5, 1.0), (1, 0), False)


# --- shapes ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """A straight side: the shape's cells keep form·(q, r) <= bound, and those meeting the bound lie on it."""

    name: str
    form: Hex
    bound: int

    def slack(self, q: int, r: int) -> int:
        """Steps from the side's own line of cells: a step changes the form by one at most."""
        return self.bound - self.form[0] * q - self.form[1] * r

    def faces(self, edge: int) -> bool:
        """Whether edge `edge` of a cell on this side faces out across it."""
        dq, dr = STEPS[edge]
        return self.form[0] * dq + self.form[1] * dr == 1


class Place(NamedTuple):
    """A cell of a shape without geometry: what rules and referees need."""

    hex: Hex
    row: int
    column: int
    neighbours: tuple[str, ...]   # in edge order
    sides: tuple[str, ...]        # in the shape's order of sides
    ring: int                     # 0 on the perimeter, 1 just inside it, ...


@dataclass(frozen=True)
class Shape:
    """The cells inside straight sides, in rows `rows[0]` .. `rows[1]` of r, read row by row.

    Games ask by id (`places`) or by (row, column) address (`place`, `neighbours`, `sides_of`, `ring`); the
    geometry-free facts are made once per shape, however many boards are drawn from it.
    """

    kind: str
    size: int
    sides: tuple[Side, ...]
    rows: tuple[int, int]

    def span(self, r: int) -> tuple[int, int]:
        """First and last q of row r; also for rows just outside, where labels stand."""
        low = max(s.form[1] * r - s.bound for s in self.sides if s.form[0] == -1)
        high = min(s.bound - s.form[1] * r for s in self.sides if s.form[0] == 1)
        return low, high

    @property
    def row_count(self) -> int:
        return self.rows[1] - self.rows[0] + 1

    @cached_property
    def count(self) -> int:
        """How many cells, without making them: a side-200 triangle is counted often, drawn rarely."""
        return sum(high - low + 1 for _, _, low, high in self.row_spans)

    def _first_q(self, r: int) -> int:
        return self.row_spans[r - self.rows[0]][2] if self.rows[0] <= r <= self.rows[1] else self.span(r)[0]

    def hex_at(self, row: int, column: int) -> Hex:
        """The axial point of an address; defined just off the shape too."""
        r = row - 1 + self.rows[0]
        return (column - 1 + self._first_q(r), r)

    def contains(self, h: Hex) -> bool:
        return self.rows[0] <= h[1] <= self.rows[1] and all(s.slack(*h) >= 0 for s in self.sides)

    def has(self, address: Address) -> bool:
        return 1 <= address[0] <= self.row_count and self.contains(self.hex_at(*address))

    @cached_property
    def row_spans(self) -> tuple[tuple[int, int, int, int], ...]:
        """(row number, r, first q, last q) of every row, each span worked out once per shape."""
        return tuple((row, r, *self.span(r)) for row, r in enumerate(range(self.rows[0], self.rows[1] + 1), 1))

    @cached_property
    def lines(self) -> dict[int, tuple[int, list[str]]]:
        """Each row's ids, by r, with the row's first q: made once per shape, however many boards are drawn from it."""
        return {r: (low, [a1_id(row, column) for column in range(1, high - low + 2)])
                for row, r, low, high in self.row_spans}

    @cached_property
    def places(self) -> dict[str, Place]:
        """Every cell by id, in reading order, with its neighbours, sides and ring, worked out a row at a time: a
        neighbour is a slice of the next row, not a look-up per cell (a side-200 triangle has 20,100 cells)."""
        lines = self.lines
        found = {}
        for row, r, low, high in self.row_spans:
            names = lines[r][1]
            near = zip(*(_shifted(lines, r + dr, low + dq, len(names)) for dq, dr in STEPS))
            on, rings = self._row_sides(r, low, high)
            for i, (name, links) in enumerate(zip(names, near)):
                found[name] = Place((low + i, r), row, i + 1, tuple(filter(None, links)), on[i], rings[i])
        return found

    def _row_sides(self, r: int, low: int, high: int) -> tuple[list[tuple[str, ...]], list[int]]:
        """The sides and ring of each cell of row r: along a row a side's slack changes by minus its form's q."""
        width = high - low + 1
        on: list[tuple[str, ...]] = [()] * width
        slacks: list[Sequence[int]] = []
        for side in self.sides:
            first, step = side.slack(low, r), -side.form[0]
            slacks.append(range(first, first + step * width, step) if step else [first] * width)
            if step:
                at: Sequence[int] = [-first * step]   # the one cell of the row where the slack is 0
            else:
                at = range(width) if first == 0 else ()
            for i in at:
                if 0 <= i < width:
                    on[i] += (side.name,)
        return on, list(map(min, zip(*slacks)))

    def place(self, address: Address) -> Place:
        """The cell at (row, column); ValueError off the shape."""
        try:
            return self.at[address]
        except KeyError:
            raise ValueError(f"{address} is not a cell of the {self.kind} of size {self.size}") from None

    @cached_property
    def at(self) -> dict[Address, Place]:
        """Every cell by (row, column)."""
        return {(p.row, p.column): p for p in self.places.values()}

    def neighbours(self, address: Address) -> list[Address]:
        """The cells next to one, in edge order."""
        places = self.places
        return [(places[name].row, places[name].column) for name in self.place(address).neighbours]

    def sides_of(self, address: Address) -> tuple[str, ...]:
        """The sides a cell lies on, in the shape's order; a corner lies on two."""
        return self.place(address).sides

    def ring(self, address: Address) -> int:
        """0 on the perimeter, 1 for the ring inside it, and so on inwards."""
        return self.place(address).ring

    def parse(self, text: str) -> Address:
        """A cell id read back; ValueError naming the shape when no cell has it."""
        address = parse_a1(text)
        if not self.has(address):
            raise ValueError(f"{text!r} is not a cell of the {self.kind} of size {self.size}")
        return address

    def near(self, text: str) -> Iterator[str]:
        """The ids a mistyped one most likely meant, few enough to compare on the largest board: those with its
        letters (in any row), then those in its row (with any letters)."""
        found = TYPO.fullmatch(text.lower())
        if not found:
            return
        row, column = int(found[2]), column_of(found[1])
        yield from (a1_id(r, column) for r in range(1, self.row_count + 1) if self.has((r, column)))
        if 1 <= row <= self.row_count:
            low, high = self.span(row - 1 + self.rows[0])
            yield from (a1_id(row, c) for c in range(1, high - low + 2) if c != column)

    @cached_property
    def outline(self) -> tuple[tuple[Hex, int, tuple[str, ...]], ...]:
        """The outer edges (cell, edge, the sides it faces) clockwise round the shape, from the first cell's first.

        After an outer edge comes the cell's next edge if that is outer too, else the
        neighbour across that next edge, on its edge before this one's. An edge faces
        one side, or two at the middle edge of an obtuse corner.
        """
        start = (self.row_spans[0][2], self.rows[0])
        k = next((k for k in range(EDGES) if not self._inside(start, k) and self._inside(start, k - 1)), 0)
        walk = [(start, k)]
        while True:
            h, k = walk[-1]
            nk = (k + 1) % EDGES
            following = (h, nk) if not self._inside(h, nk) else (_step(h, nk), (k - 1) % EDGES)
            if following == walk[0]:
                break
            walk.append(following)
        return tuple((h, k, tuple(s.name for s in self.sides if s.slack(*h) == 0 and s.faces(k))) for h, k in walk)

    def _inside(self, h: Hex, edge: int) -> bool:
        return self.contains(_step(h, edge % EDGES))


def _shifted(lines: dict[int, tuple[int, list[str]]], r: int, first: int, width: int) -> list[str | None]:
    """The ids of row r at q = first .. first + width - 1, None where the row has no cell there (or there is no
    row r): each cell's neighbour one step away, for a whole row at once."""
    if r not in lines:
        return [None] * width
    low, names = lines[r]
    start = first - low
    inside: list[str | None] = list(names[max(start, 0):max(start + width, 0)])
    lead = min(max(-start, 0), width)
    return [None] * lead + inside + [None] * (width - lead - len(inside))


def _step(h: Hex, edge: int) -> Hex:
    dq, dr = STEPS[edge]
    return (h[0] + dq, h[1] + dr)


@lru_cache(maxsize=64)
def triangle(n: int) -> Shape:
    """Asterisk's and Y's board: side n, row 1 the apex with one cell, row n the bottom with n."""
    left, right, bottom = TRIANGLE_SIDES
    return Shape("triangle", n, (Side(left, (-1, -1), 0), Side(right, (1, 0), 0), Side(bottom, (0, 1), n - 1)),
                 (0, n - 1))


@lru_cache(maxsize=64)
def rhombus(n: int) -> Shape:
    """Hex's board: n x n, columns a.. left to right, rows 1.. top to bottom, each row half a cell right of the last."""
    top, bottom, left, right = RHOMBUS_SIDES
    return Shape("rhombus", n, (Side(top, (0, -1), 0), Side(bottom, (0, 1), n - 1), Side(left, (-1, 0), 0),
                                Side(right, (1, 0), n - 1)), (0, n - 1))


@lru_cache(maxsize=64)
def hexagon(n: int) -> Shape:
    """A hexagon of side n (3n(n-1) + 1 cells) around (0, 0), its sides clockwise from the top row."""
    forms = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1))
    return Shape("hexagon", n, tuple(Side(name, form, n - 1) for name, form in zip(HEXAGON_SIDES, forms)),
                 (1 - n, n - 1))


# --- a shape placed on the page --------------------------------------------------------------------


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

    shape: Shape
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


def _units(shape: Shape, coefficients: tuple[float, float]) -> tuple[float, float]:
    """Lowest and highest q·a + r·b over the shape's cells: found at the ends of its rows."""
    a, b = coefficients
    values = [q * a + r * b for _, r, low, high in shape.row_spans for q in (low, high)]
    return min(values), max(values)


def _far(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > SAME_POINT_MM
