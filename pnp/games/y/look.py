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
from pnp.games.y.board import triangle_board
from pnp.geometry.hexagon import SQRT3
from pnp.geometry.rect import Rect
from pnp.boards.mudcrack.look import NUMBER_SHARE, mudcrack_extent, mudcrack_side_extent  # noqa: F401

BAND = 0.18               # visible width of a side band, in cells
BAND_REACH = BAND / (SQRT3 / 2)   # a zigzag's corners stick out further than the band's width


@lru_cache(maxsize=1024)
def triangle_extent(side: int, coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything drawn on the triangle (bands, and coordinates if shown: `labels`, None for the board's own), for
    a 1 mm cell, in the board's frame."""
    return boards_triangle_extent(triangle_board(side, 1.0), BAND_REACH, coordinates, labels)
