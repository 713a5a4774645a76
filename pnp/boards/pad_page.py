"""The pencil pad drawn: the boards a PadSheet placed, each with its record box, under the page's furniture.

    pad_document(pad, title, facts, style, draw) -> Document
    boards_words(count)    "1 board", "4 boards": for a game's facts line
    record_box(box, style) four labelled spaces: Red, Blue, who went first, the result
    notes_text(lines, box, style)  under it: number the moves on the board, the pie rule, how they type in

A pad has no numbered move table: its page is filled with boards (a table for
every move of an 11 x 11 Hex game would take more room than a board), so a game's
record is kept on the board itself, each move's number written in its cell,
and the lines under the box (pad.PadRecord) say how, state the game's pie rule
as a record reads it, and show the record typed in as the text form
(pnp/positions/text_record.py), with ids of that board, and the command that reads it.

`draw(board)` is the game's board drawn light (white cells, pale ids) so that
pencil wins; the record box and the furniture are drawn in `style`. Words:
templates/texts/pages.yaml's `pad` block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.boards.pad import (
    FIELD_INSET_MM, FIELD_TEXT_MM, NOTE_LINE_MM, NOTE_TEXT_MM, RECORD_BOX_MM, PadSheet, record_width,
)
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout.furniture import furniture
from pnp.scene import Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.style import BaseStyle
from pnp.texts import say, say_all

ASSET = "pad"
BOX_TOP_MM = 2.0      # between a board's envelope and its record box
BOX_LINE_MM = 0.2
NOTE_BASE_MM = 2.4    # the first small line's baseline below the record box


def boards_words(count: int) -> str:
    return say("pages", "pad.one_board") if count == 1 else say("pages", "pad.boards", count=count)


def record_box(box: Rect, style: BaseStyle) -> Group:
    """Four labelled spaces in a row: Red, Blue, who went first, the result."""
    fields = say_all("pages", "pad.fields")
    line = Paint(stroke=style.ink, width=BOX_LINE_MM)
    shapes: list[Shape] = [Polygon(rect_corners(box), line, cls="record-box")]
    width = box.width / len(fields)
    for i, name in enumerate(fields):
        x = box.x + i * width
        if i:
            shapes.append(Polyline(((x, box.y), (x, box.bottom)), line))
        shapes.append(Text((x + FIELD_INSET_MM[0], box.y + FIELD_TEXT_MM + FIELD_INSET_MM[1]), name, FIELD_TEXT_MM,
                           style.muted, data=(("field", name.lower()),)))
    return Group(tuple(shapes), cls="record")


def notes_text(lines: tuple[str, ...], box: Rect, style: BaseStyle) -> Group:
    """The small lines under a record box, as wrapped to its width when the pad was planned."""
    return Group(tuple(Text((box.x, box.bottom + NOTE_BASE_MM + n * NOTE_LINE_MM), line, NOTE_TEXT_MM, style.muted,
                            cls="record-example") for n, line in enumerate(lines)), cls="record-notes")


def pad_document(pad: PadSheet[Any, Any], title: str, facts: str, style: BaseStyle,
                 draw: Callable[[Any], Group]) -> Document:
    """One sheet: the boards in rows, each `draw`n with its record box under its envelope."""
    heading = say("pages", "pad.heading", title=title)
    shapes: list[Shape] = [*furniture(pad.sheet, heading, facts, style)]
    for number, board in enumerate(pad.boards, 1):
        envelope = pad.envelope(board)
        width = max(envelope.width, record_width())   # a small board's box is wider than it, centred under it
        box = Rect(envelope.x - (width - envelope.width) / 2, envelope.bottom + BOX_TOP_MM, width,
                   RECORD_BOX_MM - BOX_TOP_MM)
        shapes.append(Group((draw(board), record_box(box, style), notes_text(pad.notes, box, style)), cls="pad-board",
                            data=(("board", str(number)),)))
    return Document(ASSET, heading, (Page(pad.sheet.width, pad.sheet.height, tuple(shapes), heading),))
