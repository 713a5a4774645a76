"""Regular hexagons and other small vertex generators, sized by what a ruler measures."""

from __future__ import annotations

import math

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)


def circumradius(across_flats: float) -> float:
    """Centre-to-corner distance of a regular hexagon with the given across-flats width."""
    return across_flats / SQRT3


def pointy_hexagon(center: Point, across_flats: float) -> tuple[Point, ...]:
    """Corners of a pointy-top hexagon, clockwise on the page from the top corner.

    Corner k sits at angle -90 + 60k degrees (y down), so edges run
    top-right, right, bottom-right, bottom-left, left, top-left.
    """
    r = circumradius(across_flats)
    cx, cy = center
    return tuple((cx + r * ux, cy + r * uy) for ux, uy in _POINTY_UNIT)


_POINTY_UNIT = tuple(
    (math.cos(math.radians(-90.0 + 60 * k)), math.sin(math.radians(-90.0 + 60 * k))) for k in range(6)
)


def flat_hexagon(center: Point, across_flats: float) -> tuple[Point, ...]:
    """Corners of a flat-top hexagon (a pointy one turned 30 degrees)."""
    return regular_polygon(center, circumradius(across_flats), 6, 0.0)


def regular_polygon(center: Point, radius: float, sides: int, start_deg: float) -> tuple[Point, ...]:
    cx, cy = center
    step = 360.0 / sides
    return tuple(
        (cx + radius * math.cos(math.radians(start_deg + k * step)),
         cy + radius * math.sin(math.radians(start_deg + k * step)))
        for k in range(sides)
    )


def star(center: Point, outer: float, inner: float, points: int, start_deg: float = -90.0) -> tuple[Point, ...]:
    """Corners of a star polygon: `points` tips on `outer`, notches on `inner`."""
    cx, cy = center
    step = 180.0 / points
    return tuple(
        (cx + r * math.cos(math.radians(start_deg + k * step)),
         cy + r * math.sin(math.radians(start_deg + k * step)))
        for k, r in enumerate([outer, inner] * points)
    )


def bounds(points: list[Point] | tuple[Point, ...]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of a set of points."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
