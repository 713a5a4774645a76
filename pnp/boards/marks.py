"""A diagram's letters on cells (`marks: {c5: a, d5: a}` in a position file): bold on an empty cell, on a small
white disc over a stone or a piece, so the letter reads whatever it sits on; never under 5 pt (on small cells the
letter, and its disc with it, outgrow their share of the cell: a mark is what the diagram is there to show).

    mark(cell, text, covered, cell_mm, ink) -> Group
"""

from __future__ import annotations

from pnp.boards.cells import Cell
from pnp.boards.move_numbers import READABLE_MM
from pnp.fonts import MIDDLE
from pnp.scene import Circle, Group, Paint, Shape, Text

MARK_SIZE = 0.45       # a mark's letter on an empty cell, per cell
BADGE = 0.24           # the white disc a mark sits on over a piece: its radius, per cell
BADGE_TEXT = 0.3       # and the letter on it
BADGE_EDGE = 0.02
BADGE_FILL = "#ffffff"


def mark(cell: Cell, text: str, covered: bool, cell_mm: float, ink: str) -> Group:
    """A letter on a cell: bold on an empty cell, on a small white disc over what `covered` it."""
    shapes: list[Shape] = []
    size = max(MARK_SIZE * cell_mm, READABLE_MM)
    if covered:
        share = BADGE_TEXT * cell_mm
        size = max(share, READABLE_MM)
        radius = BADGE * cell_mm * max(1.0, size / share)
        shapes.append(Circle(cell.center, radius, Paint(fill=BADGE_FILL, stroke=ink, width=BADGE_EDGE * cell_mm)))
    x, y = cell.center
    shapes.append(Text((x, y + MIDDLE * size), text, size, ink, anchor="middle", bold=True))
    return Group(tuple(shapes), cls="mark", data=(("mark", text),))
