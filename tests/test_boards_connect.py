"""The connection referee (pnp/boards/connect.py) on boards built here from the rules of shared/GAMES.md.

No game is imported: Hex rhombi and Y triangles are built in this file from
their coordinate rules. Thousands of random full boards give exactly one
winner (the Hex and Y theorems), the same one an independent flood fill over
coordinates finds; the chain is the winner's, connected, touches the goal,
lies in board order and is minimal (for Hex also as short as any); partial
boards, errors, an impossible position, big boards without recursion, and the
speed on a full 19 x 19 board.
"""

from __future__ import annotations

import math
import random
import string
import timeit
from collections import deque
from collections.abc import Callable, Iterable

import pytest

from pnp.boards.connect import CellGraph, ImpossiblePosition, cell_graph, groups_of, judge, score_record

Coord = tuple[int, int]
PLAYERS = ("red", "blue")
HEX_GOALS = {"red": frozenset({"top", "bottom"}), "blue": frozenset({"left", "right"})}
Y_SIDES = frozenset({"left", "right", "bottom"})
Y_GOALS = {"red": Y_SIDES, "blue": Y_SIDES}
BOARDS_PER_SIZE = 200
HEX_SIZES = range(2, 12)
Y_SIDES_TRIED = range(2, 13)
TIME_LIMIT_S = 0.020   # shared/DESIGN.md: a full 19 x 19 Hex board judged under 20 ms
TIMED_RUNS = 20
IRREGULAR_SIDE_ODDS = 0.1


# --- the two lattices, from shared/GAMES.md ----------------------------------------------------------


class Board:
    """A lattice built from coordinates: ids, the rule's neighbours, sides, board order."""

    def __init__(self, coords: list[Coord], name: Callable[[Coord], object], near: Callable[[Coord], Iterable[Coord]],
                 sides: Callable[[Coord], set[str]]) -> None:
        self.coords = coords
        self.name = {c: name(c) for c in coords}
        self.at = {name(c): c for c in coords}
        self.near = {c: [q for q in near(c) if q in self.name] for c in coords}
        self.sides = {c: sides(c) for c in coords}
        self.graph = cell_graph([self.name[c] for c in coords],
                                {self.name[c]: [self.name[q] for q in self.near[c]] for c in coords},
                                {self.name[c]: self.sides[c] for c in coords})


def hex_board(n: int) -> Board:
    """Hex n x n: columns lettered from the left, rows numbered from the top, board order row by row."""
    def near(c: Coord) -> list[Coord]:
        col, row = c
        return [(col - 1, row), (col + 1, row), (col, row - 1), (col + 1, row - 1), (col - 1, row + 1), (col, row + 1)]

    def sides(c: Coord) -> set[str]:
        col, row = c
        return {s for s, on in (("top", row == 1), ("bottom", row == n), ("left", col == 1), ("right", col == n)) if on}
    coords = [(col, row) for row in range(1, n + 1) for col in range(1, n + 1)]
    return Board(coords, lambda c: f"{string.ascii_lowercase[c[0] - 1]}{c[1]}", near, sides)


def y_board(n: int) -> Board:
    """Y side n: Asterisk's triangle, row r holding r cells; ids are numbers 1 up in reading order (as mudcrack's)."""
    def near(c: Coord) -> list[Coord]:
        r, p = c
        return [(r - 1, p - 1), (r - 1, p), (r, p - 1), (r, p + 1), (r + 1, p), (r + 1, p + 1)]

    def sides(c: Coord) -> set[str]:
        r, p = c
        return {s for s, on in (("left", p == 1), ("right", p == r), ("bottom", r == n)) if on}
    coords = [(r, p) for r in range(1, n + 1) for p in range(1, r + 1)]
    number = {c: i for i, c in enumerate(coords, start=1)}
    return Board(coords, number.__getitem__, near, sides)


def random_stones(board: Board, rng: random.Random, empty: float = 0.0) -> dict[str, list[object]]:
    """Each cell empty with chance `empty`, else red or blue at even odds; lists shuffled (order must not matter)."""
    stones: dict[str, list[object]] = {p: [] for p in PLAYERS}
    for c in board.coords:
        if rng.random() >= empty:
            stones[rng.choice(PLAYERS)].append(board.name[c])
    for cells in stones.values():
        rng.shuffle(cells)
    return stones


