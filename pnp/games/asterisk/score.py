"""`pnp score` and diagram captions for Asterisk: the referee's findings as JSON, a short report, one sentence.

The JSON is DESIGN.md's "Score JSON" exactly: `goals` for the six aspects,
`paths` the cells of one connecting group per goal met, `winner` the player
(named by their goals) or null.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.boards.connect import StoneGroup
from pnp.games.asterisk.board import SIDES, cell_count
from pnp.games.asterisk.position import AsteriskPosition
from pnp.games.asterisk.referee import ASPECTS, GOALS, Referee, judge
from pnp.positions.standing import Contender, Standing
from pnp.texts import say

ASPECT_WIDTH = max(len(a) for a in ASPECTS)


@dataclass(frozen=True)
class AsteriskVerdict:
    referee: Referee

    def as_json(self) -> dict[str, Any]:
        r = self.referee
        return {"game": "asterisk", "full": r.full,
                "goals": {a: a in r.met for a in ASPECTS},
                "paths": {a: list(r.chain(a).cells) for a in r.met},  # type: ignore[union-attr]
                "winner": r.winner}

    def report(self) -> list[str]:
        r = self.referee
        lines = [f"Asterisk, side {r.side}: {r.filled} of {cell_count(r.side)} cells filled"]
        lines += [f"  {a:<{ASPECT_WIDTH}}  {_aspect_line(r, a)}" for a in ASPECTS]
        for player in GOALS:
            met = r.goals_of(player)
            lines.append(f"{player}: {len(met)} of 3 goals" + (f" ({', '.join(met)})" if met else ""))
        lines.append(f"winner: {r.winner or 'none yet'}")
        return lines

    def standing(self) -> Standing:
        r = self.referee
        sides = tuple(Contender(_name(p), {"": Fraction(len(r.goals_of(p))), "goal": Fraction(len(r.goals_of(p))),
                                           "goals": Fraction(len(r.goals_of(p)))}, (p,)) for p in GOALS)
        return Standing(sides, _name(r.winner) if r.winner else None)  # type: ignore[arg-type]

    def caption(self) -> str:
        r = self.referee
        if r.winner:
            return _sentence("wins", r.goals_of(r.winner), player=say("asterisk", f"position.players.{r.winner}"))
        return _sentence("so_far", r.met) if r.met else say("asterisk", "position.nothing")


def _name(player: str) -> str:
    return say("asterisk", f"position.players.{player}")


def score(position: AsteriskPosition) -> AsteriskVerdict:
    return AsteriskVerdict(judge(position.board.side, position.placed()))


def _aspect_line(r: Referee, aspect: str) -> str:
    """Whether the aspect connects, else how close its best group comes."""
    groups = r.groups[aspect]
    chain = r.chain(aspect)
    if chain:
        return f"connects all three sides (a group of {len(chain.cells)})"
    if not groups:
        return "no pieces"
    if len(groups) == 1:
        return f"1 group, touching {_sides(groups[0])}"
    best = max(groups, key=lambda g: (len(g.sides), len(g.cells)))
    return f"{len(groups)} groups; the best touches {_sides(best)}"


def _sides(group: StoneGroup) -> str:
    touched = [s for s in SIDES if s in group.sides]
    return " and ".join(touched) if touched else "no side"


def _sentence(key: str, aspects: tuple[str, ...], **fields: str) -> str:
    words = aspects[0] if len(aspects) == 1 else f"{', '.join(aspects[:-1])} {say('asterisk', 'position.and')} {aspects[-1]}"
    verb = say("asterisk", "position.verb_one" if len(aspects) == 1 else "position.verb_many")
    return say("asterisk", f"position.{key}", aspects=words, verb=verb, **fields)
