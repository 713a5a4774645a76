"""Asterisk's board is the lattice's triangle (tests/test_boards_lattice.py checks the lattice itself): here, what
Asterisk adds or relies on: its ids and counts, shared/GAMES.md's worked ids and sides, and centres that are the very
floats every Asterisk output was first made with, so boards, sheets and `pnp graph` keep their bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import triangle
from pnp.games.asterisk.board import SIDES, AsteriskBoard, cell_count, cell_id, letters
from pnp.geometry.hexagon import SQRT3, circumradius

SIDE_RANGE = range(2, 41)


def first_centre(side: int, cell_mm: float, origin: tuple[float, float], row: int, pos: int) -> tuple[float, float]:
    """The centre as Asterisk first wrote it, operation for operation: any other order can move the last bit."""
    width, row_step = side * cell_mm, cell_mm * SQRT3 / 2
    x = (pos - (row + 1) / 2) * cell_mm + width / 2
    y = (row - 1) * row_step + circumradius(cell_mm)
    return (x + origin[0], y + origin[1])


@settings(max_examples=60, deadline=None)
@given(side=st.integers(min_value=2, max_value=120), cell_mm=st.floats(min_value=0.5, max_value=60),
       ox=st.floats(min_value=-500, max_value=500), oy=st.floats(min_value=-500, max_value=500))
def test_centres_are_the_first_floats_bit_for_bit(side: int, cell_mm: float, ox: float, oy: float):
    board = AsteriskBoard(side, cell_mm, (ox, oy))
    for cell in board.cells:
        assert cell.center == first_centre(side, cell_mm, (ox, oy), cell.row, cell.column), cell.id
    assert board.center(side + 1, 0) == first_centre(side, cell_mm, (ox, oy), side + 1, 0), "off the board, for labels"
    assert board.width == side * cell_mm
    assert board.height == (side - 1) * (cell_mm * SQRT3 / 2) + 2 * circumradius(cell_mm)


@pytest.mark.parametrize("side", SIDE_RANGE, ids=lambda n: f"side{n}")
def test_the_ids_and_counts_agree_with_the_board(side: int):
    board = AsteriskBoard(side, 1.0)
    assert board.side == side and board.shape == triangle(side)
    assert len(board.cells) == cell_count(side) == side * (side + 1) // 2
    assert [cell_id(cell.row, cell.column) for cell in board.cells] == [cell.id for cell in board.cells]


def test_the_worked_ids_and_sides_of_games_md():
    board = AsteriskBoard(11, 1.0)
    assert [c.id for c in board.cells if c.row == 11] == [f"{ch}11" for ch in "abcdefghijk"]
    assert SIDES == ("left", "right", "bottom")
    assert tuple(board.by_id[name].sides for name in ("a1", "a11", "k11")) == (
        ("left", "right"), ("left", "bottom"), ("right", "bottom"))
    assert cell_id(30, 27) == "aa30" and letters(30) == "ad"


def test_the_side_bands_run_clockwise_from_the_bottom_left_corner():
    """Left from the bottom-left corner up to the apex, right down from the apex, bottom from right to left."""
    board = AsteriskBoard(5, 10.0)
    left, right, bottom = (board.side_outline(s) for s in SIDES)
    a1, a5, e5 = (board.by_id[name].polygon for name in ("a1", "a5", "e5"))
    assert (left[0], left[-1]) == (a5[4], a1[0])
    assert (right[0], right[-1]) == (a1[0], e5[2])
    assert (bottom[0], bottom[-1]) == (e5[2], a5[4])


def test_an_asterisk_board_is_a_lattice_board_drawn_the_same():
    plain, asterisk = LatticeBoard(triangle(9), 7.5, (3.0, 4.0)), AsteriskBoard(9, 7.5, (3.0, 4.0))
    assert plain.cells == asterisk.cells and plain.side_outline("left") == asterisk.side_outline("left")
