"""The engine's board shapes on their own: cell counts, ids in every scheme, neighbours, sides and corners for sizes
2 to 19, against the rules' own coordinates (tests/cellboard_reference.py); and the cells placed in mm."""

from __future__ import annotations

import math

import pytest

from cellboard_reference import SHAPES, reference

from pnp.boards.cells import board_graph
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import rhombus, triangle
from pnp.cellboard.graph import graph_of, shape_board
from pnp.cellboard.ids import ColumnLetters, Numbers, RowLetters, scheme_of
from pnp.cellboard.placed import PlacedBoard
from pnp.cellboard.shapes import CORNERS, MOST_CELLS, SHAPES as KINDS, SIDES, shape_kind

SIZES = range(2, 20)
RULES = {"hexgui": ColumnLetters((1, 0)), "a1": RowLetters(), "diagonal": ColumnLetters((1, 1)), "numbers": Numbers()}
NAMED = {   # shared/DESIGN.md's groups, in its order
    "rhombus": (("top", "bottom", "left", "right"), ("top-left", "top-right", "bottom-left", "bottom-right")),
    "triangle": (("left", "right", "bottom"), ("top", "bottom-left", "bottom-right")),
    "hexagon": tuple(tuple(f"{what}-{k}" for k in range(1, 7)) for what in ("side", "corner")),
}
COUNT = {"rhombus": lambda n: n * n, "triangle": lambda n: n * (n + 1) // 2, "hexagon": lambda n: 3 * n * n - 3 * n + 1}
CELL_MM = 11.3


@pytest.mark.parametrize("shape", SHAPES)
def test_the_shapes_name_their_groups_as_the_design_does(shape: str):
    kind = shape_kind(shape)
    assert (kind.sides, kind.corner_names) == NAMED[shape]
    assert kind.members(SIDES) == NAMED[shape][0] and kind.members(CORNERS) == NAMED[shape][1]
    assert kind.members(NAMED[shape][0][0]) == (NAMED[shape][0][0],)
    assert set(KINDS) == set(SHAPES)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("n", SIZES)
def test_cell_counts_ids_and_neighbours(shape: str, n: int):
    ref = reference(shape, n)
    assert len(ref.cells) == COUNT[shape](n) == shape_kind(shape).count(n)
    for scheme, rule in RULES.items():
        board = shape_board(shape, n, rule)
        graph = board.graph
        assert list(graph.ids) == ref.ids(scheme), f"{scheme} ids in reading order"
        assert len(set(graph.ids)) == len(graph.ids)
        expected = ref.neighbour_ids(scheme)
        assert {graph.ids[i]: {graph.ids[j] for j in near} for i, near in enumerate(graph.neighbours)} == expected
        for i, near in enumerate(graph.neighbours):
            assert list(near) == sorted(near) and all(i in graph.neighbours[j] for j in near), "symmetric, ascending"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("on_sides", [True, False], ids=["on-sides", "apart"])
def test_sides_corners_and_border(shape: str, n: int, on_sides: bool):
    ref = reference(shape, n)
    graph = shape_board(shape, n, RowLetters(), on_sides).graph
    assert [set(g) for g in graph.groups] == [set(cell.groups(on_sides)) for cell in ref.cells]
    assert list(graph.border) == [bool(cell.sides) for cell in ref.cells]
    sides, corners = NAMED[shape]
    assert graph.names == (*sides, *corners) and graph.sets == {SIDES: sides, CORNERS: corners}
    for corner in corners:
        assert len(graph.members(corner)) == 1, f"{corner} is one cell"
    for side in sides:   # a side holds n cells with its corners, n - 2 without (Havannah: base - 2)
        assert len(graph.members(side)) == (n if on_sides else n - 2)
    assert graph.mask([SIDES]) == sum(graph.bits[s] for s in sides)
    assert graph.mask([CORNERS, corners[0]]) == sum(graph.bits[c] for c in corners)


def test_which_sizes_allow_a_ring_and_how_large_a_board_may_be():
    """A ring needs a cell off every side: rhombus from 3, triangle from 4 (side 3 is all edge), hexagon from 2
    (its centre, with six cells round it)."""
    assert {s: shape_kind(s).smallest_ring for s in SHAPES} == {"rhombus": 3, "triangle": 4, "hexagon": 2}
    for shape in SHAPES:
        n = shape_kind(shape).smallest_ring
        assert any(not cell.sides for cell in reference(shape, n).cells)
        assert all(cell.sides for cell in reference(shape, n - 1).cells) or n - 1 < 2
        largest = shape_kind(shape).largest_size()
        assert COUNT[shape](largest) <= MOST_CELLS < COUNT[shape](largest + 1)
    assert [shape_kind(s).largest_size() for s in SHAPES] == [100, 140, 58]


def test_only_the_rhombus_has_a_long_diagonal():
    kind = shape_kind("rhombus")
    assert kind.mirrored_groups == {"top": "left", "left": "top", "bottom": "right", "right": "bottom",
                                    "top-left": "top-left", "bottom-right": "bottom-right",
                                    "top-right": "bottom-left", "bottom-left": "top-right",
                                    SIDES: SIDES, CORNERS: CORNERS}
    board = shape_board("rhombus", 7, ColumnLetters())
    assert [board.ids[i] for i in board.mirror_places[:3]] == ["a1", "a2", "a3"]
    assert board.ids[board.mirror_places[board.graph.place("c5")]] == "e3"
    for shape in ("triangle", "hexagon"):
        assert shape_kind(shape).mirror is None and shape_kind(shape).mirrored_groups == {}
        with pytest.raises(ValueError, match="no long diagonal"):
            shape_board(shape, 5, RowLetters()).mirror_places


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("n", [2, 3, 8, 19])
def test_placed_cells_stand_where_the_rules_put_them(shape: str, n: int):
    """Rows across the page, neighbours one cell apart, the frame's top-left at the origin; a cell's sides and its
    corner are what `pnp graph` lists."""
    ref = reference(shape, n)
    placed = PlacedBoard(shape_board(shape, n, RowLetters()), CELL_MM, (5.0, 7.0))
    first = placed.cells[0].center
    for cell, expected in zip(placed.cells, ref.cells):
        x, y = cell.center[0] - first[0], cell.center[1] - first[1]
        assert math.isclose(x, expected.centre[0] * CELL_MM, abs_tol=1e-9)
        assert math.isclose(y, expected.centre[1] * CELL_MM, abs_tol=1e-9)
        assert set(cell.sides) == set(expected.sides) and cell.tags == ((expected.corner,) if expected.corner else ())
    xs = [x for cell in placed.cells for x, _ in cell.polygon]
    ys = [y for cell in placed.cells for _, y in cell.polygon]
    assert math.isclose(min(xs), 5.0, abs_tol=1e-9) and math.isclose(min(ys), 7.0, abs_tol=1e-9)
    assert math.isclose(placed.width, max(xs) - min(xs)) and math.isclose(placed.height, max(ys) - min(ys))
    assert list(placed.corners) == list(NAMED[shape][1])


def test_the_hexagon_has_a_flat_top_and_corners_left_and_right():
    placed = PlacedBoard(shape_board("hexagon", 6, RowLetters()), CELL_MM)
    corners = {name: cell.center for name, cell in placed.corners.items()}
    top = min(c.center[1] for c in placed.cells)
    assert corners["corner-1"][1] == corners["corner-2"][1] == top
    assert corners["corner-1"][0] < corners["corner-2"][0]
    xs = [c.center[0] for c in placed.cells]
    assert corners["corner-6"][0] == min(xs) and corners["corner-3"][0] == max(xs)
    assert corners["corner-6"][1] == corners["corner-3"][1]
    outline = placed.side_outline("side-1")   # the top row's outer edges, left to right
    assert outline[0][0] < outline[-1][0] and max(y for _, y in outline) < corners["corner-1"][1]


@pytest.mark.parametrize(("make", "shape"), [(rhombus, "rhombus"), (triangle, "triangle")])
@pytest.mark.parametrize("n", [2, 5, 11, 19])
def test_rhombus_and_triangle_are_placed_in_the_lattice_boards_very_floats(make, shape: str, n: int):
    """The boards Hex and Y draw today (lattice/placed.py): the same centres, corners, frame and side outlines,
    and the same `pnp graph` but for the corner tags."""
    old = LatticeBoard(make(n), CELL_MM, (3.0, 4.0))
    new = PlacedBoard(shape_board(shape, n, ColumnLetters() if shape == "rhombus" else RowLetters()), CELL_MM,
                      (3.0, 4.0))
    assert [(c.id, c.center, c.polygon, c.neighbours, c.sides) for c in old.cells] == \
           [(c.id, c.center, c.polygon, c.neighbours, c.sides) for c in new.cells]
    assert (old.width, old.height) == (new.width, new.height)
    for side in NAMED[shape][0]:
        assert old.side_outline(side) == new.side_outline(side)
    before, after = board_graph("g", "g", old), board_graph("g", "g", new)
    assert [dict(c, tags=[]) for c in after["cells"]] == before["cells"]


def test_scheme_kinds_are_data():
    assert scheme_of({"kind": "columns", "column": [1, 1]}) == ColumnLetters((1, 1))
    assert scheme_of({"kind": "rows"}) == RowLetters() and scheme_of({"kind": "numbers"}) == Numbers()
    with pytest.raises(ValueError, match="kind"):
        scheme_of({"kind": "spiral"})
    with pytest.raises(ValueError, match="column form"):
        ColumnLetters((0, 1))   # the rows' own lines: letter and number would say the same


def test_any_cell_graph_is_checked_when_made():
    made = graph_of(["1", "2", "3"], {"1": ["2"], "2": ["1", "3"], "3": ["2"]}, {"1": ["left"], "3": ["right"]},
                    ["1", "3"], {SIDES: ("left", "right")})
    assert made.neighbours == ((1,), (0, 2), (1,)) and made.border == (True, False, True)
    assert made.names == ("left", "right") and made.members("right") == (2,)
    with pytest.raises(ValueError, match="not the other way round"):
        graph_of(["1", "2"], {"1": ["2"]}, {}, [])
    with pytest.raises(ValueError, match="is not a cell"):
        graph_of(["1"], {"1": ["9"]}, {}, [])
    with pytest.raises(ValueError, match="twice"):
        graph_of(["1", "1"], {}, {}, [])
