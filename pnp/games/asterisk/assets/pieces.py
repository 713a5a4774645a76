"""Piece sheets: every piece at the size of its board's cell, packed for quick cutting, with a legend."""

from __future__ import annotations

from pnp.games.asterisk.draw import piece
from pnp.games.asterisk.plan import LEGEND_MM, KitPlan, PiecesPlan
from pnp.games.asterisk.rules import PIECE_TYPES, PieceType
from pnp.games.asterisk.style import AsteriskStyle
from pnp.layout.fit import content_area
from pnp.layout.furniture import mm_text
from pnp.layout.packing import Sheet
from pnp.layout.paper import Paper
from pnp.layout.sheets import cut_sheets
from pnp.scene import Document, Group, Shape, Text
from pnp.texts import say

LEGEND_TEXT_MM = 3.0
HINT_TEXT_MM = 2.6
ICON_MM = 4.6


def compose_pieces(pieces: PiecesPlan, title: str, style: AsteriskStyle) -> Document:
    """Each sheet: furniture, cut guides under the pieces, the pieces, and a legend of what is on it."""
    heading = title + ": pieces"
    facts = f"pieces {mm_text(pieces.size)} mm across · {pieces.count} pieces"
    titles = (heading, lambda n, total: f"{heading} (sheet {n} of {total})", facts)
    return cut_sheets("pieces", pieces.sheet, pieces.pages, pieces.size, style, titles,
                      lambda sheet: [piece(PieceType.parse(p.name), p.center, pieces.size, style) for p in sheet.items],
                      lambda sheet: legend(pieces.sheet, sheet, style))


def legend(paper: Paper, sheet: Sheet, style: AsteriskStyle) -> Group:
    """What is on this sheet: an icon, a count and the type's three words, per type."""
    area = content_area(paper)
    top = area.y + area.height - LEGEND_MM + 3.0
    counts = {name: 0 for name in PIECE_TYPES}
    for p in sheet.items:
        counts[p.name] += 1
    present = [name for name in PIECE_TYPES if counts[name]]
    shapes: list[Shape] = [Text((area.x, top), say("asterisk", "pieces.legend_heading"), LEGEND_TEXT_MM, style.ink, bold=True)]
    column = area.width / 3
    for i, name in enumerate(present):
        cx, cy = area.x + (i % 3) * column, top + 4.5 + (i // 3) * 6.0
        shapes.append(piece(PieceType.parse(name), (cx + 2.5, cy), ICON_MM, style, tagged=False))
        words = name.replace("-", " ")
        shapes.append(Text((cx + 6.5, cy + 1.1), f"{counts[name]} × {words}", LEGEND_TEXT_MM, style.ink))
    hint = " ".join(say("asterisk", f"pieces.hint_{shape}s") for shape, placed in (("hexagon", sheet.hexes), ("circle", sheet.circles))
                    if placed) or say("asterisk", "pieces.hint_empty")
    shapes.append(Text((area.x + area.width, top), hint, HINT_TEXT_MM, style.muted, anchor="end"))
    return Group(tuple(shapes), cls="legend")


def asset(plan: KitPlan) -> Document:
    assert plan.pieces is not None, "the plan has pieces whenever the spec asks for them"
    return compose_pieces(plan.pieces, plan.title, plan.style)
