"""The referee's result as a caption could state it: the two contenders, what each counts, and the winner.

Apart from caption.py (which checks a caption against it) so that the position
model's Verdict can name it without importing the checker.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Contender:
    """One player as a caption may name them, and what the referee counts for them."""

    name: str                          # as the referee's captions write it, "Red"; also matched in capitals
    numbers: Mapping[str, Fraction]    # unit word -> value; "" is what a bare number claims (the score)
    aliases: tuple[str, ...] = ()      # other names, matched in any case: "red", "dark-hexagon-asterisk"


@dataclass(frozen=True)
class Standing:
    """The referee's result as a caption could state it: the two contenders and the winner's name (None: no winner,
    not yet or a draw)."""

    sides: tuple[Contender, Contender]
    winner: str | None

    def other(self, side: Contender) -> Contender:
        return self.sides[1] if side is self.sides[0] else self.sides[0]
