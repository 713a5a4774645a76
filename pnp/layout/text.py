"""Text set on a page: greedy wrapping by real font metrics, and lines stacked into paragraphs; plain, or in runs
of bold and italic (a card's `**bold**` and `*italic*`), each run drawn in its own face where the last one ends."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pnp.fonts import ASCENT, text_width
from pnp.scene import Shape, Text

LEADING = 1.35  # line pitch as a multiple of the text size
SPACES = re.compile(r"(\s+)")

W = TypeVar("W")


@dataclass(frozen=True)
class Run:
    """Words set in one face: upright or italic, regular or bold."""

    text: str
    bold: bool = False
    italic: bool = False


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by real font metrics; a word longer than the width keeps its own line. A last line of one
    word takes the word before it along when it fits (a lone "game." under a paragraph reads as a stray)."""
    lines = _greedy(text.split(), lambda words: text_width(" ".join(words), size, bold), width)
    return [" ".join(line) for line in lines]


def wrap_runs(runs: Sequence[Run], size: float, width: float) -> list[tuple[Run, ...]]:
    """`wrap` for text in runs: each line the runs it holds, a space between words in the face of the word before
    it. A word may be made of several runs ("**Bridge**:"), and is never broken between them."""
    lines = _greedy(_words(runs), lambda words: runs_width(_joined(words), size), width)
    return [_joined(line) for line in lines]


def runs_width(runs: Sequence[Run], size: float) -> float:
    """The width of runs set one after the other, each in its face."""
    return sum(text_width(run.text, size, run.bold, italic=run.italic) for run in runs)


def _greedy(words: list[W], width_of: Callable[[list[W]], float], width: float) -> list[list[W]]:
    """Words in lines no wider than `width` (a word wider than that alone on its line); the last line's lone word
    joined by the one before it, where the line before keeps at least two and the pair fits."""
    lines: list[list[W]] = []
    for word in words:
        if lines and width_of([*lines[-1], word]) <= width:
            lines[-1].append(word)
        else:
            lines.append([word])
    if len(lines) >= 2 and len(lines[-1]) == 1 and len(lines[-2]) >= 3:
        last = [lines[-2][-1], *lines[-1]]
        if width_of(last) <= width:
            lines[-2:] = [lines[-2][:-1], last]
    return lines


def _words(runs: Sequence[Run]) -> list[tuple[Run, ...]]:
    """The words of runs: each the pieces of runs between two spaces."""
    words: list[tuple[Run, ...]] = []
    current: list[Run] = []
    for run in runs:
        for part in SPACES.split(run.text):
            if part.isspace() and current:
                words.append(tuple(current))
                current = []
            elif part and not part.isspace():
                current.append(Run(part, run.bold, run.italic))
    return [*words, tuple(current)] if current else words


def _joined(words: Sequence[tuple[Run, ...]]) -> tuple[Run, ...]:
    """Words as one line of runs: a space after each but the last, neighbouring runs of one face merged."""
    merged: list[Run] = []
    for index, word in enumerate(words):
        for number, piece in enumerate(word):
            text = piece.text + (" " if number == len(word) - 1 and index < len(words) - 1 else "")
            if merged and (merged[-1].bold, merged[-1].italic) == (piece.bold, piece.italic):
                merged[-1] = Run(merged[-1].text + text, piece.bold, piece.italic)
            else:
                merged.append(Run(text, piece.bold, piece.italic))
    return tuple(merged)


def paragraph(lines: list[str], x: float, top: float, size: float, fill: str,
              bold: bool = False, cls: str = "") -> tuple[list[Shape], float]:
    """Lines set from `top` down; returns the texts and the y just below the last line."""
    texts: list[Shape] = []
    y = top
    for line in lines:
        texts.append(Text((x, y + ASCENT * size), line, size, fill, bold=bold, cls=cls))
        y += size * LEADING
    return texts, y


def runs_paragraph(lines: Sequence[Sequence[Run]], x: float, top: float, size: float,
                   fill: str) -> tuple[list[Shape], float]:
    """`paragraph` for lines of runs: each run a text of its own face, starting where the run before it ends."""
    texts: list[Shape] = []
    y = top
    for line in lines:
        left = x
        for run in line:
            texts.append(Text((left, y + ASCENT * size), run.text, size, fill, bold=run.bold, italic=run.italic))
            left += runs_width((run,), size)
        y += size * LEADING
    return texts, y
