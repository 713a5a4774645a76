"""The hex lattice and the cell record, without any game: shapes, ids, neighbours, sides, rings, metric, outlines.

Expected values come from the rules as shared/GAMES.md writes them (the Asterisk
and Y triangle, the Hex rhombus), from counting formulas and from hexagon
metrics, each worked out here independently of pnp/boards/lattice/.
"""

from __future__ import annotations

import json
import math
import re
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.boards.cells import Cell, CellBoard, board_graph, cell_record
from pnp.boards.lattice.ids import a1_id, letters, parse_a1
from pnp.boards.lattice.orientation import FLAT, POINTY, Orientation
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import LatticeShape, hexagon, rhombus, triangle
from pnp.geometry.polygon import area, signed_area

CELL_MM = 13.7   # any size: nothing below may depend on it
TOL = 1e-9
TRIANGLES = range(2, 21)
RHOMBI = range(2, 20)
ID = re.compile(r"([a-z]+)([1-9][0-9]*)")


def decode_letters(text: str) -> int:
    """Bijective base 26 (a = 1 .. z = 26, aa = 27): the inverse of the GAMES.md lettering."""
    value = 0
    for char in text:
        value = value * 26 + ord(char) - ord("a") + 1
    return value


def split_id(cid: str) -> tuple[int, int]:
    """(row, column) of an a1 id, read by this test's own rule."""
    found = ID.fullmatch(cid)
    assert found, f"{cid!r} is not letters followed by a row number"
    return int(found[2]), decode_letters(found[1])


def triangle_rule(n: int, r: int, i: int) -> set[tuple[int, int]]:
    """GAMES.md (Asterisk, Y): (r, i-1), (r, i+1), (r-1, i-1), (r-1, i), (r+1, i), (r+1, i+1), where they exist."""
    steps = [(r, i - 1), (r, i + 1), (r - 1, i - 1), (r - 1, i), (r + 1, i), (r + 1, i + 1)]
    return {(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= a}


def hex_rule(n: int, r: int, c: int) -> set[tuple[int, int]]:
    """GAMES.md (Hex): cell (c, r) touches (c-1, r), (c+1, r), (c, r-1), (c+1, r-1), (c-1, r+1), (c, r+1)."""
    steps = [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c - 1, r + 1), (c, r + 1)]
    return {(row, col) for col, row in steps if 1 <= col <= n and 1 <= row <= n}


@lru_cache(maxsize=None)
def board(kind: str, n: int, orientation: Orientation = POINTY) -> LatticeBoard:
    """One board per shape for the whole module (the checks only read it)."""
    return LatticeBoard({"triangle": triangle, "rhombus": rhombus, "hexagon": hexagon}[kind](n), CELL_MM,
                        orientation=orientation)


def perimeter_distance(b: LatticeBoard) -> dict[str, int]:
    """Steps from the nearest cell on a side, breadth first over the neighbour graph."""
    dist = {c.id: 0 for c in b.cells if c.sides}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for other in b.by_id[here].neighbours:
            if other not in dist:
                dist[other] = dist[here] + 1
                queue.append(other)
    return dist


triangles = pytest.mark.parametrize("n", TRIANGLES, ids=lambda n: f"side{n}")
rhombi = pytest.mark.parametrize("n", RHOMBI, ids=lambda n: f"{n}x{n}")


# --- ids ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("column", "text"), [(1, "a"), (2, "b"), (11, "k"), (26, "z"), (27, "aa"), (28, "ab"),
                                              (52, "az"), (53, "ba"), (702, "zz"), (703, "aaa")])
def test_letters_spreadsheet_style(column: int, text: str):
    assert letters(column) == text
    assert parse_a1(f"{text}7") == (7, column)


def test_letters_are_a_bijection():
    seen: dict[str, int] = {}
    for column in range(1, 3000):
        text = letters(column)
        assert re.fullmatch(r"[a-z]+", text) and decode_letters(text) == column
        assert text not in seen, f"{text!r} for both {seen.get(text)} and {column}"
        seen[text] = column


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_ids_read_back(row: int, column: int):
    assert parse_a1(a1_id(row, column)) == (row, column) == split_id(a1_id(row, column))


@pytest.mark.parametrize("text", ["", "a", "7", "A1", "a0", "1a", "a-1", "a1b", "a 1", "á1", "a1234567890"])
def test_a_malformed_id_is_refused(text: str):
    with pytest.raises(ValueError, match="is not a cell id"):
        parse_a1(text)