# --- the independent check: floods over coordinates, not over the referee's graph -----------------------


def flood(board: Board, mine: set[Coord], start: Coord) -> set[Coord]:
    seen, todo = {start}, [start]
    while todo:
        for q in board.near[todo.pop()]:
            if q in mine and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def brute_winners(board: Board, stones: dict[str, list[object]], goals: dict[str, frozenset[str]]) -> list[str]:
    """Players with a group touching every goal side: a flood from each of their cells on one goal side."""
    found = []
    for player, goal in goals.items():
        mine = {board.at[cell] for cell in stones[player]}
        first = min(goal)
        for c in (c for c in mine if first in board.sides[c]):
            if goal <= set().union(*(board.sides[q] for q in flood(board, mine, c))):
                found.append(player)
                break
    return found


def shortest_crossing(board: Board, mine: set[Coord], a: str, b: str) -> int:
    """Fewest cells of `mine` in a chain from side `a` to side `b` (a plain BFS)."""
    dist = {c: 1 for c in mine if a in board.sides[c]}
    todo = deque(dist)
    while todo:
        c = todo.popleft()
        if b in board.sides[c]:
            return dist[c]
        for q in board.near[c]:
            if q in mine and q not in dist:
                dist[q] = dist[c] + 1
                todo.append(q)
    raise AssertionError("no crossing")


def joins(board: Board, cells: set[Coord], goal: frozenset[str]) -> bool:
    return bool(cells) and flood(board, cells, next(iter(cells))) == cells and \
        goal <= set().union(*(board.sides[c] for c in cells))


def check_chain(board: Board, stones: dict[str, list[object]], winner: str, path: tuple[object, ...],
                goal: frozenset[str]) -> None:
    """The chain is the winner's, joins the goal, is in board order and no cell of it can be dropped."""
    order = {cell: i for i, cell in enumerate(board.graph.ids)}
    assert list(path) == sorted(set(path), key=order.__getitem__)
    cells = {board.at[cell] for cell in path}
    assert cells <= {board.at[cell] for cell in stones[winner]}
    assert joins(board, cells, goal)
    for c in cells:
        assert not joins(board, cells - {c}, goal), f"{board.name[c]} could be dropped from {path}"


# --- the theorems, against the independent check -------------------------------------------------------


@pytest.mark.parametrize("n", HEX_SIZES)
def test_every_full_hex_board_has_one_winner_with_a_shortest_minimal_chain(n: int) -> None:
    board, rng = hex_board(n), random.Random(n)
    for _ in range(BOARDS_PER_SIZE):
        stones = random_stones(board, rng)
        found = judge(board.graph, stones, HEX_GOALS)
        assert found.full and [found.winner] == brute_winners(board, stones, HEX_GOALS)
        assert found.won == {p: p == found.winner for p in PLAYERS}
        goal = HEX_GOALS[found.winner]
        check_chain(board, stones, found.winner, found.path, goal)
        mine = {board.at[cell] for cell in stones[found.winner]}
        assert len(found.path) == shortest_crossing(board, mine, *sorted(goal))


@pytest.mark.parametrize("n", Y_SIDES_TRIED)
def test_every_full_y_board_has_one_winner_with_a_minimal_chain(n: int) -> None:
    board, rng = y_board(n), random.Random(100 + n)
    for _ in range(BOARDS_PER_SIZE):
        stones = random_stones(board, rng)
        found = judge(board.graph, stones, Y_GOALS)
        assert found.full and [found.winner] == brute_winners(board, stones, Y_GOALS)
        check_chain(board, stones, found.winner, found.path, Y_SIDES)


@pytest.mark.parametrize(("make", "goals", "n"), [(hex_board, HEX_GOALS, 7), (y_board, Y_GOALS, 9)])
def test_partial_boards_agree_with_the_flood_fill(make: Callable[[int], Board], goals: dict[str, frozenset[str]],
                                                  n: int) -> None:
    board, rng = make(n), random.Random(n)
    nobody = 0
    for _ in range(BOARDS_PER_SIZE * 2):
        stones = random_stones(board, rng, empty=rng.choice((0.2, 0.4, 0.6)))
        found = judge(board.graph, stones, goals)
        assert not found.full
        assert ([found.winner] if found.winner else []) == brute_winners(board, stones, goals)
        if found.winner is None:
            nobody += 1
            assert found.path == () and not any(found.won.values())
        else:
            check_chain(board, stones, found.winner, found.path, goals[found.winner])
    assert nobody > BOARDS_PER_SIZE // 4   # the sample holds plenty of undecided boards


