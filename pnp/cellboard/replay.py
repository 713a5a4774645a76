"""A record judged after every move at once: the move that first met a goal, the first win ending the game.

Judging each of a 275-move record's positions afresh would flood the board 275
times; here one pass does it. Stones never leave the board once the swap is
over, so:

- connections grow: a union-find over each player's stones keeps the groups a
  group of stones touches (as bits), and a move meets a `connect` goal when
  its group now touches enough of the goal's;
- rings are found backwards: a player's ring of kind 1 (rings.py: a closed-off
  region of cells they do not hold) exists after move t exactly when the cells
  they do not hold then fall into a region reaching no edge cell. Run back from
  the last move, those cells only grow (each of the player's moves given back),
  so a union-find counts the closed-off regions after every move; a ring of
  kind 2 (six of the player's stones round a cell of theirs) is looked for
  around each of their moves. Once a player has a ring they keep one.

Only the mover's groups and regions change with a move, so at most one player
meets a goal at each move; the goal reported is the first in the definition's
order of those the move met. The swap (pie.py) changes an owner, which no
union-find undoes: the positions before it (the set-up, move 1, the swap) are
judged as they stand, and the pass starts after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pnp.cellboard.goals import CONNECT, RING, Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.pie import played
from pnp.cellboard.referee import judge
from pnp.positions.record import SWAP, SWAP_MOVE


@dataclass(frozen=True)
class FirstWin:
    """The move that won (1 for the first; 0 when the set-up stones already meet a goal), by whom, with which goal."""

    move: int
    player: str
    goal: int


class _Sets:
    """Union-find over board places, each set carrying the `|` of its members' values."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))
        self.value = [0] * size

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(self, a: int, b: int) -> int:
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[b] = a
            self.value[a] |= self.value[b]
        return a


def first_win(graph: Graph, goals: Sequence[Goal], players: Sequence[str], start: Mapping[str, str],
              moves: Sequence[str], first: str, swapped: Callable[[str], str]) -> FirstWin | None:
    """The first move of `moves` (cell ids, `swap` as move 2) after which a player meets a goal, on a board holding
    `start` (cell id -> player) before move 1; None when the record ends before any win. `swapped` says where the
    first stone goes when the second player takes it over (pie.swap_target)."""
    stones = played(moves, players, first, swapped)
    before = [dict(start)]
    if len(moves) >= SWAP_MOVE and moves[SWAP_MOVE - 1] == SWAP:
        other = players[1] if first == players[0] else players[0]
        before += [{**start, moves[0]: first}, {**start, stones[0][1]: other}]
        stones = stones[1:]
    for move, owners in enumerate(before):
        verdict = judge(graph, owners, goals, players)
        if verdict.winner is not None and verdict.goal is not None:
            return FirstWin(move, verdict.winner, verdict.goal)
    base = {graph.place(cell): player for cell, player in before[-1].items()}
    found = first_met(graph, goals, players, base, [(graph.place(cell), player) for _, cell, player in stones])
    if found is None:
        return None
    step, player, goal = found
    return FirstWin(stones[step - 1][0] + 1, player, goal)


def first_met(graph: Graph, goals: Sequence[Goal], players: Sequence[str], base: Mapping[int, str],
              placements: Sequence[tuple[int, str]]) -> tuple[int, str, int] | None:
    """(how many placements, the player, the goal) at the first placement meeting a goal, on a board holding `base`
    (places -> player, meeting no goal); None when none does."""
    owner: list[str | None] = [None] * len(graph.ids)
    sets = _Sets(len(graph.ids))
    connects = {player: [(index, graph.mask(goal.groups), goal.least) for index, goal in enumerate(goals)
                         if goal.kind == CONNECT and goal.of(player)] for player in players}
    rings = {player: min((i for i, goal in enumerate(goals) if goal.kind == RING and goal.of(player)), default=None)
             for player in players}
    ringed = {player: first_ring(graph, base, placements, player) for player in players if rings[player] is not None}
    for step, (cell, player) in enumerate([*((c, p) for c, p in base.items()), *placements], 1 - len(base)):
        if owner[cell] is not None:
            raise ValueError(f"cell {graph.ids[cell]!r} is taken twice")
        owner[cell] = player
        sets.value[cell] = graph.masks[cell]
        for near in graph.neighbours[cell]:
            if owner[near] == player:
                sets.union(cell, near)
        if step < 1:
            continue
        touched = sets.value[sets.find(cell)]
        met = [index for index, wanted, least in connects[player] if (touched & wanted).bit_count() >= least]
        ring_goal = rings[player]
        if ring_goal is not None and ringed[player] == step:
            met.append(ring_goal)
        if met:
            return step, player, min(met)
    return None


def first_ring(graph: Graph, base: Mapping[int, str], placements: Sequence[tuple[int, str]],
               player: str) -> int | None:
    """How many placements it takes for `player` to hold a ring (rings.py), or None; `base` holds none."""
    closed = _closed_off(graph, base, placements, player)
    owner: list[str | None] = [None] * len(graph.ids)
    for cell, who in base.items():
        owner[cell] = who
    for step, (cell, who) in enumerate(placements, 1):
        owner[cell] = who
        if closed[step] or (who == player and _solid_near(graph, owner, cell, player)):
            return step
    return None


def _closed_off(graph: Graph, base: Mapping[int, str], placements: Sequence[tuple[int, str]],
                player: str) -> list[bool]:
    """After each number of placements (0 .. all), whether the cells `player` does not hold then fall into a region
    reaching no edge cell: worked backwards from the end, where giving a move back only adds a cell."""
    final = {**base, **dict(placements)}
    free = [final.get(i) != player for i in range(len(graph.ids))]
    sets = _Sets(len(graph.ids))
    sets.value = [int(edge) for edge in graph.border]   # a region's value: whether it reaches an edge cell
    for i in range(len(graph.ids)):
        for j in graph.neighbours[i]:
            if free[i] and free[j]:
                sets.union(i, j)
    roots = {sets.find(i) for i in range(len(graph.ids)) if free[i]}
    closed = sum(1 for root in roots if not sets.value[root])
    after = [False] * (len(placements) + 1)
    after[-1] = closed > 0
    for step in range(len(placements), 0, -1):
        cell, who = placements[step - 1]
        if who == player:
            joined = {sets.find(j) for j in graph.neighbours[cell] if free[j]}
            closed -= sum(1 for root in joined if not sets.value[root])
            free[cell] = True
            for root in joined:
                sets.union(cell, root)
            closed += not sets.value[sets.find(cell)]
        after[step - 1] = closed > 0
    return after


def _solid_near(graph: Graph, owner: Sequence[str | None], cell: int, player: str) -> bool:
    """Whether the stone just placed on `cell` completes six of the player's stones round a cell of theirs off the
    edge (the cell itself or a neighbour)."""
    for x in (cell, *graph.neighbours[cell]):
        if owner[x] == player and not graph.border[x] and all(owner[j] == player for j in graph.neighbours[x]):
            return True
    return False
