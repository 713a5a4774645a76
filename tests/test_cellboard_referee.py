"""The engine's referee on its own (no game): each kind of goal against a brute-force search from the rules' words.

Boards come from tests/cellboard_reference.py (the rules' own coordinates), so
neither the groups nor the rings are found the engine's way: a connection by a
flood over each player's stones, a ring by trying every cycle of a player's
stones and asking whether its polygon (through the cells' centres) holds the
centre of any other cell, which is what "a loop of stones around a cell" says.
"""

from __future__ import annotations

import random
import time

import pytest

from cellboard_reference import RefBoard, flood_groups, reference

from pnp.boards import connect
from pnp.cellboard.goals import CONNECT, RING, Goal
from pnp.cellboard.graph import shape_board
from pnp.cellboard.ids import RowLetters
from pnp.cellboard.referee import judge
from pnp.cellboard.replay import first_win
from pnp.cellboard.rings import ring
from pnp.positions.base import ImpossiblePosition

PLAYERS = ("p", "q")
Key = tuple[int, int]


# --- brute force -------------------------------------------------------------------------------------------------


def groups(ref: RefBoard, mine: set[Key]) -> list[set[Key]]:
    by_key = ref.by_key
    return flood_groups(mine, lambda key: by_key[key].neighbours)


def connects(ref: RefBoard, mine: set[Key], wanted: set[str], least: int, on_sides: bool) -> bool:
    by_key = ref.by_key
    return any(len(set().union(*(by_key[k].groups(on_sides) for k in group)) & wanted) >= least
               for group in groups(ref, mine))


