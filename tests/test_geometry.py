"""Pure Asterisk geometry, checked on every side 2..40 against shared/GAMES.md.

Expected values are derived here from the rules (cell count formula, the
id scheme, the neighbour offsets, hexagon metrics), never copied from output.
"""

from __future__ import annotations

import math
import re
from collections import deque
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.asterisk.board import AsteriskBoard, cell_count, cell_id, letters, neighbours, ring, sides_of

SIDES = list(range(2, 41))
CELL_MM = 13.7  # any size: nothing below may depend on it
TOL = 1e-9
ID_RE = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def decode_letters(text: str) -> int:
    """Bijective base 26 (a=1 .. z=26, aa=27): the inverse of the GAMES.md lettering."""
    value = 0
    for ch in text:
        value = value * 26 + (ord(ch) - ord("a") + 1)
    return value


def parse_id(cid: str) -> tuple[int, int]:
    match = ID_RE.match(cid)
    assert match, f"{cid!r} is not letters followed by a row number"
    return int(match.group(2)), decode_letters(match.group(1))


def rule_neighbours(n: int, r: int, i: int) -> set[tuple[int, int]]:
    """GAMES.md: (r, i-1), (r, i+1), (r-1, i-1), (r-1, i), (r+1, i), (r+1, i+1), where they exist."""
    steps = [(r, i - 1), (r, i + 1), (r - 1, i - 1), (r - 1, i), (r + 1, i), (r + 1, i + 1)]
    return {(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= a}


@lru_cache(maxsize=None)
def board(n: int, cell_mm: float = CELL_MM) -> AsteriskBoard:
    """One board per side for the whole module (the checks only read it)."""
    return AsteriskBoard(n, cell_mm)


side_ids = pytest.mark.parametrize("n", SIDES, ids=[f"side{n}" for n in SIDES])


# --- letters and ids -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pos", "text"),
    [(1, "a"), (2, "b"), (11, "k"), (26, "z"), (27, "aa"), (28, "ab"), (52, "az"), (53, "ba"), (702, "zz"), (703, "aaa")],
    ids=lambda v: str(v),
)
def test_letters_spreadsheet_style(pos, text):
    assert letters(pos) == text


def test_letters_is_a_bijection_on_positions():
    seen = {}
    for pos in range(1, 3000):
        text = letters(pos)
        assert re.fullmatch(r"[a-z]+", text), (pos, text)
        assert decode_letters(text) == pos
        assert text not in seen, f"{text!r} for both {seen.get(text)} and {pos}"
        seen[text] = pos


def test_bottom_row_of_side_11_is_a11_to_k11():
    b = board(11)
    bottom = [c.id for c in b.cells if c.row == 11]
    assert bottom == [f"{ch}11" for ch in "abcdefghijk"]
    assert b.cells[0].id == "a1" and b.cells[0].row == 1


def test_cell_id_past_z():
    assert cell_id(30, 27) == "aa30"
    assert cell_id(30, 30) == "ad30"


@side_ids
def test_cell_count_and_ids(n):
    b = board(n)
    assert len(b.cells) == n * (n + 1) // 2 == cell_count(n)
    ids = [c.id for c in b.cells]
    assert len(set(ids)) == len(ids), "ids must be unique"
    assert ids[0] == "a1"
    for c in b.cells:
        assert parse_id(c.id) == (c.row, c.pos)
        assert 1 <= c.pos <= c.row <= n
        assert b.by_id[c.id] is c
    rows = {}
    for c in b.cells:
        rows.setdefault(c.row, []).append(c.pos)
    assert rows == {r: list(range(1, r + 1)) for r in range(1, n + 1)}, "row r holds positions 1..r, left to right"


# --- adjacency -------------------------------------------------------------------------------


@side_ids
def test_neighbours_follow_the_rule_and_are_symmetric(n):
    b = board(n)
    for c in b.cells:
        got = [parse_id(x) for x in c.neighbours]
        assert len(got) == len(set(got)), f"{c.id} lists a neighbour twice"
        assert set(got) == rule_neighbours(n, c.row, c.pos), c.id
        assert set(neighbours(n, c.row, c.pos)) == set(got)
        assert c.id not in c.neighbours
        for other in c.neighbours:
            assert c.id in b.by_id[other].neighbours, f"{c.id} -> {other} but not back"


