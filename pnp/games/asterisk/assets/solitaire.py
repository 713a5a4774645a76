"""The solitaire setup page: which cells start filled, how to play, and optionally a dealt start.

Where everything goes is decided in solitaire_layout.py; this draws it.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.games.asterisk.board import AsteriskBoard
from pnp.boards.lines import grid_width
from pnp.games.asterisk.draw import board_group, piece
from pnp.games.asterisk.rules import PieceType
from pnp.games.asterisk.solitaire_layout import Setup, SolitairePlan
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.hexagon import pointy_hexagon
from pnp.layout.blocks import Slot, draw_block
from pnp.layout.furniture import furniture
from pnp.layout.tiles import tile_pages
from pnp.scene import Document, Group, Page, Paint, Polygon, Shape

KEY_OUTLINE_MM = 0.25


def compose_solitaire(solitaire: SolitairePlan, title: str, style: AsteriskStyle) -> Document:
    """The board with fill cells shaded, the dealt pieces if any, and the text blocks where the plan put them."""
    start, layout, board = solitaire.setup, solitaire.layout, solitaire.board
    grid = Paint(fill=style.fill_mark, stroke=style.grid, width=grid_width(layout.scale, style))
    classes = {**{c: "fill" for c in start.fill}, **{c: "empty" for c in start.empty}}
    heading = f"{title}: solitaire"
    facts = f"side {start.side} · {len(start.fill)} to fill, {len(start.empty)} empty"
    facts += f" · seed {start.seed}" if start.seed is not None else ""
    drawn: list[Shape] = [board_group(board, style, solitaire.coordinates, {c: grid for c in start.fill}, classes)]
    if start.dealt:
        drawn.append(dealt_pieces(board, start, solitaire.piece_size, style))
    panels = [draw_block(block, corner, style.ink, lambda slot: picture(slot, style), cls="panel")
              for block, corner in layout.blocks]
    furnished = furniture(layout.sheet, heading, facts, style)
    if solitaire.tiling is not None:   # the text on a page of its own, then the board's tiles (drawn at 0, 0)
        first = Page(layout.sheet.width, layout.sheet.height, (*furnished, *panels), heading)
        return Document("solitaire", heading, (first, *tile_pages(solitaire.tiling, heading, facts, style, drawn)))
    page = Page(layout.sheet.width, layout.sheet.height, (*furnished, *drawn, *panels), heading)
    return Document("solitaire", heading, (page,))


def dealt_pieces(board: AsteriskBoard, start: Setup, size: float, style: AsteriskStyle) -> Group:
    """The dealt start: each piece on its cell (data-at names the cell), sized like the real pieces."""
    shapes = []
    for cell_id in start.fill:
        if cell_id in start.dealt:
            drawn = piece(PieceType.parse(start.dealt[cell_id]), board.by_id[cell_id].center, size, style)
            shapes.append(replace(drawn, data=drawn.data + (("at", cell_id),)))
    return Group(tuple(shapes), cls="deal", data=(("seed", str(start.seed)),))


def picture(slot: Slot, style: AsteriskStyle) -> Shape:
    """What the text blocks show besides words: a key swatch (fill or empty cell) or a piece icon."""
    if slot.kind == "key":
        fill = style.fill_mark if slot.name == "fill" else style.cell_fill
        return Polygon(pointy_hexagon(slot.center, slot.size), Paint(fill=fill, stroke=style.grid, width=KEY_OUTLINE_MM),
                       cls=f"key {slot.name}")
    return piece(PieceType.parse(slot.name), slot.center, slot.size, style, tagged=False)