def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Ray casting: whether a point lies inside a polygon (never on it here: centres are a cell apart)."""
    x, y = point
    found = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


def rings(ref: RefBoard, mine: set[Key]) -> bool:
    """Every simple cycle of the player's stones (on the 2-core: a cell with one neighbour among them is on none),
    until one's polygon holds another cell's centre."""
    by_key = ref.by_key
    core = set(mine)
    while True:
        thin = {k for k in core if sum(n in core for n in by_key[k].neighbours) < 2}
        if not thin:
            break
        core -= thin
    adjacent = {k: sorted(n for n in by_key[k].neighbours if n in core) for k in core}
    for start in sorted(core):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for near in adjacent[node]:
                if near == start and len(path) >= 3:
                    polygon = [by_key[k].centre for k in path]
                    if any(inside(cell.centre, polygon) for cell in ref.cells if cell.key not in path):
                        return True
                elif near > start and near not in path:
                    stack.append((near, path + [near]))
    return False


def brute(ref: RefBoard, owners: dict[Key, str], goals: list[Goal], on_sides: bool) -> dict[str, list[int]]:
    met: dict[str, list[int]] = {}
    for player in PLAYERS:
        mine = {k for k, who in owners.items() if who == player}
        met[player] = [i for i, goal in enumerate(goals) if goal.of(player) and (
            rings(ref, mine) if goal.kind == RING else connects(ref, mine, set(goal.groups), goal.least, on_sides))]
    return met


# --- what a verdict must hold ------------------------------------------------------------------------------------


def ids_of(ref: RefBoard, owners: dict[Key, str]) -> dict[str, str]:
    by_key = ref.by_key
    return {by_key[k].ids["a1"]: who for k, who in owners.items()}


def assert_path(ref: RefBoard, owners: dict[Key, str], verdict, goals: list[Goal], on_sides: bool) -> None:
    """A connection: the winner's stones, joined, touching enough of the goal's groups; a ring: the winner's
    stones, a cycle whose polygon holds another cell (checked by the brute force on the path alone)."""
    key_of = {cell.ids["a1"]: cell.key for cell in ref.cells}
    path = [key_of[cell] for cell in verdict.path]
    assert verdict.path == tuple(sorted(verdict.path, key=lambda c: ref.ids("a1").index(c))), "board order"
    assert all(owners[k] == verdict.winner for k in path)
    goal = goals[verdict.goal]
    if goal.kind == CONNECT:
        assert len(groups(ref, set(path))) == 1
        assert connects(ref, set(path), set(goal.groups), goal.least, on_sides)
    else:
        assert rings(ref, set(path))


# --- random positions --------------------------------------------------------------------------------------------


def random_owners(ref: RefBoard, rng: random.Random, share: float, bias: float) -> dict[Key, str]:
    """`share` of the cells taken, each the first player's with chance `bias` (a strong player's rings)."""
    keys = [cell.key for cell in ref.cells]
    rng.shuffle(keys)
    return {k: PLAYERS[rng.random() >= bias] for k in keys[: round(len(keys) * share)]}


def ring_shaped(ref: RefBoard, rng: random.Random) -> dict[Key, str]:
    """A region grown from a cell off the edge, fenced by the first player's stones, the fence left whole or with
    one gap, the region filled at random with either player's stones or left empty, a few stones elsewhere: rings,
    filled rings and near misses."""
    by_key = ref.by_key
    inner = [cell.key for cell in ref.cells if not cell.sides]
    region = {rng.choice(inner)}
    for _ in range(rng.randint(0, 3)):
        grown = [k for r in region for k in by_key[r].neighbours if k not in region and not by_key[k].sides]
        if grown:
            region.add(rng.choice(grown))
    fence = sorted({k for r in region for k in by_key[r].neighbours if k not in region})
    if rng.random() < 0.4:
        fence.remove(rng.choice(fence))
    owners = {k: PLAYERS[rng.random() < 0.3] for k in ref.by_key if rng.random() < 0.15}
    owners.update({k: rng.choice([*PLAYERS, None]) for k in region})
    owners.update({k: PLAYERS[0] for k in fence})
    return {k: who for k, who in owners.items() if who is not None}


GOAL_SETS = {
    "connect all": lambda kind: [Goal.connect(kind.sides[:2], players=("p",)), Goal.connect(kind.sides[2:4] or
                                                                                            kind.sides[1:], players=("q",))],
    "connect any k": lambda kind: [Goal.connect(kind.sides, 3), Goal.connect(kind.corner_names, 2)],
    "ring": lambda kind: [Goal.ring()],
    "all three kinds": lambda kind: [Goal.ring(), Goal.connect(kind.corner_names, 2), Goal.connect(kind.sides, 3)],
}
BOARDS = [("hexagon", 3), ("hexagon", 4), ("rhombus", 4), ("rhombus", 5), ("triangle", 5), ("triangle", 6)]


@pytest.mark.parametrize("goal_set", list(GOAL_SETS))
@pytest.mark.parametrize(("shape", "n"), BOARDS)
@pytest.mark.parametrize("on_sides", [True, False], ids=["on-sides", "apart"])
def test_random_positions_against_brute_force(goal_set: str, shape: str, n: int, on_sides: bool):
    ref, board = reference(shape, n), shape_board(shape, n, RowLetters(), on_sides)
    goals = GOAL_SETS[goal_set](board.kind)
    rng = random.Random(f"{goal_set}{shape}{n}{on_sides}")
    shares = [1.0] * 4 + [0.3, 0.5, 0.7] * 6 if len(ref.cells) <= 19 else [0.3, 0.45, 0.6, 0.75] * 6
    outcomes = set()
    positions = [random_owners(ref, rng, share, bias) for share in shares for bias in (0.5, 0.7)]
    if any(goal.kind == RING for goal in goals) and board.kind.smallest_ring <= n:
        positions += [ring_shaped(ref, rng) for _ in range(12)]
    for owners in positions:
        expected = brute(ref, owners, goals, on_sides)
        winners = [p for p in PLAYERS if expected[p]]
        outcomes.add((len(winners), any(goals[i].kind == RING for p in PLAYERS for i in expected[p])))
        if len(winners) > 1:
            with pytest.raises(ImpossiblePosition):
                judge(board.graph, ids_of(ref, owners), goals, PLAYERS)
            continue
        verdict = judge(board.graph, ids_of(ref, owners), goals, PLAYERS)
        assert {p: list(verdict.met[p]) for p in PLAYERS} == expected
        assert verdict.full == (len(owners) == len(ref.cells))
        assert verdict.winner == (winners[0] if winners else None)
        if verdict.winner:
            assert verdict.goal == expected[verdict.winner][0] and verdict.kind == goals[verdict.goal].kind
            assert_path(ref, owners, verdict, goals, on_sides)
        else:
            assert (verdict.goal, verdict.kind, verdict.path) == (None, None, ())
    assert {won for won, _ in outcomes} >= {0, 1}, "positions won and not won were both judged"
    if any(goal.kind == RING for goal in goals):
        assert {ringed for _, ringed in outcomes} == {False, True}, "positions with rings and without"


def test_connect_all_is_the_connection_games_referee():
    """For "touch every one" goals the verdict and its chain are exactly pnp/boards/connect.py's."""
    rng = random.Random(5)
    for shape, n in [("rhombus", 6), ("rhombus", 11), ("triangle", 9)]:
        board = shape_board(shape, n, RowLetters())
        graph, kind = board.graph, board.kind
        wanted = ({"p": kind.sides[:2], "q": kind.sides[2:]} if shape == "rhombus" else
                  {"p": kind.sides, "q": kind.sides})
        old = connect.cell_graph(graph.ids, {c: [graph.ids[j] for j in graph.neighbours[i]] for i, c in
                                             enumerate(graph.ids)}, {c: board.sides_of(i) for i, c in enumerate(graph.ids)})
        goals = [Goal.connect(wanted[p], players=(p,)) for p in PLAYERS]
        for _ in range(150):
            cells = list(graph.ids)
            rng.shuffle(cells)
            owners = {c: PLAYERS[i % 2] for i, c in enumerate(cells[: rng.randint(0, len(cells))])}
            stones = {p: [c for c, who in owners.items() if who == p] for p in PLAYERS}
            try:
                before = connect.judge(old, stones, wanted)
            except ImpossiblePosition:
                with pytest.raises(ImpossiblePosition):
                    judge(graph, owners, goals, PLAYERS)
                continue
            now = judge(graph, owners, goals, PLAYERS)
            assert (now.winner, now.path, now.full) == (before.winner, before.path, before.full)