@side_ids
def test_degrees(n):
    b = board(n)
    corners = {"a1", f"a{n}", f"{letters(n)}{n}"}
    for c in b.cells:
        degree = len(c.neighbours)
        if c.id in corners:
            assert degree == 2, c.id
        elif n >= 3 and c.sides:
            assert degree == 4, c.id
        elif n >= 3:
            assert degree == 6, c.id
    if n == 2:
        # Three cells, all corners, each touching the other two.
        assert {c.id for c in b.cells} == corners
        assert all(set(c.neighbours) == corners - {c.id} for c in b.cells)
    edges = sum(len(c.neighbours) for c in b.cells)
    assert edges % 2 == 0
    # A triangle of side n on the hex lattice has 3 * n(n-1)/2 adjacent pairs.
    assert edges // 2 == 3 * n * (n - 1) // 2


@side_ids
def test_sides(n):
    b = board(n)
    per_side = {"left": [], "right": [], "bottom": []}
    on_two = []
    for c in b.cells:
        expected = {s for s, on in (("left", c.pos == 1), ("right", c.pos == c.row), ("bottom", c.row == n)) if on}
        assert set(c.sides) == expected, c.id
        assert tuple(sides_of(n, c.row, c.pos)) == c.sides
        assert len(c.sides) <= 2, f"{c.id} lies on three sides"
        for s in c.sides:
            per_side[s].append(c.id)
        if len(c.sides) == 2:
            on_two.append(c.id)
    assert sorted(on_two) == sorted({"a1", f"a{n}", f"{letters(n)}{n}"}), "exactly the three corners lie on two sides"
    assert all(len(v) == n for v in per_side.values()), {k: len(v) for k, v in per_side.items()}
    assert set(sides_of(n, 1, 1)) == {"left", "right"}
    assert set(sides_of(n, n, 1)) == {"left", "bottom"}
    assert set(sides_of(n, n, n)) == {"right", "bottom"}


@side_ids
def test_ring_is_distance_to_the_perimeter(n):
    """ring() is the number of steps from a perimeter cell (breadth-first over the neighbour graph)."""
    b = board(n)
    dist = {c.id: 0 for c in b.cells if c.sides}
    queue = deque(dist)
    while queue:
        cid = queue.popleft()
        for other in b.by_id[cid].neighbours:
            if other not in dist:
                dist[other] = dist[cid] + 1
                queue.append(other)
    assert len(dist) == len(b.cells), "the board is connected"
    for c in b.cells:
        assert c.ring == ring(n, c.row, c.pos) == dist[c.id], c.id


# --- metric geometry -------------------------------------------------------------------------


def check_metric(b: AsteriskBoard, tol: float) -> None:
    """Neighbour centres exactly one cell apart; every other pair at least sqrt(3) cells apart."""
    s = b.cell_mm
    # Bucket centres on a grid a little coarser than s: two centres in buckets that do not touch
    # are more than 1.01 s apart, so checking the pairs in touching buckets covers every near pair.
    g = 1.01 * s
    buckets: dict[tuple[int, int], list] = {}
    for c in b.cells:
        buckets.setdefault((math.floor(c.center[0] / g), math.floor(c.center[1] / g)), []).append(c)
    for c in b.cells:
        for nb in c.neighbours:
            d = math.dist(c.center, b.by_id[nb].center)
            assert abs(d - s) <= tol, f"{c.id}-{nb}: {d} != {s}"
    near_pairs = 0
    for (bx, by), members in buckets.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in buckets.get((bx + dx, by + dy), ()):
                    for c in members:
                        if c.id >= other.id:
                            continue
                        d = math.dist(c.center, other.center)
                        if other.id in c.neighbours:
                            near_pairs += 1
                        else:
                            assert d >= math.sqrt(3) * s - tol, f"{c.id} and {other.id} are {d} apart but not neighbours"
    # Every neighbour pair was found by the buckets (none slipped past the far-apart argument).
    assert near_pairs == sum(len(c.neighbours) for c in b.cells) // 2


@side_ids
def test_neighbour_distance_is_one_cell(n):
    check_metric(board(n), TOL)


def test_all_pairs_small_boards():
    """Brute force on small boards, independent of the bucketing argument."""
    for n in range(2, 13):
        b = board(n)
        for c, o in combinations(b.cells, 2):
            d = math.dist(c.center, o.center)
            if o.id in c.neighbours:
                assert abs(d - CELL_MM) <= TOL
            else:
                assert d > CELL_MM * 1.5


def check_hexagons(b: AsteriskBoard, tol: float) -> None:
    s = b.cell_mm
    r = s / math.sqrt(3)
    for c in b.cells:
        poly = c.polygon
        assert len(poly) == 6
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        assert abs((max(xs) - min(xs)) - s) <= tol, f"{c.id} across flats {max(xs) - min(xs)}"
        assert abs((max(ys) - min(ys)) - 2 * r) <= tol, f"{c.id} is not pointy-top"
        for k, p in enumerate(poly):
            assert abs(math.dist(p, c.center) - r) <= tol
            assert abs(math.dist(p, poly[(k + 1) % 6]) - r) <= tol, "a regular hexagon's edge equals its circumradius"
        # Adjacent hexagons share an edge: exactly two corners in common.
        for nb in c.neighbours:
            other = b.by_id[nb].polygon
            shared = [p for p in poly if any(math.dist(p, q) <= tol for q in other)]
            assert len(shared) == 2, f"{c.id} and {nb} share {len(shared)} corners"