def test_ids_past_z_on_a_large_triangle():
    shape = triangle(30)
    assert "aa30" in shape.places and "ad30" in shape.places and "ae30" not in shape.places
    assert shape.parse("ad30") == (30, 30)
    with pytest.raises(ValueError, match="not a cell of the triangle of size 30"):
        shape.parse("ae30")


@pytest.mark.parametrize("address", [(0, 1), (4, 1), (2, 3), (2, 0), (1, -1)])
def test_an_address_off_the_shape_is_refused(address: tuple[int, int]):
    with pytest.raises(ValueError, match="is not a cell of the triangle of size 3"):
        triangle(3).place(address)
    assert not triangle(3).has(address)


def test_a_typo_is_compared_with_its_column_and_its_row_only():
    near = list(triangle(11).near("K12"))
    assert near[0] == "k11" and set(near) == {"k11"}, "row 12 is off the board: only column k"
    near = set(rhombus(11).near("c4"))
    assert near == {f"c{r}" for r in range(1, 12)} | {f"{letters(c)}4" for c in range(1, 12)} - {"c4"} | {"c4"}
    assert list(triangle(11).near("not an id")) == []


# --- counts, ids and sides --------------------------------------------------------------------------


@triangles
def test_triangle_cells_and_ids(n: int):
    b = board("triangle", n)
    assert len(b.cells) == triangle(n).count == n * (n + 1) // 2
    assert [c.id for c in b.cells][:1] == ["a1"]
    rows: dict[int, list[int]] = {}
    for c in b.cells:
        assert split_id(c.id) == (c.row, c.column) and b.by_id[c.id] is c
        rows.setdefault(c.row, []).append(c.column)
    assert rows == {r: list(range(1, r + 1)) for r in range(1, n + 1)}, "row r holds r cells, a.. from the left"


@rhombi
def test_rhombus_cells_and_ids(n: int):
    b = board("rhombus", n)
    assert len(b.cells) == rhombus(n).count == n * n
    assert [c.id for c in b.cells] == [f"{letters(c)}{r}" for r in range(1, n + 1) for c in range(1, n + 1)]


@triangles
def test_triangle_sides_and_corners(n: int):
    b = board("triangle", n)
    for c in b.cells:
        want = [s for s, on in (("left", c.column == 1), ("right", c.column == c.row), ("bottom", c.row == n)) if on]
        assert list(c.sides) == want, c.id
    assert {c.id for c in b.cells if len(c.sides) == 2} == {"a1", f"a{n}", f"{letters(n)}{n}"}
    assert all(sum(s in c.sides for c in b.cells) == n for s in ("left", "right", "bottom"))


@rhombi
def test_rhombus_sides_and_corners(n: int):
    """Red's top and bottom rows, Blue's first and last columns; the four corners lie on two sides each."""
    b = board("rhombus", n)
    for c in b.cells:
        want = [s for s, on in (("top", c.row == 1), ("bottom", c.row == n), ("left", c.column == 1),
                                ("right", c.column == n)) if on]
        assert list(c.sides) == want, c.id
    last = letters(n)
    assert {c.id for c in b.cells if len(c.sides) == 2} == {"a1", f"{last}1", f"a{n}", f"{last}{n}"}
    assert all(sum(s in c.sides for c in b.cells) == n for s in ("top", "bottom", "left", "right"))


@pytest.mark.parametrize("n", range(2, 9), ids=lambda n: f"side{n}")
def test_hexagon_cells_and_sides(n: int):
    b = board("hexagon", n)
    assert len(b.cells) == hexagon(n).count == 3 * n * (n - 1) + 1
    assert sum(len(c.sides) == 2 for c in b.cells) == 6
    assert all(sum(s.name in c.sides for c in b.cells) == n for s in hexagon(n).sides)


# --- neighbours and rings ------------------------------------------------------------------------------


def check_graph(b: LatticeBoard) -> None:
    """Symmetric, no repeats, degree 2..6, and each pair of neighbours counted from both ends."""
    for c in b.cells:
        assert len(set(c.neighbours)) == len(c.neighbours) and c.id not in c.neighbours
        assert 2 <= len(c.neighbours) <= 6, c.id
        assert (len(c.neighbours) == 6) == (not c.sides), f"{c.id}: only a cell on no side has six neighbours"
        for other in c.neighbours:
            assert c.id in b.by_id[other].neighbours, f"{c.id} -> {other} but not back"


