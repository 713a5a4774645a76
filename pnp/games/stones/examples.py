"""Won games the engine finds, one for each goal of a definition, for its booklet: checked by the referee.

For each goal a small structure that meets it is built on a small board: a
connection as the shortest ways from one cell to the goal's nearest groups (as
many as it asks for), a ring as the six cells round a cell off every side (the
opponent holding that cell, to show that a ring may surround stones). The
winner plays the structure's cells in a shuffled order, the opponent replies on
cells away from it; the record is kept only when the referee's one-pass
replay (pnp/cellboard/replay.py) finds that its last move, and no earlier one,
won, by that very goal (an earlier goal met first, or the opponent winning, is
a record refused and tried again with the next seed). Seeded, so a booklet is
the same bytes every build; bounded (ATTEMPTS), so a definition whose goal
cannot be shown this way gets no diagram for it rather than a long search.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pnp.cellboard.goals import RING, Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.shapes import off_every_side
from pnp.definitions.engine import StoneGame
from pnp.games.stones.game import stone_game

ATTEMPTS = 40          # records tried per goal before it goes without a diagram
SHOWN_SIZE = 5         # a diagram's board: small enough to read, large enough for every goal
AWAY = 2               # the opponent's replies stand this many steps from the winner's structure where there is room


@dataclass(frozen=True)
class Example:
    """A won game: the record (cell ids), who moved first, who won and by which goal (its place in the list)."""

    size: int
    moves: tuple[str, ...]
    first: str
    winner: str
    goal: int


def shown_size(game: StoneGame) -> int:
    """The board the diagrams use: SHOWN_SIZE within the definition's range, large enough for a ring."""
    board = game.definition.board
    wanted = max(SHOWN_SIZE, board.kind.smallest_ring + 2 if any(g.kind == RING for g in game.goals) else 0)
    return min(max(wanted, board.size.min), board.size.max)


def distances(graph: Graph, sources: Sequence[int]) -> tuple[list[int], list[int]]:
    """Breadth-first steps from `sources` over the whole board, and each cell's step back toward them."""
    far, back = [-1] * len(graph.ids), [-1] * len(graph.ids)
    queue = deque(sources)
    for s in sources:
        far[s] = 0
    while queue:
        cell = queue.popleft()
        for near in graph.neighbours[cell]:
            if far[near] < 0:
                far[near], back[near] = far[cell] + 1, cell
                queue.append(near)
    return far, back


def connection(graph: Graph, goal: Goal, rng: random.Random) -> list[int]:
    """`goal.least` of the goal's groups chosen at random, the cell whose distances to them add up least (ties at
    random), and its shortest ways to each: a small tree spread over the board, as a game would make it."""
    chosen = rng.sample(range(len(goal.groups)), goal.least)
    floods = [distances(graph, graph.members(goal.groups[k])) for k in chosen]
    centre = min(range(len(graph.ids)), key=lambda i: (sum(f[0][i] for f in floods), rng.random()))
    found = {centre}
    for far, back in floods:
        cell = centre
        while far[cell] > 0:
            cell = back[cell]
            found.add(cell)
    return sorted(found)


def ring_round(game: StoneGame, size: int, rng: random.Random) -> tuple[list[int], int]:
    """The six cells round a cell off every side, and that cell."""
    board = game.board(size)
    inner = [i for i, h in enumerate(board.hexes) if off_every_side(board.shape, h)]
    centre = rng.choice(inner)
    return list(board.graph.neighbours[centre]), centre


def attempt(game: StoneGame, size: int, index: int, seed: int) -> Example | None:
    """One record for goal `index`, or None where the referee does not find it won as meant."""
    rng = random.Random(seed)
    graph, goal = game.graph(size), game.goals[index]
    winner = goal.players[0] if goal.players else game.players[index % 2]
    loser = game.players[1] if winner == game.players[0] else game.players[0]
    given: list[int] = []
    if goal.kind == RING:
        mine, centre = ring_round(game, size, rng)
        given = [centre]
    else:
        mine = connection(graph, goal, rng)
    rng.shuffle(mine)
    first = winner if winner == game.players[0] else loser
    wanted = len(mine) - (first == winner)   # the loser answers each of the winner's moves, or moves before each
    near, _ = distances(graph, mine)
    spare = sorted((i for i in range(len(graph.ids)) if near[i] >= 1 and i not in given),
                   key=lambda i: (-min(near[i], AWAY), rng.random()))   # the farthest first, at random among them
    replies = given + spare[:max(0, wanted - len(given))]
    if len(replies) != wanted:
        return None
    rng.shuffle(replies)
    ours, theirs = (mine, replies) if first == winner else (replies, mine)
    moves = [graph.ids[cell] for pair in zip(ours, theirs) for cell in pair]
    if len(ours) > len(theirs):
        moves.append(graph.ids[ours[-1]])
    won = game.first_win(moves, size, first=first)
    if won is None or won.move != len(moves) or won.player != winner or won.goal != index:
        return None
    return Example(size, tuple(moves), first, winner, index)


@lru_cache(maxsize=32)
def examples(key: str) -> tuple[Example | None, ...]:
    """One won game per goal, in the definition's order of goals (None: none found within ATTEMPTS)."""
    game = stone_game(key)
    size = shown_size(game)
    found = []
    for index in range(len(game.goals)):
        found.append(next((e for seed in range(ATTEMPTS) if (e := attempt(game, size, index, seed)) is not None), None))
    return tuple(found)
