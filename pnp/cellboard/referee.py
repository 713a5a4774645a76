"""The referee of every stone connection game: who has won a position, by which goal, and the path that shows it.

Each player's stones fall into groups (connected stones), each touching some
named groups of the board; a `connect` goal is met when one group touches at
least `least` of its groups, a `ring` goal when the player's stones surround a
cell (rings.py). A player wins on meeting any goal that is theirs, the first
met in the definition's order of goals being the one reported.

A position without a record has no order of moves, so it is judged as it
stands: when exactly one player meets a goal they have won; when both do, no
game reaches the position (a game stops at its first win, and a move only ever
completes its own player's goals), and ImpossiblePosition says so, as the
referee of the connection games always has. A record is judged move by move
instead (replay.py): the first to meet a goal wins.

The path of a connection is a smallest chain within one winning group: the
cell whose distances to the goal's groups (the `least` nearest of them) add up
least, and its shortest ways to each; for "touch all" goals this is exactly the
chain pnp/boards/connect.py gives. The path of a ring is its loop (rings.py).
Breadth-first floods only: any board size is safe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.boards.connect import components, flood
from pnp.cellboard.goals import CONNECT, RING, Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.rings import ring
from pnp.positions.base import ImpossiblePosition


@dataclass(frozen=True)
class Verdict:
    """What the rules say of one position."""

    winner: str | None                      # None: nobody has won (a draw if `full`)
    goal: int | None                        # the winner's goal met, as its place in the list of goals
    kind: str | None                        # that goal's kind: connect | ring
    path: tuple[str, ...]                   # the cells of one winning group or ring, in board order
    full: bool                              # every cell taken
    met: Mapping[str, tuple[int, ...]]      # each player's goals met, by place

    def as_json(self, game: str) -> dict[str, Any]:
        """The Score JSON of a definition's game (shared/DESIGN.md)."""
        return {"game": game, "full": self.full, "winner": self.winner, "goal": self.kind, "path": list(self.path)}


def judge(graph: Graph, owners: Mapping[str, str], goals: Sequence[Goal], players: Sequence[str]) -> Verdict:
    """Judge a position: `owners` maps each taken cell's id to its player. ValueError on an unknown cell or player;
    ImpossiblePosition when more than one player meets a goal."""
    held = stones_of(graph, owners, players)
    found = {player: goals_met(graph, held[player], goals, player) for player in players}
    winners = [player for player in players if found[player]]
    full = sum(map(len, held.values())) == len(graph.ids)
    met = {player: tuple(sorted(found[player])) for player in players}
    if len(winners) > 1:
        raise ImpossiblePosition(winners)
    if not winners:
        return Verdict(None, None, None, (), full, met)
    winner = winners[0]
    goal = min(found[winner])
    meeting = found[winner][goal]
    path = best_chain(graph, meeting, goals[goal]) if goals[goal].kind == CONNECT else meeting[0]
    return Verdict(winner, goal, goals[goal].kind, tuple(graph.ids[i] for i in path), full, met)


def stones_of(graph: Graph, owners: Mapping[str, str], players: Sequence[str]) -> dict[str, list[int]]:
    """Each player's board places, ascending."""
    held: dict[str, list[int]] = {player: [] for player in players}
    for cell, player in owners.items():
        if player not in held:
            raise ValueError(f"{player!r} is not a player of this game: {', '.join(players)}")
        held[player].append(graph.place(cell))
    return {player: sorted(places) for player, places in held.items()}


def goals_met(graph: Graph, mine: Sequence[int], goals: Sequence[Goal], player: str) -> dict[int, list[list[int]]]:
    """The player's goals met by their stones `mine` (ascending places): goal's place -> what meets it (the winning
    groups of a connection; the loop of a ring, as one group). Chains are found later, for the one goal reported."""
    found: dict[int, list[list[int]]] = {}
    groups = components(graph, mine)
    loop = ring(graph, mine) if any(goal.kind == RING and goal.of(player) for goal in goals) else None
    for index, goal in enumerate(goals):
        if not goal.of(player):
            continue
        if goal.kind == CONNECT:
            wanted = graph.mask(goal.groups)
            winning = [group for group in groups if touches(graph, group, wanted) >= goal.least]
            if winning:
                found[index] = winning
        elif loop:
            found[index] = [list(loop)]
    return found


def touches(graph: Graph, group: Sequence[int], wanted: int) -> int:
    """How many of the groups in `wanted` (bits) a group of stones touches."""
    touched = 0
    for i in group:
        touched |= graph.masks[i]
    return (touched & wanted).bit_count()


def best_chain(graph: Graph, groups: Sequence[Sequence[int]], goal: Goal) -> tuple[int, ...]:
    """The smallest chain over every winning group (two separate winning groups can exist), ties to board order."""
    return min((chain(graph, group, goal) for group in groups), key=lambda found: (len(found), found))


def chain(graph: Graph, group: Sequence[int], goal: Goal) -> tuple[int, ...]:
    """A small connected part of `group` touching `goal.least` of its groups, ascending: the cell whose distances
    to its `least` nearest goal groups add up least (ties to board order), and its shortest way to each. For a
    goal of all its groups this is a minimal chain (see pnp/boards/connect.py)."""
    inside = set(group)
    floods = [flood(graph, inside, sources) for name in sorted(goal.groups)
              if (sources := [i for i in group if name in graph.groups[i]])]
    centre = min(group, key=lambda i: (sum(sorted(distance[i] for distance, _ in floods)[:goal.least]), i))
    nearest = sorted(range(len(floods)), key=lambda k: floods[k][0][centre])[:goal.least]
    found = {centre}
    for k in nearest:
        distance, parent = floods[k]
        cell = centre
        while distance[cell]:
            cell = parent[cell]
            found.add(cell)
    return tuple(sorted(found))
