"""The colours of a game written as data: its players' stones and sides, shared sides, corners, the cells.

A definition names its players (red and blue, white and black, ...), so the
default colours follow the names where pnp knows the colour a name says
(PLAYER_COLOURS, data), and otherwise the first player's stones are light and
the second's dark, as on every board pnp prints for stones. A side that only
one player's goals name is marked in that player's colour; sides every player
aim for alternate between two neutral colours that a black-and-white print
still tells apart (grey about 154 and 99 of 255; a third, about 193, closes an
odd number of them), so neighbouring sides differ;
corner cells are tinted and their outer edge drawn dark, whether they lie on
the sides or apart from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.definitions.model import STYLE_KEYS, LookDefinition
from pnp.style import StoneStyle, setting, settable

# player id -> (stone colour, side colour): the colour a player's name says. Light stones first in each pair's
# lightness: a name pnp does not know takes the light colours as a first player and the dark as a second.
PLAYER_COLOURS: Mapping[str, tuple[str, str]] = {
    "red": ("#f4a093", "#e8553e"),
    "blue": ("#1f3c88", "#1f3c88"),
    "white": ("#fbfaf5", "#b9b2a0"),
    "black": ("#262626", "#262626"),
    "green": ("#2e7d4f", "#2e7d4f"),
    "yellow": ("#f2d25a", "#d9a800"),
    "orange": ("#f5a35c", "#e07b1a"),
    "purple": ("#5b3a8c", "#5b3a8c"),
}
UNNAMED = (("#f4a093", "#e8553e"), ("#1f3c88", "#1f3c88"))   # the first and the second player's, by place


@dataclass(frozen=True)
class DefinedStyle(StoneStyle):
    first_stones: str = setting(UNNAMED[0][0], "The first player's stones.")
    second_stones: str = setting(UNNAMED[1][0], "The second player's stones (hatched by the ink saver).")
    outline: str = setting("#1a1a1a", "A stone's rim.")
    first_sides: str = setting(UNNAMED[0][1], "The sides only the first player's goals name.")
    second_sides: str = setting(UNNAMED[1][1], "The sides only the second player's goals name.")
    shared_sides: str = setting("#8f9bb3", "Sides both players aim for: every other one ...")
    other_shared_sides: str = setting("#8a5a2b", "... and the ones between, so neighbouring sides differ ...")
    third_shared_sides: str = setting("#d9c27a", "... and, round an odd number of them, the last.")
    corners: str = setting("#3a3a3a", "Corner cells' outer edge.")
    corner_fill: str = setting("#e2d4b6", "Inside the corner cells.")
    cell_fill: str = setting("#f6efe0", "Inside the cells.")
    label: str = setting("#6b6b6b", "The cells' names: the coordinates along the edges, or the numbers in the cells.")
    players: tuple[str, str] = ("red", "blue")

    @property
    def red(self) -> str:   # the light stones' colour, as the stone layer reads it (pnp/boards/cutouts.py)
        return self.first_stones

    @property
    def blue(self) -> str:
        return self.second_stones


# a definition's `look` names these keys (pnp/definitions/model.py): they are the ones a spec may set here
assert set(settable(DefinedStyle)) - set(settable(StoneStyle)) <= set(STYLE_KEYS) <= set(settable(DefinedStyle))


def game_colours(look: LookDefinition, players: tuple[str, str]) -> dict[str, str]:
    """A game's colours before a spec's: those its players' names set, then its own (`look.colours`)."""
    return {**player_defaults(players), **look.colours}


def player_defaults(players: tuple[str, str]) -> dict[str, str]:
    """The style keys a definition's players set by their names: stones and own sides of each."""
    found: dict[str, str] = {}
    for place, (player, which) in enumerate(zip(players, ("first", "second"))):
        stones, sides = PLAYER_COLOURS.get(player, UNNAMED[place])
        found[f"{which}_stones"], found[f"{which}_sides"] = stones, sides
    return found