# --- rings made on purpose ---------------------------------------------------------------------------------------


def ring_of(shape: str, n: int, cells: list[str], others: list[str] = ()) -> tuple[str, ...] | None:
    graph = shape_board(shape, n, RowLetters()).graph
    owners = {**{c: "q" for c in others}, **{c: "p" for c in cells}}
    verdict = judge(graph, owners, [Goal.ring()], PLAYERS)
    found = ring(graph, [graph.place(c) for c in cells])
    assert (found is None) == (verdict.winner is None)
    return verdict.path if verdict.winner else None


def around(shape: str, n: int, cell: str) -> list[str]:
    graph = shape_board(shape, n, RowLetters()).graph
    return [graph.ids[j] for j in graph.neighbours[graph.place(cell)]]


def test_six_stones_round_one_cell_are_a_ring_whatever_the_cell_holds():
    six = around("hexagon", 5, "e5")
    assert len(six) == 6
    assert ring_of("hexagon", 5, six) == tuple(sorted(six, key=list(shape_board("hexagon", 5, RowLetters()).ids).index))
    assert ring_of("hexagon", 5, six, others=["e5"]) is not None           # round an opponent's stone
    assert ring_of("hexagon", 5, [*six, "e5"]) is not None                 # a solid blob of seven round its centre
    assert ring_of("hexagon", 5, six[:5]) is None                          # five are no loop
    assert ring_of("hexagon", 2, around("hexagon", 2, "b2")) is not None   # the smallest hexagon's one ring


