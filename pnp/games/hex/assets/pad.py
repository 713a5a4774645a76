"""The pencil pad: as many boards as fit a sheet, white cells to colour in, each with a record box below.

The sheet, its record boxes and the board count are every stone game's (pnp/boards/pad_page.py); the light look
and the facts line are Hex's own.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.boards.pad_page import boards_words, pad_document
from pnp.games.hex.draw import board_group
from pnp.games.hex.plan import PadPlan
from pnp.games.hex.style import HexStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document

PAD_LABEL = "#9a9a9a"   # coordinates pale enough to write over, still read at a glance


def compose_pad(pad: PadPlan, title: str, style: HexStyle) -> Document:
    """One sheet: the boards in rows, each with its record box under it."""
    light = replace(style, cell_fill="#ffffff", label=PAD_LABEL)
    n, cell = pad.boards[0].shape.size, pad.boards[0].cell_mm
    facts = f"{boards_words(len(pad.boards))} of {n} × {n} · cells {mm_text(cell)} mm across flats · colour one cell a turn"
    return pad_document(pad, title, facts, style, lambda board: board_group(board, light, pad.extras))
