"""The Asterisk referee: for each aspect the groups of adjacent cells sharing it, which goals are met, who has won.

An aspect is one word of a piece type (dark, light, hexagon, circle, asterisk,
empty). A goal is met when one group of an aspect touches all three sides; a
player wins with two of their three goals (shared/GAMES.md). Pure: takes the
side and the pieces on cells, draws nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.games.asterisk.board import SIDES, cell_count, cell_id, neighbours, sides_of
from pnp.games.asterisk.rules import GOAL_SETS

ASPECTS: tuple[str, ...] = ("dark", "light", "hexagon", "circle", "asterisk", "empty")
# Each player is named by the three aspects they aim to connect, the piece type missing from the set.
GOALS: dict[str, tuple[str, ...]] = {player: tuple(player.split("-")) for player in GOAL_SETS}
TO_WIN = 2
ALL_SIDES = frozenset(SIDES)


@dataclass(frozen=True)
class Topology:
    """A side's cells in board order (row by row from the apex) as indices, with neighbours and sides."""

    ids: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    sides: tuple[frozenset[str], ...]


@lru_cache(maxsize=16)
def topology(side: int) -> Topology:
    cells = [(r, p) for r in range(1, side + 1) for p in range(1, r + 1)]
    ids = tuple(cell_id(r, p) for r, p in cells)
    index = {cell: i for i, cell in enumerate(ids)}
    near = tuple(tuple(index[cell_id(*q)] for q in neighbours(side, r, p)) for r, p in cells)
    return Topology(ids, index, near, tuple(frozenset(sides_of(side, r, p)) for r, p in cells))


@dataclass(frozen=True)
class Group:
    """Adjacent cells sharing an aspect (board order), and the sides they touch."""

    cells: tuple[str, ...]
    sides: frozenset[str]

    @property
    def connects(self) -> bool:
        return self.sides == ALL_SIDES


@dataclass(frozen=True)
class Referee:
    """What the rules say of one Asterisk position."""

    side: int
    filled: int
    groups: dict[str, tuple[Group, ...]]   # aspect -> its groups, in board order of their first cell

    @property
    def full(self) -> bool:
        return self.filled == cell_count(self.side)

    def chain(self, aspect: str) -> Group | None:
        """The first group of `aspect` (board order) that touches all three sides, if any does."""
        return next((g for g in self.groups[aspect] if g.connects), None)

    @cached_property
    def met(self) -> tuple[str, ...]:
        """The aspects that connect all three sides, in ASPECTS order."""
        return tuple(a for a in ASPECTS if self.chain(a))

    def goals_of(self, player: str) -> tuple[str, ...]:
        return tuple(a for a in GOALS[player] if a in self.met)

    @property
    def winner(self) -> str | None:
        """The player with two (or three) goals met; on a full board there is always exactly one."""
        return next((p for p in GOALS if len(self.goals_of(p)) >= TO_WIN), None)


def judge(side: int, pieces: dict[str, str]) -> Referee:
    """Group every aspect's cells; `pieces` maps cell ids of a side-`side` board to piece type names."""
    shape = topology(side)
    aspects_at: dict[int, tuple[str, ...]] = {shape.index[cell]: tuple(kind.split("-")) for cell, kind in pieces.items()}
    groups = {aspect: _groups(shape, {i for i, words in aspects_at.items() if aspect in words}) for aspect in ASPECTS}
    return Referee(side, len(pieces), groups)


def _groups(shape: Topology, cells: set[int]) -> tuple[Group, ...]:
    """The connected groups of `cells`, each found by a flood from its first cell in board order."""
    seen: set[int] = set()
    found = []
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        members, frontier = [start], [start]
        while frontier:
            for near in shape.neighbours[frontier.pop()]:
                if near in cells and near not in seen:
                    seen.add(near)
                    members.append(near)
                    frontier.append(near)
        members.sort()
        touched = frozenset().union(*(shape.sides[i] for i in members))
        found.append(Group(tuple(shape.ids[i] for i in members), touched))
    return tuple(found)
