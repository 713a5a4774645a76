"""Voronoi cells of points on a 60-degree integer grid, clipped to a convex outline, exactly. Game-free.

Points are axial: (a, b) stands for a e1 + b e2 with e1 and e2 unit vectors
60 degrees apart, so the squared distance is a^2 + ab + b^2 (`norm`) and an
equilateral triangle has integer corners. Every decision (which side of a
line, which circle holds a point, where two cells meet) is made with integers
only (a cell corner is a rational point kept as three integers), so the
same points give the same cells on any machine.

The Delaunay triangulation comes from Bowyer and Watson's insertion inside a
super-triangle so far out that none of its corners is ever the nearest point
to a place inside the outline. A cell is then the ring of the circumcentres of
the triangles around its point (counter-clockwise, with b drawn upwards),
clipped to the outline's half-planes. Two cells compute the corners
they share from the same circumcentres, so shared corners are equal values.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd, isqrt

Grid = tuple[int, int]                 # a point on the grid, axial
Exact = tuple[int, int, int]           # a cell corner (a, b) = (A / D, B / D), D > 0, in lowest terms
HalfPlane = tuple[int, int, int]       # (alpha, beta, gamma): the points with alpha a + beta b <= gamma
Triangle = tuple[int, int, int]        # point indices, counter-clockwise, least index first

SUPER_REACH = 4                        # the super-triangle's corners lie this many outline reaches out


def norm(a: int, b: int) -> int:
    """Squared length of the axial vector (a, b)."""
    return a * a + a * b + b * b


def orient(p: Grid, q: Grid, r: Grid) -> int:
    """Positive when p, q, r turn counter-clockwise (axial keeps the plane's orientation)."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def in_circle(p: Grid, q: Grid, r: Grid, s: Grid) -> int:
    """Positive when s lies strictly inside the circle through the counter-clockwise p, q, r."""
    (a1, a2), (b1, b2), (c1, c2) = [(x - s[0], y - s[1]) for x, y in (p, q, r)]
    return (norm(a1, a2) * (b1 * c2 - b2 * c1) + norm(b1, b2) * (c1 * a2 - c2 * a1)
            + norm(c1, c2) * (a1 * b2 - a2 * b1))


def circumcentre(p: Grid, q: Grid, r: Grid) -> Exact:
    """The point as far from p, q and r (Cramer's rule in the hex metric); p, q, r counter-clockwise."""
    u1, u2, v1, v2 = q[0] - p[0], q[1] - p[1], r[0] - p[0], r[1] - p[1]
    nu, nv = norm(u1, u2), norm(v1, v2)
    det = 3 * (u1 * v2 - u2 * v1)
    return lowest(p[0] * det + nu * (v1 + 2 * v2) - nv * (u1 + 2 * u2),
                  p[1] * det + nv * (2 * u1 + u2) - nu * (2 * v1 + v2), det)


def lowest(a: int, b: int, d: int) -> Exact:
    """(a / d, b / d) with d > 0 and no common factor: one spelling per point, so equal points compare equal."""
    g = gcd(a, b, d) if d > 0 else -gcd(a, b, d)
    return a // g, b // g, d // g


def as_fractions(v: Exact) -> tuple[Fraction, Fraction]:
    """A corner as two Fractions."""
    return Fraction(v[0], v[2]), Fraction(v[1], v[2])


def voronoi_cells(points: Sequence[Grid], outline: Sequence[HalfPlane], reach: int) -> list[tuple[Exact, ...]]:
    """Each point's cell, clipped to the outline; the points are distinct, and they and the outline lie
    within |a|, |b| <= reach."""
    apex = delaunay(points, reach)
    first = {u: v for (u, v) in apex}
    centres: dict[Triangle, Exact] = {}
    everything = [*points, *_super_corners(reach)]
    cells = []
    for i in range(len(points)):
        ring = []
        for tri in _fan(i, first[i], apex):
            if tri not in centres:
                centres[tri] = circumcentre(*(everything[k] for k in tri))
            ring.append(centres[tri])
        cells.append(_clip(ring, outline))
    return cells


def delaunay(points: Sequence[Grid], reach: int) -> dict[tuple[int, int], int]:
    """The triangulation as directed edges: apex[(u, v)] = w for each counter-clockwise triangle (u, v, w).

    Indices past the points' are the super-triangle's corners.
    """
    n = len(points)
    everything = [*points, *_super_corners(reach)]
    apex = {(n, n + 1): n + 2, (n + 1, n + 2): n, (n + 2, n): n + 1}
    last = (n, n + 1, n + 2)
    for p in _insertion_order(points, reach):
        start = _locate(everything, apex, last, p)
        hole, rim = _cavity(everything, apex, start, p)
        for u, v, w in hole:
            del apex[(u, v)], apex[(v, w)], apex[(w, u)]
        for u, v in rim:
            apex[(u, v)], apex[(v, p)], apex[(p, u)] = p, u, v
            last = (u, v, p)
    return apex


def _super_corners(reach: int) -> tuple[Grid, Grid, Grid]:
    """A counter-clockwise triangle around the box |a|, |b| <= reach, each corner over 5 reaches from it."""
    far = SUPER_REACH * reach
    return (-far, -far), (3 * far, -far), (-far, 3 * far)


def _insertion_order(points: Sequence[Grid], reach: int) -> list[int]:
    """Points row by row, each row the other way from the last: each walk to the next point is short."""
    rows = max(1, isqrt(len(points)))
    band = 2 * reach // rows + 1

    def key(i: int) -> tuple[int, int]:
        row = (points[i][1] + reach) // band
        return row, points[i][0] if row % 2 == 0 else -points[i][0]
    return sorted(range(len(points)), key=key)


def _locate(everything: Sequence[Grid], apex: dict[tuple[int, int], int], tri: Triangle, p: int) -> Triangle:
    """The triangle holding point p, walking from `tri` across any edge p lies beyond."""
    target = everything[p]
    while True:
        u, v, w = tri
        for x, y in ((u, v), (v, w), (w, u)):
            if orient(everything[x], everything[y], target) < 0:
                tri = (y, x, apex[(y, x)])
                break
        else:
            return tri


def _cavity(everything: Sequence[Grid], apex: dict[tuple[int, int], int], start: Triangle,
            p: int) -> tuple[list[Triangle], list[tuple[int, int]]]:
    """The triangles whose circle holds p (from the one holding it) and the edges around them."""
    hole, rim = [_canonical(start)], []
    seen = set(hole)
    for u, v, w in hole:  # grows while it is read
        for x, y in ((u, v), (v, w), (w, u)):
            z = apex.get((y, x))
            beyond = None if z is None else _canonical((y, x, z))
            if beyond in seen:
                continue
            if beyond is not None and in_circle(everything[y], everything[x], everything[z], everything[p]) > 0:
                seen.add(beyond)
                hole.append(beyond)
            else:
                rim.append((x, y))
    return hole, rim


def _canonical(tri: Triangle) -> Triangle:
    """The same triangle starting at its least index, so each triangle has one name."""
    u, v, w = tri
    if v < u and v < w:
        return v, w, u
    if w < u and w < v:
        return w, u, v
    return tri


def _fan(i: int, j: int, apex: dict[tuple[int, int], int]) -> list[Triangle]:
    """The triangles around point i, counter-clockwise, starting at edge (i, j)."""
    tris, k = [], j
    while True:
        w = apex[(i, k)]
        tris.append(_canonical((i, k, w)))
        k = w
        if k == j:
            return tris


def _clip(ring: list[Exact], outline: Sequence[HalfPlane]) -> tuple[Exact, ...]:
    """The convex ring cut by each half-plane in turn; corners on a cutting line are kept once.

    Where the edge from p to q crosses the line, s_p q - s_q p is on it (s: how far
    beyond the line, times D); both cells beside the edge find the same corner.
    """
    for alpha, beta, gamma in outline:
        side = [alpha * a + beta * b - gamma * d for a, b, d in ring]
        if all(s <= 0 for s in side):
            continue
        cut = []
        for k, (p, s) in enumerate(zip(ring, side)):
            q, t = ring[k + 1 - len(ring)], side[k + 1 - len(ring)]
            if s <= 0:
                cut.append(p)
            if (s < 0 < t) or (t < 0 < s):
                cut.append(lowest(*(s * qi - t * pi for pi, qi in zip(p, q))))
        ring = cut
    return tuple(p for k, p in enumerate(ring) if p != ring[k - 1])
