"""The board page: coloured sides, cells with ids, coordinates, title and calibration bar."""

from __future__ import annotations

from pnp.boards.pages import board_document
from pnp.games.asterisk.board import AsteriskBoard, cell_count
from pnp.games.asterisk.draw import board_group
from pnp.games.asterisk.plan import BoardPlan
from pnp.games.asterisk.style import AsteriskStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document, Group


def compose_board(page: BoardPlan, title: str, style: AsteriskStyle) -> Document:
    """The placed board under its title, with the facts a player checks first (coordinates: the page's extras)."""
    return board_document(page, title, _facts(page.board), style, drawn_board(page, style))


def drawn_board(page: BoardPlan, style: AsteriskStyle) -> Group:
    """The board as its page draws it (coordinates: the page's extras); also its image of its own (split.py)."""
    return board_group(page.board, style, page.extras)


def _facts(board: AsteriskBoard) -> str:
    return f"side {board.side} · {cell_count(board.side)} cells · cells {mm_text(board.cell_mm)} mm across flats"
