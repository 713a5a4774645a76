"""Diagram blocks: a ```diagram fence holds a position, read and checked as a position file is, scored by the
game's referee and drawn by the same code as `pnp diagram` (for the ink saver when the kit prints with it).

A stated caption may say less than the referee but never contradict it (a wrong
winner, a wrong score): that is a build error, so a booklet never teaches a
wrong result. Problems name the template's file and line. A block may hold a
record (`moves:`), checked by the referee like a position file's and drawn with
its moves numbered: as wide as its numbers need at 5 pt when the block gives no
width, refused when the width it gives is narrower than that.

A figure is drawn at the size it is printed at, so nothing in it prints under
5 pt: no wider than the page's text (a wider block is drawn at the text's
width, its labels chosen for that: pnp/boards/readable.py), narrower where the
text's height would not hold it, and a block that gives no width grows up to
the text's width for its board's labels. A record whose numbers need more than
the text's width is refused.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import lru_cache

from pnp.booklet.layout import PT_PER_MM
from pnp.booklet.limits import SHAPE_STEPS
from pnp.booklet.scene_flowable import MIN_TEXT_PT, texts
from pnp.booklet.template import Rendered
from pnp.positions.read import read_position_text
from pnp.positions.record import numbers_width
from pnp.scene import Document, Group, Shape
from pnp.spec.problems import Problem, SpecError

INFO = "diagram"
DEFAULT_WIDTH_MM = 80.0
WIDTH_RANGE_MM = (30.0, 180.0)
FIT_TRIES = 4          # narrower drawings tried for a diagram taller than the text: its caption does not shrink with it
FIT_STEP_MM = 0.1      # a narrower drawing's width, rounded down to this


def is_diagram(info: str) -> bool:
    return info.split()[:1] == [INFO]


@dataclass(frozen=True)
class Block:
    """A diagram block drawn: its drawing, the shapes in it (those in groups too), and the work it took in diagram
    steps (limits.py): the search behind its sky or board, and SHAPE_STEPS a shape. A count, not a timer, so a
    booklet is refused the same way, at the same block, on any machine (and whether or not it was cached)."""

    doc: Document
    shapes: int
    steps: int


def draw_block(rendered: Rendered, info: str, content: str, fence_line: int,
               text_box: tuple[float, float] | None = None) -> Block:
    """The diagram of one block, drawn to print within `text_box` (the page's text: width, height in mm; None: as
    wide as the block asks); `fence_line` is the rendered line (from 0) of its opening fence."""
    line = rendered.source_line(fence_line)
    asked = _width(rendered, info, line)
    given = len(info.split()) > 1
    widest = WIDTH_RANGE_MM[1] if text_box is None else min(text_box[0], WIDTH_RANGE_MM[1])
    width = min(asked, widest)
    try:
        block, why = _drawn(rendered.file, content, width, rendered.saver, None if given else widest)
        if text_box is not None:
            block, why, width = _lower(rendered, content, (block, why), width, text_box[1])
    except SpecError as exc:
        lines = [dataclasses.replace(p, line=rendered.source_line(fence_line + (p.line or 1))) for p in exc.problems]
        raise SpecError(lines) from None
    _numbers_fit(rendered, info, line, width, widest, block.doc, why)
    if text_box is not None:
        _held(rendered, info, line, block.doc, text_box[1])
    return block


def _lower(rendered: Rendered, content: str, drawn: tuple[Block, str], width: float,
           height: float) -> tuple[Block, str, float]:
    """The diagram drawn narrower until it is no taller than `height` (its caption does not shrink with it: a few
    tries), as far as a record's numbers let it; with the width it was drawn at."""
    for _ in range(FIT_TRIES):
        page = drawn[0].doc.pages[0]
        if page.height <= height + 1e-6:
            break
        narrower = math.floor(page.width * height / page.height / FIT_STEP_MM) * FIT_STEP_MM
        shrunk = _drawn(rendered.file, content, narrower, rendered.saver, None)
        if shrunk[0].doc.pages[0].width > narrower + 1e-6:
            break   # a record's numbers hold it as wide as it is
        drawn, width = shrunk, narrower
    return (*drawn, width)


def _held(rendered: Rendered, info: str, line: int, doc: Document, height: float) -> None:
    """A diagram still taller than the page's text would print shrunk: refused where its text would then print
    under 5 pt."""
    page = doc.pages[0]
    if page.height <= height + 1e-6:
        return
    smallest = min(text.size for text in texts(page.children)) * height / page.height * PT_PER_MM
    if smallest < MIN_TEXT_PT - 1e-6:
        raise SpecError([Problem(rendered.file, line, "", (
            f"```{info}: this diagram is {page.height:.0f} mm tall, more than the page's {height:.0f} mm of text, "
            f"and shrunk to fit its text would print under {MIN_TEXT_PT:g} pt; show a smaller board or fewer moves"))])


@lru_cache(maxsize=64)
def _drawn(file: str, content: str, width: float, saver: bool, widest: float | None) -> tuple[Block, str]:
    """Read, scored, caption checked, drawn; problems' lines count from the block's first line. With the drawing,
    why it is as wide as it is when a record's move numbers widened it.

    Cached: the five Asterisk kits of one build share their booklets' diagrams.
    """
    position = read_position_text(file, content)  # its caption checked against the referee, as a file's is
    doc = position.game.draw_diagram(position.model, position.game.judge(position.model), width, saver, widest)
    shapes = _shapes(doc.pages[0].children)
    block = Block(doc, shapes, position.model.search_steps() + shapes * SHAPE_STEPS)
    return block, numbers_width(position.model, doc.pages[0].width)


def _shapes(children: tuple[Shape, ...]) -> int:
    """The shapes of a drawing, those in groups included."""
    return sum(1 + (_shapes(child.children) if isinstance(child, Group) else 0) for child in children)


def _numbers_fit(rendered: Rendered, info: str, line: int, width: float, widest: float, doc: Document,
                 why: str) -> None:
    """A record's diagram is drawn as wide as its move numbers need at 5 pt: a width the block gives is kept or
    refused (a width chosen for the page), and no block is widened past the widest a booklet diagram may be on
    its page (its text's width: a wider diagram would print shrunk, its numbers under 5 pt)."""
    drawn = doc.pages[0].width
    if drawn <= width + 1e-6 or (len(info.split()) == 1 and drawn <= widest + 1e-6):
        return
    least = math.ceil(drawn)
    if drawn > widest + 1e-6:
        said = (f"```{info}: this record is too long for a booklet diagram: {why}, wider than the "
                f"{widest:g} mm a diagram may be on this page; end the record sooner (fewer moves) or show its "
                f"position")
    elif len(info.split()) > 1:
        said = f"```{info} is too narrow for this record: {why}; write ```{INFO} {least} or more, or ```{INFO} alone"
    else:
        return
    raise SpecError([Problem(rendered.file, line, "", said)])


def _width(rendered: Rendered, info: str, line: int) -> float:
    words = info.split()
    if len(words) == 1:
        return DEFAULT_WIDTH_MM
    low, high = WIDTH_RANGE_MM
    try:
        width = float(words[1]) if len(words) == 2 else None
    except ValueError:
        width = None
    if width is None or not low <= width <= high:
        raise SpecError([Problem(rendered.file, line, "", f"```{info}: after `diagram` give the width in mm, "
                                 f"{low:g} to {high:g} (e.g. ```diagram 60), or nothing for {DEFAULT_WIDTH_MM:g}")])
    return width

