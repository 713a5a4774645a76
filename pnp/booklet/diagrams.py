"""Diagram blocks: a ```diagram fence holds a position, read and checked as a position file is, scored by the
game's referee and drawn by the same code as `pnp diagram` (for the ink saver when the kit prints with it).

A stated caption may say less than the referee but never contradict it (a wrong
winner, a wrong score): that is a build error, so a booklet never teaches a
wrong result. Problems name the template's file and line.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from pnp.booklet.template import Rendered
from pnp.positions.read import read_position_text
from pnp.scene import Document
from pnp.spec.problems import Problem, SpecError

INFO = "diagram"
DEFAULT_WIDTH_MM = 80.0
WIDTH_RANGE_MM = (30.0, 180.0)


def is_diagram(info: str) -> bool:
    return info.split()[:1] == [INFO]


def draw_block(rendered: Rendered, info: str, content: str, fence_line: int) -> Document:
    """The diagram of one block; `fence_line` is the rendered line (from 0) of its opening fence."""
    width = _width(rendered, info, rendered.source_line(fence_line))
    try:
        return _drawn(rendered.file, content, width, rendered.saver)
    except SpecError as exc:
        lines = [dataclasses.replace(p, line=rendered.source_line(fence_line + (p.line or 1))) for p in exc.problems]
        raise SpecError(lines) from None


@lru_cache(maxsize=64)
def _drawn(file: str, content: str, width: float, saver: bool) -> Document:
    """Read, scored, caption checked, drawn; problems' lines count from the block's first line.

    Cached: the five Asterisk kits of one build share their booklets' diagrams.
    """
    position = read_position_text(file, content)  # its caption checked against the referee, as a file's is
    return position.game.draw_diagram(position.model, position.game.judge(position.model), width, saver)


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