def test_a_ring_may_run_along_the_edge_but_never_surrounds_an_edge_cell():
    edge_loop = around("rhombus", 5, "b2")      # b2 of the a1 rhombus: its ring touches the top and left sides
    graph = shape_board("rhombus", 5, RowLetters()).graph
    assert any(graph.border[graph.place(c)] for c in edge_loop)
    assert ring_of("rhombus", 5, edge_loop) is not None
    border = [c for i, c in enumerate(graph.ids) if graph.border[i]]
    assert ring_of("rhombus", 5, border) is not None                       # the whole edge round the inside
    assert ring_of("rhombus", 5, around("rhombus", 5, "c1")) is None       # round an edge cell: no ring
    assert ring_of("rhombus", 5, ["a1", "b1", "a2"]) is None               # three in a triangle hold nothing


def test_a_large_ring_filled_with_both_colours():
    graph = shape_board("hexagon", 6, RowLetters()).graph
    inner = [graph.ids[i] for i in range(len(graph.ids)) if not graph.border[i]]
    near_border = [c for c in inner if any(graph.border[j] for j in graph.neighbours[graph.place(c)])]
    middle = [c for c in inner if c not in near_border]
    found = ring_of("hexagon", 6, near_border, others=middle[::2])
    assert found is not None and set(found) <= set(near_border)
    filled = ring_of("hexagon", 6, near_border + middle)   # every cell inside is the player's own
    assert filled is not None and len(filled) == 6


# --- records -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("shape", "n"), [("hexagon", 4), ("hexagon", 5), ("rhombus", 6), ("triangle", 7)])
@pytest.mark.parametrize("on_sides", [True, False], ids=["on-sides", "apart"])
def test_a_record_judged_at_once_agrees_with_judging_every_position(shape: str, n: int, on_sides: bool):
    board = shape_board(shape, n, RowLetters(), on_sides)
    graph, kind = board.graph, board.kind
    goals = [Goal.ring(), Goal.connect(kind.corner_names, 2), Goal.connect(kind.sides, 3)]
    rng = random.Random(f"{shape}{n}{on_sides}")
    for _ in range(40):
        moves = list(graph.ids)
        rng.shuffle(moves)
        start = {c: PLAYERS[i % 2] for i, c in enumerate(moves[:rng.choice([0, 0, 2])])}
        moves = moves[len(start):]
        expected = None
        for count in range(len(moves) + 1):
            owners = {**start, **{c: PLAYERS[i % 2] for i, c in enumerate(moves[:count])}}
            verdict = judge(graph, owners, goals, PLAYERS)
            if verdict.winner:
                expected = (count, verdict.winner, verdict.goal)
                break
        found = first_win(graph, goals, PLAYERS, start, moves, PLAYERS[0], lambda cell: cell)
        assert (found and (found.move, found.player, found.goal)) == expected


def test_speed_of_the_referee_and_of_a_long_record():
    """A full base-10 hexagon judged well under 20 ms; a 275-move record's first win found well under 0.5 s."""
    rng = random.Random(3)
    board = shape_board("hexagon", 10, RowLetters(), False)
    graph, kind = board.graph, board.kind
    goals = [Goal.ring(), Goal.connect(kind.corner_names, 2), Goal.connect(kind.sides, 3)]
    cells = list(graph.ids)
    rng.shuffle(cells)
    owners = {c: PLAYERS[i % 2] for i, c in enumerate(cells)}
    mine = {p: [graph.place(c) for c, who in owners.items() if who == p] for p in PLAYERS}
    started = time.perf_counter()
    for player in PLAYERS:   # what judge does for each player, without stopping at two winners
        ring(graph, mine[player])
    try:
        judge(graph, owners, goals, PLAYERS)
    except ImpossiblePosition:
        pass
    assert time.perf_counter() - started < 0.020
    long = shape_board("hexagon", 11, RowLetters(), False).graph   # 331 cells: room for 275 moves
    moves = list(long.ids)
    rng.shuffle(moves)
    started = time.perf_counter()
    first_win(long, [Goal.connect(kind.sides, 6)], PLAYERS, {}, moves[:275], PLAYERS[0], lambda cell: cell)
    first_win(long, goals, PLAYERS, {}, moves[:275], PLAYERS[0], lambda cell: cell)
    assert time.perf_counter() - started < 0.25
