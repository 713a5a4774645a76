"""Mudcrack boards (Mudcrack Y's): a triangle cut into irregular cells like dried mud, named by (cells, seed, version).

The triangle is equilateral, apex up. Inside, everything is exact: points are
axial on a grid of GRID units a side (corners (0, 0), (GRID, 0), (0, GRID);
see pnp/geometry/voronoi.py), drawn from `random.Random(seed)` alone, and every
decision is made with integers or Fractions, so a (cells, seed, version) gives
the same board on any machine. Cell records carry the exact corners too
(`grid_polygon`), and page points for drawing: a triangle of side 1, y down,
apex at (0.5, 0), base from (0, HEIGHT) to (1, HEIGHT).

Growing a board: `cells` points are thrown one by one (dart throwing), each
kept only if it lies at least the spacing s from every point kept and s / 2
from every side, where s^2 = SPACING / cells of the side^2 (s is about 0.65
of the spacing of a hexagonal grid of as many cells, well below where darts
jam). Each cell is the region nearest its point, clipped to the triangle.
Then each point moves to its cell's centroid (rounded to the grid; steps of
Lloyd's relaxation) where it still keeps those distances, which evens the
cells out like the cracks of drying mud, and the cells are grown again from
the moved points.

What a board promises, checked before it is returned:
- every corner where cells meet joins exactly three cells; on a side, two
  cells and the side; each corner of the triangle lies inside one cell;
- no cell touches all three sides, and every cell has at least two neighbours;
- (version 2 on) every edge of every cell, between two cells or on a side, is
  at least EDGE_SHARE of an average cell's width (the across flats of a
  hexagon as large as the triangle's area shared `cells` ways), and at least a
  tenth of the median edge between cells: printed, no four cells seem to meet
  at one point, and a cell on a side is seen to touch it.
A board that breaks one of the first (four points on one circle, a circle's
centre on a side, a corner of the triangle cut off by one line, ...) has a
point at fault thrown again, from the same random stream (`_faults` says
which), and is grown again: at most a few times, usually never. A short edge
has the points around it pushed (pnp/geometry/short_edges.py: its cells
towards it, the cells at its ends away), a few rounds; where pushes stall, the
latest drawn point about it is thrown again; and a board still short after
NUDGE_ROUNDS is scattered afresh from the same stream.

Versions: a board code holds the version of the generator that grew its
board, and every version is kept as it was, so a code printed on a board
gives that board for ever. Version 1 (the first boards): one relaxation step,
no edge promise, cells numbered by bands (order.py). Version 2: RELAX_STEPS
steps, the edge promise, cells numbered in rows as they look.

The inradius rule: a cell's point lies s / 2 or more from every other cell's
edge and from the sides, so every cell holds a circle of radius s / 2 around
its centre (its point): sqrt(SPACING / cells) / 2 of the side, about
0.229 / sqrt(cells). `check_fits` turns a wanted least inradius into
TooManyCells, naming the most cells that keep it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import dist, isqrt, lcm, sqrt

from pnp.boards.mudcrack.names import (  # noqa: F401 - what names a board, re-exported with the generator
    DEFAULT_SEED, LATEST, MAX_CELLS, MAX_SEED, MIN_CELLS, SEED_BITS, SIDES, VERSIONS, MudName)
from pnp.boards.mudcrack.order import band_order, row_order
from pnp.geometry.hexagon import SQRT3, Point
from pnp.geometry.short_edges import Edge, cell_edges, median_squared, pushes
from pnp.geometry.voronoi import Exact, Grid, HalfPlane, as_fractions, norm, voronoi_cells

GRID_BITS = 16
GRID = 1 << GRID_BITS              # the triangle's side in grid units
HEIGHT = SQRT3 / 2                 # the triangle's height on the page, for a side of 1
SPACING = Fraction(21, 100)        # the least squared distance between points, times cells, in sides^2
RELAX_STEPS = {1: 1, 2: 2}         # moves of each point to its cell's centroid (more make the cells too alike)
EDGE_SHARE = Fraction(1, 4)        # version 2 on: the shortest edge, per average cell's width (across flats)
MEDIAN_SHARE = Fraction(1, 10)     # ... and per median edge between cells
NUDGE_ROUNDS = 40                  # rounds of pushes on short edges before the board is scattered afresh
NUDGE_HALVINGS = 2                 # a push that would crowd a point is tried at half and a quarter of its length
STALLED = 8                        # every this many rounds of pushes, a point about each short edge is thrown again
THROWS_PER_POINT = 5000            # darts thrown for one point before it is found to have no room
RESTARTS = 1000                    # scatterings begun again before giving up (small boards jam now and then)
REDRAWS = 1000                     # boards grown again before giving up (most need none, a few one or two)
BUCKET_REACH = 2                   # buckets of side >= s: any point nearer than s is within two buckets
NEAR_BUCKETS = tuple((i, j) for i in range(-BUCKET_REACH, BUCKET_REACH + 1)
                     for j in range(-BUCKET_REACH, BUCKET_REACH + 1))
CORNERS: tuple[Grid, ...] = ((0, 0), (GRID, 0), (0, GRID))
APEX = CORNERS[2]                  # b runs up the page: the corner at the top
# The triangle as half-planes alpha a + beta b <= gamma: a >= 0 (left), b >= 0 (bottom), a + b <= GRID (right).
TRIANGLE: tuple[HalfPlane, ...] = ((-1, 0, 0), (0, -1, 0), (1, 1, GRID))


class MudcrackError(ValueError):
    """Cells or a seed outside what a board (and its code) can hold; the message names the range."""


class TooManyCells(MudcrackError):
    """More cells than can each hold a circle of the wanted radius; `largest` is the most that can."""

    def __init__(self, cells: int, largest: int, min_inradius: float) -> None:
        fit = f"at most {largest} cells fit" if largest >= MIN_CELLS else f"not even {MIN_CELLS} cells fit"
        super().__init__(f"{cells} cells are too small to hold a circle {min_inradius:.4g} of the triangle's side "
                         f"in radius; {fit}")
        self.cells, self.largest, self.min_inradius = cells, largest, min_inradius


@dataclass(frozen=True)
class MudCell:
    """One cell: what the board layer's cell record holds, and the exact geometry it was decided on."""

    id: str                              # its number, 1 up in reading order
    center: Point                        # where a stone or number goes: the cell's point, s / 2 from every edge
    room: float                          # the radius of the largest circle about `center` inside the cell
    polygon: tuple[Point, ...]           # clockwise as seen on the page (side 1, y down)
    neighbours: tuple[str, ...]          # the cells it shares an edge with, by number
    sides: tuple[str, ...]               # the sides it touches with an edge, in SIDES order
    grid_center: Grid                    # the same, exact: axial grid units
    grid_polygon: tuple[tuple[Fraction, Fraction], ...]  # the same corners, exact: axial grid units


