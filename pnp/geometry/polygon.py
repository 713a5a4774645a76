"""Plain polygon facts: area, inside tests, clipping, and star vertices. Game-free; nothing here draws.

Coordinates are millimetres with y pointing down, so a polygon whose signed
area is positive runs clockwise on the page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect

Segment = tuple[Point, Point]


def centroid(points: Sequence[Point]) -> Point:
    """Mean of the points (a triangle's centroid is where a dual puts a cell corner)."""
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)


def signed_area(polygon: Sequence[Point]) -> float:
    """Shoelace area; positive when the corners run clockwise on the page (y down)."""
    total = 0.0
    x0, y0 = polygon[-1]
    for x1, y1 in polygon:
        total += x0 * y1 - x1 * y0
        x0, y0 = x1, y1
    return total / 2.0


def area(polygon: Sequence[Point]) -> float:
    """Area whatever the winding: what tiling checks add up."""
    return abs(signed_area(polygon))


def edges(polygon: Sequence[Point]) -> list[Segment]:
    return list(zip(polygon, (*polygon[1:], polygon[0])))


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Even-odd test: True when the point is inside (a point on an edge may go either way)."""
    px, py = point
    inside = False
    for (x0, y0), (x1, y1) in edges(polygon):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from p to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def clearance(polygon: Sequence[Point], point: Point) -> float:
    """Radius of the largest circle centred at `point` inside the polygon (0 if outside): room for a mark."""
    if not contains(polygon, point):
        return 0.0
    return min(segment_distance(point, a, b) for a, b in edges(polygon))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(s: Segment, t: Segment) -> bool:
    """True when the two segments cross at a point inside both (touching ends do not count)."""
    (a, b), (c, d) = s, t
    return (_cross(a, b, c) * _cross(a, b, d) < 0) and (_cross(c, d, a) * _cross(c, d, b) < 0)


def rect_corners(rect: Rect) -> tuple[Point, Point, Point, Point]:
    return ((rect.x, rect.y), (rect.right, rect.y), (rect.right, rect.bottom), (rect.x, rect.bottom))


def holds_rect(polygon: Sequence[Point], rect: Rect) -> bool:
    """True when the box lies wholly inside the polygon, convex or not.

    Its corners are inside, no corner of the polygon pokes into it and no edge
    of the polygon cuts across it.
    """
    box = rect_corners(rect)
    if not all(contains(polygon, c) for c in box):
        return False
    if any(rect.x < x < rect.right and rect.y < y < rect.bottom for x, y in polygon):
        return False
    sides = edges(box)
    return not any(segments_cross(e, s) for e in edges(polygon) for s in sides)


def clip_convex(subject: Sequence[Point], clip: Sequence[Point]) -> tuple[Point, ...]:
    """The part of `subject` inside the convex polygon `clip` (Sutherland-Hodgman).

    Either may wind either way; the result winds like `subject`.
    """
    sign = 1.0 if signed_area(clip) > 0 else -1.0
    result = list(subject)
    for a, b in edges(clip):
        if not result:
            break
        result = _keep_inside(result, a, b, sign)
    return drop_repeats(result)


def _keep_inside(points: list[Point], a: Point, b: Point, sign: float) -> list[Point]:
    """One Sutherland-Hodgman step: the part of the polygon on the inner side of the line ab."""
    def side(p: Point) -> float:
        return sign * _cross(a, b, p)

    kept: list[Point] = []
    prev, prev_side = points[-1], side(points[-1])
    for cur in points:
        cur_side = side(cur)
        if (cur_side >= 0) != (prev_side >= 0):
            t = prev_side / (prev_side - cur_side)
            kept.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
        if cur_side >= 0:
            kept.append(cur)
        prev, prev_side = cur, cur_side
    return kept


def drop_repeats(polygon: Sequence[Point], tolerance: float = 1e-9) -> tuple[Point, ...]:
    """Remove corners that coincide with the one before (clipping makes them at outline corners)."""
    def same(p: Point, q: Point) -> bool:
        return abs(p[0] - q[0]) <= tolerance and abs(p[1] - q[1]) <= tolerance

    out: list[Point] = []
    for p in polygon:
        if not out or not same(p, out[-1]):
            out.append(p)
    while len(out) > 1 and same(out[0], out[-1]):
        out.pop()
    return tuple(out)


def regular_polygon(center: Point, radius: float, sides: int, start_deg: float = -90.0) -> tuple[Point, ...]:
    """Corners clockwise on the page, the first at `start_deg` (-90: straight up)."""
    cx, cy = center
    step = 360.0 / sides
    return tuple((cx + radius * math.cos(math.radians(start_deg + step * k)),
                  cy + radius * math.sin(math.radians(start_deg + step * k))) for k in range(sides))


def star(center: Point, outer: float, inner: float, points: int = 5, start_deg: float = -90.0) -> tuple[Point, ...]:
    """A star's tips and notches, clockwise from the tip at `start_deg` (-90: pointing up)."""
    tips = regular_polygon(center, outer, points, start_deg)
    notches = regular_polygon(center, inner, points, start_deg + 180.0 / points)
    return tuple(p for pair in zip(tips, notches) for p in pair)
