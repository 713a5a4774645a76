"""The lattice's shapes: the cells inside a few straight sides, with what rules and referees ask of them.

A straight side is a half-plane form·(q, r) <= bound: a cell lies on a side
where it meets the bound, its ring is how many steps inside the nearest side it
stands, and its outer edges facing a side trace that side's zigzag. The
neighbour through edge k is STEPS[k] away in both orientations. Cells are named
in the `a1` scheme (ids.py), rows numbered from the shape's first row. Pure:
no millimetres here (placed.py measures).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from pnp.boards.lattice.ids import TYPO, Address, a1_id, column_of, parse_a1

Hex = tuple[int, int]        # axial (q, r)

# The neighbour through edge k, edges clockwise from the first one past straight up
# (pointy: top-right, right, bottom-right, bottom-left, left, top-left).
STEPS: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
EDGES = len(STEPS)
TRIANGLE_SIDES = ("left", "right", "bottom")
RHOMBUS_SIDES = ("top", "bottom", "left", "right")   # Hex: Red's pair, then Blue's (shared/DESIGN.md)
HEXAGON_SIDES = ("top", "upper-right", "lower-right", "bottom", "lower-left", "upper-left")


@dataclass(frozen=True)
class StraightSide:
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
class LatticeShape:
    """The cells inside straight sides, in rows `rows[0]` .. `rows[1]` of r, read row by row.

    Games ask by id (`places`) or by (row, column) address (`place`, `neighbours`, `sides_of`, `ring`); the
    geometry-free facts are made once per shape, however many boards are drawn from it.
    """

    kind: str
    size: int
    sides: tuple[StraightSide, ...]
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
def triangle(n: int) -> LatticeShape:
    """Asterisk's and Y's board: side n, row 1 the apex with one cell, row n the bottom with n."""
    left, right, bottom = TRIANGLE_SIDES
    sides = (StraightSide(left, (-1, -1), 0), StraightSide(right, (1, 0), 0), StraightSide(bottom, (0, 1), n - 1))
    return LatticeShape("triangle", n, sides, (0, n - 1))


@lru_cache(maxsize=64)
def rhombus(n: int) -> LatticeShape:
    """Hex's board: n x n, columns a.. left to right, rows 1.. top to bottom, each row half a cell right of the last."""
    top, bottom, left, right = RHOMBUS_SIDES
    sides = (StraightSide(top, (0, -1), 0), StraightSide(bottom, (0, 1), n - 1), StraightSide(left, (-1, 0), 0),
             StraightSide(right, (1, 0), n - 1))
    return LatticeShape("rhombus", n, sides, (0, n - 1))


@lru_cache(maxsize=64)
def hexagon(n: int) -> LatticeShape:
    """A hexagon of side n (3n(n-1) + 1 cells) around (0, 0), its sides clockwise from the top row."""
    forms = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1))
    sides = tuple(StraightSide(name, form, n - 1) for name, form in zip(HEXAGON_SIDES, forms))
    return LatticeShape("hexagon", n, sides, (1 - n, n - 1))
