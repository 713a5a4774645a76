"""A record that ends with a resignation: the referee's verdict, with who resigned and who won by it.

The board is judged as it stands (the verdict inside); the resignation adds to
each of its forms: the Score JSON's `winner` is the other player (where the
board names none) and `resigned` the one who resigned, the report and the
caption say it, and a caption may state that winner. A player who has already
won on the board does not resign: such a record is refused (`resign_problem`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.positions.base import Verdict
from pnp.positions.standing import Contender, Standing
from pnp.spec.problems import Unplanned
from pnp.texts import say


@dataclass(frozen=True)
class Resigned:
    """The board's verdict, then `player`'s resignation after move `move`, which `winner` wins by."""

    inner: Verdict
    player: str
    winner: str
    move: int

    def __getattr__(self, name: str) -> Any:
        """What a game's diagram reads of its own verdict (the judgement, the board's name) is the board's."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def as_json(self) -> dict[str, Any]:
        found = self.inner.as_json()
        return {**found, "winner": found.get("winner") or self.winner, "resigned": self.player}

    def _names(self) -> dict[str, str]:
        return {"player": _name(self.inner.standing(), self.player), "winner": _name(self.inner.standing(), self.winner),
                "move": str(self.move)}

    def report(self) -> list[str]:
        return [*self.inner.report(), say("records", "resigned.report", **self._names())]

    def caption(self) -> str:
        if self.inner.as_json().get("winner"):
            return say("records", "resigned.caption_won", caption=self.inner.caption(), **self._names())
        return say("records", "resigned.caption", **self._names())

    def standing(self) -> Standing:
        found = self.inner.standing()
        return Standing(found.sides, found.winner or _name(found, self.winner))


def _name(standing: Standing, player: str) -> str:
    """The player as the referee's captions name them ("Red"), found by their id among the sides' aliases."""
    side: Contender | None = next((s for s in standing.sides if player in s.aliases), None)
    return side.name if side is not None else player.capitalize()


def resigned(verdict: Verdict, position: Any) -> Verdict:
    """The verdict of a position whose record ends with a resignation (its `resigned` player), else as it is."""
    player = getattr(position, "resigned", None)
    if player is None:
        return verdict
    winner = next(p for p in _players(verdict) if p != player)
    return Resigned(verdict, player, winner, position.record_length() or 0)


def _players(verdict: Verdict) -> tuple[str, ...]:
    """The two players' ids, as the referee's standing names them."""
    return tuple(side.aliases[0] for side in verdict.standing().sides if side.aliases)


def resign_problem(verdict: Verdict) -> Unplanned | None:
    """A resignation by the player the board already names the winner."""
    if not isinstance(verdict, Resigned) or verdict.inner.as_json().get("winner") != verdict.player:
        return None
    return Unplanned(("resigned",), f"{verdict.player} has already won on the board ({verdict.inner.caption()}); a "
                                    "player who has won does not resign: leave resigned out, or name the other player")
