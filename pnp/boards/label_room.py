"""What a board says of its labels (coordinates along its edges, names or numbers in its cells), for drawing them
and for fitting a diagram to them (readable.py).

A board draws its labels as `Labels` say (a share of a cell tall, on every line or every other line) and tells
readable.py their `LabelRoom`. Apart from readable.py so that a kit's board, which draws its labels at their
share, loads none of the diagram's fitting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.geometry.rect import Rect

EVERY, EVERY_OTHER, NONE = 1, 2, 0


@dataclass(frozen=True)
class Labels:
    """How a board's labels are drawn: `share` of a cell tall, on every `step`-th line (1: every line, 2: every
    other line, 0: none)."""

    share: float
    step: int = EVERY

    @property
    def shown(self) -> bool:
        return self.step != NONE

    def on(self, line: int) -> bool:
        """Whether line `line` (from 1) carries its label: every other line keeps the odd ones, the first among them."""
        return self.shown and (line - 1) % self.step == 0


@dataclass(frozen=True)
class LabelRoom:
    """What a board tells readable.py about its labels: what they are (`name`, as a note calls them), their share of
    a cell on the printed board, everything the board draws with a given Labels (for a 1 mm cell), the largest
    share at which labels on every `step`-th line keep clear of each other, and the steps that may be tried (a
    label in each cell, a cell's own name, cannot be thinned; none: the board prints its labels at 5 pt at least
    whatever its cells, and only growing the diagram brings them to their share)."""

    name: str
    share: float
    extent: Callable[[Labels], Rect]
    most: Callable[[int], float]
    steps: tuple[int, ...] = (EVERY, EVERY_OTHER)
    least_cell: float = 0.0   # the least cell (mm) at which the board's own lines read (0: any), grown to like labels
    cell_note: str = ""       # what a diagram with smaller cells loses, in a note's words

    @property
    def design(self) -> Labels:
        return Labels(self.share)
