"""Coordinates along a lattice triangle's edges (Asterisk's and Y's board), and the room they take.

Row numbers stand left of each row. A letter names the diagonal of cells running
from the bottom row up to the right side: it stands past the diagonal's
lower-left end, turned to run along it, with a short stroke pointing in; read
straight down, the letter would sit between two bottom cells and seem to name
the wrong one. Sizes are per mm of cell, so the extents below (for a 1 mm cell)
scale with the board; a plan leaves the room they give (`triangle_extent`), and
the drawing fills it.
"""

from __future__ import annotations

from pnp.boards.lattice import LatticeBoard, letters
from pnp.fonts import MIDDLE
from pnp.geometry.rect import Rect
from pnp.scene import Paint, Polyline, Shape, Text

# cos 30 degrees to three places: the ratio of a hexagon's flats to its corners as the Asterisk layouts were first
# measured. Layouts keep this value rather than SQRT3 / 2 so that every board, sheet and marker keeps its bytes.
COS30_3DP = 0.866
LABEL_GAP = 1.2      # a row number's distance from the row's first cell centre, in cells
LABEL_SIZE = 0.3     # label font size, in cells
LABEL_MAX_MM = 4.5
DIGIT_EM = 0.64      # width of one digit (or letter) of the label font, per unit of font size
LABEL_CLEAR = 0.1    # paper kept beyond a row label, in cells
DOWN_LEFT = (-0.5, COS30_3DP)   # a diagonal's direction away from the board, below its bottom cell
LETTER_TURN = -60.0  # degrees clockwise: the letter's baseline runs up its diagonal
GUIDE_FROM = 0.76    # the pointing stroke, in cells along the diagonal from the bottom cell's centre (clear of a band)
GUIDE_TO = 1.06
LETTER_AT = 1.14     # where the letter ends, in cells along the diagonal from the bottom cell's centre
GUIDE_WIDTH = 0.025  # a letter's pointing stroke, per cell ...
GUIDE_MIN_MM = 0.15  # ... never thinner than a printer shows


def triangle_labels(board: LatticeBoard, ink: str) -> list[Shape]:
    """Row numbers left of each row; each letter past its diagonal's bottom cell, turned along it, in `ink`."""
    n, w = board.shape.size, board.cell_mm
    size = min(LABEL_SIZE * w, LABEL_MAX_MM)
    lift = MIDDLE * size
    shapes: list[Shape] = []
    for row in range(1, n + 1):
        x, y = board.center(row, 1)
        shapes.append(Text((x - LABEL_GAP * w, y + lift), str(row), size, ink, anchor="middle", cls="label",
                           data=(("row", str(row)),)))
    guide = Paint(stroke=ink, width=max(GUIDE_MIN_MM, GUIDE_WIDTH * w), cap="round")
    for pos in range(1, n + 1):
        name = letters(pos)
        along = lambda t, x=board.center(n, pos): (x[0] + DOWN_LEFT[0] * t * w, x[1] + DOWN_LEFT[1] * t * w)
        end = along(LETTER_AT)
        # The baseline moves off the line by the letter's half height, so the glyph's middle lies on it.
        at = (end[0] + DOWN_LEFT[1] * lift, end[1] - DOWN_LEFT[0] * lift)
        shapes.append(Polyline((along(GUIDE_FROM), along(GUIDE_TO)), guide, cls="label-guide", data=(("diagonal", name),)))
        shapes.append(Text(at, name, size, ink, anchor="end", rotate=LETTER_TURN, cls="label",
                           data=(("diagonal", name),)))
    return shapes


def row_label_left(board: LatticeBoard, row: int) -> float:
    """Left edge of a row's number, for a 1 mm cell (numbers are centred on their point)."""
    return board.center(row, 1)[0] - LABEL_GAP - len(str(row)) * DIGIT_EM * LABEL_SIZE / 2 - LABEL_CLEAR


def letters_bottom(board: LatticeBoard) -> float:
    """Lowest point of the letters under the bottom row, for a 1 mm cell: the longest letter, turned, plus its height."""
    side = board.shape.size
    reach = LETTER_AT + len(letters(side)) * DIGIT_EM * LABEL_SIZE
    return board.center(side, 1)[1] + reach * DOWN_LEFT[1] + LABEL_SIZE


def triangle_extent(board: LatticeBoard, reach: float, coordinates: bool) -> Rect:
    """Everything a triangle of 1 mm cells draws, in its frame: the cells with side bands reaching `reach` past
    them, and the coordinates if shown."""
    left, top, right, bottom = -reach, -reach, board.width + reach, board.height + reach
    if coordinates:
        left = min(left, row_label_left(board, board.shape.size))
        bottom = max(bottom, letters_bottom(board))
    return Rect.from_edges(left, top, right, bottom)
