"""The connection games' verdict (Hex, Y, Mudcrack Y): the Score JSON, `pnp score`'s report, a caption, a Standing.

A game's score.py indexes its board once (connect.cell_graph), then
`connection_verdict(game, words, graph, owners, goals)` judges a position:

    verdict.as_json()   {"game", "full", "winner", "path"} (shared/DESIGN.md, "Score JSON")
    verdict.report()    a few lines: cells played, each player's groups, the winner and their chain
    verdict.caption()   one sentence under a diagram ("Red wins: a chain of 9 joins top and bottom")
    verdict.standing()  the result as a caption may state it (numbers: a player's stones and groups)

`goals` maps each player to the sides one of their groups must touch, every one
of them. The words are templates/texts/pages.yaml's `connection` block.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.boards.connect import CellGraph, Judgement, StoneGroup, judge, score_record
from pnp.positions.standing import Contender, Standing
from pnp.texts import say

TEXTS = ("pages", "connection")
NAME_WIDTH = 4   # a player's name padded in the report, so the lines of both players line up ("Red ", "Blue")


def _say(key: str, **fields: Any) -> str:
    return say(TEXTS[0], f"{TEXTS[1]}.{key}", **fields)


def listed(words: Sequence[str]) -> str:
    """"top and bottom", "left, right and bottom"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {_say('and')} {words[-1]}"


def player_name(player: str) -> str:
    return _say(f"players.{player}")


@dataclass(frozen=True)
class ConnectionVerdict:
    """What the referee finds in one position of a connection game, in the forms pnp shows it."""

    game: str                                  # the Score JSON's `game`
    board: str                                 # the board as the report names it: "Hex, 11 × 11"
    cells: int                                 # cells on the board
    goals: Mapping[str, tuple[str, ...]]       # player -> the sides to join, in the board's order
    judgement: Judgement

    @property
    def played(self) -> int:
        return sum(len(g.cells) for groups in self.judgement.groups.values() for g in groups)

    def as_json(self) -> dict[str, Any]:
        return score_record(self.game, self.judgement)

    def report(self) -> list[str]:
        j = self.judgement
        lines = [_say("played", board=self.board, played=self.played, cells=self.cells) + (_say("full") if j.full else "")]
        lines += [f"  {player_name(p):<{NAME_WIDTH}}  {self._groups_line(p)}" for p in self.goals]
        if j.winner is None:
            return [*lines, _say("no_winner")]
        path = " ".join(map(str, j.path))
        return [*lines, _say("winner", player=player_name(j.winner)), _say("chain", count=len(j.path), cells=path)]

    def _groups_line(self, player: str) -> str:
        """How many groups a player has and the most sides one of them touches (all of the goal's, if won)."""
        groups = self.judgement.groups.get(player, ())
        if not groups:
            return _say("no_stones")
        count = _say("one_group") if len(groups) == 1 else _say("groups", count=len(groups))
        goal = self.goals[player]
        if self.judgement.won.get(player):
            return _say("joins", groups=count, sides=listed(goal))
        best = max(groups, key=lambda g: (len(g.sides & set(goal)), len(g.cells)))
        touched = [side for side in goal if side in best.sides]
        return _say("touches", groups=count, sides=listed(touched)) if touched else _say("no_side", groups=count)

    def caption(self) -> str:
        j = self.judgement
        if j.winner is not None:
            return _say("wins", player=player_name(j.winner), count=len(j.path), sides=listed(self.goals[j.winner]))
        if not self.played:
            return _say("empty")
        return _say("open", played=self.played, cells=self.cells)

    def standing(self) -> Standing:
        def side(player: str) -> Contender:
            groups: tuple[StoneGroup, ...] = tuple(self.judgement.groups.get(player, ()))
            stones, count = Fraction(sum(len(g.cells) for g in groups)), Fraction(len(groups))
            numbers = {"": stones, "stone": stones, "stones": stones, "group": count, "groups": count}
            return Contender(player_name(player), numbers, (player,))

        first, second = self.goals
        winner = self.judgement.winner
        return Standing((side(first), side(second)), player_name(winner) if winner else None)


def connection_verdict(game: str, board: str, graph: CellGraph, owners: Mapping[Hashable, str],
                       goals: Mapping[str, tuple[str, ...]]) -> ConnectionVerdict:
    """Judge the stones `owners` places (cell id -> player) on `graph` against each player's `goals`."""
    stones: dict[str, list[Hashable]] = {player: [] for player in goals}
    for cell, player in owners.items():
        stones[player].append(cell)
    return ConnectionVerdict(game, board, len(graph.ids), goals, judge(graph, stones, goals))
