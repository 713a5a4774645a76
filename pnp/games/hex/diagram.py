"""`pnp diagram` for Hex: the board as printed, at diagram size, the stones on it and the winning chain on top.

The layer draws the stones, the chain and the marks (pnp/boards/stone_diagram.py); Hex gives its board.
"""

from __future__ import annotations

from pnp.boards.stone_diagram import Drawing, stones_diagram
from pnp.boards.verdict import ConnectionVerdict
from pnp.games.hex.draw import board_group
from pnp.games.hex.look import label_room
from pnp.games.hex.plan import placed
from pnp.games.hex.position import HexPosition
from pnp.games.hex.style import HexStyle
from pnp.scene import Document


def diagram(position: HexPosition, verdict: ConnectionVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram; `saver`: Blue's stones hatched, as the ink saver prints them on the stone sheets; `widest_mm`:
    how far it may grow for its coordinates to print at 5 pt (pnp/boards/readable.py)."""
    size, style = position.board.size, HexStyle(saver=saver)
    drawing = Drawing(label_room(size), placed(size),
                      lambda board, tint, labels: board_group(board, style, True, tint, labels))
    return stones_diagram(position, verdict, width_mm, drawing, style, widest_mm)
