"""*Star's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.style import StoneStyle, setting

if TYPE_CHECKING:
    from pnp.positions.page import LineLook


@dataclass(frozen=True)
class StarStyle(StoneStyle):
    cell_fill: str = "#fbf6ea"      # one uniform cell colour, pale enough for pencil and stones
    bridge: str = setting("#c99700", "The bridge, the star at the centre.")   # dark gold: mid grey in black and white
    label: str = setting("#a6a6a6", "Cell ids.")                                # light, so pencil marks win
    mark: str = setting("#8c7a4d", "Peri, quark and handicap marks.")
    outline: str = setting("#1a1a1a", "The board's edge and the smaller boards outlined inside it.")
    red: str = setting("#f4a093", "Red's stones.")     # a light red, pale grey in black and white...
    blue: str = setting("#1f3c88", "Blue's stones.")   # ... and a dark blue, near black: the two never look alike


@dataclass(frozen=True)
class DiagramStyle:
    """Position diagrams: tinted cells, darker ids, and each player's stars outlined in a line that shows on both
    stones. In grey Red's line (96 of 255) comes out near Blue's (60), so Red's is dashed and its dot has a white core.
    """

    highlight: str = "#fff1a8"
    label: str = "#4d4d4d"          # cell ids: read, not written over, so darker than the board's (7:1 on the tints)
    sectors: tuple[str, ...] = ("#fde2e4", "#e2ecf9", "#e4f4e4", "#fbf0d9", "#eee4f7")   # *, S, T, A, R: pale tints
    red_line: str = "#c0392b"       # Red's outlines and dots: deeper than its light stones, so they show on both
    red_dash: tuple[float, ...] = (2.0, 1.0)   # per outline width
    white: str = "#ffffff"          # the rim of an owned dot, Red's dot's core, a quark's ring, a mark on a stone

    def line(self, player: str, style: StarStyle) -> LineLook:
        """Outlines need a strong colour on both stones: Red's in a deeper red than its light stones, and dashed."""
        from pnp.positions.page import LineLook   # diagrams only: a kit's build loads no diagram page

        return LineLook(self.red_line, self.red_dash) if player == "red" else LineLook(style.blue)