def test_an_empty_board_and_a_chain_one_short_have_no_winner() -> None:
    board = hex_board(5)
    assert judge(board.graph, {"red": [], "blue": []}, HEX_GOALS).winner is None
    found = judge(board.graph, {"red": ["c1", "c2", "c3", "c4"], "blue": ["a1"]}, HEX_GOALS)
    assert (found.winner, found.path, found.full) == (None, (), False)
    assert found.groups["red"][0].sides == {"top"}


def random_graph_board(rng: random.Random) -> Board:
    """An irregular board, as a mud-crack one: points near each other are neighbours; a few cells lie on sides."""
    size = rng.randint(5, 60)
    points = [(rng.random(), rng.random()) for _ in range(size)]
    reach = rng.uniform(0.15, 0.4)
    on = {i: {s for s in sorted(Y_SIDES) if rng.random() < IRREGULAR_SIDE_ODDS} for i in range(size)}
    return Board([(i, 0) for i in range(size)], lambda c: c[0] + 1,
                 lambda c: [(j, 0) for j in range(size) if j != c[0] and math.dist(points[c[0]], points[j]) < reach],
                 lambda c: on[c[0]])


def test_on_irregular_boards_the_chain_joins_every_goal_and_is_minimal() -> None:
    rng, checked = random.Random(3), 0
    while checked < BOARDS_PER_SIZE * 2:
        board = random_graph_board(rng)
        stones = {"red": list(board.at)}
        goals = {"red": frozenset(rng.sample(sorted(Y_SIDES), rng.choice((1, 2, 3))))}
        if not goals["red"] <= board.graph.all_sides:
            continue
        found = judge(board.graph, stones, goals)
        assert ([found.winner] if found.winner else []) == brute_winners(board, stones, goals)
        if found.winner:
            check_chain(board, stones, "red", found.path, goals["red"])
            checked += 1


# --- groups, order, the record ---------------------------------------------------------------------------


def test_groups_are_listed_in_board_order_with_the_sides_they_touch() -> None:
    board = hex_board(4)
    found = judge(board.graph, {"red": ["d4", "b1", "a1", "c4"], "blue": ["b2", "a4"]}, HEX_GOALS)
    red = [(g.cells, g.sides) for g in found.groups["red"]]
    assert red == [(("a1", "b1"), {"top", "left"}), (("c4", "d4"), {"bottom", "right"})]
    assert [g.cells for g in found.groups["blue"]] == [("b2",), ("a4",)]


def test_groups_of_any_cells_even_cells_another_set_holds() -> None:
    """Asterisk's aspects share cells (a piece is dark and a hexagon): `groups_of` groups any set of board places,
    in any order, as `judge` groups a player's stones."""
    graph = hex_board(4).graph
    red = ["d4", "b1", "a1", "c4"]
    places = [graph.index[cell] for cell in red]
    judged = judge(graph, {"red": red}, HEX_GOALS).groups["red"]
    assert groups_of(graph, places[::-1]) == judged
    wider = [(g.cells, g.sides) for g in groups_of(graph, [*places, graph.index["b2"]])]
    assert wider == [(("a1", "b1", "b2"), {"top", "left"}), (("c4", "d4"), {"bottom", "right"})]


def test_the_chain_is_the_winners_and_the_record_is_designs() -> None:
    board = hex_board(3)
    stones = {"red": ["b1", "b2", "a3", "c3", "c1"], "blue": ["a1", "a2", "c2", "b3"]}
    found = judge(board.graph, stones, HEX_GOALS)
    assert score_record("hex", found) == {"game": "hex", "full": True, "winner": "red", "path": ["b1", "b2", "a3"]}


def test_the_same_position_gives_the_same_chain_whatever_order_the_stones_come_in() -> None:
    board, rng = y_board(10), random.Random(7)
    for _ in range(50):
        stones = random_stones(board, rng)
        first = judge(board.graph, stones, Y_GOALS)
        for cells in stones.values():
            rng.shuffle(cells)
        again = judge(board.graph, {p: stones[p] for p in reversed(PLAYERS)}, Y_GOALS)
        assert (again.winner, again.path) == (first.winner, first.path)


