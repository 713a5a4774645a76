"""A definition game's verdict: the referee's findings (pnp/cellboard/referee.py) in the forms pnp shows them.

    verdict.as_json()   {"game", "full", "winner", "goal", "path", "goal_name"} (shared/DESIGN.md, "Score JSON";
                        a connection game's without the goal, as DESIGN.md's connection games')
    verdict.report()    a few lines: cells played, each player's stones, the winner, the goal and its cells
    verdict.caption()   one sentence under a diagram ("White wins with a fork: 14 cells")
    verdict.standing()  the result as a caption may state it

A game whose every player has one goal, an unnamed `connect` of all its groups,
is a connection game and is spoken of as one: the report counts each
player's groups and says the most of their goal's groups one of them touches,
and a win is "a chain of 9 joins top and bottom" (its group as `look.group`
names it). Other games name the goal met ("White wins with a fork").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any

from pnp.boards.connect import components
from pnp.cellboard.goals import RING, Goal
from pnp.cellboard.graph import Graph
from pnp.cellboard.referee import Verdict
from pnp.definitions.engine import StoneGame
from pnp.games.stones.words import NUMBERED, _say, goal_title, listed, player_name
from pnp.positions.standing import Contender, Standing


def connection_goals(game: StoneGame) -> dict[str, Goal] | None:
    """Each player's one goal where every goal is an unnamed connect of all its groups and each player has one."""
    if any(goal.kind == RING or goal.name or goal.least != len(goal.groups) for goal in game.goals):
        return None
    found = {player: [goal for goal in game.goals if goal.of(player)] for player in game.players}
    return {player: goals[0] for player, goals in found.items()} if all(len(g) == 1 for g in found.values()) else None


def bare(groups: Sequence[str]) -> str:
    """Groups by their bare names: "top and bottom", "side 1 and side 4"."""
    return listed([" ".join(NUMBERED.fullmatch(g).groups()) if NUMBERED.fullmatch(g) else g for g in groups])


@dataclass(frozen=True)
class DefinedVerdict:
    """What the referee finds in one position of a defined game."""

    game: StoneGame
    size: int
    board: str                 # the board as the report names it: its title, then its size key and size
    owners: dict[str, str]     # cell id -> player
    judged: Verdict
    picked: dict[str, int] = field(default_factory=dict)   # a grown board's seed and version (position.picked)

    @cached_property
    def graph(self) -> Graph:
        return self.game.graph(self.size, **self.picked)

    @property
    def winner(self) -> str | None:
        return self.judged.winner

    @cached_property
    def connection(self) -> dict[str, Goal] | None:
        return connection_goals(self.game)

    @cached_property
    def groups(self) -> dict[str, list[tuple[frozenset[str], int]]]:
        """Each player's groups of stones, in board order: the board's groups each touches, and its stones."""
        graph = self.graph
        found: dict[str, list[tuple[frozenset[str], int]]] = {}
        for player in self.game.players:
            mine = sorted(graph.place(c) for c, p in self.owners.items() if p == player)
            found[player] = [(frozenset().union(*(graph.groups[i] for i in group)), len(group))
                             for group in components(graph, mine)]
        return found

    def _groups_line(self, player: str) -> str:
        """How many groups a player has and the most of their goal's groups one of them touches (all, if won)."""
        assert self.connection is not None
        groups, goal = self.groups[player], self.connection[player].groups
        if not groups:
            return _say("score.no_stones")
        count = _say("score.one_group") if len(groups) == 1 else _say("score.groups", count=len(groups))
        if self.judged.winner == player:
            return _say("score.joins", groups=count, sides=bare(goal))
        best, _ = max(groups, key=lambda group: (len(group[0] & set(goal)), group[1]))
        touched = [side for side in goal if side in best]
        return _say("score.touches", groups=count, sides=bare(touched)) if touched else _say("score.no_side",
                                                                                              groups=count)

    def _stones_line(self, player: str) -> str:
        count = sum(1 for p in self.owners.values() if p == player)
        return _say("score.one_stone") if count == 1 else _say("score.stones", count=count)

    @property
    def path(self) -> tuple[str, ...]:
        return self.judged.path

    @property
    def is_ring(self) -> bool:
        return self.judged.kind == RING

    @property
    def cells(self) -> int:
        return len(self.graph.ids)

    def what(self) -> str:
        """The win on the board in words: "ring", or "winning group" as the definition names a group."""
        return _say("score.loop") if self.is_ring else _say("score.group", group=self.game.definition.look.group)

    def goal_name(self) -> str | None:
        """The winning goal as the definition names it (fork, bridge), or None."""
        return None if self.judged.goal is None else self.game.goals[self.judged.goal].name

    def goal_text(self) -> str:
        assert self.judged.goal is not None
        return goal_title(self.game.goals[self.judged.goal], self.game.definition.board.kind)

    def as_json(self) -> dict[str, Any]:
        """The Score JSON: a connection game's as DESIGN.md gives the connection games' (every win is one, so no
        `goal`), any other's with the goal met and its name."""
        found = self.judged.as_json(self.game.name)
        if self.connection is not None:
            return {key: value for key, value in found.items() if key != "goal"}
        return {**found, "goal_name": self.goal_name()}

    def report(self) -> list[str]:
        j = self.judged
        lines = [_say("score.played", board=self.board, played=len(self.owners), cells=self.cells)
                 + (_say("score.full") if j.full else "")]
        width = max(len(player_name(player)) for player in self.game.players)
        line = self._stones_line if self.connection is None else self._groups_line
        lines += [f"  {player_name(player):<{width}}  {line(player)}" for player in self.game.players]
        if j.winner is None:
            return [*lines, _say("score.draw") if j.full else _say("score.no_winner")]
        won = (_say("score.winner", player=player_name(j.winner), goal=self.goal_text()) if self.connection is None
               else _say("score.connected", player=player_name(j.winner)))
        return [*lines, won,
                _say("score.path", what=self.what(), count=len(j.path), cells=" ".join(j.path))]

    def caption(self) -> str:
        j = self.judged
        if j.winner is not None and self.connection is not None:
            return _say("score.joins_wins", player=player_name(j.winner), group=self.game.definition.look.group,
                        count=len(j.path), sides=bare(self.connection[j.winner].groups))
        if j.winner is not None:
            return _say("score.wins", player=player_name(j.winner), goal=self.goal_text(), count=len(j.path))
        if j.full:
            return _say("score.drawn")
        if not self.owners:
            return _say("score.empty")
        return _say("score.open", played=len(self.owners), cells=self.cells)

    def standing(self) -> Standing:
        def side(player: str) -> Contender:
            stones = Fraction(sum(1 for p in self.owners.values() if p == player))
            numbers = {"": stones, "stone": stones, "stones": stones}
            if self.connection is not None:   # a connection game's caption may count groups too
                count = Fraction(len(self.groups[player]))
                numbers |= {"group": count, "groups": count}
            return Contender(player_name(player), numbers, (player,))

        first, second = self.game.players
        return Standing((side(first), side(second)), player_name(self.winner) if self.winner else None)
