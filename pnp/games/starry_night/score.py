"""`pnp score` and diagram captions for Starry Night: the referee's findings as JSON, a short report, one sentence.

The JSON, in the spirit of DESIGN.md's Score JSON (docs/reference/json.md, "Starry Night"):
`full` is whether the game is over (every star joined); `players` holds each
player's captured seas and their area; `seas` every closed area with its
shore (star indices around it), area, islands (star indices of each), and who
captured it with which edge (counted from 1), or null while it has islands;
`winner` counts seas, `area_winner` areas; both null until the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.starry_night.position import StarryPosition
from pnp.games.starry_night.referee import PLAYERS, Night, Sea, replay
from pnp.positions.standing import Contender, Standing
from pnp.texts import say


def number(value: Fraction) -> int | float:
    """An exact area as JSON: whole numbers stay whole, halves are exact in binary."""
    return value.numerator if value.denominator == 1 else float(value)


@dataclass(frozen=True)
class StarryVerdict:
    night: Night

    def as_json(self) -> dict[str, Any]:
        n = self.night
        return {"game": "starry-night", "full": n.over, "moves": len(n.edges), "unconnected": list(n.unconnected),
                "players": {who: {"seas": len(n.captured(who)), "area": number(n.area_of(who))} for who in PLAYERS},
                "seas": [_sea(s) for s in n.seas],
                "last_move": n.last_player, "winner": n.winner, "area_winner": n.area_winner}

    def report(self) -> list[str]:
        n = self.night
        state = "game over: every star is joined" if n.over else f"unjoined stars: {_list(n.unconnected)}"
        lines = [f"Starry Night: {len(n.stars)} stars, {len(n.edges)} edges; {state}"]
        lines += [f"{who}: {_count(len(n.captured(who)), 'sea')}, area {_area(n.area_of(who))}" for who in PLAYERS]
        lines += [f"  {_sea_line(s)}" for s in n.seas]
        if n.over:
            lines.append(f"winner: {n.winner} (most seas{_tie(n, n.winner, len)}); "
                         f"area variant: {n.area_winner}{_tie(n, n.area_winner, lambda seas: sum(s.area for s in seas))}")
        else:
            lines.append("winner: none yet")
        return lines

    def standing(self) -> Standing:
        n = self.night
        sides = tuple(Contender(_name(who), {"": Fraction(len(n.captured(who))), "sea": Fraction(len(n.captured(who))),
                                             "seas": Fraction(len(n.captured(who))), "square": n.area_of(who),
                                             "squares": n.area_of(who)}) for who in PLAYERS)
        return Standing(sides, _name(n.winner) if n.winner else None)  # type: ignore[arg-type]

    def caption(self) -> str:
        n = self.night
        name = {who: say("starry-night", f"position.players.{who}") for who in PLAYERS}
        counts = {f"{who}_seas": _count(len(n.captured(who)), "sea") for who in PLAYERS}
        tally = say("starry-night", "position.tally", **name, **counts)
        if not n.over:
            return say("starry-night", "position.so_far", tally=tally, left=_count(len(n.unconnected), "star"))
        tied = len(n.captured(PLAYERS[0])) == len(n.captured(PLAYERS[1]))
        return say("starry-night", "position.wins_tie" if tied else "position.wins", tally=tally, player=name[n.winner or ""])


def _name(who: str) -> str:
    return say("starry-night", f"position.players.{who}")


def score(position: StarryPosition) -> StarryVerdict:
    return StarryVerdict(replay(position.points(), position.pairs()))


def _sea(sea: Sea) -> dict[str, Any]:
    return {"shore": list(sea.shore), "area": number(sea.area), "islands": [list(i) for i in sea.islands],
            "captured_by": sea.captured_by, "move": sea.move}


def _sea_line(sea: Sea) -> str:
    who = f"{sea.captured_by}, edge {sea.move}" if sea.captured_by else f"open, islands {'; '.join(_list(i) for i in sea.islands)}"
    return f"sea {'-'.join(map(str, sea.shore))}: area {_area(sea.area)}, {who}"


def _tie(n: Night, winner: str | None, measure: Callable[[list[Sea]], int | Fraction]) -> str:
    scores = {measure(n.captured(who)) for who in PLAYERS}
    return ", tied: the last edge decides" if len(scores) == 1 and winner else ""


def _area(value: Fraction) -> str:
    return str(number(value))


def _list(stars: tuple[int, ...]) -> str:
    return ", ".join(map(str, stars)) or "none"


def _count(n: int, word: str) -> str:
    return f"{n} {say('starry-night', f'position.{word}' if n == 1 else f'position.{word}s')}"
