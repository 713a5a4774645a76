"""`pnp score` and diagram captions for *Star: the referee's findings as DESIGN.md's JSON, a report, one sentence."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.starstar.position import StarPosition
from pnp.games.starstar.referee import PLAYERS, Judgement, judge
from pnp.positions.standing import Contender, Standing

NAMES = {"red": "Red", "blue": "Blue"}


@dataclass(frozen=True)
class StarVerdict:
    judgement: Judgement

    def as_json(self) -> dict[str, Any]:
        j = self.judgement
        players = {}
        for player, other in (PLAYERS, PLAYERS[::-1]):
            s, o = j.players[player], j.players[other]
            players[player] = {"stars": s.stars, "peries": s.peries, "quarks": s.quarks, "quark_point": s.quark_point,
                               "reward": s.reward, "score": s.score, "alternative": s.score - o.score}
        return {"game": "starstar", "full": j.full, "undecided": list(j.undecided), "players": players, "winner": j.winner}

    def report(self) -> list[str]:
        j = self.judgement
        lines = [f"*Star, {j.rings} rings: {j.filled} cells played; the two scores add up to {j.total} "
                 "once every peri is decided"]
        for player in PLAYERS:
            s = j.players[player]
            lines.append(f"  {NAMES[player]:<4}  stars {s.stars}, peries {s.peries}, quarks {s.quarks} "
                         f"(point {s.quark_point}), reward {s.reward:+d}: score {s.score}")
        if j.undecided:
            lines.append(f"undecided peries: {' '.join(j.undecided)}")
        lines.append(f"winner: {NAMES[j.winner] if j.winner else 'none, a draw' if j.drawn else 'none yet'}")
        if j.winner and not j.full:
            lines.append("  (the board is not full: this is the result if both players agree to stop here)")
        return lines

    def standing(self) -> Standing:
        j = self.judgement
        sides = tuple(Contender(NAMES[p], _numbers(j.players[p]), (p,)) for p in PLAYERS)
        return Standing(sides, NAMES[j.winner] if j.winner else None)  # type: ignore[arg-type]

    def caption(self) -> str:
        j = self.judgement
        red, blue = (j.players[p].score for p in PLAYERS)
        if j.winner:
            return f"Red {red}, Blue {blue}: {NAMES[j.winner]} {'wins' if j.full else 'leads'}"
        if j.drawn:
            return f"Red {red}, Blue {blue}: a draw"
        left = len(j.undecided)
        return f"Red {red}, Blue {blue} so far; {left} {'peri' if left == 1 else 'peries'} undecided"


def _numbers(player: Any) -> dict[str, Fraction]:
    """What a caption may count for a player: a bare number or points is the score."""
    score = Fraction(player.score)
    return {"": score, "point": score, "points": score, "peri": Fraction(player.peries), "peries": Fraction(player.peries),
            "star": Fraction(player.stars), "stars": Fraction(player.stars), "quark": Fraction(player.quarks),
            "quarks": Fraction(player.quarks)}


def score(position: StarPosition) -> StarVerdict:
    return StarVerdict(judge(position.board.rings, position.owners()))
