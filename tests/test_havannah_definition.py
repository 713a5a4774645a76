"""Havannah as a definition only (shared/GAMES.md, "Havannah"): its ids, corners and sides, the three wins, draws on
full boards, the pie rule, and (where OpenSpiel is installed) the verdicts of random games against OpenSpiel's."""

from __future__ import annotations

import random

import pytest

from cellboard_reference import reference
from test_cellboard_referee import groups, rings

from pnp.definitions.shipped import shipped

GAME = shipped("havannah")
PLAYERS = ("white", "black")
SCATTERED = ["l12", "n12", "l14", "j12", "j14", "n14"]   # base 8: black stones no two adjacent, none on the edge
# Full boards with neither a ring, a bridge nor a fork, found by a search over random fillings; checked below by
# the rules alone. Base 4 (37 cells): white's 19 cells; base 8 (169 cells): white's 85.
DRAW_4 = "a2 b1 b3 b4 b5 c2 c5 d3 d4 d6 d7 e2 e4 f4 f5 f7 g4 g5 g7"
DRAW_8 = (
    "a2 a6 b1 b2 b4 b6 b8 b9 c10 c2 c4 c8 c9 d1 d2 d4 d5 d6 d7 d9 e1 e11 e12 e2 e5 e6 e9 f1 f10 f5 f8 g10 g12 g13 g4 "
    "g5 g7 g8 g9 h1 h12 h13 h14 h2 h3 h4 h6 h7 i10 i11 i15 i3 i4 i7 j10 j11 j15 j7 k10 k11 k12 k13 k14 k15 k4 k7 k8 "
    "l12 l14 l6 l8 m11 m13 m15 m7 m9 n10 n11 n13 n14 n7 n9 o10 o15 o9")


def full_board(base: int, white: str) -> dict[str, str]:
    mine = set(white.split())
    return {cell: "white" if cell in mine else "black" for cell in GAME.graph(base).ids}


def test_the_definition_is_freelings_game():
    d = GAME.definition
    assert (d.title, d.designer, d.year, GAME.players, GAME.pie, GAME.size_key) == (
        "Havannah", "Christian Freeling", "1979", PLAYERS, "take-over", "base")
    assert d.board.shape == "hexagon" and d.board.corners == "apart" and d.board.size.default == 8
    assert [(goal.name, goal.kind, goal.least) for goal in GAME.goals] == [
        ("ring", "ring", 0), ("bridge", "connect", 2), ("fork", "connect", 3)]


@pytest.mark.parametrize("base", range(3, 21))
def test_ids_and_neighbours_as_open_spiel_names_the_cells(base: int):
    """Column letter and row number, (c, r) existing where |c - r| <= base - 1, neighbours (c±1, r), (c, r±1),
    (c+1, r+1), (c-1, r-1); 3 base² - 3 base + 1 cells; each side base - 2 cells, the corners on none."""
    ref, graph = reference("hexagon", base), GAME.graph(base)
    assert list(graph.ids) == ref.ids("diagonal") and len(graph.ids) == 3 * base * base - 3 * base + 1
    assert {graph.ids[i]: {graph.ids[j] for j in near} for i, near in enumerate(graph.neighbours)} == \
           ref.neighbour_ids("diagonal")
    for side in graph.sets["sides"]:
        assert len(graph.members(side)) == base - 2
    assert all(not (graph.groups[i] & set(graph.sets["sides"])) for c in graph.sets["corners"] for i in
               graph.members(c))


def test_the_corners_of_the_usual_board():
    graph = GAME.graph(10)
    corners = [graph.ids[graph.members(name)[0]] for name in graph.sets["corners"]]
    assert sorted(corners) == sorted(["a1", "j1", "a10", "s10", "j19", "s19"])
    assert corners == ["a1", "j1", "s10", "s19", "j19", "a10"]   # clockwise from the top-left


def test_drawn_with_rows_across_a_flat_top_and_corners_left_and_right():
    board = GAME.placed(10.0, 8)
    at = {cell.id: cell.center for cell in board.cells}
    assert at["a1"][1] == at["h1"][1] == min(y for _, y in at.values())             # the top row is a side
    assert at["a2"][0] == pytest.approx(at["a1"][0] - 5.0)                            # half a cell to the left
    assert at["a8"][0] == min(x for x, _ in at.values()) and at["o8"][0] == max(x for x, _ in at.values())
    assert at["a8"][1] == at["o8"][1]


