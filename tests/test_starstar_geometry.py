"""The *Star board's geometry against shared/GAMES.md: counts, notation, adjacency, shapes that tile."""

from __future__ import annotations

import math
import re
from collections import Counter

import pytest

from pnp.games.starstar.board import BRIDGE, StarBoard, addresses, cell_id, parse_id
from pnp.games.starstar.rules import SECTORS, handicap_points
from pnp.geometry.polygon import area, contains, edges, holds_rect, segments_cross, signed_area
from pnp.geometry.rect import Rect

RINGS = range(2, 11)
BOARDS = {R: StarBoard(R, 10.0) for R in RINGS}
PUBLISHED = {10: (275, 50), 8: (180, 40), 6: (105, 30), 4: (50, 20)}   # shared/GAMES.md: cells, perimeter


def games_md_neighbours(rings: int, sector: int, k: int, j: int) -> set[str]:
    """GAMES.md's 'Result' paragraph, written out independently of the lattice code."""
    def name(s: int, ring: int, offset: int) -> str | None:
        if not 1 <= ring <= rings:
            return None
        if offset == ring:                      # an offset equal to the ring is the next sector's offset 0
            s, offset = s + 1, 0
        return f"{SECTORS[s % 5]}{ring % 10}{offset}"

    found = {name(sector, k, j - 1), name(sector, k, j + 1), name(sector, k - 1, j - 1), name(sector, k - 1, j),
             name(sector, k + 1, j), name(sector, k + 1, j + 1)}
    if j == 0:
        found -= {name(sector, k, -1), name(sector, k - 1, -1)}
        found |= {name(sector - 1, k, k - 1), name(sector - 1, k + 1, k)}
    if k == 1:
        found |= {BRIDGE}
    return {n for n in found if n is not None and "-" not in n}


@pytest.mark.parametrize("rings", RINGS)
def test_ring_k_has_5k_cells_and_the_outer_ring_is_the_perimeter(rings: int):
    board = BOARDS[rings]
    for k in range(1, rings + 1):
        assert sum(1 for c in board.cells if c.ring == k) == 5 * k
    peries = [c for c in board.cells if "peri" in c.tags]
    assert len(board.cells) == 5 * rings * (rings + 1) // 2 and len(peries) == 5 * rings
    assert {c.ring for c in peries} == {rings}
    if rings in PUBLISHED:
        assert (len(board.cells), len(peries)) == PUBLISHED[rings]


@pytest.mark.parametrize("rings", RINGS)
def test_neighbours_are_symmetric_and_degrees_match_the_rules(rings: int):
    board = BOARDS[rings]
    for cell in board.cells:
        for other in cell.neighbours:
            if other != BRIDGE:
                assert cell.id in board.by_id[other].neighbours, (cell.id, other)
        corner = cell.ring == rings and cell.offset == 0
        want = 3 if corner else 4 if cell.ring == rings else 6
        assert len(set(cell.neighbours)) == len(cell.neighbours) == want, (cell.id, cell.neighbours)
        assert (BRIDGE in cell.neighbours) == (cell.ring == 1)


@pytest.mark.parametrize("rings", RINGS)
def test_adjacency_is_the_rule_games_md_states(rings: int):
    for cell in BOARDS[rings].cells:
        assert set(cell.neighbours) == games_md_neighbours(rings, cell.sector, cell.ring, cell.offset), cell.id


def test_the_worked_examples():
    board = BOARDS[10]
    assert set(board.by_id["*10"].neighbours) == {"S10", "R10", "*20", "*21", "R21", BRIDGE}
    assert set(board.by_id["S63"].neighbours) == {"S52", "S53", "S62", "S64", "S73", "S74"}
    assert {c.id for c in board.cells if c.ring == 1} == {"*10", "S10", "T10", "A10", "R10"}


def test_notation_ids_and_order():
    board = BOARDS[10]
    ids = [c.id for c in board.cells]
    assert len(set(ids)) == 275 and all(re.fullmatch(r"[*STAR][0-9][0-9]", i) for i in ids)
    assert ids[15:30] == "*30 *31 *32 S30 S31 S32 T30 T31 T32 A30 A31 A32 R30 R31 R32".split()
    assert {c.id for c in board.cells if c.ring == 10 and c.offset == 0} == {"*00", "S00", "T00", "A00", "R00"}
    assert all(parse_id(i) == a for i, a in zip(ids, addresses(10)))
    assert cell_id((1, 6, 3)) == "S63"
    for bad in ("S66", "X10", "*1", "S6a"):
        with pytest.raises(ValueError):
            parse_id(bad)


def test_sides_and_tags_follow_the_edges():
    board = BOARDS[10]
    assert [c.id for c in board.cells if "S" in c.sides] == [f"S0{j}" for j in range(10)] + ["T00"]
    assert board.by_id["T00"].sides == ("S", "T") and board.by_id["T00"].tags == ("peri", "quark")
    assert board.by_id["S05"].sides == ("S",) and board.by_id["S05"].tags == ("peri",)
    assert board.by_id["S95"].sides == () and board.by_id["S95"].tags == ()


