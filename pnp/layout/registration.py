"""Print-then-cut registration marks: the three corner marks a craft cutter's optical eye looks for.

A sheet of cut-out things built with `formats: [cut]` prints them, and its cut
file (pnp/writers/cut.py) holds the same marks in the same place, so a cutter
that has found them on the paper cuts the file's lines on the printed ones.
They are Silhouette's "type 1" marks, which Cricut-style print-then-cut users
know too: a filled square at top left, an L at top right and at bottom left.
They stand at the corners of the margins, inside them (with the default 10 mm
margin, just where Silhouette Studio puts its own), outside the art: the square
and the Ls fit the bands of the title and of the calibration bar, which move
clear of them (pnp/layout/furniture.py).
"""

from __future__ import annotations

from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper
from pnp.scene import Group, Paint, Polygon

SQUARE_MM = 5.0     # the square's side
ARM_MM = 7.0        # an L's arm from its corner: above the crop marks of a block of pieces that fills the sheet
LINE_MM = 1.0       # an L's thickness
CLEAR_MM = 2.5      # what the title and the calibration bar keep from a mark
INK = "#000000"     # pure black: what an optical eye reads best, whatever the style's ink
TITLE_FROM_LEFT_MM = SQUARE_MM + CLEAR_MM   # the title starts this far in from the left margin
TITLE_FROM_RIGHT_MM = ARM_MM + CLEAR_MM     # and ends this far in from the right one
BAR_FROM_LEFT_MM = ARM_MM + CLEAR_MM        # the calibration bar starts this far in from the left margin


def frame(sheet: Paper) -> Rect:
    """The box at whose corners the marks stand: the sheet inside its margins."""
    return Rect(sheet.margin, sheet.margin, sheet.inner_width, sheet.inner_height)


def marks(box: Rect) -> Group:
    """The square at the box's top left corner and the Ls at its top right and bottom left, filled, inside it."""
    x, y, right, bottom = box.x, box.y, box.right, box.bottom
    arm, line = ARM_MM, LINE_MM
    square = rect_corners(Rect(x, y, SQUARE_MM, SQUARE_MM))
    top_right = ((right - arm, y), (right, y), (right, y + arm), (right - line, y + arm), (right - line, y + line),
                 (right - arm, y + line))
    bottom_left = ((x, bottom - arm), (x + line, bottom - arm), (x + line, bottom - line), (x + arm, bottom - line),
                   (x + arm, bottom), (x, bottom))
    paint = Paint(fill=INK)
    return Group(tuple(Polygon(points, paint) for points in (square, top_right, bottom_left)), cls="registration")
