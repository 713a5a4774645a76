"""`pnp diagram` for Y: the board as printed (the triangle with its coordinates, or the Mudcrack Y board with its
numbers and code), the stones, the winning chain; drawn by every connection game's diagram
(pnp/boards/stone_diagram.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.boards.stone_diagram import Drawing, stones_diagram
from pnp.boards.verdict import ConnectionVerdict
from pnp.games.y.board import MudcrackBoard, YBoard, triangle_board
from pnp.games.y.draw import board_group
from pnp.games.y.look import mudcrack_extent, triangle_extent
from pnp.games.y.mudcrack import mudcrack
from pnp.games.y.position import YPosition
from pnp.games.y.style import YStyle
from pnp.scene import Document


def diagram(position: YPosition, verdict: ConnectionVerdict, width_mm: float, saver: bool = False) -> Document:
    """The diagram; `saver`: Blue's stones hatched, as the ink saver prints them on the stone sheets."""
    style = YStyle(saver=saver)
    return stones_diagram(position, verdict, width_mm, drawing(position, style), style)


def drawing(position: YPosition, style: YStyle) -> Drawing[Any]:
    """The position's board as a diagram draws it."""
    def draw(board: YBoard, tint: Mapping[str, str]) -> Any:
        return board_group(board, style, True, tint, lettered=position.marks.keys())

    named = position.board.named()
    if named is None:
        side = position.board.side
        return Drawing(triangle_extent(side, True), lambda cell, origin: triangle_board(side, cell, origin), draw)
    mud = mudcrack(*named)
    return Drawing(mudcrack_extent(mud.room), lambda cell, origin: MudcrackBoard(mud, cell, origin), draw)