@triangles
def test_triangle_neighbours_follow_games_md(n: int):
    b = board("triangle", n)
    check_graph(b)
    for c in b.cells:
        assert {split_id(x) for x in c.neighbours} == triangle_rule(n, c.row, c.column), c.id
        assert triangle(n).neighbours((c.row, c.column)) == [split_id(x) for x in c.neighbours], "edge order"
    degrees = {c.id: len(c.neighbours) for c in b.cells}
    assert {degrees["a1"], degrees[f"a{n}"], degrees[f"{letters(n)}{n}"]} == {2}
    assert sum(degrees.values()) == 2 * (3 * n * (n - 1) // 2), "a side-n triangle has 3n(n-1)/2 adjacent pairs"


@rhombi
def test_rhombus_neighbours_follow_the_hex_rule(n: int):
    b = board("rhombus", n)
    check_graph(b)
    last = letters(n)
    for c in b.cells:
        assert {split_id(x) for x in c.neighbours} == hex_rule(n, c.row, c.column), c.id
    degrees = {c.id: len(c.neighbours) for c in b.cells}
    assert (degrees["a1"], degrees[f"{last}{n}"]) == (2, 2), "the acute corners"
    assert (degrees[f"{last}1"], degrees[f"a{n}"]) == (3, 3), "the obtuse corners"
    assert sum(degrees.values()) == 2 * (3 * n * n - 4 * n + 1)


@pytest.mark.parametrize(("kind", "n"), [("triangle", n) for n in TRIANGLES] + [("rhombus", n) for n in RHOMBI]
                         + [("hexagon", n) for n in range(2, 9)])
def test_ring_is_the_distance_to_the_perimeter(kind: str, n: int):
    b = board(kind, n)
    dist = perimeter_distance(b)
    assert len(dist) == len(b.cells), "the board is connected"
    shape = b.shape
    for c in b.cells:
        assert c.ring == dist[c.id] == shape.ring((c.row, c.column)), c.id
        assert shape.sides_of((c.row, c.column)) == c.sides


# --- the board in millimetres ---------------------------------------------------------------------------


def check_metric(b: LatticeBoard, tol: float) -> None:
    """Neighbour centres one cell apart, every other pair at least sqrt(3) cells apart (all pairs)."""
    for c, o in combinations(b.cells, 2):
        d = math.dist(c.center, o.center)
        if o.id in c.neighbours:
            assert abs(d - b.cell_mm) <= tol, f"{c.id}-{o.id}: {d}"
        else:
            assert d >= math.sqrt(3) * b.cell_mm - tol, f"{c.id} and {o.id} are {d} apart but not neighbours"


def check_hexagons(b: LatticeBoard, tol: float) -> None:
    """Regular hexagons of the board's orientation, clockwise, each sharing an edge with each neighbour."""
    r = b.cell_mm / math.sqrt(3)
    spans = (b.cell_mm, 2 * r) if b.orientation is POINTY else (2 * r, b.cell_mm)
    for c in b.cells:
        xs, ys = [p[0] for p in c.polygon], [p[1] for p in c.polygon]
        assert len(c.polygon) == 6 and signed_area(c.polygon) > 0, "six corners, clockwise on the page"
        assert abs(max(xs) - min(xs) - spans[0]) <= tol and abs(max(ys) - min(ys) - spans[1]) <= tol, c.id
        for k, p in enumerate(c.polygon):
            assert abs(math.dist(p, c.center) - r) <= tol and abs(math.dist(p, c.polygon[k - 1]) - r) <= tol
        for other in c.neighbours:
            shared = [p for p in c.polygon if any(math.dist(p, q) <= tol for q in b.by_id[other].polygon)]
            assert len(shared) == 2, f"{c.id} and {other} share {len(shared)} corners"


def check_frame(b: LatticeBoard, tol: float) -> None:
    """The frame is the cells' bounding box, its top-left at the origin."""
    points = [p for c in b.cells for p in c.polygon]
    assert abs(min(x for x, _ in points) - b.origin[0]) <= tol and abs(min(y for _, y in points) - b.origin[1]) <= tol
    assert abs(max(x for x, _ in points) - b.origin[0] - b.width) <= tol
    assert abs(max(y for _, y in points) - b.origin[1] - b.height) <= tol


SMALL = [(kind, n, o) for kind, sizes in (("triangle", range(2, 12)), ("rhombus", range(2, 10)), ("hexagon", (2, 3, 5)))
         for n in sizes for o in (POINTY, FLAT)]


@pytest.mark.parametrize(("kind", "n", "orientation"), SMALL, ids=lambda v: getattr(v, "name", str(v)))
def test_cells_are_hexagons_one_cell_apart(kind: str, n: int, orientation: Orientation):
    b = board(kind, n, orientation)
    check_metric(b, TOL)
    check_hexagons(b, TOL)
    check_frame(b, TOL)


@pytest.mark.parametrize(("kind", "n"), [("triangle", 20), ("rhombus", 19)])
def test_the_largest_shapes_tested_keep_their_hexagons_and_frame(kind: str, n: int):
    for orientation in (POINTY, FLAT):
        b = board(kind, n, orientation)
        check_hexagons(b, TOL * n)
        check_frame(b, TOL * n)


def test_pointy_rows_shift_half_a_cell_right_each_row_down():
    """Hex as shared/GAMES.md draws it: a1 the top-left corner, each row half a cell right of the one above."""
    b = board("rhombus", 11)
    pitch = CELL_MM * math.sqrt(3) / 2
    for r in range(1, 11):
        for c in range(1, 12):
            (x0, y0), (x1, y1) = b.center(r, c), b.center(r + 1, c)
            assert abs(x1 - x0 - CELL_MM / 2) <= TOL and abs(y1 - y0 - pitch) <= TOL
            assert b.center(r, c + 1)[0] - x0 == pytest.approx(CELL_MM) and b.center(r, c + 1)[1] == y0
    assert b.by_id["a1"].center == min((c.center for c in b.cells), key=lambda p: (p[1], p[0]))
    assert abs(b.width - (11 + 10 / 2) * CELL_MM) <= TOL


@pytest.mark.parametrize(("kind", "n"), [("triangle", 7), ("rhombus", 6), ("hexagon", 4)])
def test_flat_is_pointy_turned_30_degrees(kind: str, n: int):
    """Same ids, neighbours and sides; every vector between two centres turned 30 degrees clockwise (y down)."""
    pointy, flat = board(kind, n, POINTY), board(kind, n, FLAT)
    assert [(c.id, c.neighbours, c.sides, c.ring) for c in pointy.cells] == \
           [(c.id, c.neighbours, c.sides, c.ring) for c in flat.cells]
    cos, sin = math.cos(math.radians(30)), math.sin(math.radians(30))
    (px, py), (fx, fy) = pointy.cells[0].center, flat.cells[0].center
    for p, f in zip(pointy.cells, flat.cells):
        dx, dy = p.center[0] - px, p.center[1] - py
        assert math.dist((fx + dx * cos - dy * sin, fy + dx * sin + dy * cos), f.center) <= TOL * n


@pytest.mark.parametrize(("kind", "n"), [("triangle", 5), ("rhombus", 4)])
def test_the_origin_moves_the_board_without_changing_it(kind: str, n: int):
    ox, oy = 31.25, -7.5
    home = board(kind, n)
    moved = LatticeBoard(home.shape, CELL_MM, (ox, oy))
    for a, b in zip(home.cells, moved.cells, strict=True):
        assert (a.id, a.neighbours, a.sides, a.ring) == (b.id, b.neighbours, b.sides, b.ring)
        for (x0, y0), (x1, y1) in zip((a.center, *a.polygon), (b.center, *b.polygon)):
            assert abs(x1 - x0 - ox) <= TOL and abs(y1 - y0 - oy) <= TOL
    for side in home.shape.sides:
        for (x0, y0), (x1, y1) in zip(home.side_outline(side.name), moved.side_outline(side.name), strict=True):
            assert abs(x1 - x0 - ox) <= TOL and abs(y1 - y0 - oy) <= TOL


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(["triangle", "rhombus"]), n=st.integers(min_value=2, max_value=40),
       cell_mm=st.floats(min_value=1, max_value=40), flat=st.booleans())
