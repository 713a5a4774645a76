"""How the Asterisk board is drawn, in cells, and the room that drawing takes.

The drawing (draw.py) and the planner (plan.py) both read these numbers, so
the space a plan leaves for the board is the space the board is drawn in.
Everything scales with the cell size: the extents here are for a 1 mm cell.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.games.asterisk.board import AsteriskBoard, letters
from pnp.geometry.hexagon import SQRT3
from pnp.geometry.rect import Rect

# cos 30 degrees to three places: the ratio of a hexagon's flats to its corners as the
# Asterisk layouts were first measured. Layouts keep this value rather than SQRT3 / 2 so
# that every board, sheet and marker keeps its exact size and bytes.
COS30_3DP = 0.866
BAND = 0.18          # visible width of a side band, in cells
BAND_REACH = BAND / COS30_3DP  # the zigzag's corners stick out further than the band's width
LABEL_GAP = 1.2      # label distance from the edge cell's centre, in cells
LABEL_SIZE = 0.3     # label font size, in cells
LABEL_MAX_MM = 4.5
DIGIT_EM = 0.64      # width of one digit of the label font, per unit of font size
LABEL_CLEAR = 0.1    # paper kept beyond a row label, in cells
# A column letter names the diagonal of cells running from the bottom row up to the right side. It stands past the
# diagonal's lower-left end, turned to run along it, with a short stroke pointing in: read straight down, the
# letter would sit between two bottom cells and seem to name the wrong one.
DOWN_LEFT = (-0.5, COS30_3DP)   # a diagonal's direction away from the board, below its bottom cell
LETTER_TURN = -60.0  # degrees clockwise: the letter's baseline runs up its diagonal
GUIDE_FROM = 0.76    # the pointing stroke, in cells along the diagonal from the bottom cell's centre (clear of the band)
GUIDE_TO = 1.06
LETTER_AT = 1.14     # where the letter ends, in cells along the diagonal from the bottom cell's centre


def row_label_left(board: AsteriskBoard, row: int) -> float:
    """Left edge of a row's number, for a 1 mm cell (numbers are centred on their point)."""
    return board.center(row, 1)[0] - LABEL_GAP - len(str(row)) * DIGIT_EM * LABEL_SIZE / 2 - LABEL_CLEAR


def letters_bottom(board: AsteriskBoard) -> float:
    """Lowest point of the letters under the bottom row, for a 1 mm cell: the longest letter, turned, plus its height."""
    reach = LETTER_AT + len(letters(board.side)) * DIGIT_EM * LABEL_SIZE
    return board.center(board.side, 1)[1] + reach * DOWN_LEFT[1] + LABEL_SIZE


@lru_cache(maxsize=64)
def unit_extent(side: int, coordinates: bool) -> Rect:
    """Everything drawn (bands, and labels if shown), for a 1 mm cell, in the board's frame."""
    board = AsteriskBoard(side, 1.0)
    left, top, right, bottom = -BAND_REACH, -BAND_REACH, board.width + BAND_REACH, board.height + BAND_REACH
    if coordinates:
        left = min(left, row_label_left(board, side))
        bottom = max(bottom, letters_bottom(board))
    return Rect.from_edges(left, top, right, bottom)


@lru_cache(maxsize=64)
def row_spans(side: int, coordinates: bool) -> tuple[Rect, ...]:
    """Each row as drawn (its cells, bands and number), for a 1 mm cell: what text must keep clear of."""
    board = AsteriskBoard(side, 1.0)
    radius = 1.0 / SQRT3
    spans = []
    for row in range(1, side + 1):
        (lx, y), rx = board.center(row, 1), board.center(row, row)[0]
        left = lx - 0.5 - BAND_REACH
        if coordinates:
            left = min(left, row_label_left(board, row))
        spans.append(Rect.from_edges(left, y - radius - BAND_REACH, rx + 0.5 + BAND_REACH, y + radius + BAND_REACH))
    return tuple(spans)
