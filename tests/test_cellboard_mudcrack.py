"""The mudcrack board as a shape of the engine, on its own (no game): cells, ids, neighbours, sides, corners and
border for several sizes, seeds and both generator versions, worked out again from the generator's exact cell
corners; the board placed in mm; and the referee on random full and partial boards against a brute-force search
over the board graph.

The brute force reads only the generator's cell records (their neighbours and exact corners): which sides a cell
has an edge on and which corner of the triangle it holds are found from the corners here, and a group of stones is
a flood over the neighbours. Nothing is taken from pnp/cellboard/.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cellboard_reference import flood_groups

from pnp.boards.cells import board_graph
from pnp.boards.mudcrack.code import decode, encode
from pnp.boards.mudcrack.grow import GRID, MAX_CELLS, MIN_CELLS, MudCell, mudcrack
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.cellboard.goals import Goal
from pnp.cellboard.ids import Numbers
from pnp.cellboard.kinds import KINDS, board_of, kind_of, seeded
from pnp.cellboard.mudcrack import MUDCRACK, RING_CELLS, PlacedMudcrack, mudcrack_board
from pnp.cellboard.referee import judge
from pnp.cellboard.replay import first_win
from pnp.cellboard.shapes import MOST_CELLS
from pnp.positions.base import ImpossiblePosition

BOARDS = [(3, 1, 2), (4, 5, 2), (12, 1, 2), (30, 7, 2), (60, 3, 2), (120, 42, 2), (30, 7, 1), (80, 11, 1),
          (200, 9, 2)]
SIDES = ("left", "right", "bottom")
CORNER_POINTS = {"top": (0, GRID), "bottom-left": (0, 0), "bottom-right": (GRID, 0)}   # axial grid units
PLAYERS = ("p", "q")
CELL_MM = 9.0


# --- the board worked out again from the generator's exact corners ----------------------------------------------


def on_side(point: tuple[Fraction, Fraction]) -> set[str]:
    """The sides an exact corner lies on: a = 0 (left), a + b = GRID (right), b = 0 (bottom)."""
    a, b = point
    return {name for name, on in zip(SIDES, (a == 0, a + b == GRID, b == 0)) if on}


def edge_sides(cell: MudCell) -> set[str]:
    """The sides the cell has a whole edge on: both ends of one of its edges on that side."""
    ring = cell.grid_polygon
    return {side for v, w in zip(ring, ring[1:] + ring[:1]) for side in on_side(v) & on_side(w)}


def held_corner(cell: MudCell) -> str | None:
    return next((name for name, point in CORNER_POINTS.items() if point in cell.grid_polygon), None)


def reference_groups(cells: tuple[MudCell, ...], on_sides: bool) -> list[set[str]]:
    found = []
    for cell in cells:
        corner = held_corner(cell)
        found.append((edge_sides(cell) if corner is None or on_sides else set()) | ({corner} if corner else set()))
    return found


# --- the shape on its own ----------------------------------------------------------------------------------------


def test_the_mudcrack_shape_names_the_triangles_groups():
    kind = kind_of(MUDCRACK)
    triangle = kind_of("triangle")
    assert seeded(MUDCRACK) and not any(seeded(name) for name in KINDS if name != MUDCRACK)
    assert (kind.sides, kind.corner_names) == (triangle.sides, triangle.corner_names) == (
        SIDES, ("top", "bottom-left", "bottom-right"))
    assert kind.members("sides") == SIDES and kind.members("corners") == kind.corner_names
    assert (kind.smallest, kind.most, kind.count(77)) == (MIN_CELLS, MAX_CELLS, 77)
    assert kind.largest_size() == min(MAX_CELLS, MOST_CELLS) == 500
    assert kind.largest_size(100) == 100
    assert kind.mirror is None and kind.mirrored_groups == {}


@pytest.mark.parametrize(("cells", "seed", "version"), BOARDS)
@pytest.mark.parametrize("on_sides", [True, False], ids=["on-sides", "apart"])
def test_cells_ids_neighbours_sides_corners(cells: int, seed: int, version: int, on_sides: bool):
    board = mudcrack_board(cells, seed, version, on_sides)
    made = mudcrack(cells, seed, version).cells
    graph = board.graph
    assert len(graph.ids) == cells
    assert list(graph.ids) == [str(k) for k in range(1, cells + 1)] == [cell.id for cell in made]
    for i, near in enumerate(graph.neighbours):
        assert list(near) == sorted(set(near)) and i not in near
        assert all(i in graph.neighbours[j] for j in near), "neighbours go both ways"
        assert {graph.ids[j] for j in near} == set(made[i].neighbours)
    reached, todo = {0}, [0]
    while todo:
        for j in graph.neighbours[todo.pop()]:
            if j not in reached:
                reached.add(j)
                todo.append(j)
    assert len(reached) == cells, "every cell is reached from cell 1"
    expected = reference_groups(made, on_sides)
    assert [set(groups) for groups in graph.groups] == expected
    assert list(graph.border) == [bool(edge_sides(cell)) for cell in made]
    for side in SIDES if on_sides else ():   # kept apart, the corners of a 3-cell board leave no side a cell
        assert graph.members(side), f"{side} holds cells"
    corners = [held_corner(cell) for cell in made]
    assert sorted(c for c in corners if c) == sorted(CORNER_POINTS), "each corner of the triangle in one cell"
    for name, i in board.corner_cells.items():
        assert corners[i] == name and len(edge_sides(made[i])) == 2
        assert board.corner_of(i) == (name,)
        assert board.sides_of(i) == (tuple(s for s in SIDES if s in edge_sides(made[i])) if on_sides else ())
    assert graph.mask(["sides"]) == graph.mask(SIDES)


def test_the_board_is_the_one_its_code_names():
    for cells, seed, version in BOARDS:
        board = board_of(MUDCRACK, cells, Numbers(), True, seed, version)
        assert board is mudcrack_board(cells, seed, version, True), "made once"
        assert decode(board.code) == (cells, seed, version) and board.code == encode(cells, seed, version)
    assert board_of(MUDCRACK, 40, Numbers()).name == (40, 1, 2), "seed 1 and the latest generator by default"
    with pytest.raises(ValueError, match="only a mudcrack board takes a seed"):
        board_of("triangle", 5, Numbers(), True, 3)
    with pytest.raises(ValueError, match="no long diagonal"):
        mudcrack_board(12, 1).mirror_places


def test_a_board_crosses_to_a_worker_process_as_its_name():
    import pickle

    board = mudcrack_board(30, 7, 1, False)
    again = pickle.loads(pickle.dumps(board))
    assert (again.size, again.seed, again.version, again.corners_on_sides) == (30, 7, 1, False)
    assert again.graph == board.graph


def test_from_twelve_cells_a_ring_has_a_cell_to_surround():
    """RING_CELLS: every board tried from there on holds a cell on no side; with one cell fewer some hold none."""
    def inner(cells: int, seed: int, version: int) -> bool:
        return not all(mudcrack_board(cells, seed, version).graph.border)

    assert kind_of(MUDCRACK).smallest_ring == RING_CELLS
    assert all(inner(cells, seed, version) for cells in (RING_CELLS, RING_CELLS + 1) for seed in range(60)
               for version in (1, 2))
    assert not all(inner(RING_CELLS - 1, seed, 2) for seed in range(60))
    assert not any(inner(MIN_CELLS, seed, 2) for seed in range(10)), "three cells: each holds a corner"


@pytest.mark.parametrize(("cells", "seed", "version"), [(30, 7, 2), (80, 11, 1)])
def test_placed_cells_are_the_layers_mudcrack_cells_with_their_corners(cells: int, seed: int, version: int):
    board = mudcrack_board(cells, seed, version)
    placed = PlacedMudcrack(board, CELL_MM, (4.0, 6.0))
    layer = MudcrackBoard(board.mud, CELL_MM, (4.0, 6.0))
    assert (placed.width, placed.height, placed.code) == (layer.width, layer.height, layer.code)
    for cell, drawn in zip(placed.cells, layer.cells, strict=True):
        assert (cell.id, cell.center, cell.polygon, cell.neighbours, cell.sides) == (
            drawn.id, drawn.center, drawn.polygon, drawn.neighbours, drawn.sides)
    assert {name: cell.id for name, cell in placed.corners.items()} == {
        name: board.ids[i] for name, i in board.corner_cells.items()}
    assert [cell.tags for cell in placed.cells if cell.tags] == [(name,) for name in sorted(
        placed.corners, key=lambda n: int(placed.corners[n].id))]
    listed = board_graph("any", "x", placed)
    assert [c["tags"] for c in listed["cells"] if c["tags"]] and len(listed["cells"]) == cells
    assert placed.side_outline("bottom") == layer.side_outline("bottom")


# --- the referee against a brute-force search ----------------------------------------------------------------------


def brute_groups(made: tuple[MudCell, ...], mine: set[str]) -> list[set[str]]:
    by_id = {cell.id: cell for cell in made}
    return flood_groups(mine, lambda cell: by_id[cell].neighbours, int)


def brute_met(made: tuple[MudCell, ...], owners: dict[str, str], goals: list[Goal], on_sides: bool,
              player: str) -> list[int]:
    groups_of = dict(zip((cell.id for cell in made), reference_groups(made, on_sides)))
    mine = {cell for cell, who in owners.items() if who == player}
    touched = [set().union(*(groups_of[c] for c in group)) for group in brute_groups(made, mine)]
    return [i for i, goal in enumerate(goals)
            if goal.of(player) and any(len(t & set(goal.groups)) >= goal.least for t in touched)]


GOAL_SETS = {
    "all three sides": [Goal.connect(SIDES)],
    "two sides each": [Goal.connect(("left", "right"), players=("p",)), Goal.connect(("bottom", "left"), players=("q",))],
    "any two sides or two corners": [Goal.connect(SIDES, 2), Goal.connect(("top", "bottom-left", "bottom-right"), 2)],
}


def random_owners(ids: tuple[str, ...], rng: random.Random, share: float) -> dict[str, str]:
    cells = list(ids)
    rng.shuffle(cells)
    return {cell: PLAYERS[k % 2] for k, cell in enumerate(cells[: round(len(cells) * share)])}


@pytest.mark.parametrize("goal_set", list(GOAL_SETS))
@pytest.mark.parametrize(("cells", "seed", "version"), [(12, 1, 2), (30, 7, 2), (60, 3, 2), (30, 7, 1), (80, 11, 1)])
@pytest.mark.parametrize("on_sides", [True, False], ids=["on-sides", "apart"])
def test_random_positions_against_brute_force(goal_set: str, cells: int, seed: int, version: int, on_sides: bool):
    board = mudcrack_board(cells, seed, version, on_sides)
    made = board.mud.cells
    goals = GOAL_SETS[goal_set]
    rng = random.Random(f"{goal_set}{cells}{seed}{version}{on_sides}")
    outcomes = set()
    for share in [1.0] * 12 + [0.2, 0.4, 0.6, 0.8] * 8:
        owners = random_owners(board.ids, rng, share)
        expected = {player: brute_met(made, owners, goals, on_sides, player) for player in PLAYERS}
        winners = [player for player in PLAYERS if expected[player]]
        outcomes.add(len(winners))
        if len(winners) > 1:
            with pytest.raises(ImpossiblePosition):
                judge(board.graph, owners, goals, PLAYERS)
            continue
        verdict = judge(board.graph, owners, goals, PLAYERS)
        assert {player: list(verdict.met[player]) for player in PLAYERS} == expected
        assert verdict.full == (share == 1.0)
        assert verdict.winner == (winners[0] if winners else None)
        if verdict.winner is None:
            assert verdict.path == () and verdict.goal is None
            continue
        goal = goals[verdict.goal]
        path = set(verdict.path)
        assert list(verdict.path) == sorted(verdict.path, key=int), "board order"
        assert all(owners[cell] == verdict.winner for cell in path)
        assert len(brute_groups(made, path)) == 1, "one group"
        assert brute_met(made, {cell: verdict.winner for cell in path}, [goal], on_sides, verdict.winner) == [0]
        if goal_set == "all three sides" and share == 1.0:
            assert len(winners) == 1, "a full board of cells meeting three at a corner has one winner"
    assert 0 in outcomes and 1 in outcomes


def test_a_full_board_has_exactly_one_group_touching_all_three_sides():
    """Y's no-draw property on boards whose cells meet three at a corner (shared/GAMES.md, Mudcrack Y): the
    referee finds exactly one winner on every full board."""
    rng = random.Random(3)
    for cells, seed, version in BOARDS:
        board = mudcrack_board(cells, seed, version)
        for _ in range(10):
            owners = random_owners(board.ids, rng, 1.0)
            verdict = judge(board.graph, owners, [Goal.connect(SIDES)], PLAYERS)
            assert verdict.winner in PLAYERS and verdict.full


def test_a_record_on_a_mudcrack_board_is_won_where_the_position_is():
    board = mudcrack_board(60, 3)
    rng = random.Random(8)
    goals = [Goal.connect(SIDES)]
    for _ in range(20):
        moves = list(board.ids)
        rng.shuffle(moves)
        found = first_win(board.graph, goals, PLAYERS, {}, moves, PLAYERS[0], lambda cell: cell)
        assert found is not None
        before = {cell: PLAYERS[k % 2] for k, cell in enumerate(moves[: found.move - 1])}
        after = {cell: PLAYERS[k % 2] for k, cell in enumerate(moves[: found.move])}
        assert judge(board.graph, before, goals, PLAYERS).winner is None
        assert judge(board.graph, after, goals, PLAYERS).winner == found.player