@dataclass(frozen=True)
class Mudcrack:
    """A board: its name (cells, seed, version) and its cells, cell k at index k - 1."""

    count: int
    seed: int
    version: int
    cells: tuple[MudCell, ...]

    @property
    def name(self) -> MudName:
        """What its board code holds."""
        return MudName(self.count, self.seed, self.version)

    @property
    def inradius(self) -> float:
        """The radius, as a share of the side, that every cell's centre is promised from its edges."""
        return inradius_floor(self.count)

    @property
    def room(self) -> float:
        """The radius, as a share of the side, that every cell's centre is from its edges on this board."""
        return min(cell.room for cell in self.cells)

    @property
    def shortest_edge(self) -> float:
        """The shortest edge of any cell (between two cells or on a side), as a share of the side."""
        return min(dist(p, q) for cell in self.cells for p, q in zip(cell.polygon, cell.polygon[1:] + cell.polygon[:1]))


def inradius_floor(cells: int) -> float:
    """The least inradius of any board of `cells` cells, as a share of the side: half the spacing."""
    return sqrt(SPACING / cells) / 2


def largest_cells(min_inradius: float) -> int:
    """The most cells a board can have with every cell holding a circle of `min_inradius` of the side."""
    if min_inradius <= 0:
        return MAX_CELLS
    fits = SPACING / (4 * Fraction(min_inradius) ** 2)    # cells <= SPACING / (4 r^2), exactly
    return min(MAX_CELLS, int(fits))


def check_fits(cells: int, min_inradius: float) -> None:
    """TooManyCells if a board of `cells` cells cannot promise every cell a circle of `min_inradius`."""
    largest = largest_cells(min_inradius)
    if cells > largest:
        raise TooManyCells(cells, largest, min_inradius)


