"""Groups and chains joining sides: the referee of the connection games (Hex, Y, Mudcrack Y), written once.

A board is a plain graph here (its cells in board order, each cell's neighbours
and the sides it lies on), so one referee serves the rhombus, the triangle and
the mud-crack board alike, and no game is imported. A goal is data: the sides
one group must touch, every one of them (Hex's Red: top and bottom; Y: left,
right and bottom). Breadth-first loops only, never recursion, so a 26 x 26 or a
side-200 board judges as safely as a small one; ties are broken by board order,
so the same position always gives the same chain.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.positions.base import ImpossiblePosition

CellId = Hashable   # a cell id as its game names it: "c4" on Hex and Y, 17 on a mud-crack board
UNREACHED = -1


@dataclass(frozen=True)
class CellGraph:
    """A board indexed once (each cell by its place in board order), so every position judges in a few ms."""

    ids: tuple[CellId, ...]
    index: Mapping[CellId, int]
    neighbours: tuple[tuple[int, ...], ...]   # ascending, so board order breaks every tie
    sides: tuple[frozenset[str], ...]

    @property
    def all_sides(self) -> frozenset[str]:
        return frozenset().union(*self.sides)


@dataclass(frozen=True)
class StoneGroup:
    """One player's connected stones (board order) and the sides they touch."""

    cells: tuple[CellId, ...]
    sides: frozenset[str]


@dataclass(frozen=True)
class Judgement:
    """What the rules say of one position: groups, goals met, a full board, the winner and their chain."""

    groups: Mapping[str, tuple[StoneGroup, ...]]   # player -> groups, in board order of their first cell
    won: Mapping[str, bool]                    # player -> one of their groups touches every side of their goal
    full: bool                                 # every cell taken
    winner: str | None                         # None while nobody has won
    path: tuple[CellId, ...]                   # one minimal winning chain in board order; () with no winner


def cell_graph(order: Sequence[CellId], neighbours: Mapping[CellId, Iterable[CellId]],
               sides: Mapping[CellId, Iterable[str]]) -> CellGraph:
    """Index a board given as ids; a cell missing from `neighbours` or `sides` has none. Refuses a broken graph."""
    ids = tuple(order)
    index = {cell: i for i, cell in enumerate(ids)}
    if len(index) != len(ids):
        raise ValueError(f"cell {_first_repeat(ids)!r} appears twice in the board order")
    near = tuple(tuple(sorted(_indices(index, neighbours.get(cell, ()), f"a neighbour of {cell!r}")))
                 for cell in ids)
    _check_symmetric(ids, near)
    return CellGraph(ids, index, near, tuple(frozenset(sides.get(cell, ())) for cell in ids))


def _first_repeat(ids: Sequence[CellId]) -> CellId:
    seen: set[CellId] = set()
    for cell in ids:
        if cell in seen:
            return cell
        seen.add(cell)
    raise AssertionError("no cell repeats")


def _indices(index: Mapping[CellId, int], cells: Iterable[CellId], what: str) -> list[int]:
    """Board places of `cells`, refusing an id the board does not hold."""
    found = []
    for cell in cells:
        if cell not in index:
            raise ValueError(f"{what}: {cell!r} is not a cell of this board")
        found.append(index[cell])
    return found


def _check_symmetric(ids: Sequence[CellId], near: Sequence[Sequence[int]]) -> None:
    """Adjacency must go both ways, or groups would depend on where a flood starts."""
    for i, others in enumerate(near):
        for j in others:
            if i not in near[j]:
                raise ValueError(f"{ids[i]!r} lists {ids[j]!r} as a neighbour but not the other way round")


def judge(graph: CellGraph, stones: Mapping[str, Iterable[CellId]], goals: Mapping[str, Iterable[str]]) -> Judgement:
    """Group each player's stones, test each goal, and give the winner with one winning chain.

    `stones` maps a player to cell ids; `goals` maps a player to the sides one of
    their groups must all touch. Raises ValueError on an unknown cell, a cell
    listed twice or a goal side no cell lies on, and ImpossiblePosition when more
    than one player meets their goal.
    """
    wanted = {player: frozenset(sides) for player, sides in goals.items()}
    _check_goals(graph, wanted)
    held = _held(graph, stones)
    held_groups = {player: components(graph, held.get(player, [])) for player in dict.fromkeys([*held, *wanted])}
    sides = {player: [_sides_of(graph, group) for group in found] for player, found in held_groups.items()}
    winning = {player: [g for g, touched in zip(held_groups[player], sides[player]) if goal <= touched]
               for player, goal in wanted.items()}
    won = {player: bool(found) for player, found in winning.items()}
    winners = [player for player, met in won.items() if met]
    if len(winners) > 1:
        raise ImpossiblePosition(winners)
    path = _best_chain(graph, winning[winners[0]], wanted[winners[0]]) if winners else []
    groups = {player: tuple(StoneGroup(tuple(graph.ids[i] for i in group), touched)
                            for group, touched in zip(held_groups[player], sides[player]))
              for player in held_groups}
    return Judgement(groups, won, sum(map(len, held.values())) == len(graph.ids),
                     winners[0] if winners else None, tuple(graph.ids[i] for i in path))


