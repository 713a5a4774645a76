"""Coordinates along a lattice triangle's edges (Asterisk's and Y's board), and the room they take.

Row numbers stand left of each row. A letter names the diagonal of cells running
from the bottom row up to the right side: it stands past the diagonal's
lower-left end, turned to run along it, with a short stroke pointing in; read
straight down, the letter would sit between two bottom cells and seem to name
the wrong one. Sizes are per mm of cell, so the extents below (for a 1 mm cell)
scale with the board; a plan leaves the room they give (`triangle_extent`), and
the drawing fills it. A diagram may draw them larger, to print at 5 pt, or on
every other line only (readable.py, `triangle_room`): a larger row number moves
out by its extra half width, and a letter grows away from the board, so their
gaps to it stay the board's.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.boards.lattice.ids import letters
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.label_room import LabelRoom, Labels
from pnp.fonts import ASCENT, DESCENT, MIDDLE
from pnp.geometry.hexagon import SQRT3
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
EDGE_SLANT = SQRT3   # a cell's slanted edges run this far across per unit down: the zigzag a row number's lower half faces


def triangle_labels(board: LatticeBoard, ink: str, labels: Labels | None = None) -> list[Shape]:
    """Row numbers left of each row; each letter past its diagonal's bottom cell, turned along it, in `ink` (on
    the lines `labels` keeps; None: every line, at the board's own size)."""
    n, w = board.shape.size, board.cell_mm
    own = min(LABEL_SIZE * w, LABEL_MAX_MM)
    size = own if labels is None else min(labels.share * w, LABEL_MAX_MM)
    lift = MIDDLE * size
    out = _out(n, size - own)
    shapes: list[Shape] = []
    for row in range(1, n + 1):
        if labels is not None and not labels.on(row):
            continue
        x, y = board.center(row, 1)
        shapes.append(Text((x - LABEL_GAP * w - out, y + lift), str(row), size, ink, anchor="middle", cls="label",
                           data=(("row", str(row)),)))
    guide = Paint(stroke=ink, width=max(GUIDE_MIN_MM, GUIDE_WIDTH * w), cap="round")
    for pos in range(1, n + 1):
        if labels is not None and not labels.on(pos):
            continue
        name = letters(pos)
        along = lambda t, x=board.center(n, pos): (x[0] + DOWN_LEFT[0] * t * w, x[1] + DOWN_LEFT[1] * t * w)
        end = along(LETTER_AT + _letters_out(size - own) / w)
        # The baseline moves off the line by the letter's half height, so the glyph's middle lies on it.
        at = (end[0] + DOWN_LEFT[1] * lift, end[1] - DOWN_LEFT[0] * lift)
        shapes.append(Polyline((along(GUIDE_FROM), along(GUIDE_TO)), guide, cls="label-guide", data=(("diagonal", name),)))
        shapes.append(Text(at, name, size, ink, anchor="end", rotate=LETTER_TURN, cls="label",
                           data=(("diagonal", name),)))
    return shapes


def _letters_out(grown: float) -> float:
    """How much further along its diagonal a letter `grown` mm larger than the board's ends: as far as the extra
    height above its middle (it faces the bottom row) reaches up."""
    return grown * (ASCENT - MIDDLE) * -DOWN_LEFT[0] / DOWN_LEFT[1]


def _out(rows: int, grown: float) -> float:
    """How much further left row numbers `grown` mm larger than the board's stand: the longest one's extra half
    width, and as far as the next row's first cell slants out under the extra depth of its lower half."""
    return grown * (DIGIT_EM * len(str(rows)) / 2 + EDGE_SLANT * (MIDDLE + DESCENT))


def row_label_left(board: LatticeBoard, row: int, share: float = LABEL_SIZE) -> float:
    """Left edge of a row's number, for a 1 mm cell (numbers are centred on their point), at `share`."""
    out = _out(board.shape.size, share - LABEL_SIZE)
    return board.center(row, 1)[0] - LABEL_GAP - out - len(str(row)) * DIGIT_EM * share / 2 - LABEL_CLEAR


def letters_bottom(board: LatticeBoard, share: float = LABEL_SIZE) -> float:
    """Lowest point of the letters under the bottom row, for a 1 mm cell: the longest letter, turned, plus its
    height, at `share`."""
    side = board.shape.size
    reach = LETTER_AT + _letters_out(share - LABEL_SIZE) + len(letters(side)) * DIGIT_EM * share
    return board.center(side, 1)[1] + reach * DOWN_LEFT[1] + share


def triangle_extent(board: LatticeBoard, reach: float, coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything a triangle of 1 mm cells draws, in its frame: the cells with side bands reaching `reach` past
    them, and the coordinates if shown (`labels`, None for the board's own)."""
    left, top, right, bottom = -reach, -reach, board.width + reach, board.height + reach
    if coordinates and (labels is None or labels.shown):
        share = LABEL_SIZE if labels is None else labels.share
        left = min(left, row_label_left(board, board.shape.size, share))
        bottom = max(bottom, letters_bottom(board, share))
    return Rect.from_edges(left, top, right, bottom)


def triangle_room(extent: Callable[[Labels], Rect]) -> LabelRoom:
    """The coordinates of a diagram's triangle (`extent`: the board's, for each Labels): rows, and the diagonals
    the letters run along, stand a pitch apart; labels on neighbouring lines keep a line of type apart."""
    return LabelRoom("coordinates", LABEL_SIZE, extent, lambda step: step * COS30_3DP / (ASCENT + DESCENT))