def test_any_size_keeps_neighbours_one_cell_apart(kind: str, n: int, cell_mm: float, flat: bool):
    shape = triangle(n) if kind == "triangle" else rhombus(n)
    b = LatticeBoard(shape, cell_mm, orientation=FLAT if flat else POINTY)
    for c in b.cells:
        for other in c.neighbours:
            assert abs(math.dist(c.center, b.by_id[other].center) - cell_mm) <= 1e-9 * cell_mm * n


# --- side outlines -----------------------------------------------------------------------------------------


OUTLINED = [(kind, n, o) for kind, sizes in (("triangle", (2, 3, 11, 20)), ("rhombus", (2, 3, 11, 19)),
                                             ("hexagon", (2, 4))) for n in sizes for o in (POINTY, FLAT)]


@pytest.mark.parametrize(("kind", "n", "orientation"), OUTLINED, ids=lambda v: getattr(v, "name", str(v)))
def test_side_outlines_trace_the_board_clockwise(kind: str, n: int, orientation: Orientation):
    """Side after side, each starting where the one before ends, round the whole board's outer edges."""
    b = board(kind, n, orientation)
    edge = b.cell_mm / math.sqrt(3)
    lines = [b.side_outline(s.name) for s in _clockwise(b.shape)]
    for line, following in zip(lines, lines[1:] + lines[:1]):
        assert math.dist(line[-1], following[0]) <= TOL * n, "a side ends where the next begins"
    loop = [p for line in lines for p in line[:-1]]
    outer_edges = sum(6 - len(c.neighbours) for c in b.cells)
    length = sum(math.dist(p, q) for line in lines for p, q in zip(line, line[1:]))
    assert abs(length - outer_edges * edge) <= TOL * n * n, "every outer edge once, split corner edges whole"
    assert signed_area(loop) > 0 and abs(area(loop) - sum(area(c.polygon) for c in b.cells)) <= 1e-6 * n * n
    for line in lines:
        assert all(math.dist(p, q) in (pytest.approx(edge), pytest.approx(edge / 2)) for p, q in zip(line, line[1:]))


