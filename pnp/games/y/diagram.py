"""`pnp diagram` for Y: the board as printed (the triangle with its coordinates, or the Mudcrack Y board with its
numbers and code), the stones, the winning chain; drawn by every connection game's diagram
(pnp/boards/stone_diagram.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.boards.labels import triangle_room
from pnp.boards.readable import LabelRoom, Labels
from pnp.boards.stone_diagram import Drawing, stones_diagram
from pnp.boards.verdict import ConnectionVerdict
from pnp.boards.mudcrack.grow import mudcrack
from pnp.boards.mudcrack.placed import MIN_EDGE_MM, MudcrackBoard, least_edge_cell
from pnp.games.y.board import YBoard, triangle_board
from pnp.games.y.draw import board_group
from pnp.games.y.look import NUMBER_SHARE, mudcrack_extent, triangle_extent
from pnp.games.y.position import YPosition
from pnp.games.y.style import YStyle
from pnp.scene import Document


def diagram(position: YPosition, verdict: ConnectionVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram; `saver`: Blue's stones hatched, as the ink saver prints them on the stone sheets; `widest_mm`:
    how far it may grow for its coordinates or numbers to print at 5 pt (pnp/boards/readable.py)."""
    style = YStyle(saver=saver)
    return stones_diagram(position, verdict, width_mm, drawing(position, style), style, widest_mm)


def drawing(position: YPosition, style: YStyle) -> Drawing[Any]:
    """The position's board as a diagram draws it."""
    def draw(board: YBoard, tint: Mapping[str, str], labels: Labels) -> Any:
        return board_group(board, style, True, tint, lettered=position.marks.keys(), labels=labels)

    named = position.board.named()
    if named is None:
        side = position.board.side
        room = triangle_room(lambda labels: triangle_extent(side, True, labels))
        return Drawing(room, lambda cell, origin: triangle_board(side, cell, origin), draw)
    mud = mudcrack(*named)
    numbers = LabelRoom("cell numbers", NUMBER_SHARE, lambda labels: mudcrack_extent(mud.room), lambda step: 0.0, (),
                        least_edge_cell(mud), f"edges under {MIN_EDGE_MM:g} mm, hard to tell apart,")
    return Drawing(numbers, lambda cell, origin: MudcrackBoard(mud, cell, origin), draw)
