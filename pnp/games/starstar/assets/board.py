"""The board page: the pentagon of cells with its bridge, marks and ids, title and calibration bar."""

from __future__ import annotations

from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.draw import board_group
from pnp.games.starstar.plan import BoardPlan, KitPlan
from pnp.games.starstar.rules import cell_count, perimeter_count
from pnp.games.starstar.style import StarStyle
from pnp.layout.furniture import furniture, mm_text
from pnp.layout.tiles import tile_pages
from pnp.scene import Document, Group, Page


def compose_board(board: BoardPlan, title: str, style: StarStyle) -> Document:
    """One page: the placed board under its title, with the facts a player checks first."""
    sheet = board.sheet
    if board.tiling is not None:
        return Document("board", title, tile_pages(board.tiling, title, _facts(board.board), style, [_drawn(board, style)]))
    page = Page(sheet.width, sheet.height, (*furniture(sheet, title, _facts(board.board), style), _drawn(board, style)), title)
    return Document("board", title, (page,))


def _drawn(board: BoardPlan, style: StarStyle) -> Group:
    """The board with everything on its cells, where the plan placed it (tiled: top-left corner at (0, 0))."""
    return board_group(board.board, style, board.label_mm, board.outline_rings, board.handicap)


def _facts(board: StarBoard) -> str:
    rings = board.rings
    return (f"{rings} rings · {cell_count(rings)} cells, {perimeter_count(rings)} on the edge · "
            f"centres {mm_text(board.cell_mm)} mm apart along a ray")


def asset(plan: KitPlan) -> Document:
    return compose_board(plan.board, plan.title, plan.style)
