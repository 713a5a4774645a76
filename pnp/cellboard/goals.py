"""What a player may win by: one group of their stones touching some named groups, or a ring.

A goal is data: `connect` with the groups one group of stones must touch and
how many of them it must (all, or any k), or `ring`; whose goal it is (every
player's when `players` is empty); and the word the definition gives it, if
any (a fork, a bridge: what players call it). Sets
(`sides`, `corners`) are expanded to their groups before a Goal is made.
"""

from __future__ import annotations

from dataclasses import dataclass

CONNECT, RING = "connect", "ring"   # the kinds of goal, as the Score JSON's `goal` names them
KINDS = (CONNECT, RING)


@dataclass(frozen=True)
class Goal:
    """One goal: `connect` (touch `least` of `groups`) or `ring`; for `players` (empty: for every player)."""

    kind: str
    groups: tuple[str, ...] = ()
    least: int = 0
    players: tuple[str, ...] = ()
    name: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not a kind of goal: {', '.join(KINDS)}")
        if self.kind == CONNECT and not 1 <= self.least <= len(self.groups):
            raise ValueError(f"a connection of {self.least} of {len(self.groups)} groups cannot be made")

    def of(self, player: str) -> bool:
        """Whether this is a goal of `player`."""
        return not self.players or player in self.players

    @classmethod
    def connect(cls, groups: tuple[str, ...], least: int | None = None, players: tuple[str, ...] = (),
                name: str | None = None) -> "Goal":
        """One group touching `least` of `groups` (all of them when None)."""
        return cls(CONNECT, tuple(groups), len(groups) if least is None else least, tuple(players), name)

    @classmethod
    def ring(cls, players: tuple[str, ...] = (), name: str | None = None) -> "Goal":
        """A loop of the player's stones around at least one cell."""
        return cls(RING, players=tuple(players), name=name)
