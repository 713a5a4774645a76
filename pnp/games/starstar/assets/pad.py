"""The pencil pad: as many boards as fit a sheet, drawn light so pencil wins, each with a record box below."""

from __future__ import annotations

from dataclasses import replace

from pnp.games.starstar.draw import board_group
from pnp.games.starstar.look import unit_extent
from pnp.games.starstar.plan import PAD_BOX_MM, PadPlan
from pnp.games.starstar.style import StarStyle
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout.furniture import furniture, mm_text
from pnp.scene import Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.texts import say, say_all

FIELD_TEXT_MM = 2.6
BOX_TOP_MM = 2.0      # between a board's envelope and its record box
BOX_LINE_MM = 0.2


def pad_style(style: StarStyle) -> StarStyle:
    """The board's look, lighter: white cells for pencil, ids and marks pale enough to write over."""
    return replace(style, cell_fill="#ffffff", label="#c4c4c4", mark="#c8bb98", bridge="#e6cf80")


def record_box(box: Rect, style: StarStyle) -> Group:
    """Four labelled spaces in a row: Red, Blue, who went first, the result."""
    fields = say_all("starstar", "pad.fields")
    line = Paint(stroke=style.ink, width=BOX_LINE_MM)
    shapes: list[Shape] = [Polygon(rect_corners(box), line, cls="record-box")]
    width = box.width / len(fields)
    for i, name in enumerate(fields):
        x = box.x + i * width
        if i:
            shapes.append(Polyline(((x, box.y), (x, box.bottom)), line))
        shapes.append(Text((x + 1.2, box.y + FIELD_TEXT_MM + 0.8), name, FIELD_TEXT_MM, style.muted,
                           data=(("field", name.lower()),)))
    return Group(tuple(shapes), cls="record")


def compose_pad(pad: PadPlan, title: str, style: StarStyle) -> Document:
    """One sheet: the boards in rows, each with its record box under its envelope."""
    light = pad_style(style)
    rings, cell = pad.boards[0].rings, pad.boards[0].cell_mm
    heading = say("starstar", "pad.heading", title=title)
    count = len(pad.boards)
    boards = say("starstar", "pad.one_board") if count == 1 else say("starstar", "pad.boards", count=count)
    facts = say("starstar", "pad.facts", boards=boards, rings=rings, cell=mm_text(cell))
    extent = unit_extent(rings).scaled(cell)
    shapes: list[Shape] = [*furniture(pad.sheet, heading, facts, style)]
    for number, board in enumerate(pad.boards, 1):
        left, top = board.origin[0] + extent.x, board.origin[1] + extent.y
        box = Rect(left, top + extent.height + BOX_TOP_MM, extent.width, PAD_BOX_MM - BOX_TOP_MM)
        drawn = board_group(board, light, pad.label_mm, pad.outline_rings, pad.handicap)
        shapes.append(Group((drawn, record_box(box, style)), cls="pad-board", data=(("board", str(number)),)))
    return Document("pad", heading, (Page(pad.sheet.width, pad.sheet.height, tuple(shapes), heading),))
