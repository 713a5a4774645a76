"""Straight-line drawings on integer points: exact crossing tests, and the faces a drawing makes.

Game-free. Points are integer pairs (grid units); an edge is a pair of point
indices. Every test is integer arithmetic, so no rounding can make two edges
cross or miss. `faces` takes a plane drawing (no two edges cross, no edge runs
through a point) and returns its bounded faces: each one's outer boundary as
a walk around it, its doubled area (shoelace: lattice areas are whole or
halves), and the parts of the drawing lying inside it unjoined to its boundary.
The orientation is the shoelace formula's: a face's walk has positive area
with the coordinates as given, whichever way y points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cmp_to_key

IntPoint = tuple[int, int]
Edge = tuple[int, int]
HalfEdge = tuple[int, int]


def cross(o: IntPoint, a: IntPoint, b: IntPoint) -> int:
    """Twice the signed area of triangle o, a, b: positive when a -> b turns counter-clockwise about o (y up)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def strictly_inside(p: IntPoint, a: IntPoint, b: IntPoint) -> bool:
    """Whether p lies on segment ab, not at either end."""
    if cross(a, b, p) != 0 or p == a or p == b:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: IntPoint, b: IntPoint, c: IntPoint, d: IntPoint) -> bool:
    """Whether closed segments ab and cd share a point (crossing, touching, or overlapping)."""
    d1, d2, d3, d4 = cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return any(_on_closed(p, s, t) for p, s, t in ((a, c, d), (b, c, d), (c, a, b), (d, a, b)))


def _on_closed(p: IntPoint, a: IntPoint, b: IntPoint) -> bool:
    return p in (a, b) or strictly_inside(p, a, b)


def twice_area(points: Sequence[IntPoint]) -> int:
    """The shoelace sum of a closed walk: twice its signed area (an edge walked there and back adds nothing)."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(points, [*points[1:], points[0]]))


@dataclass(frozen=True)
class Face:
    """A bounded face: its outer walk (face on the left), doubled area, and what lies inside unjoined to the walk."""

    walk: tuple[int, ...]                  # point indices in walk order; a point recurs where a tree reaches in
    twice_area: int
    holes: tuple[tuple[int, ...], ...]     # each a connected part of the drawing (sorted point indices)

    @property
    def key(self) -> frozenset[HalfEdge]:
        """The half-edges of the outer walk: the same for as long as nothing is drawn inside the face."""
        return frozenset(zip(self.walk, (*self.walk[1:], self.walk[0])))


def faces(points: Sequence[IntPoint], edges: Sequence[Edge]) -> list[Face]:
    """The bounded faces of a plane drawing, smallest area first (then by walk)."""
    around = _rotation(points, edges)
    walks = _walks(around)
    parts = _parts(len(points), edges)
    part_of = {p: k for k, part in enumerate(parts) for p in part}
    inner = [(w, twice_area([points[p] for p in w])) for w in walks]
    bounded = sorted([(a, w) for w, a in inner if a > 0])
    holes: dict[int, list[tuple[int, ...]]] = {k: [] for k in range(len(bounded))}
    for part in parts:
        home = _innermost(points, part, bounded, part_of)
        if home is not None:
            holes[home].append(part)
    return [Face(w, a, tuple(sorted(holes[k]))) for k, (a, w) in enumerate(bounded)]


def _rotation(points: Sequence[IntPoint], edges: Sequence[Edge]) -> dict[int, list[int]]:
    """Each point's neighbours in counter-clockwise order of direction (exact: half-plane, then cross product)."""
    around: dict[int, list[int]] = {p: [] for p in range(len(points))}
    for a, b in edges:
        around[a].append(b)
        around[b].append(a)
    for p, near in around.items():
        near.sort(key=cmp_to_key(lambda u, v, o=points[p]: _turn_order(o, points[u], points[v])))
    return around


def _turn_order(o: IntPoint, u: IntPoint, v: IntPoint) -> int:
    du, dv = (u[0] - o[0], u[1] - o[1]), (v[0] - o[0], v[1] - o[1])
    hu, hv = _half(du), _half(dv)
    if hu != hv:
        return hu - hv
    turn = du[0] * dv[1] - du[1] * dv[0]
    return -1 if turn > 0 else (1 if turn < 0 else 0)


def _half(d: IntPoint) -> int:
    """0 for directions from angle 0 (inclusive) to 180 (exclusive), 1 for the rest."""
    return 0 if d[1] > 0 or (d[1] == 0 and d[0] > 0) else 1


def _walks(around: dict[int, list[int]]) -> list[tuple[int, ...]]:
    """Every face boundary walk: from u -> v, turn to the neighbour of v just clockwise of u (face on the left)."""
    position = {(v, u): k for v, near in around.items() for k, u in enumerate(near)}
    unseen = {(u, v) for u, near in around.items() for v in near}
    walks = []
    for start in sorted(unseen):
        if start not in unseen:
            continue
        walk, half = [], start
        while half in unseen:
            unseen.discard(half)
            walk.append(half[0])
            u, v = half
            near = around[v]
            half = (v, near[(position[(v, u)] - 1) % len(near)])
        walks.append(tuple(walk))
    return walks


def _parts(count: int, edges: Sequence[Edge]) -> list[tuple[int, ...]]:
    """The connected parts of the drawing (a point on its own is a part), each sorted."""
    root = list(range(count))

    def find(p: int) -> int:
        while root[p] != p:
            root[p] = root[root[p]]
            p = root[p]
        return p

    for a, b in edges:
        root[find(a)] = find(b)
    parts: dict[int, list[int]] = {}
    for p in range(count):
        parts.setdefault(find(p), []).append(p)
    return sorted(tuple(part) for part in parts.values())


def _innermost(points: Sequence[IntPoint], part: tuple[int, ...], bounded: list[tuple[int, tuple[int, ...]]],
               part_of: dict[int, int]) -> int | None:
    """The smallest face of another part that holds `part`, if any (parts never cross, so one point tells)."""
    probe, mine = points[part[0]], part_of[part[0]]
    for k, (_, walk) in enumerate(bounded):  # smallest first
        if part_of[walk[0]] != mine and _holds([points[p] for p in walk], probe):
            return k
    return None


def _holds(polygon: Sequence[IntPoint], p: IntPoint) -> bool:
    """Even-odd test for a point on no edge of the walk; exact."""
    inside = False
    for a, b in zip(polygon, [*polygon[1:], polygon[0]]):
        if (a[1] > p[1]) != (b[1] > p[1]):
            # the crossing's x lies right of p when this has the sign of (b.y - a.y)
            right = (a[0] - p[0]) * (b[1] - a[1]) + (p[1] - a[1]) * (b[0] - a[0])
            if (right > 0) == (b[1] > a[1]):
                inside = not inside
    return inside
