"""Hatching: parallel lines across a convex shape, the ink saver's way of saying "dark" without a solid fill."""

from __future__ import annotations

import math

from pnp.geometry.hexagon import Point

CIRCLE_SIDES = 48   # a circle hatched as this many-sided polygon: the lines end within 0.2 % of its edge


def circle_points(center: Point, radius: float) -> tuple[Point, ...]:
    cx, cy = center
    return tuple((cx + radius * math.cos(2 * math.pi * k / CIRCLE_SIDES), cy + radius * math.sin(2 * math.pi * k / CIRCLE_SIDES))
                 for k in range(CIRCLE_SIDES))


def hatch(points: tuple[Point, ...], pitch: float, angle_deg: float = 45.0) -> tuple[tuple[Point, Point], ...]:
    """Lines `pitch` apart at `angle_deg`, each cut to the convex polygon `points`."""
    ux, uy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    nx, ny = -uy, ux                                        # across the lines
    offsets = [x * nx + y * ny for x, y in points]
    low, high = min(offsets), max(offsets)
    count = int((high - low) / pitch)
    start = low + (high - low - count * pitch) / 2          # centred, so the pattern sits evenly in the shape
    lines = []
    for k in range(count + 1):
        segment = _cut(points, start + k * pitch, (nx, ny), (ux, uy))
        if segment:
            lines.append(segment)
    return tuple(lines)


def _cut(points: tuple[Point, ...], offset: float, normal: Point, along: Point) -> tuple[Point, Point] | None:
    """Where the line {p : p . normal = offset} crosses the polygon, as its two ends (None if it misses)."""
    hits = _crossings(points, offset, normal)
    if len(hits) < 2:
        return None
    hits.sort(key=lambda p: p[0] * along[0] + p[1] * along[1])
    return hits[0], hits[-1]


def hatch_any(points: tuple[Point, ...], pitch: float, angle_deg: float = 45.0) -> tuple[tuple[Point, Point], ...]:
    """As `hatch`, for any simple polygon, convex or not: each line keeps the stretches inside (even-odd)."""
    ux, uy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    nx, ny = -uy, ux
    offsets = [x * nx + y * ny for x, y in points]
    low, high = min(offsets), max(offsets)
    count = int((high - low) / pitch)
    start = low + (high - low - count * pitch) / 2
    lines = []
    for k in range(count + 1):
        hits = _crossings(points, start + k * pitch, (nx, ny))
        hits.sort(key=lambda p: p[0] * ux + p[1] * uy)
        lines += [(hits[i], hits[i + 1]) for i in range(0, len(hits) - 1, 2)]
    return tuple(lines)


def _crossings(points: tuple[Point, ...], offset: float, normal: Point) -> list[Point]:
    """Where the line {p : p . normal = offset} crosses the polygon's edges, in the polygon's order."""
    hits = []
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        da, db = ax * normal[0] + ay * normal[1] - offset, bx * normal[0] + by * normal[1] - offset
        if (da < 0) != (db < 0):
            t = da / (da - db)
            hits.append((ax + t * (bx - ax), ay + t * (by - ay)))
    return hits
