"""The board page: coloured sides, cells with ids, coordinates, title and calibration bar."""

from __future__ import annotations

from pnp.games.asterisk.board import AsteriskBoard, cell_count
from pnp.games.asterisk.draw import board_group
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.style import AsteriskStyle
from pnp.layout.furniture import furniture, mm_text
from pnp.layout.paper import Paper
from pnp.scene import Document, Page


def compose_board(board: AsteriskBoard, sheet: Paper, title: str, style: AsteriskStyle, coordinates: bool) -> Document:
    """One page: the placed board under its title, with the facts a player checks first."""
    facts = f"side {board.side} · {cell_count(board.side)} cells · cells {mm_text(board.cell_mm)} mm across flats"
    children = [*furniture(sheet, title, facts, style), board_group(board, style, coordinates)]
    page = Page(sheet.width, sheet.height, tuple(children), title)
    return Document("board", title, (page,))


def asset(plan: KitPlan) -> Document:
    return compose_board(plan.board.board, plan.board.sheet, plan.title, plan.style, plan.board.coordinates)