def test_the_board_is_drawn_as_played():
    """A's corner at the top, R upper right, * lower right, S lower left, T upper left; the star points up."""
    board = BOARDS[10]
    cx, cy = board.centre
    angle = {s: math.degrees(math.atan2(board.by_id[f"{s}00"].center[1] - cy, board.by_id[f"{s}00"].center[0] - cx))
             for s in SECTORS}
    assert angle["A"] == pytest.approx(-90) and angle["R"] == pytest.approx(-18) and angle["*"] == pytest.approx(54)
    assert angle["S"] == pytest.approx(126) and abs(angle["T"]) == pytest.approx(162)
    top = min(board.bridge, key=lambda p: p[1])
    assert top[0] == pytest.approx(cx)
    for k in range(1, 11):   # ring k's corner cell sits k cells from the centre
        assert math.dist(board.by_id[f"A{k % 10}0"].center, board.centre) == pytest.approx(10.0 * k)


@pytest.mark.parametrize("rings", [4, 10])
def test_a_fifth_of_a_turn_maps_centres_onto_centres(rings: int):
    board = BOARDS[rings]
    cx, cy = board.centre
    turn = math.radians(72)
    for cell in board.cells:
        x, y = cell.center[0] - cx, cell.center[1] - cy
        turned = (cx + x * math.cos(turn) - y * math.sin(turn), cy + x * math.sin(turn) + y * math.cos(turn))
        image = board.by_id[cell_id(((cell.sector + 1) % 5, cell.ring, cell.offset))]
        assert turned == pytest.approx(image.center, abs=1e-9)


@pytest.mark.parametrize("rings", RINGS)
def test_the_cells_and_the_bridge_tile_the_pentagon(rings: int):
    board = BOARDS[rings]
    shapes = [board.bridge, *(c.polygon for c in board.cells)]
    assert sum(area(p) for p in shapes) == pytest.approx(area(board.outline), rel=1e-9)
    for polygon in shapes:
        assert signed_area(polygon) > 0, "clockwise on the page"
        sides = edges(polygon)
        assert not any(segments_cross(a, b) for a in sides for b in sides), "a simple polygon"


@pytest.mark.parametrize("rings", [3, 10])
def test_no_two_shapes_overlap_and_none_leaves_a_gap(rings: int):
    """Sampled on a fine grid: every point inside the outline lies in exactly one shape. Each shape is tried on
    the points near its bounding box only: a point a grid step or more outside it cannot lie in the shape."""
    board = BOARDS[rings]
    shapes = [board.bridge, *(c.polygon for c in board.cells)]
    x0, y0 = board.origin
    steps = 160
    xs = [x0 + (i + 0.37) * board.width / steps for i in range(steps)]
    ys = [y0 + (k + 0.61) * board.height / steps for k in range(steps)]
    inside = Counter()
    for shape in shapes:
        for i in _near(xs, min(x for x, _ in shape), max(x for x, _ in shape)):
            for k in _near(ys, min(y for _, y in shape), max(y for _, y in shape)):
                inside[i, k] += contains(shape, (xs[i], ys[k]))
    for i, x in enumerate(xs):
        for k, y in enumerate(ys):
            assert inside[i, k] == (1 if contains(board.outline, (x, y)) else 0), (x, y)


def _near(values: list[float], low: float, high: float) -> range:
    """The indices of evenly spaced, rising `values` from a step below `low` to a step above `high`."""
    step = values[1] - values[0]
    first, last = math.floor((low - values[0]) / step) - 1, math.ceil((high - values[0]) / step) + 1
    return range(max(0, first), min(len(values), last + 1))


@pytest.mark.parametrize("rings", [2, 6, 10])
def test_neighbours_share_an_edge_and_others_do_not(rings: int):
    board = BOARDS[rings]
    corners = {c.id: {(round(x, 6), round(y, 6)) for x, y in c.polygon} for c in board.cells}
    corners[BRIDGE] = {(round(x, 6), round(y, 6)) for x, y in board.bridge}
    near = {c.id: set(c.neighbours) for c in board.cells}
    near[BRIDGE] = {c.id for c in board.cells if c.ring == 1}
    for a in corners:
        for b in corners:
            if a < b:
                assert (len(corners[a] & corners[b]) >= 2) == (b in near[a]), (a, b)


def test_every_cell_has_room_for_a_label_and_a_pencil_mark():
    """A 3-character label box (a quarter of a cell wide) and a dot of a fifth of a cell fit around each centre."""
    board = BOARDS[10]
    for cell in board.cells:
        x, y = cell.center
        assert holds_rect(cell.polygon, Rect(x - 2.5, y - 1.0, 5.0, 2.0)), cell.id


def test_handicap_points_in_order_where_the_board_has_them():
    assert handicap_points(10) == ("S60", "A60", "*60", "T60", "R60", "S30", "A30", "*30", "T30", "R30")
    assert handicap_points(4) == ("S30", "A30", "*30", "T30", "R30") and handicap_points(2) == ()
    assert all(p in BOARDS[10].by_id for p in handicap_points(10))

