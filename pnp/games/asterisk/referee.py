"""The Asterisk referee: for each aspect the groups of adjacent cells sharing it, which goals are met, who has won.

An aspect is one word of a piece type (dark, light, hexagon, circle, asterisk,
empty). A goal is met when one group of an aspect touches all three sides; a
player wins with two of their three goals (shared/GAMES.md). The groups are
the board layer's (pnp/boards/connect.py) on the lattice's triangle. Pure: takes
the side and the pieces on cells, draws nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.boards.connect import CellGraph, StoneGroup, groups_of
from pnp.boards.lattice.shapes import triangle
from pnp.games.asterisk.board import SIDES, cell_count
from pnp.games.asterisk.rules import GOAL_SETS

ASPECTS: tuple[str, ...] = ("dark", "light", "hexagon", "circle", "asterisk", "empty")
# Each player is named by the three aspects they aim to connect, the piece type missing from the set.
GOALS: dict[str, tuple[str, ...]] = {player: tuple(player.split("-")) for player in GOAL_SETS}
TO_WIN = 2
ALL_SIDES = frozenset(SIDES)


@lru_cache(maxsize=16)
def topology(side: int) -> CellGraph:
    """A side's cells in board order (row by row from the apex) as board places, with neighbours and sides: read
    from the lattice's triangle, whose places are worked out a row at a time."""
    places = triangle(side).places
    index = {cell: i for i, cell in enumerate(places)}
    near = tuple(tuple(sorted(index[cell] for cell in place.neighbours)) for place in places.values())
    return CellGraph(tuple(places), index, near, tuple(frozenset(place.sides) for place in places.values()))


@dataclass(frozen=True)
class Referee:
    """What the rules say of one Asterisk position."""

    side: int
    filled: int
    groups: dict[str, tuple[StoneGroup, ...]]   # aspect -> its groups, in board order of their first cell

    @property
    def full(self) -> bool:
        return self.filled == cell_count(self.side)

    def chain(self, aspect: str) -> StoneGroup | None:
        """The first group of `aspect` (board order) that touches all three sides, if any does."""
        return next((g for g in self.groups[aspect] if g.sides == ALL_SIDES), None)

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
    graph = topology(side)
    aspects_at: dict[int, tuple[str, ...]] = {graph.index[cell]: tuple(kind.split("-")) for cell, kind in pieces.items()}
    groups = {aspect: groups_of(graph, [i for i, words in aspects_at.items() if aspect in words]) for aspect in ASPECTS}
    return Referee(side, len(pieces), groups)
