"""A diagram's one page: the game's drawing on top, the caption under it, a key of colours, no more paper than that.

Games draw into the box `drawing_box` gives (the page's width less a margin)
and hand their shapes here; the page is as tall as the drawing and the text.
Sizes scale with the width, so a 160 mm diagram is an 80 mm one enlarged; only
the caption of a narrow one stops shrinking where it would get hard to read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pnp.fonts import MIDDLE
from pnp.geometry.rect import Rect
from pnp.layout.text import LEADING, paragraph, wrap
from pnp.scene import Document, Group, Page, Paint, Polyline, Shape, Text
from pnp.style import BaseStyle

PAD = 0.025            # margin around everything, per mm of width
CAPTION = 0.0375       # caption text size, per mm of width (3 mm on an 80 mm diagram)
SMALLEST_CAPTION = 2.6 # mm: a narrow diagram keeps a caption that can be read (7.4 pt)
GAP = 0.5              # between the drawing and the caption, in caption sizes
SWATCH = 1.8           # a key's colour sample: its length, in caption sizes
SWATCH_WEIGHT = 0.3    # and its thickness
KEY_TEXT = 0.85        # key text, per caption size
HOLLOW_CORE = 0.4      # a hollow line's white core, per line width


@dataclass(frozen=True)
class LineLook:
    """How a player's marks are drawn, so a black-and-white print tells them apart by more than colour: a dash
    pattern (per line width: (2, 1) is dashes twice as long as the line is wide), or hollow (a white core)."""

    colour: str
    dash: tuple[float, ...] = ()
    hollow: bool = False

    def paints(self, width: float, cap: Literal["butt", "round", "square"] = "butt",
               join: Literal["miter", "round", "bevel"] = "miter") -> tuple[Paint, ...]:
        """The paints of a line `width` mm wide in this look, drawn one over the other."""
        dash = tuple(d * width for d in self.dash)
        line = Paint(stroke=self.colour, width=width, dash=dash, cap=cap, join=join)
        if not self.hollow:
            return (line,)
        return line, Paint(stroke="#ffffff", width=HOLLOW_CORE * width, dash=dash, cap=cap, join=join)


def drawing_box(width_mm: float, height_mm: float) -> Rect:
    """Where a game draws: inside the margin, `height_mm` tall."""
    pad = PAD * width_mm
    return Rect(pad, pad, width_mm - 2 * pad, height_mm)


def diagram_page(title: str, box: Rect, drawing: Sequence[Shape], caption: str,
                 key: Sequence[tuple[LineLook, str]], style: BaseStyle, notes: Sequence[str] = ()) -> Document:
    """One page: the drawing in `box`, the caption wrapped under it, then `key` as (look, words) samples, each
    drawn as the marks it names are; `notes` for the command to say (the Document's)."""
    width = box.width + 2 * box.x
    size = max(CAPTION * width, SMALLEST_CAPTION)
    lines = wrap(caption, size, box.width)
    texts, bottom = paragraph(lines, box.x, box.bottom + GAP * size, size, style.ink, cls="caption")
    shapes = [Group(tuple(drawing), cls="diagram"), *texts]
    if key:
        drawn, rows = _key(key, box.x, box.right, bottom + 0.2 * size, size, style)
        shapes.append(drawn)
        bottom += rows * size * LEADING
    page = Page(width, bottom + box.x, tuple(shapes), title)
    return Document("diagram", title, (page,), tuple(notes))


def _key(key: Sequence[tuple[LineLook, str]], left: float, right: float, top: float, size: float,
         style: BaseStyle) -> tuple[Group, int]:
    """Line samples in a row, each followed by its words, a sample that would run past `right` starting the next
    row; with how many rows that takes."""
    from pnp.fonts import text_width

    shapes: list[Shape] = []
    middle, text_size, x, rows = top + 0.4 * size, KEY_TEXT * size, left, 1
    for look, words in key:
        if x > left and x + (SWATCH + 0.5) * size + text_width(words, text_size) > right:
            x, middle, rows = left, middle + size * LEADING, rows + 1
        sample = ((x, middle), (x + SWATCH * size, middle))
        shapes.append(Group(tuple(Polyline(sample, paint) for paint in look.paints(SWATCH_WEIGHT * size, "round")),
                            cls="swatch", data=(("names", words),)))
        x += (SWATCH + 0.5) * size
        shapes.append(Text((x, middle + MIDDLE * text_size), words, text_size, style.muted))
        x += text_width(words, text_size) + 1.5 * size
    return Group(tuple(shapes), cls="key"), rows
