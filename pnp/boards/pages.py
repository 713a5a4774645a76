"""The board page: the board where its plan placed it, on one sheet under its title, or tiled over pages."""

from __future__ import annotations

from typing import Any

from pnp.boards.placement import BoardPage
from pnp.layout.furniture import furniture
from pnp.scene import Document, Group, Page
from pnp.style import BaseStyle

ASSET = "board"


def board_document(page: BoardPage[Any, Any], title: str, facts: str, style: BaseStyle, drawn: Group) -> Document:
    """One page: the title, the calibration bar, `facts` (what a player checks first) and `drawn`, the board as the
    plan placed it; a board tiled over pages (`drawn` with its top-left corner at (0, 0)): a page per tile."""
    if page.tiling is not None:
        from pnp.layout.tiles import tile_pages   # only a board tiled over pages loads its tiling

        return Document(ASSET, title, tile_pages(page.tiling, title, facts, style, [drawn]))
    sheet = page.sheet
    children = (*furniture(sheet, title, facts, style), drawn)
    return Document(ASSET, title, (Page(sheet.width, sheet.height, children, title),))
