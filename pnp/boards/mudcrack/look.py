"""How a mudcrack board is drawn, in cells, and the room that drawing takes: its straight side bands, mitred at the
corners, the cell numbers and the board code.

The drawing (draw.py) and a planner (plan.py) both read these numbers, so the
space a plan leaves for a board is the space it is drawn in. Sizes are per mm
of cell (the circle the smallest cell holds, placed.py), so the extents here
are for a 1 mm cell.
"""

from __future__ import annotations

from pnp.boards.mudcrack.grow import HEIGHT
from pnp.boards.mudcrack.placed import side_cells
from pnp.geometry.hexagon import SQRT3
from pnp.geometry.rect import Rect

SIDE_BAND = 0.012         # a straight band, per mm of the triangle's side: the same share whatever its cells, so the
                          # paper gives every board the same side and the most cells that fit is exact
MITRE = 2.0               # a straight band's outer corner lies this many band widths from the triangle's (1 / sin 30°)
NUMBER_SHARE = 0.3        # a cell's number, per cell: three digits fit the smallest cell's circle
NUMBER_MAX_MM = 4.0
SMALLEST_TEXT_MM = 5 * 25.4 / 72   # 5 pt: nothing printed on a board is smaller
CODE_SHARE = 0.028        # the board code, per mm of the triangle's side
CODE_MAX_MM = 6.0
CAPTION_SHARE = 0.55      # the words above the code, per code size


def mudcrack_side_extent() -> Rect:
    """A mudcrack board with its bands, for a side of 1: the triangle grown by the band, its corners mitred."""
    across = MITRE * SIDE_BAND * SQRT3 / 2
    return Rect.from_edges(-across, -MITRE * SIDE_BAND, 1 + across, HEIGHT + SIDE_BAND)


def mudcrack_extent(room: float) -> Rect:
    """The same for a 1 mm cell, on a board whose cells hold a circle `room` of the side."""
    return mudcrack_side_extent().scaled(side_cells(room))


def number_mm(cell_mm: float) -> float:
    """A cell's number: a share of the cell, never under 5 pt nor over NUMBER_MAX_MM."""
    return max(SMALLEST_TEXT_MM, min(NUMBER_SHARE * cell_mm, NUMBER_MAX_MM))


def code_mm(side_mm: float) -> float:
    """The board code printed in the board's top-left corner: a share of the side, never under 5 pt."""
    return max(SMALLEST_TEXT_MM / CAPTION_SHARE, min(CODE_SHARE * side_mm, CODE_MAX_MM))
