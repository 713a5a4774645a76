"""Regular hexagons, sized by what a ruler measures: the width across flats."""

from __future__ import annotations

import math
from functools import lru_cache

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
# cos 30 degrees to three places: the ratio of a hexagon's flats to its corners as the
# Asterisk layouts were first measured. Layouts keep this value rather than SQRT3 / 2 so
# that every board, sheet and marker keeps its exact size and bytes.
COS30_3DP = 0.866


def circumradius(across_flats: float) -> float:
    """Centre-to-corner distance of a regular hexagon with the given across-flats width."""
    return across_flats / SQRT3


def pointy_hexagon(center: Point, across_flats: float) -> tuple[Point, ...]:
    """Corners of a pointy-top hexagon, clockwise on the page from the top corner.

    Corner k sits at angle -90 + 60k degrees (y down), so edges run
    top-right, right, bottom-right, bottom-left, left, top-left.
    """
    cx, cy = center
    return tuple((cx + dx, cy + dy) for dx, dy in hexagon_offsets(across_flats))


@lru_cache(maxsize=64)
def hexagon_offsets(across_flats: float) -> tuple[Point, ...]:
    """The corners of `pointy_hexagon` relative to its centre: worked out once for many cells or pieces of one size."""
    r = circumradius(across_flats)
    return tuple((r * ux, r * uy) for ux, uy in _POINTY_UNIT)


_POINTY_UNIT = tuple(
    (math.cos(math.radians(-90.0 + 60 * k)), math.sin(math.radians(-90.0 + 60 * k))) for k in range(6)
)
