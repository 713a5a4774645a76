"""Cell shapes as the dual of a triangulation of cell centres. Game-free.

Any board whose cells touch like hexagons, straight or bent, gets its cell
shapes this way: triangulate the cell centres along the adjacencies and put
each cell's corners at the triangles around its centre, in order. Two
neighbouring cells then share exactly one edge per triangulation edge (the
segment between the corners of the two triangles on it), so the cells tile
the triangulated area with no gap and no overlap, whatever point each
triangle's corner is. A `bend` puts one more shared point on such an edge
(a star's tip between two cells, say), which keeps the tiling too.

Cells on the triangulation's boundary have open fans: their shared edges are
carried outwards, square to the boundary edge, and the cell is cut by a convex
outline, which then closes the board.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import centroid, clip_convex, signed_area

Triangle = tuple[int, int, int]
Fan = dict[int, tuple[int, int]]  # around one point: neighbour -> (next neighbour clockwise, triangle between)


def dual_polygons(
    points: Sequence[Point],
    triangles: Sequence[Triangle],
    outline: Sequence[Point] | None = None,
    corners: Mapping[int, Point] | None = None,
    bends: Mapping[frozenset[int], Point] | None = None,
) -> list[tuple[Point, ...]]:
    """One polygon per point, clockwise on the page.

    `corners[t]` moves triangle t's corner from its centroid (to shape a
    non-playable centre, say); `bends[{v, w}]` is a point the edge between the
    cells of v and w passes through. A point on the triangulation's boundary
    needs the convex `outline` to close its cell.
    """
    at = [corners[t] if corners and t in corners else centroid([points[i] for i in tri])
          for t, tri in enumerate(triangles)]
    far = _far_distance(points, outline)
    polygons = []
    for v, fan in enumerate(_fans(points, triangles, len(points))):
        first, chain, last = _walk(v, fan)
        polygon = _corners_with_bends(v, chain, at, bends or {}, closed=first is None)
        if first is not None:
            if outline is None:
                raise ValueError(f"point {v} is on the boundary: give an outline to close its cell")
            polygon = list(clip_convex(_open_fan(points, v, first, last, polygon, far), outline))
        polygons.append(tuple(polygon))
    return polygons


def _fans(points: Sequence[Point], triangles: Sequence[Triangle], count: int) -> list[Fan]:
    """For every point, its triangles as steps from one neighbour to the next, clockwise."""
    fans: list[Fan] = [{} for _ in range(count)]
    for t, (i, j, k) in enumerate(triangles):
        if signed_area((points[i], points[j], points[k])) < 0:
            j, k = k, j
        fans[i][j] = (k, t)
        fans[j][k] = (i, t)
        fans[k][i] = (j, t)
    return fans


def _walk(v: int, fan: Fan) -> tuple[int | None, list[tuple[int, int]], int]:
    """(first neighbour if the fan is open, else None; [(triangle, neighbour after it)]; last neighbour)."""
    if not fan:
        raise ValueError(f"point {v} is in no triangle, so it has no cell")
    starts = fan.keys() - {nxt for nxt, _ in fan.values()}
    first = min(starts) if starts else min(fan)
    chain, p = [], first
    while p in fan and len(chain) < len(fan):
        p, t = fan[p]
        chain.append((t, p))
    if len(chain) != len(fan):
        raise ValueError(f"the triangles around point {v} do not form one fan")
    return (first if starts else None), chain, p


def _corners_with_bends(v: int, chain: list[tuple[int, int]], at: list[Point],
                        bends: Mapping[frozenset[int], Point], closed: bool) -> list[Point]:
    """The fan's triangle corners in order, with a bend point after each corner whose edge bends.

    An open fan has no edge after its last corner, so it takes no bend there.
    """
    polygon: list[Point] = []
    for index, (t, after) in enumerate(chain):
        polygon.append(at[t])
        bend = bends.get(frozenset((v, after)))
        if bend is not None and (closed or index + 1 < len(chain)):
            polygon.append(bend)
    return polygon


def _far_distance(points: Sequence[Point], outline: Sequence[Point] | None) -> float:
    """A length safely longer than anything on the board, for the open fans' far points."""
    pts = [*points, *(outline or ())]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return 4.0 * (max(xs) - min(xs) + max(ys) - min(ys) + 1.0)


def _open_fan(points: Sequence[Point], v: int, first: int, last: int, corners: list[Point], far: float) -> list[Point]:
    """A boundary point's corners, continued far outwards so the outline can cut them."""
    centre = points[v]
    n_last = _outward_normal(centre, points[last], corners[-1])
    n_first = _outward_normal(centre, points[first], corners[0])
    mx, my = n_last[0] + n_first[0], n_last[1] + n_first[1]
    norm = math.hypot(mx, my) or 1.0
    return [
        *corners,
        (corners[-1][0] + far * n_last[0], corners[-1][1] + far * n_last[1]),
        (centre[0] + far * mx / norm, centre[1] + far * my / norm),
        (corners[0][0] + far * n_first[0], corners[0][1] + far * n_first[1]),
    ]


def _outward_normal(a: Point, b: Point, inside: Point) -> Point:
    """Unit normal of edge ab pointing away from `inside` (a point of the triangle on ab)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    if nx * (inside[0] - a[0]) + ny * (inside[1] - a[1]) > 0:
        nx, ny = -nx, -ny
    return (nx, ny)
