"""Who owns each side of a definition's board, and whether its corners are marked: read from the goals.

A side that only one player's goals name is that player's; every other side is
shared, and shared sides take turns of two colours clockwise round the board (a
third for the last of an odd number), so neighbouring sides differ. Corner cells
are marked where a goal names a corner or the corners lie apart from the sides.
What the drawing reads, and what the spec offers (`style_keys_used`: no colour
for a side or corner the board never marks).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.definitions.engine import StoneGame
from pnp.games.stones.style import DefinedStyle
from pnp.geometry.hexagon import SQRT3

EDGE = 1 / SQRT3                # a cell's edge, in cells
DASH = (0.75 * EDGE, 0.25 * EDGE)   # a dashed side (look.dashed): an edge's three quarters drawn, a quarter not
SHARED = ("shared_sides", "other_shared_sides", "third_shared_sides")   # the shared sides' turns of colour
OWN_SIDES = ("first_sides", "second_sides")
CORNER_KEYS = ("corners", "corner_fill")


@dataclass(frozen=True)
class Owners:
    """Each side's owner (a player, or None: shared), and whether the corners are marked."""

    game: StoneGame

    @cached_property
    def sides(self) -> dict[str, str | None]:
        kind = self.game.definition.board.kind
        aiming: dict[str, set[str]] = {side: set() for side in kind.sides}
        for goal in self.game.goals:
            for group in goal.groups:
                if group in aiming:
                    aiming[group] |= set(goal.players or self.game.players)
        return {side: next(iter(players)) if len(players) == 1 else None for side, players in aiming.items()}

    @cached_property
    def corners_marked(self) -> bool:
        kind = self.game.definition.board.kind
        named = any(group in kind.corner_names for goal in self.game.goals for group in goal.groups)
        return named or not self.game.definition.board.corners_on_sides

    def colours(self, order: list[str], style: DefinedStyle) -> dict[str, str]:
        """Each side's band colour, in the order the bands are drawn: the first player's sides, the second's (each
        in the shape's order of sides), then the shared ones, taking turns of colour in clockwise `order`."""
        own = {self.game.players[0]: style.first_sides, self.game.players[1]: style.second_sides}
        shared = [side for side in order if self.sides[side] is None]
        turns = [style.shared_sides, style.other_shared_sides]
        found = {side: turns[i % 2] for i, side in enumerate(shared)}
        if len(shared) % 2 and len(shared) > 1:
            found[shared[-1]] = style.third_shared_sides
        kind = self.game.definition.board.kind
        owned = {side: own[player] for player in self.game.players for side in kind.sides if self.sides[side] == player}
        return {**owned, **found}

    def shared_keys(self) -> dict[str, list[str]]:
        """Each shared sides' style key -> the sides it colours, clockwise from the first (as `colours` takes turns;
        a board without an outline of lattice cells, grown from a seed, in its shape's order of sides)."""
        board = self.game.board()
        outline = getattr(getattr(board, "shape", None), "outline", None)
        order = (list(dict.fromkeys(name for _, _, names in outline for name in names)) if outline
                 else list(self.game.definition.board.kind.sides))
        shared = [side for side in order if self.sides[side] is None]
        found: dict[str, list[str]] = {}
        for i, side in enumerate(shared):
            last = i == len(shared) - 1 and len(shared) % 2 and len(shared) > 1
            found.setdefault(SHARED[2] if last else SHARED[i % 2], []).append(side)
        return found

    def dashes(self) -> dict[str, tuple[float, ...]]:
        """The sides of the players `look.dashed` names: a dash an edge (three quarters drawn), in cells."""
        dashed = self.game.definition.look.dashed
        return {side: DASH for side, owner in self.sides.items() if owner is not None and owner in dashed}

    def unused_style_keys(self) -> set[str]:
        """The style keys of sides and corners this board never draws (a player without sides of their own, shared
        colours beyond the shared sides' turns, corners left unmarked)."""
        shared = sum(1 for owner in self.sides.values() if owner is None)
        turns = min(shared, 2) + (1 if shared % 2 and shared > 1 else 0)
        unused = set(SHARED[turns:])
        unused |= {key for key, player in zip(OWN_SIDES, self.game.players) if player not in self.sides.values()}
        return unused | (set() if self.corners_marked else set(CORNER_KEYS))
