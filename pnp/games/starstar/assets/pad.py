"""The pencil pad: as many boards as fit a sheet, drawn light so pencil wins, each with a record box below.

The sheet, its record boxes and the board count are every stone game's (pnp/boards/pad_page.py); the light look
and the facts line are *Star's own.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.boards.pad_page import boards_words, pad_document
from pnp.games.starstar.draw import board_group
from pnp.games.starstar.plan import PadPlan
from pnp.games.starstar.style import StarStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document
from pnp.texts import say


def pad_style(style: StarStyle) -> StarStyle:
    """The board's look, lighter: white cells for pencil, ids and marks pale enough to write over."""
    return replace(style, cell_fill="#ffffff", label="#c4c4c4", mark="#c8bb98", bridge="#e6cf80")


def compose_pad(pad: PadPlan, title: str, style: StarStyle) -> Document:
    """One sheet: the boards in rows, each with its record box under its envelope."""
    light, marks = pad_style(style), pad.extras
    rings, cell = pad.boards[0].rings, pad.boards[0].cell_mm
    facts = say("starstar", "pad.facts", boards=boards_words(len(pad.boards)), rings=rings, cell=mm_text(cell))
    return pad_document(pad, title, facts, style,
                        lambda board: board_group(board, light, marks.label_mm, marks.outline_rings, marks.handicap))
