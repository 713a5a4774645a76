"""The board page: coloured sides, cells with ids, coordinates, title and calibration bar."""

from __future__ import annotations

from pnp.games.asterisk.board import AsteriskBoard, cell_count
from pnp.games.asterisk.draw import board_group
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.style import AsteriskStyle
from pnp.layout.furniture import furniture, mm_text
from pnp.layout.paper import Paper
from pnp.layout.tiles import tile_pages
from pnp.scene import Document, Page


def compose_board(board: AsteriskBoard, sheet: Paper, title: str, style: AsteriskStyle, coordinates: bool) -> Document:
    """One page: the placed board under its title, with the facts a player checks first."""
    children = [*furniture(sheet, title, _facts(board), style), board_group(board, style, coordinates)]
    page = Page(sheet.width, sheet.height, tuple(children), title)
    return Document("board", title, (page,))


def asset(plan: KitPlan) -> Document:
    placed = plan.board
    if placed.tiling is None:
        return compose_board(placed.board, placed.sheet, plan.title, plan.style, placed.coordinates)
    board = placed.board   # placed with its top-left corner at (0, 0)
    pages = tile_pages(placed.tiling, plan.title, _facts(board), plan.style, [board_group(board, plan.style, placed.coordinates)])
    return Document("board", plan.title, pages)


def _facts(board: AsteriskBoard) -> str:
    return f"side {board.side} · {cell_count(board.side)} cells · cells {mm_text(board.cell_mm)} mm across flats"
