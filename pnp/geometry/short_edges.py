"""Cell edges too short to see, in cells voronoi.py made, and how far to move the points to lengthen them. Game-free.

Where cells meet three at a corner, a short edge between cells i and j means
the cells k and l at its two ends nearly touch: printed, four cells seem to
meet at one point. The edge's ends are the centres of the circles through
i, j, k and through i, j, l, both on the line halfway between i and j; pushing
k and l away from the edge's middle and pulling i and j towards it moves those
centres apart, so the edge grows (about half as much as each point moves).
An edge on the outline (one cell's) grows alike: its cell pulled in, the cells
at its ends pushed out along it.

Lengths are exact (squared, Fractions of grid units²), so whether an edge is
short is decided alike on every machine; pushes are whole grid units.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

from pnp.geometry.voronoi import Exact, Grid, norm

PUSH_MARGIN = Fraction(1, 20)   # each push goes this share of the target further than half what the edge lacks,
                                # so an edge just short of it is over it in one round, not creeping up on it


@dataclass(frozen=True)
class Edge:
    """One edge of the cells, listed once: the cells on either side (one on the outline) and those at its ends."""

    ends: tuple[Exact, Exact]
    cells: tuple[int, ...]           # the cells it bounds: two, or one on the outline
    beyond: tuple[int, ...]          # the other cells meeting at its ends: those that would touch if it vanished
    squared: Fraction                # its squared length, in grid units

    @property
    def shared(self) -> bool:
        """An edge between two cells (not on the outline)."""
        return len(self.cells) == 2


def squared_length(v: Exact, w: Exact) -> Fraction:
    """The squared distance between two corners, exactly (axial: a^2 + ab + b^2)."""
    (a1, b1, d1), (a2, b2, d2) = v, w
    return Fraction(norm(a1 * d2 - a2 * d1, b1 * d2 - b2 * d1), (d1 * d2) ** 2)


def cell_edges(polygons: Sequence[tuple[Exact, ...]]) -> list[Edge]:
    """Every edge of the cells once, in the order the cells first list them."""
    sides: dict[tuple[Exact, Exact], list[int]] = {}
    meeting: dict[Exact, list[int]] = defaultdict(list)
    for i, polygon in enumerate(polygons):
        for v, w in zip(polygon, polygon[1:] + polygon[:1]):
            sides.setdefault((min(v, w), max(v, w)), []).append(i)
            meeting[v].append(i)
    edges = []
    for (v, w), cells in sides.items():
        beyond = tuple(dict.fromkeys(k for k in meeting[v] + meeting[w] if k not in cells))
        edges.append(Edge((v, w), tuple(cells), beyond, squared_length(v, w)))
    return edges


def median_squared(edges: Iterable[Edge]) -> Fraction:
    """The squared length of the median edge between two cells (of an even count, the longer middle one). Sorted by
    their nearest floats (each correctly rounded, so alike everywhere), many times faster than by Fractions."""
    lengths = sorted((e.squared for e in edges if e.shared), key=float)
    return lengths[len(lengths) // 2]


def pushes(points: Sequence[Grid], short: Iterable[Edge], target: int) -> dict[int, Grid]:
    """How far to move each point of the short edges' cells, summed over its edges: an edge's own cells towards its
    middle, the cells beyond away from it, each by half what it lacks of `target` (grid units) and PUSH_MARGIN more."""
    moves: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for edge in short:
        lacks = target - isqrt(edge.squared.numerator // edge.squared.denominator)
        step = lacks // 2 + int(target * PUSH_MARGIN)
        (a1, b1, d1), (a2, b2, d2) = edge.ends
        middle = (a1 * d2 + a2 * d1, b1 * d2 + b2 * d1, 2 * d1 * d2)
        for i, way in [(i, -1) for i in edge.cells] + [(k, 1) for k in edge.beyond]:
            da, db = _towards(middle, points[i], way * step)
            moves[i][0] += da
            moves[i][1] += db
    return {i: (a, b) for i, (a, b) in moves.items()}


def _towards(origin: Exact, p: Grid, length: int) -> Grid:
    """A vector `length` grid units long (to the unit) pointing from `origin` to p; none if p is on it."""
    a, b, d = origin
    u, v = p[0] * d - a, p[1] * d - b
    across = isqrt(norm(u, v))
    return (u * length // across, v * length // across) if across else (0, 0)
