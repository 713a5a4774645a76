"""Cell edges too short to see (pnp/geometry/short_edges.py), on its own: exact lengths, every edge listed once with
the cells on either side and at its ends, the median edge, and pushes that lengthen a short edge.

Cells here are voronoi.py's, in a square outline of side 1000 (axial units), so
the numbers are small enough to check by hand.
"""

from __future__ import annotations

from fractions import Fraction

from pnp.geometry.short_edges import PUSH_MARGIN, cell_edges, median_squared, pushes, squared_length
from pnp.geometry.voronoi import norm, voronoi_cells

SIDE = 1000
SQUARE = ((-1, 0, 0), (0, -1, 0), (1, 0, SIDE), (0, 1, SIDE))   # 0 <= a, b <= SIDE


def test_a_squared_length_is_exact_in_the_axial_metric():
    assert squared_length((0, 0, 1), (3, 0, 1)) == 9
    assert squared_length((0, 0, 1), (1, 1, 1)) == 3                 # a^2 + ab + b^2
    assert squared_length((1, 0, 3), (0, 1, 3)) == Fraction(1, 9)     # (1/3, 0) to (0, 1/3): (1/3)^2 - 1/9 + (1/3)^2


def test_every_edge_is_listed_once_with_its_cells_and_the_cells_at_its_ends():
    points = [(200, 200), (700, 250), (300, 700), (750, 700), (500, 480)]
    polygons = voronoi_cells(points, SQUARE, SIDE)
    edges = cell_edges(polygons)
    assert len(edges) == len({frozenset(e.ends) for e in edges}) == sum(map(len, polygons)) - len(
        [e for e in edges if e.shared])
    for e in edges:
        for i in e.cells:
            ring = polygons[i]
            assert any({v, w} == set(e.ends) for v, w in zip(ring, ring[1:] + ring[:1])), "each cell has the edge"
        meeting = {k for k, ring in enumerate(polygons) if e.ends[0] in ring or e.ends[1] in ring}
        assert set(e.beyond) == meeting - set(e.cells), "beyond: the other cells at its ends"
        assert e.squared == squared_length(*e.ends)
    inner = [e for e in edges if e.shared]
    assert all(len(e.beyond) == 2 for e in inner if not any(_on_outline(v) for v in e.ends))


def _on_outline(v) -> bool:
    a, b, d = v
    return a in (0, SIDE * d) or b in (0, SIDE * d)


def test_the_median_is_the_middle_shared_edge_the_longer_of_two():
    points = [(200, 200), (700, 250), (300, 700), (750, 700), (500, 480)]
    edges = cell_edges(voronoi_cells(points, SQUARE, SIDE))
    shared = sorted(e.squared for e in edges if e.shared)
    assert median_squared(edges) == shared[len(shared) // 2]


def shortest_shared(points):
    return min(e.squared for e in cell_edges(voronoi_cells(points, SQUARE, SIDE)) if e.shared)


def test_pushes_lengthen_a_short_edge_between_four_nearly_concyclic_points():
    """Four points nearly on one circle: the middle edge between the two nearer ones is tiny. Their pushes pull
    those two towards it and push the other two away, each by half what it lacks and a margin."""
    points = [(500, 300), (500, 701), (300, 500), (700, 500)]   # 0 and 1 a hair further apart than 2 and 3
    edges = cell_edges(voronoi_cells(points, SQUARE, SIDE))
    (short,) = [e for e in edges if e.shared and e.squared < 100]
    assert set(short.cells) == {2, 3} and set(short.beyond) == {0, 1}
    target = 120
    moves = pushes(points, [short], target)
    assert set(moves) == {0, 1, 2, 3}
    step = (target - 0) // 2 + int(target * PUSH_MARGIN)
    for i, (da, db) in moves.items():
        assert abs(norm(da, db) ** 0.5 - step) <= 2, "each moves about `step` grid units"
    assert moves[2][0] > 0 and moves[3][0] < 0, "the edge's own cells come together"
    assert moves[0][1] < 0 and moves[1][1] > 0, "the cells at its ends go apart"
    moved = [(a + da, b + db) for (a, b), (da, db) in ((p, moves[i]) for i, p in enumerate(points))]
    after = [e for e in cell_edges(voronoi_cells(moved, SQUARE, SIDE)) if set(e.cells) == {2, 3}]
    assert after and after[0].squared >= target ** 2, "one round of pushes makes it long enough"
    assert shortest_shared(moved) > shortest_shared(points)


def test_an_edge_long_enough_is_not_pushed():
    assert pushes([(0, 0)], [], 50) == {}
