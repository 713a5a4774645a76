"""The board page: the pentagon of cells with its bridge, marks and ids, title and calibration bar."""

from __future__ import annotations

from pnp.games.starstar.draw import board_group
from pnp.games.starstar.plan import BoardPlan, KitPlan
from pnp.games.starstar.rules import cell_count, perimeter_count
from pnp.games.starstar.style import StarStyle
from pnp.layout.furniture import furniture, mm_text
from pnp.scene import Document, Page


def compose_board(board: BoardPlan, title: str, style: StarStyle) -> Document:
    """One page: the placed board under its title, with the facts a player checks first."""
    rings, sheet = board.board.rings, board.sheet
    facts = (f"{rings} rings · {cell_count(rings)} cells, {perimeter_count(rings)} on the edge · "
             f"centres {mm_text(board.board.cell_mm)} mm apart along a ray")
    drawn = board_group(board.board, style, board.label_mm, board.outline_rings, board.handicap)
    page = Page(sheet.width, sheet.height, (*furniture(sheet, title, facts, style), drawn), title)
    return Document("board", title, (page,))


def asset(plan: KitPlan) -> Document:
    return compose_board(plan.board, plan.title, plan.style)