def _check_goals(graph: CellGraph, goals: Mapping[str, frozenset[str]]) -> None:
    """A goal naming a side no cell lies on could never be met: a wiring mistake, said at once."""
    known = graph.all_sides
    for player, goal in goals.items():
        if not goal:
            raise ValueError(f"the goal of {player} names no side")
        for side in sorted(goal - known):
            raise ValueError(f"the goal of {player} names side {side!r}, which no cell lies on")


def _held(graph: CellGraph, stones: Mapping[str, Iterable[CellId]]) -> dict[str, list[int]]:
    """Each player's board places, ascending; a cell may hold one stone only."""
    owner: dict[int, str] = {}
    for player, cells in stones.items():
        for i in _indices(graph.index, cells, f"a stone of {player}"):
            if i in owner:
                also = "twice" if owner[i] == player else f"by both {owner[i]} and {player}"
                raise ValueError(f"cell {graph.ids[i]!r} is taken {also}")
            owner[i] = player
    held: dict[str, list[int]] = {player: [] for player in stones}
    for i in sorted(owner):
        held[owner[i]].append(i)
    return held


class Neighbours(Protocol):
    """What a flood or a search for groups needs of a graph (a CellGraph here, a cellboard Graph too): its cells' ids
    and neighbours."""

    ids: Sequence[Any]
    neighbours: Sequence[Sequence[int]]


def components(graph: Neighbours, cells: Sequence[int]) -> list[list[int]]:
    """The connected groups of `cells` (ascending), each flooded from its first cell, members ascending."""
    mine = set(cells)
    seen: set[int] = set()
    found = []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        members, frontier = [start], [start]
        while frontier:
            for near in graph.neighbours[frontier.pop()]:
                if near in mine and near not in seen:
                    seen.add(near)
                    members.append(near)
                    frontier.append(near)
        members.sort()
        found.append(members)
    return found


def _sides_of(graph: CellGraph, cells: Iterable[int]) -> frozenset[str]:
    return frozenset().union(*(graph.sides[i] for i in cells))


def groups_of(graph: CellGraph, cells: Iterable[int]) -> tuple[StoneGroup, ...]:
    """The connected groups of `cells` (board places), in board order of their first cell, with the sides each
    touches: for a game whose cell holds several aspects at once (Asterisk), where `judge`'s one stone a cell does
    not apply."""
    return tuple(StoneGroup(tuple(graph.ids[i] for i in members), _sides_of(graph, members))
                 for members in components(graph, sorted(cells)))


def _best_chain(graph: CellGraph, groups: Sequence[Sequence[int]], goal: frozenset[str]) -> list[int]:
    """The smallest chain over every winning group (two separate winning groups can exist), ties to board order."""
    return min((_chain(graph, group, goal) for group in groups), key=lambda chain: (len(chain), chain))


def _chain(graph: CellGraph, group: Sequence[int], goal: frozenset[str]) -> list[int]:
    """A minimal connected part of `group` touching every goal side, ascending.

    The centre is the cell whose within-group distances to the goal sides add up
    least; the chain is its shortest way to each side. For two sides that is a
    shortest chain from side to side. It is minimal for any number of sides: were
    a cell droppable (a way touching a second side early, two ways adjacent past
    their first step), a cell on those ways would have a smaller sum than the centre.
    """
    inside = set(group)
    floods = [flood(graph, inside, [i for i in group if side in graph.sides[i]]) for side in sorted(goal)]
    centre = min(group, key=lambda i: (sum(distance[i] for distance, _ in floods), i))
    chain = {centre}
    for distance, parent in floods:
        cell = centre
        while distance[cell]:
            cell = parent[cell]
            chain.add(cell)
    return sorted(chain)


def flood(graph: Neighbours, inside: set[int], sources: Sequence[int]) -> tuple[list[int], list[int]]:
    """Breadth-first distances within `inside` from `sources` (ascending), and each cell's step back toward them."""
    distance = [UNREACHED] * len(graph.ids)
    parent = [UNREACHED] * len(graph.ids)
    for source in sources:
        distance[source] = 0
    queue = deque(sources)
    while queue:
        cell = queue.popleft()
        for near in graph.neighbours[cell]:
            if near in inside and distance[near] == UNREACHED:
                distance[near] = distance[cell] + 1
                parent[near] = cell
                queue.append(near)
    return distance, parent


def score_record(game: str, judgement: Judgement) -> dict[str, Any]:
    """The Score JSON of shared/DESIGN.md, the same for Hex, Y and Mudcrack Y."""
    return {"game": game, "full": judgement.full, "winner": judgement.winner, "path": list(judgement.path)}
