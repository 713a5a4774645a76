"""Lines a cutting machine follows: every edge once, joined into runs, and outlines grown by half a kerf.

Pieces packed edge to edge (a honeycomb, a grid of cards) share their edges; a
cutter must cut each of those once, not once per piece. Edge ends computed from
two pieces' centres differ in the last bits, so they are snapped to a
thousandth of a millimetre before they are compared. Coordinates are mm with y
down. Game-free; nothing here draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import Segment, edges, signed_area

PLACES = 3          # cut ends snapped to 0.001 mm, far below what any cutter resolves
NOISE_PLACES = 9    # rounded first at this, so float noise never puts two equal ends either side of a half step


def snap(point: Point) -> Point:
    """The point on the 0.001 mm grid cut ends are compared on."""
    return (round(round(point[0], NOISE_PLACES), PLACES) + 0.0, round(round(point[1], NOISE_PLACES), PLACES) + 0.0)


def unique_edges(polygons: Iterable[Sequence[Point]]) -> list[Segment]:
    """Every polygon's edges, ends snapped, each once whichever polygon and direction it came from; in the order
    first met."""
    found: dict[Segment, None] = {}
    for polygon in polygons:
        for a, b in edges([snap(p) for p in polygon]):
            if a != b:
                found.setdefault((a, b) if a <= b else (b, a), None)
    return list(found)


def joined(segments: Sequence[Segment]) -> list[Segment]:
    """Collinear segments that meet or overlap made one (a grid of cards: each grid line one cut across the sheet);
    the rest as they are. In the order each line is first met."""
    lines: dict[tuple[float, float, float], list[Segment]] = {}
    for a, b in segments:
        if (b[0], b[1]) < (a[0], a[1]):
            a, b = b, a
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        key = (round(ux, NOISE_PLACES - 3), round(uy, NOISE_PLACES - 3), round(a[0] * uy - a[1] * ux, PLACES))
        lines.setdefault(key, []).append((a, b))
    found: list[Segment] = []
    for (ux, uy, _), parts in lines.items():
        along = sorted(parts, key=lambda s: s[0][0] * ux + s[0][1] * uy)
        start, end = along[0]
        for a, b in along[1:]:
            if a[0] * ux + a[1] * uy <= end[0] * ux + end[1] * uy + 10 ** -PLACES:
                end = max(end, b, key=lambda p: p[0] * ux + p[1] * uy)
            else:
                found.append((start, end))
                start, end = a, b
        found.append((start, end))
    return found


def runs(segments: Sequence[Segment]) -> list[tuple[Point, ...]]:
    """The segments joined end to end into runs (a closed run ends on its first point), each segment in exactly
    one run: a cutter lifts its blade less and still cuts every edge once. Open ends are walked from first, so a
    chain is cut whole; the walk is greedy and follows the segments' order, so the same input gives the same runs."""
    at: dict[Point, list[int]] = {}
    for i, (a, b) in enumerate(segments):
        at.setdefault(a, []).append(i)
        at.setdefault(b, []).append(i)
    used = [False] * len(segments)

    def unused(point: Point) -> int | None:
        return next((i for i in at[point] if not used[i]), None)

    found: list[tuple[Point, ...]] = []
    for start in [p for p, ends in at.items() if len(ends) % 2] + list(at):
        while (step := unused(start)) is not None:
            run, here = [start], start
            while step is not None:
                used[step] = True
                a, b = segments[step]
                here = b if a == here else a
                run.append(here)
                step = unused(here)
            found.append(tuple(run))
    return found


def grown(polygon: Sequence[Point], by: float) -> tuple[Point, ...]:
    """A convex polygon with every edge moved `by` mm outward, corners mitred: its size across flats grows by
    twice `by`, as half a kerf on each side asks."""
    if not by:
        return tuple(polygon)
    outward = 1.0 if signed_area(polygon) > 0 else -1.0   # clockwise on the page: the outside is to the left
    lines = []
    for a, b in edges(polygon):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        nx, ny = outward * dy / length * by, -outward * dx / length * by
        lines.append(((a[0] + nx, a[1] + ny), (dx, dy)))
    return tuple(_meet(lines[i - 1], lines[i]) for i in range(len(lines)))


def _meet(first: tuple[Point, Point], second: tuple[Point, Point]) -> Point:
    """Where two lines (a point and a direction each) cross; parallel ones (a repeated corner) at the second's point."""
    (px, py), (dx, dy) = first
    (qx, qy), (ex, ey) = second
    across = dx * ey - dy * ex
    if abs(across) < 1e-12:
        return (qx, qy)
    t = ((qx - px) * ey - (qy - py) * ex) / across
    return (px + t * dx, py + t * dy)
