"""The board page: the triangle with its coloured sides and coordinates, or a Mudcrack Y board with its code."""

from __future__ import annotations

from pnp.boards.pages import board_document
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.board import YBoard
from pnp.games.y.draw import board_group
from pnp.games.y.plan import BoardPlan
from pnp.games.y.style import YStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document, Group
from pnp.texts import article, say


def compose_board(page: BoardPlan, title: str, style: YStyle) -> Document:
    """The placed board under its title, with the facts a player checks first (coordinates: the page's extras)."""
    return board_document(page, title, board_facts(page.board), style, drawn_board(page, style))


def drawn_board(page: BoardPlan, style: YStyle) -> Group:
    """The board as its page draws it (coordinates: the page's extras); also its image of its own (split.py)."""
    return board_group(page.board, style, page.extras)


def board_facts(board: YBoard) -> str:
    """What a player checks first; on a Mudcrack Y board its code, so a friend far away prints the same board."""
    if isinstance(board, MudcrackBoard):
        room = mm_text(board.cell_mm)
        return say("y", "board.mudcrack_facts", cells=board.mud.count, code=board.code, room=room, article=article(room))
    return say("y", "board.facts", side=board.shape.size, cells=len(board.cells), cell=mm_text(board.cell_mm))
