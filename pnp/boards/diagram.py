"""A board fitted to a diagram's width: the drawing box, the cell size, and where the board's (0, 0) goes; and the
width that gives a board cells of a size (a record's numbered diagram widens to hold its numbers)."""

from __future__ import annotations

from typing import NamedTuple

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.positions.page import PAD, drawing_box


class DiagramFrame(NamedTuple):
    box: Rect        # where the board is drawn: the diagram's width less its margin, as tall as the board
    cell_mm: float
    origin: Point    # the board's (0, 0), so that its unit extent fills the box


def diagram_frame(extent: Rect, width_mm: float) -> DiagramFrame:
    """A board of unit extent `extent` (per mm of cell) as wide as a `width_mm` diagram's drawing box."""
    cell = drawing_box(width_mm, 0.0).width / extent.width
    box = drawing_box(width_mm, extent.height * cell)
    return DiagramFrame(box, cell, (box.x - extent.x * cell, box.y - extent.y * cell))


def frame_width(extent: Rect, cell_mm: float) -> float:
    """The diagram width whose frame gives a board of unit extent `extent` cells of `cell_mm` (diagram_frame's
    inverse)."""
    return extent.width * cell_mm / (1 - 2 * PAD)
