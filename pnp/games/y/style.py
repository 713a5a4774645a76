"""Y's named colours on top of the shared style.

The three sides belong to nobody, so none is red or blue: an orange, a bluish
green and a deep purple, which a black-and-white print still tells apart (grey
levels about 162, 106 and 47 of 255). The stones are every stone game's
(pnp/style.py's StoneColours).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.style import StoneColours, setting


@dataclass(frozen=True)
class YStyle(StoneColours):
    left: str = setting("#e69f00", "The left side's band.")
    right: str = setting("#009e73", "The right side's band.")
    bottom: str = setting("#3d1f5c", "The bottom side's band.")
    cell_fill: str = "#fbf6ea"      # pale enough for pencil and stones
    label: str = setting("#8c8c8c", "A Mudcrack Y board's cell numbers, and its board code's caption.")

    def side_color(self, side: str) -> str:
        return {"left": self.left, "right": self.right, "bottom": self.bottom}[side]