def test_of_two_winning_groups_the_shorter_chain_is_given() -> None:
    board = hex_board(5)
    crooked = ["a1", "a2", "b2", "c2", "c3", "b4", "b5"]   # a longer way down, first in board order
    straight = ["e1", "e2", "e3", "e4", "e5"]
    found = judge(board.graph, {"red": crooked + straight, "blue": []}, HEX_GOALS)
    assert found.path == ("e1", "e2", "e3", "e4", "e5") and len(found.groups["red"]) == 2


# --- big boards: no recursion, long chains ---------------------------------------------------------------


def test_a_winding_chain_on_a_26x26_board_and_a_side_200_triangle() -> None:
    board = hex_board(26)
    snake = [board.name[(col, row)] for row in range(1, 27) for col in range(1, 27)
             if row % 4 in (1, 3) or (row % 4 == 2 and col == 26) or (row % 4 == 0 and col == 1)]
    found = judge(board.graph, {"red": snake, "blue": []}, HEX_GOALS)
    assert found.winner == "red" and len(found.path) > 26 * 10
    check_chain(board, {"red": snake}, "red", found.path, HEX_GOALS["red"])
    big = y_board(200)
    stones = random_stones(big, random.Random(200))
    found = judge(big.graph, stones, Y_GOALS)
    assert found.full and [found.winner] == brute_winners(big, stones, Y_GOALS)


# --- refusals --------------------------------------------------------------------------------------------


def test_two_winners_are_refused_not_chosen() -> None:
    """Not a Hex board (there two winners cannot coexist), but a graph where they can: the referee must not pick."""
    graph = cell_graph([1, 2, 3, 4], {1: [2], 2: [1], 3: [4], 4: [3]},
                       {1: ["top"], 2: ["bottom"], 3: ["left"], 4: ["right"]})
    with pytest.raises(ImpossiblePosition, match="red and blue have each reached their goal") as caught:
        judge(graph, {"red": [1, 2], "blue": [3, 4]}, HEX_GOALS)
    assert caught.value.players == ("red", "blue")


@pytest.mark.parametrize(("stones", "message"), [
    ({"red": ["a1", "z9"]}, "a stone of red: 'z9' is not a cell of this board"),
    ({"red": ["a1", "a1"]}, "cell 'a1' is taken twice"),
    ({"red": ["b2"], "blue": ["b2"]}, "cell 'b2' is taken by both red and blue"),
])
def test_bad_stones_are_refused_naming_the_cell(stones: dict[str, list[str]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        judge(hex_board(3).graph, stones, HEX_GOALS)


@pytest.mark.parametrize(("order", "near", "goals", "message"), [
    ([1, 2, 1], {}, HEX_GOALS, "cell 1 appears twice in the board order"),
    ([1, 2], {1: [3]}, HEX_GOALS, "a neighbour of 1: 3 is not a cell of this board"),
    ([1, 2], {1: [2]}, HEX_GOALS, "1 lists 2 as a neighbour but not the other way round"),
    ([1, 2], {1: [2], 2: [1]}, {"red": {"top", "middle"}}, "the goal of red names side 'middle', which no cell"),
    ([1, 2], {1: [2], 2: [1]}, {"red": set()}, "the goal of red names no side"),
])
def test_a_broken_graph_or_goal_is_refused(order: list[int], near: dict[int, list[int]],
                                           goals: dict[str, set[str]], message: str) -> None:
    sides = {1: ["top", "left"], 2: ["bottom", "right"]}
    with pytest.raises(ValueError, match=message):
        judge(cell_graph(order, near, sides), {}, goals)


# --- speed -----------------------------------------------------------------------------------------------


def test_a_full_19x19_board_is_judged_well_under_20_ms() -> None:
    board = hex_board(19)
    stones = random_stones(board, random.Random(19))
    graph: CellGraph = board.graph
    best = min(timeit.repeat(lambda: judge(graph, stones, HEX_GOALS), number=1, repeat=TIMED_RUNS))
    assert best < TIME_LIMIT_S, f"{best * 1000:.1f} ms"
