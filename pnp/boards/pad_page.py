"""The pencil pad drawn: the boards a PadSheet placed, each with its record box, under the page's furniture.

    pad_document(pad, title, facts, style, draw) -> Document
    boards_words(count)    "1 board", "4 boards": for a game's facts line
    record_box(box, style) four labelled spaces: Red, Blue, who went first, the result
    example_text(moves, width, style)  under it: number the moves on the board, and how they type in

A pad has no numbered move table: its page is filled with boards (a table for
every move of a 11 x 11 Hex game would take more room than a board), so a game's
record is kept on the board itself, each move's number written in its cell,
and the line under the box shows it typed in as the text form
(pnp/positions/text_record.py), with ids of that board.

`draw(board)` is the game's board drawn light (white cells, pale ids) so that
pencil wins; the record box and the furniture are drawn in `style`. Words:
templates/texts/pages.yaml's `pad` block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.boards.pad import EXAMPLE_MM, FIELD_INSET_MM, FIELD_TEXT_MM, PAD_BOX_MM, PadSheet, record_width
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.fonts import text_width
from pnp.layout.furniture import furniture
from pnp.positions.text_record import example_line
from pnp.scene import Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.style import BaseStyle
from pnp.texts import say, say_all

ASSET = "pad"
BOX_TOP_MM = 2.0      # between a board's envelope and its record box
BOX_LINE_MM = 0.2
EXAMPLE_TEXT_MM = 2.0   # the example line: small type
EXAMPLE_BASE_MM = 2.4   # its baseline below the record box


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


def example_text(moves: str, box: Rect, style: BaseStyle) -> Text:
    """One small line under a record box: the whole sentence where the box is wide enough, else the example."""
    for key in ("pad.example", "pad.example_short"):
        line = say("pages", key, moves=moves)
        if text_width(line, EXAMPLE_TEXT_MM) <= box.width:
            break
    return Text((box.x, box.bottom + EXAMPLE_BASE_MM), line, EXAMPLE_TEXT_MM, style.muted, cls="record-example")


def pad_document(pad: PadSheet[Any, Any], title: str, facts: str, style: BaseStyle,
                 draw: Callable[[Any], Group]) -> Document:
    """One sheet: the boards in rows, each `draw`n with its record box under its envelope."""
    heading = say("pages", "pad.heading", title=title)
    shapes: list[Shape] = [*furniture(pad.sheet, heading, facts, style)]
    moves = example_line(pad.boards[0].cells) if pad.boards else ""
    for number, board in enumerate(pad.boards, 1):
        envelope = pad.envelope(board)
        width = max(envelope.width, record_width())   # a small board's box is wider than it, centred under it
        box = Rect(envelope.x - (width - envelope.width) / 2, envelope.bottom + BOX_TOP_MM, width,
                   PAD_BOX_MM - BOX_TOP_MM - EXAMPLE_MM)
        shapes.append(Group((draw(board), record_box(box, style), example_text(moves, box, style)), cls="pad-board",
                            data=(("board", str(number)),)))
    return Document(ASSET, heading, (Page(pad.sheet.width, pad.sheet.height, tuple(shapes), heading),))