def _clockwise(shape: LatticeShape) -> list:
    """The shape's sides in the order a clockwise walk meets them, from its outline."""
    found: list = []
    for _, _, owners in shape.outline:
        for name in owners:
            if name not in found:
                found.append(name)
    return [next(s for s in shape.sides if s.name == name) for name in found]


def test_an_obtuse_corner_splits_its_middle_edge_and_an_acute_one_does_not():
    b = board("rhombus", 3)
    top, right = b.side_outline("top"), b.side_outline("right")
    c1 = b.by_id["c1"].polygon
    middle = ((c1[0][0] + c1[1][0]) / 2, (c1[0][1] + c1[1][1]) / 2)
    assert top[-1] == right[0] == middle, "c1's upper-right edge is half Red's, half Blue's"
    a1 = b.by_id["a1"].polygon
    assert b.side_outline("left")[-1] == top[0] == a1[5], "at a1 the sides meet on a corner"


def test_an_unknown_side_is_named():
    with pytest.raises(ValueError, match="'top' is not a side of the triangle"):
        board("triangle", 3).side_outline("top")


# --- the cell record, the protocol and the board graph ------------------------------------------------------


@dataclass(frozen=True)
class TwoSquares:
    """A hand-built board of two unit squares side by side: no lattice, no game."""

    cell_mm: float = 10.0
    width: float = 20.0
    height: float = 10.0

    @property
    def cells(self) -> tuple[Cell, ...]:
        square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
        return (Cell("w", (5.0, 5.0), square, ("e",), ("west",), ("home",)),
                Cell("e", (15.00049, 5.0), tuple((x + 10.0, y) for x, y in square), ("w", "hub"), ("east",), ()))

    @property
    def by_id(self) -> dict[str, Cell]:
        return {c.id: c for c in self.cells}


def test_board_graph_of_a_hand_built_board():
    board_: CellBoard = TwoSquares()
    graph = board_graph("demo", "two", board_, {"e": ("extra-1",)}, [{"id": "hub", "neighbors": ["e"]}])
    assert list(graph) == ["game", "name", "units", "cells", "nodes"]
    assert (graph["game"], graph["name"], graph["units"], graph["nodes"]) == ("demo", "two", "mm",
                                                                                [{"id": "hub", "neighbors": ["e"]}])
    west, east = graph["cells"]
    assert west == {"id": "w", "center": [5.0, 5.0], "polygon": [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]],
                    "neighbors": ["e"], "sides": ["west"], "tags": ["home"]}
    assert east["center"] == [15.0, 5.0], "mm to a thousandth"
    assert east["neighbors"] == ["hub", "w"] and east["tags"] == ["extra-1"], "sorted; the extra tags after the cell's"
    assert json.loads(json.dumps(graph)) == graph


def test_board_graph_of_a_lattice_board_is_its_cells():
    b = board("rhombus", 3)
    graph = board_graph("hex", "h3", b)
    assert graph["nodes"] == [] and [c["id"] for c in graph["cells"]] == [c.id for c in b.cells]
    assert graph["cells"] == [cell_record(c) for c in b.cells]
    assert graph["cells"][0]["sides"] == ["top", "left"] and graph["cells"][0]["neighbors"] == ["a2", "b1"]
    assert all(round(v, 3) == v for c in graph["cells"] for v in c["center"]), "coordinates to three decimals"
