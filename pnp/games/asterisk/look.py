"""How the Asterisk board is drawn, in cells, and the room that drawing takes.

The drawing (draw.py) and the planner (plan.py) both read these numbers, so
the space a plan leaves for the board is the space the board is drawn in.
Everything scales with the cell size: the extents here are for a 1 mm cell.
The coordinates' proportions are the layer's (pnp/boards/labels.py), shared with Y.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.boards.labels import COS30_3DP, row_label_left, triangle_extent
from pnp.boards.label_room import Labels
from pnp.games.asterisk.board import AsteriskBoard
from pnp.geometry.hexagon import SQRT3
from pnp.geometry.rect import Rect

__all__ = ["BAND", "BAND_REACH", "COS30_3DP", "row_spans", "unit_extent"]

BAND = 0.18          # visible width of a side band, in cells
BAND_REACH = BAND / COS30_3DP  # the zigzag's corners stick out further than the band's width


@lru_cache(maxsize=1024)
def unit_extent(side: int, coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything drawn (bands, and labels if shown: `labels`, None for the board's own), for a 1 mm cell, in the
    board's frame."""
    return triangle_extent(AsteriskBoard(side, 1.0), BAND_REACH, coordinates, labels)


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