@lru_cache(maxsize=32)
def mudcrack(cells: int, seed: int, version: int = LATEST) -> Mudcrack:
    """The board (cells, seed, version) names; MudcrackError if one is out of range."""
    if not MIN_CELLS <= cells <= MAX_CELLS:
        raise MudcrackError(f"a mudcrack board has {MIN_CELLS} to {MAX_CELLS} cells, not {cells}")
    if not 0 <= seed <= MAX_SEED:
        raise MudcrackError(f"a mudcrack seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    if version not in VERSIONS:
        raise MudcrackError(f"mudcrack boards are of version {' or '.join(map(str, VERSIONS))}, not {version}")
    rng, darts = random.Random(seed), _Darts(cells)
    if version == 1:
        points, polygons, neighbours = _grown(_relaxed(_scatter(darts, rng), darts, RELAX_STEPS[1]), darts, rng)
        return Mudcrack(cells, seed, version, _records(points, polygons, neighbours, band_order(points, GRID)))
    points, polygons, neighbours = _grown_seen(darts, rng)
    base = {i for i, polygon in enumerate(polygons) if "bottom" in _sides(polygon)}
    order = row_order(points, _holding(polygons, APEX), base, GRID)
    return Mudcrack(cells, seed, version, _records(points, polygons, neighbours, order))


Grown = tuple[list[Grid], list[tuple[Exact, ...]], list[set[int]]]   # points, their cells, each cell's neighbours


def _relaxed(points: list[Grid], darts: _Darts, steps: int) -> list[Grid]:
    """Each point moved to its cell's centroid, `steps` times, where it keeps its distances."""
    for _ in range(steps):
        polygons = voronoi_cells(points, TRIANGLE, GRID)
        points = [darts.move(p, _centroid(polygon)) for p, polygon in zip(points, polygons)]
    return points


def _grown(points: list[Grid], darts: _Darts, rng: random.Random) -> Grown:
    """The cells, with the points at fault thrown again until none is (version 1)."""
    for _ in range(REDRAWS):
        polygons = voronoi_cells(points, TRIANGLE, GRID)
        neighbours = _neighbours(polygons)
        faults = _faults(polygons, neighbours)
        if not faults:
            return points, polygons, neighbours
        for i in sorted(faults):
            points[i] = darts.rethrow(points[i], rng)
    raise RuntimeError(f"no mudcrack board of {darts.cells} cells after {REDRAWS} redraws")


def _grown_seen(darts: _Darts, rng: random.Random) -> Grown:
    """The cells with every edge long enough to see: points at fault thrown again, points about short edges
    pushed, each round; scattered afresh when NUDGE_ROUNDS are not enough (version 2)."""
    cells = darts.cells
    width = Fraction(GRID * GRID, 2 * cells)        # an average cell's width (across flats), squared
    target = isqrt(int(EDGE_SHARE ** 2 * width))
    for _ in range(REDRAWS):
        points = _relaxed(_scatter(darts, rng), darts, RELAX_STEPS[2])
        for round_ in range(1, NUDGE_ROUNDS + 1):
            polygons = voronoi_cells(points, TRIANGLE, GRID)
            edges = cell_edges(polygons)
            neighbours = _neighbours_of(edges, len(polygons))
            faults = _faults(polygons, neighbours)
            shortest = max(EDGE_SHARE ** 2 * width, MEDIAN_SHARE ** 2 * median_squared(edges))
            short = [e for e in edges if e.squared < shortest]
            if not faults and not short:
                return points, polygons, neighbours
            moves = pushes(points, short, target)
            if round_ % STALLED == 0:
                faults |= {max(e.cells + e.beyond) for e in short}
            for i in sorted(faults):
                points[i] = darts.rethrow(points[i], rng)
            for i in sorted(moves.keys() - faults):
                points[i] = darts.nudge(points[i], moves[i])
    raise RuntimeError(f"no mudcrack board of {cells} cells with every edge seen after {REDRAWS} scatterings")


def _holding(polygons: list[tuple[Exact, ...]], corner: Grid) -> int:
    """The cell one of the triangle's corners lies in (it is a corner of that cell alone)."""
    return next(i for i, polygon in enumerate(polygons) if (*corner, 1) in polygon)


def _scatter(darts: _Darts, rng: random.Random) -> list[Grid]:
    """The points, thrown one by one; all over again when one finds no room (a few small boards jam)."""
    for _ in range(RESTARTS):
        darts.clear()
        points: list[Grid] = []
        while len(points) < darts.cells and (p := darts.throw(rng)) is not None:
            points.append(p)
        if len(points) == darts.cells:
            return points
    raise RuntimeError(f"no room for {darts.cells} points after {RESTARTS} tries")


class _Darts:
    """Points kept at least s apart and s / 2 from the sides, found through buckets s or more wide."""

    def __init__(self, cells: int) -> None:
        self.scale, self.bound = cells * SPACING.denominator, SPACING.numerator * GRID ** 2
        self.size = isqrt(-(-self.bound // self.scale)) + 1
        self.buckets: dict[Grid, list[Grid]] = defaultdict(list)
        self.cells = cells

    def far(self, squared: int) -> bool:
        """Whether a squared distance (grid units) is s^2 or more."""
        return squared * self.scale >= self.bound

    def fits(self, p: Grid) -> bool:
        """Far enough from the sides (3 x^2 >= s^2 for each side's distance x sqrt(3) / 2) and every point."""
        a, b = p
        if not (self.far(3 * a * a) and self.far(3 * b * b) and self.far(3 * (GRID - a - b) ** 2)):
            return False
        i, j = a // self.size, b // self.size
        for di, dj in NEAR_BUCKETS:
            for q in self.buckets.get((i + di, j + dj), ()):
                if not self.far(norm(a - q[0], b - q[1])):
                    return False
        return True

    def throw(self, rng: random.Random) -> Grid | None:
        """The first of THROWS_PER_POINT darts that fits, kept; None if none does.

        Uniform over the triangle: a square of grid points with its far half folded over.
        """
        for _ in range(THROWS_PER_POINT):
            a, b = rng.getrandbits(GRID_BITS), rng.getrandbits(GRID_BITS)
            p = (a, b) if a + b < GRID else (GRID - 1 - a, GRID - 1 - b)
            if self.fits(p):
                return self.add(p)
        return None

    def rethrow(self, p: Grid, rng: random.Random) -> Grid:
        """p thrown again: a new point that fits (p's own place is free, so one is there), else p."""
        self.remove(p)
        return self.throw(rng) or self.add(p)

    def move(self, p: Grid, to: Grid) -> Grid:
        """`to` in place of p if it keeps the distances from the sides and the other points, else p."""
        self.remove(p)
        return self.add(to if self.fits(to) else p)

    def nudge(self, p: Grid, by: Grid) -> Grid:
        """p moved by `by`, or by a half or a quarter of it, the first that keeps the distances; else p."""
        self.remove(p)
        for halvings in range(NUDGE_HALVINGS + 1):
            to = (p[0] + (by[0] >> halvings), p[1] + (by[1] >> halvings))
            if self.fits(to):
                return self.add(to)
        return self.add(p)

    def add(self, p: Grid) -> Grid:
        self.buckets[(p[0] // self.size, p[1] // self.size)].append(p)
        return p

    def remove(self, p: Grid) -> None:
        self.buckets[(p[0] // self.size, p[1] // self.size)].remove(p)

    def clear(self) -> None:
        self.buckets.clear()


def _centroid(polygon: tuple[Exact, ...]) -> Grid:
    """The cell's centre of area, rounded to the grid: shoelace sums in integers over one common denominator."""
    common = lcm(*(d for _, _, d in polygon))
    corners = [(a * (common // d), b * (common // d)) for a, b, d in polygon]
    area = ca = cb = 0
    for (a1, b1), (a2, b2) in zip(corners, corners[1:] + corners[:1]):
        cross = a1 * b2 - b1 * a2
        area, ca, cb = area + cross, ca + cross * (a1 + a2), cb + cross * (b1 + b2)
    return _nearest(ca, 3 * area * common), _nearest(cb, 3 * area * common)


def _nearest(n: int, d: int) -> int:
    """n / d rounded to the nearest whole number, halves up (d > 0)."""
    return (2 * n + d) // (2 * d)


def _on_sides(v: Exact) -> tuple[bool, bool, bool]:
    """Whether a corner lies on the left, right and bottom side."""
    a, b, d = v
    return a == 0, a + b == GRID * d, b == 0


def sides_at(v: Grid) -> tuple[str, ...]:
    """The sides a grid point lies on, in SIDES order: two at a corner of the triangle."""
    return tuple(name for name, on in zip(SIDES, _on_sides((*v, 1))) if on)


def _expected_cells(v: Exact) -> int:
    """How many cells meet at a corner: one at the triangle's corners, two on a side, three inside."""
    return 3 - sum(_on_sides(v))


def _neighbours(polygons: list[tuple[Exact, ...]]) -> list[set[int]]:
    """For each cell, the cells it shares an edge with (both list the same two corners)."""
    owners: dict[tuple[Exact, Exact], list[int]] = defaultdict(list)
    for i, polygon in enumerate(polygons):
        for v, w in zip(polygon, polygon[1:] + polygon[:1]):
            owners[min(v, w), max(v, w)].append(i)
    neighbours: list[set[int]] = [set() for _ in polygons]
    for shared in owners.values():
        for i in shared:
            neighbours[i].update(j for j in shared if j != i)
    return neighbours


def _sides(polygon: tuple[Exact, ...]) -> tuple[str, ...]:
    """The sides the cell has an edge on: both ends of one of its edges on that side."""
    touched = [False] * len(SIDES)
    for v, w in zip(polygon, polygon[1:] + polygon[:1]):
        for k, (on_v, on_w) in enumerate(zip(_on_sides(v), _on_sides(w))):
            touched[k] = touched[k] or (on_v and on_w)
    return tuple(name for name, hit in zip(SIDES, touched) if hit)


def _neighbours_of(edges: list[Edge], count: int) -> list[set[int]]:
    """The same from the edges listed once: the two cells of each shared edge."""
    neighbours: list[set[int]] = [set() for _ in range(count)]
    for edge in edges:
        if edge.shared:
            i, j = edge.cells
            neighbours[i].add(j)
            neighbours[j].add(i)
    return neighbours


def _faults(polygons: list[tuple[Exact, ...]], neighbours: list[set[int]]) -> set[int]:
    """The points to throw again, for every place that breaks a promise of the module docstring.

    A corner joining the wrong number of cells: the latest drawn of them. A
    cell with one neighbour (a corner of the triangle cut off by one line):
    that neighbour, so the corner's cell reaches others. A cell on all three
    sides: itself.
    """
    meeting: dict[Exact, list[int]] = defaultdict(list)
    for i, polygon in enumerate(polygons):
        for v in polygon:
            meeting[v].append(i)
    faults = {max(around) for v, around in meeting.items() if len(around) != _expected_cells(v)}
    for i, polygon in enumerate(polygons):
        if len(neighbours[i]) < 2:
            faults.update(neighbours[i] or {i})
        if len(_sides(polygon)) == len(SIDES):
            faults.add(i)
    return faults


def _room(center: Point, polygon: tuple[Point, ...]) -> float:
    """How far the centre is from the nearest edge line, on the page (a measure only: it decides nothing)."""
    (x, y), room = center, float("inf")
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = x2 - x1, y2 - y1
        room = min(room, abs(dx * (y - y1) - dy * (x - x1)) / sqrt(dx * dx + dy * dy))
    return room


def _page(v: Exact) -> Point:
    """An axial grid point on the page: side 1, y down, apex at (0.5, 0) (each division correctly rounded)."""
    a, b, d = v
    return (2 * a + b) / (2 * GRID * d), (GRID * d - b) / (GRID * d) * HEIGHT


def _records(points: list[Grid], polygons: list[tuple[Exact, ...]], neighbours: list[set[int]],
             order: list[int]) -> tuple[MudCell, ...]:
    """The cells numbered 1 up in `order` (point indices in reading order), with page points for drawing."""
    number = {i: k + 1 for k, i in enumerate(order)}
    cells = []
    for i in order:
        ring = polygons[i][::-1]           # clockwise as seen: the page's y runs down, the axial b up
        center, polygon = _page((*points[i], 1)), tuple(_page(v) for v in ring)
        cells.append(MudCell(
            id=str(number[i]), center=center, room=_room(center, polygon), polygon=polygon,
            neighbours=tuple(str(n) for n in sorted(number[j] for j in neighbours[i])), sides=_sides(ring),
            grid_center=points[i], grid_polygon=tuple(map(as_fractions, ring))))
    return tuple(cells)
