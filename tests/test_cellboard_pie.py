"""The pie rule's two readings in records, on the engine alone (shared/GAMES.md, "The pie rule"): colours stay with
the players; `mirror` moves the first stone to its mirror cell as the second player's, `take-over` gives it to them
where it stands; the first player then moves again, the swap counting as move 2."""

from __future__ import annotations

import random

import pytest

from pnp.cellboard.goals import Goal
from pnp.cellboard.graph import shape_board
from pnp.cellboard.ids import ColumnLetters, RowLetters
from pnp.cellboard.pie import MIRROR, NO_PIE, TAKE_OVER, mirrored, played, swap_target
from pnp.cellboard.referee import judge
from pnp.cellboard.replay import first_win

PLAYERS = ("p", "q")
RHOMBUS = shape_board("rhombus", 5, ColumnLetters())        # columns lettered, rows numbered: (c, r) is e.g. c4
TRIANGLE = shape_board("triangle", 6, RowLetters())
ACROSS = [Goal.connect(("top", "bottom"), players=("p",)), Goal.connect(("left", "right"), players=("q",))]


def test_mirror_reflects_in_the_long_diagonal():
    assert [mirrored(RHOMBUS, cell) for cell in ("a1", "c4", "e1", "b5", "e5")] == ["a1", "d3", "a5", "e2", "e5"]
    assert all(mirrored(RHOMBUS, mirrored(RHOMBUS, cell)) == cell for cell in RHOMBUS.ids)
    with pytest.raises(ValueError, match="not a cell"):
        mirrored(RHOMBUS, "f1")


def test_the_two_readings_in_a_record():
    moves = ["c4", "swap", "b2", "d5"]
    assert played(moves, PLAYERS, "p", swap_target(MIRROR, RHOMBUS)) == [(0, "d3", "q"), (2, "b2", "p"), (3, "d5", "q")]
    assert played(moves, PLAYERS, "p", swap_target(TAKE_OVER, RHOMBUS)) == [(0, "c4", "q"), (2, "b2", "p"), (3, "d5", "q")]
    assert played(moves, PLAYERS, "q", swap_target(TAKE_OVER, RHOMBUS)) == [(0, "c4", "p"), (2, "b2", "q"), (3, "d5", "p")]
    assert played(["c4", "b2"], PLAYERS, "p", swap_target(MIRROR, RHOMBUS)) == [(0, "c4", "p"), (1, "b2", "q")]
    with pytest.raises(ValueError, match="no pie rule"):
        swap_target(NO_PIE, RHOMBUS)


def test_a_swap_that_completes_a_connection_wins_at_move_2():
    """Set-up stones join q's left side to d2's neighbour; the mirrored first stone (b4 -> d2) completes it."""
    start = {"a2": "q", "b2": "q", "c2": "q", "e2": "q"}
    assert judge(RHOMBUS.graph, {**start, "b4": "p"}, ACROSS, PLAYERS).winner is None
    won = first_win(RHOMBUS.graph, ACROSS, PLAYERS, start, ["b4", "swap", "a5"], "p", swap_target(MIRROR, RHOMBUS))
    assert (won.move, won.player, won.goal) == (2, "q", 1)
    kept = first_win(RHOMBUS.graph, ACROSS, PLAYERS, start, ["b4", "swap", "a5"], "p", swap_target(TAKE_OVER, RHOMBUS))
    assert kept is None   # taken over where it stands, b4 joins nothing of q's


def test_a_first_move_that_wins_before_the_swap():
    start = {"a1": "p", "a2": "p", "a3": "p", "a5": "p"}
    won = first_win(RHOMBUS.graph, ACROSS, PLAYERS, start, ["a4", "swap"], "p", swap_target(MIRROR, RHOMBUS))
    assert (won.move, won.player) == (1, "p")
    assert first_win(RHOMBUS.graph, ACROSS, PLAYERS, {**start, "a4": "p"}, [], "p", lambda c: c).move == 0


@pytest.mark.parametrize("pie", [MIRROR, TAKE_OVER])
def test_records_with_a_swap_agree_with_every_position_judged(pie: str):
    """The position after move 1 holds the first player's stone; after the swap, the second player's (mirrored or
    not); the first win found in one pass is the first found judging each position."""
    board = RHOMBUS if pie == MIRROR else TRIANGLE
    goals = ACROSS if pie == MIRROR else [Goal.connect(board.kind.sides), Goal.ring()]
    swap = swap_target(pie, board)
    rng = random.Random(pie)
    seen = set()
    for _ in range(60):
        cells = list(board.ids)
        rng.shuffle(cells)
        moves = [cells[0], "swap", *[c for c in cells if c != swap(cells[0])]]   # the first cell again, if emptied
        expected = None
        for count in range(len(moves) + 1):
            owners = {cell: who for _, cell, who in played(moves[:count], PLAYERS, "p", swap)}
            verdict = judge(board.graph, owners, goals, PLAYERS)
            if verdict.winner:
                expected = (count, verdict.winner, verdict.goal)
                break
        found = first_win(board.graph, goals, PLAYERS, {}, moves, "p", swap)
        assert found is not None and (found.move, found.player, found.goal) == expected
        seen.add(found.player)
    assert seen == set(PLAYERS)
