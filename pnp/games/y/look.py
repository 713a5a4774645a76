"""How Y's boards are drawn, in cells, and the room that drawing takes.

The drawing (draw.py) and the planner (plan.py) both read these numbers, so the
space a plan leaves for a board is the space it is drawn in. Sizes are per mm
of cell (a hexagon's across flats; on a Mudcrack Y board the circle its smallest
cell holds, board.py), so the extents here are for a 1 mm cell.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.boards.labels import triangle_extent as boards_triangle_extent
from pnp.boards.readable import Labels
from pnp.boards.mudcrack.placed import side_cells
from pnp.games.y.board import triangle_board
from pnp.boards.mudcrack.grow import HEIGHT
from pnp.geometry.hexagon import SQRT3
from pnp.geometry.rect import Rect

BAND = 0.18               # visible width of a side band, in cells
SIDE_BAND = 0.012         # a Mudcrack Y board's straight band, per mm of its side: the same share whatever its cells,
                          # so the paper gives every board the same side and the most cells that fit is exact
BAND_REACH = BAND / (SQRT3 / 2)   # a zigzag's corners stick out further than the band's width
MITRE = 2.0               # a straight band's outer corner lies this many band widths from the triangle's (1 / sin 30°)
NUMBER_SHARE = 0.3        # a mudcrack cell's number, per cell: three digits fit the smallest cell's circle
NUMBER_MAX_MM = 4.0
SMALLEST_TEXT_MM = 5 * 25.4 / 72   # 5 pt: nothing printed on a board is smaller
CODE_SHARE = 0.028        # the board code, per mm of the triangle's side
CODE_MAX_MM = 6.0
CAPTION_SHARE = 0.55      # the words above the code, per code size


@lru_cache(maxsize=1024)
def triangle_extent(side: int, coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything drawn on the triangle (bands, and coordinates if shown: `labels`, None for the board's own), for
    a 1 mm cell, in the board's frame."""
    return boards_triangle_extent(triangle_board(side, 1.0), BAND_REACH, coordinates, labels)


def mudcrack_side_extent() -> Rect:
    """A Mudcrack Y board with its bands, for a side of 1: the triangle grown by the band, its corners mitred."""
    across = MITRE * SIDE_BAND * SQRT3 / 2
    return Rect.from_edges(-across, -MITRE * SIDE_BAND, 1 + across, HEIGHT + SIDE_BAND)


def mudcrack_extent(room: float) -> Rect:
    """The same for a 1 mm cell, on a board whose cells hold a circle `room` of the side."""
    return mudcrack_side_extent().scaled(side_cells(room))


def number_mm(cell_mm: float) -> float:
    """A mudcrack cell's number: a share of the cell, never under 5 pt nor over NUMBER_MAX_MM."""
    return max(SMALLEST_TEXT_MM, min(NUMBER_SHARE * cell_mm, NUMBER_MAX_MM))


def code_mm(side_mm: float) -> float:
    """The board code printed in the board's top-left corner: a share of the side, never under 5 pt."""
    return max(SMALLEST_TEXT_MM / CAPTION_SHARE, min(CODE_SHARE * side_mm, CODE_MAX_MM))
