"""Shared geometry, without any game: hexagons measured as a ruler would, cell shapes from a triangulation, and
plane drawings on integer points (faces against Euler's formula, exact segment tests).

The lattice the hexagon boards stand on has its own tests (tests/test_boards_lattice.py).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.geometry.dual import dual_polygons
from pnp.geometry.hexagon import circumradius, hexagon_offsets, pointy_hexagon
from pnp.geometry.plane import faces, segments_meet, strictly_inside
from pnp.geometry.polygon import area, signed_area

TOL = 1e-9


@settings(max_examples=60, deadline=None)
@given(size=st.floats(min_value=0.1, max_value=500), x=st.floats(min_value=-1e3, max_value=1e3),
       y=st.floats(min_value=-1e3, max_value=1e3))
def test_a_pointy_hexagon_measures_its_size_across_flats(size: float, x: float, y: float):
    corners = pointy_hexagon((x, y), size)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    tol = TOL * max(1.0, size, abs(x), abs(y))
    assert abs(max(xs) - min(xs) - size) <= tol, "across flats, left to right"
    assert abs(max(ys) - min(ys) - 2 * size / math.sqrt(3)) <= tol, "corner to corner, top to bottom"
    assert abs(corners[0][0] - x) <= tol and corners[0][1] < y, "corner 0 points straight up"
    assert signed_area(corners) > 0, "clockwise on the page (y down)"
    assert all(abs(math.dist(p, (x, y)) - circumradius(size)) <= tol for p in corners)


def test_a_flat_hexagon_is_the_pointy_one_turned_30_degrees():
    pointy, flat = hexagon_offsets(12.0), hexagon_offsets(12.0, -60.0)
    turn = math.radians(30)
    for (px, py), (fx, fy) in zip(pointy, flat, strict=True):
        assert math.dist((px * math.cos(turn) - py * math.sin(turn), px * math.sin(turn) + py * math.cos(turn)),
                         (fx, fy)) <= TOL
    assert flat[1] == pytest.approx((circumradius(12.0), 0.0)), "corner 1 points straight right"


def test_hexagon_offsets_are_made_once_per_size():
    assert hexagon_offsets(7.25) is hexagon_offsets(7.25)
    assert hexagon_offsets(7.25) is not hexagon_offsets(7.25, -60.0)


def test_the_dual_of_a_square_split_in_two_tiles_it():
    """Four points, two triangles, a square outline around them; bends keep the tiling."""
    points = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    outline = [(-5.0, -5.0), (15.0, -5.0), (15.0, 15.0), (-5.0, 15.0)]
    plain = dual_polygons(points, [(0, 1, 2), (0, 2, 3)], outline)
    bent = dual_polygons(points, [(0, 1, 2), (0, 2, 3)], outline, bends={frozenset((0, 2)): (3.0, 3.0)})
    for polygons in (plain, bent):
        assert sum(area(p) for p in polygons) == pytest.approx(400.0)
    assert (3.0, 3.0) in bent[0] and (3.0, 3.0) in bent[2] and (3.0, 3.0) not in bent[1]
    with pytest.raises(ValueError, match="outline"):
        dual_polygons(points, [(0, 1, 2), (0, 2, 3)])


@st.composite
def drawings(draw):
    """Random points on a small grid and a random set of edges that neither cross nor run through a point."""
    count = draw(st.integers(3, 14))
    points = draw(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=count, max_size=count, unique=True))
    candidates = draw(st.permutations([(a, b) for a in range(count) for b in range(a + 1, count)]))
    edges = [e for e in candidates[: draw(st.integers(0, 40))]]
    kept: list[tuple[int, int]] = []
    for edge in edges:
        if _drawable(points, kept, edge):
            kept.append(edge)
    return points, kept


def _drawable(points, kept, edge) -> bool:
    """An edge runs through no point and meets no kept edge it shares no end with."""
    (a, b), ends = edge, set(edge)
    if any(strictly_inside(p, points[a], points[b]) for p in points):
        return False
    return not any(not ends & {c, d} and segments_meet(points[a], points[b], points[c], points[d]) for c, d in kept)


@settings(max_examples=300, deadline=None)
@given(drawings())
def test_faces_keep_eulers_formula(drawing):
    """V - E + F = 1 + C (F counting the outer face, C the connected parts); every face has positive area;
    no part is held by two faces."""
    points, edges = drawing
    found = faces(points, edges)
    assert len(points) - len(edges) + len(found) + 1 == 1 + _parts(len(points), edges)
    assert all(f.twice_area > 0 for f in found)
    held = [p for f in found for hole in f.holes for p in hole]
    assert len(held) == len(set(held))


def _parts(count: int, edges) -> int:
    root = list(range(count))

    def find(p):
        while root[p] != p:
            p = root[p]
        return p

    for a, b in edges:
        root[find(a)] = find(b)
    return len({find(p) for p in range(count)})


def test_segments_meet_exactly():
    assert segments_meet((0, 0), (4, 4), (0, 4), (4, 0))          # a proper crossing
    assert segments_meet((0, 0), (4, 0), (2, 0), (6, 0))          # overlapping along a line
    assert segments_meet((0, 0), (4, 0), (4, 0), (4, 3))          # touching at an end
    assert not segments_meet((0, 0), (4, 0), (0, 1), (4, 1))      # parallel
    assert not segments_meet((0, 0), (100, 1), (0, 1), (100, 2))  # nearly parallel, never meeting
