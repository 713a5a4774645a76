"""Regular hexagons, sized by what a ruler measures: the width across flats."""

from __future__ import annotations

import math
from functools import lru_cache

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
CORNERS = 6
CORNER_STEP_DEG = 360.0 / CORNERS
POINTY_FIRST_DEG = -90.0   # a pointy-top hexagon's corner 0 points straight up (y down)
FLAT_FIRST_DEG = POINTY_FIRST_DEG + CORNER_STEP_DEG / 2   # a flat-top one's: the first corner past straight up


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
def hexagon_offsets(across_flats: float, first_deg: float = POINTY_FIRST_DEG) -> tuple[Point, ...]:
    """Corners relative to the centre, clockwise from corner 0 at `first_deg` (pointy by default; a flat-top
    hexagon starts 30 degrees on): worked out once for many cells or pieces of one size."""
    r = circumradius(across_flats)
    return tuple((r * ux, r * uy) for ux, uy in _unit_corners(first_deg))


@lru_cache(maxsize=8)
def _unit_corners(first_deg: float) -> tuple[Point, ...]:
    return tuple((math.cos(math.radians(first_deg + CORNER_STEP_DEG * k)),
                  math.sin(math.radians(first_deg + CORNER_STEP_DEG * k))) for k in range(CORNERS))
