"""Piece sheets: every piece at the size of its board's cell, packed for quick cutting, with a legend."""

from __future__ import annotations

from pnp.boards.cutouts import CutSheets, Legend, cutout_document
from pnp.games.asterisk.draw import piece
from pnp.games.asterisk.plan import LEGEND_MM
from pnp.games.asterisk.rules import PIECE_TYPES, PieceType
from pnp.games.asterisk.style import AsteriskStyle
from pnp.layout.furniture import mm_text
from pnp.layout.packing import Sheet
from pnp.scene import Document
from pnp.texts import say

LEGEND_ROW_MM = 4.5   # the legend's first row of counts below its heading: two rows fit the band


def compose_pieces(pieces: CutSheets, title: str, style: AsteriskStyle) -> Document:
    """Each sheet: furniture, the pieces under their cut guides, and a legend: each type's count and three words."""
    heading = title + ": pieces"
    facts = f"pieces {mm_text(pieces.size)} mm across · {pieces.count()} pieces"
    legend = Legend({name: name.replace("-", " ") for name in PIECE_TYPES}, cut_hint, LEGEND_MM, LEGEND_ROW_MM)
    return cutout_document("pieces", pieces, style, heading, facts, legend,
                           lambda name, at, size, tagged: piece(PieceType.parse(name), at, size, style, tagged=tagged))


def cut_hint(sheet: Sheet) -> str:
    """How to cut what the sheet holds: a hint per shape on it."""
    shapes = (("hexagon", sheet.hexes), ("circle", sheet.circles))
    return " ".join(say("asterisk", f"pieces.hint_{shape}s") for shape, placed in shapes if placed) or \
        say("asterisk", "pieces.hint_empty")
