"""A definition game's verdict: the referee's findings (pnp/cellboard/referee.py) in the forms pnp shows them.

    verdict.as_json()   {"game", "full", "winner", "goal", "goal_name", "path"} (shared/DESIGN.md, "Score JSON")
    verdict.report()    a few lines: cells played, each player's stones, the winner, the goal and its cells
    verdict.caption()   one sentence under a diagram ("White wins with a fork: 14 cells")
    verdict.standing()  the result as a caption may state it
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.cellboard.goals import RING
from pnp.cellboard.referee import Verdict
from pnp.definitions.engine import StoneGame
from pnp.games.stones.words import _say, goal_title, player_name
from pnp.positions.standing import Side, Standing

NAME_WIDTH = 5   # a player's name padded in the report, so both players' lines line up


@dataclass(frozen=True)
class DefinedVerdict:
    """What the referee finds in one position of a defined game."""

    game: StoneGame
    size: int
    board: str                 # the board as the report names it: its title, then its size key and size
    owners: dict[str, str]     # cell id -> player
    judged: Verdict

    @property
    def winner(self) -> str | None:
        return self.judged.winner

    @property
    def path(self) -> tuple[str, ...]:
        return self.judged.path

    @property
    def is_ring(self) -> bool:
        return self.judged.kind == RING

    @property
    def cells(self) -> int:
        return len(self.game.graph(self.size).ids)

    def goal_name(self) -> str | None:
        """The winning goal as the definition names it (fork, bridge), or None."""
        return None if self.judged.goal is None else self.game.goals[self.judged.goal].name

    def goal_text(self) -> str:
        assert self.judged.goal is not None
        return goal_title(self.game.goals[self.judged.goal], self.game.definition.board.kind)

    def as_json(self) -> dict[str, Any]:
        found = self.judged.as_json(self.game.name)
        return {**found, "goal_name": self.goal_name()} if found["goal"] else {**found, "goal_name": None}

    def report(self) -> list[str]:
        j = self.judged
        lines = [_say("score.played", board=self.board, played=len(self.owners), cells=self.cells)
                 + (_say("score.full") if j.full else "")]
        for player in self.game.players:
            count = sum(1 for p in self.owners.values() if p == player)
            said = _say("score.one_stone") if count == 1 else _say("score.stones", count=count)
            lines.append(f"  {player_name(player):<{NAME_WIDTH}}  {said}")
        if j.winner is None:
            return [*lines, _say("score.draw") if j.full else _say("score.no_winner")]
        what = _say("score.loop" if self.is_ring else "score.group")
        return [*lines, _say("score.winner", player=player_name(j.winner), goal=self.goal_text()),
                _say("score.path", what=what, count=len(j.path), cells=" ".join(j.path))]

    def caption(self) -> str:
        j = self.judged
        if j.winner is not None:
            return _say("score.wins", player=player_name(j.winner), goal=self.goal_text(), count=len(j.path))
        if j.full:
            return _say("score.drawn")
        if not self.owners:
            return _say("score.empty")
        return _say("score.open", played=len(self.owners), cells=self.cells)

    def standing(self) -> Standing:
        def side(player: str) -> Side:
            stones = Fraction(sum(1 for p in self.owners.values() if p == player))
            return Side(player_name(player), {"": stones, "stone": stones, "stones": stones}, (player,))

        first, second = self.game.players
        return Standing((side(first), side(second)), player_name(self.winner) if self.winner else None)
