"""Text set on a page: greedy wrapping by real font metrics, and lines stacked into paragraphs."""

from __future__ import annotations

from pnp.fonts import ASCENT, text_width
from pnp.scene import Shape, Text

LEADING = 1.35  # line pitch as a multiple of the text size


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by real font metrics; a word longer than the width keeps its own line. A last line of one
    word takes the word before it along when it fits (a lone "game." under a paragraph reads as a stray)."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(trial, size, bold) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return _no_lone_word(lines, size, width, bold)


def _no_lone_word(lines: list[str], size: float, width: float, bold: bool) -> list[str]:
    """The last two lines, rebalanced so the last holds two words, where the one before keeps at least two."""
    if len(lines) < 2 or " " in lines[-1] or lines[-2].count(" ") < 2:
        return lines
    head, moved = lines[-2].rsplit(" ", 1)
    last = f"{moved} {lines[-1]}"
    return [*lines[:-2], head, last] if text_width(last, size, bold) <= width else lines


def paragraph(lines: list[str], x: float, top: float, size: float, fill: str,
              bold: bool = False, cls: str = "") -> tuple[list[Shape], float]:
    """Lines set from `top` down; returns the texts and the y just below the last line."""
    texts: list[Shape] = []
    y = top
    for line in lines:
        texts.append(Text((x, y + ASCENT * size), line, size, fill, bold=bold, cls=cls))
        y += size * LEADING
    return texts, y
