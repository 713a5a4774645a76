"""*Star's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.style import BaseStyle


@dataclass(frozen=True)
class StarStyle(BaseStyle):
    cell_fill: str = "#fbf6ea"      # one uniform cell colour, pale enough for pencil and stones
    bridge: str = "#c99700"         # the bridge: a dark gold star, a mid grey in black and white
    label: str = "#a6a6a6"          # cell ids: light, so pencil marks win
    mark: str = "#8c7a4d"           # peri, quark and handicap marks
    outline: str = "#1a1a1a"        # the board's edge and the smaller boards inside it
    red: str = "#f4a093"            # Red's stones: a light red, pale grey in black and white...
    blue: str = "#1f3c88"           # ... Blue's a dark blue, near black: the two never look alike
