"""Hex's named colours on top of the shared style.

Red owns the top and bottom, Blue the left and right; each side is marked in its
owner's colour. Red's sides are a light vermilion and Blue's a deep blue, so a
black-and-white print still tells them apart (grey levels about 125 and 60 of
255), and Red's are dashed as well. Red's stones are light and Blue's dark, as on
every board pnp prints for stones.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.style import StoneStyle, setting


@dataclass(frozen=True)
class HexStyle(StoneStyle):
    red_side: str = setting("#e8553e", "Red's sides, the top and bottom rows.")
    blue_side: str = setting("#1f3c88", "Blue's sides, the left and right columns.")
    cell_fill: str = "#fbf6ea"      # pale enough for pencil and stones
    label: str = setting("#6b6b6b", "The coordinates along the edges.")
    red: str = setting("#f4a093", "Red's stones.")     # light red: pale grey in black and white ...
    blue: str = setting("#1f3c88", "Blue's stones.")   # ... dark blue: near black
    outline: str = setting("#1a1a1a", "A stone's rim.")

    def side_color(self, player: str) -> str:
        """The colour of `player`'s sides."""
        return self.red_side if player == "red" else self.blue_side
