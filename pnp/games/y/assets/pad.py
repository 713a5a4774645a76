"""The pencil pad: as many boards as fit a sheet, drawn light so pencil wins, each with a record box below.

The sheet, its record boxes and the board count are every stone game's (pnp/boards/pad_page.py); the light
look and the facts line are Y's own. A Mudcrack Y pad repeats the one board, its code in the facts line and on
every copy large enough to hold it (draw.code_corner).
"""

from __future__ import annotations

from dataclasses import replace

from pnp.boards.pad_page import boards_words, pad_document
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.draw import board_group
from pnp.games.y.plan import PadPlan
from pnp.games.y.style import YStyle
from pnp.layout.furniture import mm_text
from pnp.scene import Document
from pnp.texts import say

PAD_CELL_FILL = "#ffffff"   # white cells: pencil shows best
PAD_LABEL = "#b3b3b3"       # numbers pale enough to write over


def compose_pad(pad: PadPlan, title: str, style: YStyle) -> Document:
    """One sheet: the boards in rows, each with its record box under it."""
    light, first = replace(style, cell_fill=PAD_CELL_FILL, label=PAD_LABEL), pad.boards[0]
    boards = boards_words(len(pad.boards))
    if isinstance(first, MudcrackBoard):
        facts = say("y", "pad.mudcrack_facts", boards=boards, cells=first.mud.count, code=first.code,
                    cell=mm_text(first.mean_cell_mm))
    else:
        facts = say("y", "pad.facts", boards=boards, side=first.shape.size, cell=mm_text(first.cell_mm))
    return pad_document(pad, title, facts, style, lambda board: board_group(board, light, pad.extras))