@side_ids
def test_hexagons(n):
    check_hexagons(board(n), 1e-9)


@side_ids
def test_board_frame_is_the_cells_bounding_box(n):
    b = board(n)
    points = [p for c in b.cells for p in c.polygon]
    assert abs(min(p[0] for p in points)) <= TOL
    assert abs(min(p[1] for p in points)) <= TOL
    assert abs(max(p[0] for p in points) - b.width) <= TOL
    assert abs(max(p[1] for p in points) - b.height) <= TOL
    assert abs(b.width - n * CELL_MM) <= TOL, "the bottom row is n cells wide"
    apex = b.by_id["a1"].center
    assert abs(apex[0] - b.width / 2) <= TOL, "the apex sits above the middle of the bottom row"
    # Rows go down the page (y down), positions go right.
    assert b.center(2, 1)[1] > apex[1] and b.center(2, 2)[0] > b.center(2, 1)[0]


@side_ids
def test_side_outlines_close_the_board(n):
    """The three side zigzags run corner to corner and together trace the whole outline."""
    b = board(n)
    left, right, bottom = (b.side_outline(s) for s in ("left", "right", "bottom"))

    def same(p, q):
        return math.dist(p, q) <= 1e-9

    assert same(left[-1], right[0]), "left ends where right starts (the apex)"
    assert same(right[-1], bottom[0]), "right ends where bottom starts"
    assert same(bottom[-1], left[0]), "bottom ends where left starts"
    def key(p):
        return (round(p[0], 6), round(p[1], 6))

    corners = {key(p) for c in b.cells if c.sides for p in c.polygon}
    for line in (left, right, bottom):
        assert all(key(p) in corners for p in line), "outline points are corners of perimeter cells"
        for p, q in zip(line, line[1:]):
            assert abs(math.dist(p, q) - b.cell_mm / math.sqrt(3)) <= 1e-9, "each step is one hexagon edge"
    # A side of n cells shows 2n outer edges, the corner cells sharing theirs between two sides.
    total_edges = len(left) + len(right) + len(bottom) - 3
    assert total_edges == 6 * n


@pytest.mark.parametrize("n", [2, 11, 27], ids=lambda n: f"side{n}")
def test_origin_moves_the_board_without_changing_it(n):
    """A board placed at an origin is the same board, every point moved by exactly that much."""
    ox, oy = 31.25, -7.5
    home, moved = board(n), AsteriskBoard(n, CELL_MM, (ox, oy))
    for a, b in zip(home.cells, moved.cells):
        assert (a.id, a.neighbours, a.sides, a.ring) == (b.id, b.neighbours, b.sides, b.ring)
        for (x0, y0), (x1, y1) in zip((a.center, *a.polygon), (b.center, *b.polygon)):
            assert abs(x1 - x0 - ox) <= TOL and abs(y1 - y0 - oy) <= TOL
    for side in ("left", "right", "bottom"):
        for (x0, y0), (x1, y1) in zip(home.side_outline(side), moved.side_outline(side)):
            assert abs(x1 - x0 - ox) <= TOL and abs(y1 - y0 - oy) <= TOL
    check_metric(moved, TOL)


# --- hypothesis: any side, any cell size -------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=60), cell_mm=st.floats(min_value=1, max_value=40, allow_nan=False))
def test_random_boards(n, cell_mm):
    b = AsteriskBoard(n, cell_mm)
    assert len(b.cells) == n * (n + 1) // 2
    assert len({c.id for c in b.cells}) == len(b.cells)
    tol = 1e-9 * max(1.0, cell_mm)
    for c in b.cells:
        assert {parse_id(x) for x in c.neighbours} == rule_neighbours(n, c.row, c.pos)
    check_metric(b, tol)
    xs = [p[0] for c in b.cells for p in c.polygon]
    assert abs(max(xs) - min(xs) - n * cell_mm) <= tol * n


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=2, max_value=30), cell_mm=st.floats(min_value=1, max_value=40, allow_nan=False))
def test_random_hexagons(n, cell_mm):
    check_hexagons(AsteriskBoard(n, cell_mm), 1e-9 * max(1.0, cell_mm) * 4)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10**6))
def test_random_letters_roundtrip(pos):
    assert decode_letters(letters(pos)) == pos
    assert cell_id(pos, pos).endswith(str(pos))
