"""The board page: Red's and Blue's sides in their colours, the cells, the coordinates, title and calibration bar."""

from __future__ import annotations

from pnp.boards.lattice import LatticeBoard
from pnp.boards.pages import board_document
from pnp.games.hex.draw import board_group
from pnp.games.hex.plan import BoardPlan
from pnp.games.hex.rules import cell_count
from pnp.games.hex.style import HexStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document, Group


def compose_board(page: BoardPlan, title: str, style: HexStyle) -> Document:
    """The placed board under its title, with the facts a player checks first (coordinates: the page's extras)."""
    return board_document(page, title, facts(page.board), style, drawn_board(page, style))


def drawn_board(page: BoardPlan, style: HexStyle) -> Group:
    """The board as its page draws it (coordinates: the page's extras); also its image of its own (split.py)."""
    return board_group(page.board, style, page.extras)


def facts(board: LatticeBoard) -> str:
    n = board.shape.size
    return (f"{n} × {n} · {cell_count(n)} cells, {mm_text(board.cell_mm)} mm across flats · "
            "Red joins top and bottom, Blue left and right")
