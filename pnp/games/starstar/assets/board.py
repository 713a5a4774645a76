"""The board page: the pentagon of cells with its bridge, marks and ids, title and calibration bar."""

from __future__ import annotations

from pnp.boards.pages import board_document
from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.draw import board_group
from pnp.games.starstar.plan import BoardPlan
from pnp.games.starstar.rules import cell_count, perimeter_count
from pnp.games.starstar.style import StarStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document, Group


def compose_board(page: BoardPlan, title: str, style: StarStyle) -> Document:
    """The placed board with everything on its cells under its title, with the facts a player checks first."""
    return board_document(page, title, _facts(page.board), style, drawn_board(page, style))


def drawn_board(page: BoardPlan, style: StarStyle) -> Group:
    """The board as its page draws it, with its labels, outlined rings and handicap points (the page's extras);
    also its image of its own (split.py)."""
    marks = page.extras
    return board_group(page.board, style, marks.label_mm, marks.outline_rings, marks.handicap)


def _facts(board: StarBoard) -> str:
    rings = board.rings
    return (f"{rings} rings · {cell_count(rings)} cells, {perimeter_count(rings)} on the edge · "
            f"centres {mm_text(board.cell_mm)} mm apart along a ray")