def test_a_ring_a_bridge_and_a_fork():
    ring = ["d4", "d5", "e4", "e6", "f5", "f6"]                   # round e5
    bridge = [f"{c}1" for c in "abcdefgh"]                         # corner a1 to corner h1 along the top
    fork = [f"{c}7" for c in "abcdefghijklmn"] + ["d8", "d9", "d10", "d11"]   # sides 6 and 2, then down to side 5
    for cells, name in ((ring, "ring"), (bridge, "bridge"), (fork, "fork")):
        verdict = GAME.judge({**{cell: "white" for cell in cells}, **{cell: "black" for cell in SCATTERED}})
        assert verdict.winner == "white" and GAME.goals[verdict.goal].name == name
        assert verdict.kind == ("ring" if name == "ring" else "connect")
        assert set(verdict.path) <= set(cells) and (name == "fork" or set(verdict.path) == set(cells))
    ring_in_black = GAME.judge({**{c: "black" for c in ring}, "e5": "white"})
    assert (ring_in_black.winner, ring_in_black.path) == ("black", ("d4", "e4", "d5", "f5", "e6", "f6"))  # rows


def test_a_record_ends_at_the_move_that_makes_its_structure():
    ring = ["d4", "d5", "e4", "e6", "f5", "f6"]
    moves = [cell for pair in zip(ring, SCATTERED) for cell in pair]
    won = GAME.first_win(moves)
    assert (won.move, won.player, GAME.goals[won.goal].name) == (11, "white", "ring")
    swapped = GAME.first_win(["e5", "swap", *moves])   # black takes e5 over; white, to move, still rings it
    assert (swapped.move, swapped.player) == (13, "white")
    assert GAME.played(["e5", "swap", "d4"]) == [(0, "e5", "black"), (2, "d4", "white")]


@pytest.mark.parametrize(("base", "white"), [(4, DRAW_4), (8, DRAW_8)])
def test_draws_on_full_boards(base: int, white: str):
    """Neither player has a ring, a bridge or a fork on a full board: a draw (rare, but it happens)."""
    owners = full_board(base, white)
    verdict = GAME.judge(owners, base)
    assert (verdict.winner, verdict.full, verdict.met) == (None, True, {"white": (), "black": ()})
    assert GAME.score_json(owners, base) == {"game": "havannah", "full": True, "winner": None, "goal": None,
                                             "path": []}
    ref = reference("hexagon", base)
    key = {cell.ids["diagonal"]: cell.key for cell in ref.cells}
    for player in PLAYERS:   # by the rules alone: each group's corners and sides, and (base 4) every cycle
        mine = {key[cell] for cell, who in owners.items() if who == player}
        for group in groups(ref, mine):
            touched = [ref.by_key[k] for k in group]
            assert sum(cell.corner is not None for cell in touched) < 2
            assert len(set().union(*(cell.sides for cell in touched if cell.corner is None))) < 3
        if base == 4:
            assert not rings(ref, mine)


def test_full_boards_are_mostly_won_twice_and_the_first_to_win_is_found():
    """Random fillings played as records: the game ends at its first structure, never later than the last move."""
    rng = random.Random(8)
    cells = list(GAME.graph(8).ids)
    for _ in range(30):
        rng.shuffle(cells)
        won = GAME.first_win(cells)
        assert won is not None and 1 <= won.move <= len(cells)
        owners = {cell: PLAYERS[i % 2] for i, cell in enumerate(cells[:won.move])}
        verdict = GAME.judge(owners)
        assert (verdict.winner, verdict.goal) == (won.player, won.goal)


def test_verdicts_agree_with_open_spiel():
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(34)
    for base in (4, 5, 8):
        game = pyspiel.load_game("havannah", {"board_size": base})
        for _ in range(40):
            state, moves = game.new_initial_state(), []
            while not state.is_terminal():
                action = rng.choice(state.legal_actions())
                moves.append(state.action_to_string(action))
                state.apply_action(action)
            won = GAME.first_win(moves, base)
            returns = state.returns()
            if returns[0] == returns[1]:
                assert won is None and len(moves) == len(GAME.graph(base).ids)
            else:
                assert won is not None and won.move == len(moves)
                assert won.player == PLAYERS[0 if returns[0] > 0 else 1]
