"""Skies on pages: how many across and down, portrait or landscape, and each sky's frame and band.

Every sky of a pad has the same frame, so one arrangement serves every page.
Each slot holds a frame (grid squares at grid_mm) with its band (label and
score box) below; a slot narrower than the band shrinks the band, down to
MIN_BAND_SCALE. A frame size left out is the largest the slot holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.starry_night.look import EDGE_ROOM, band_height, band_width
from pnp.games.starry_night.rules import FRAME
from pnp.geometry.rect import Rect
from pnp.layout.fit import content_area
from pnp.layout.paper import Paper

SLOT_GAP_MM = 8.0          # between two slots: room to cut a page into skies
MIN_BAND_SCALE = 0.7       # smaller, and the code and score box get hard to read
EPSILON = 1e-9


@dataclass(frozen=True)
class Arrangement:
    """`cols` x `rows` slots on one sheet (in one orientation), and the band's scale in them."""

    sheet: Paper
    cols: int
    rows: int

    @property
    def slot_width(self) -> float:
        return (content_area(self.sheet).width - (self.cols - 1) * SLOT_GAP_MM) / self.cols

    @property
    def slot_height(self) -> float:
        return (content_area(self.sheet).height - (self.rows - 1) * SLOT_GAP_MM) / self.rows

    @property
    def band_scale(self) -> float:
        return min(1.0, (self.slot_width - 2 * EDGE_ROOM) / band_width())

    def room(self, grid_mm: float) -> tuple[int, int]:
        """The largest frame a slot holds, in grid units (capped at what a sky code can carry)."""
        width = math.floor((self.slot_width - 2 * EDGE_ROOM) / grid_mm + EPSILON)
        height = math.floor(self.frame_height_room() / grid_mm + EPSILON)
        return min(width, FRAME[1]), min(height, FRAME[1])

    def frame_height_room(self) -> float:
        """The height a frame may take: the slot less the band and the room around the frame."""
        return self.slot_height - band_height() * self.band_scale - 2 * EDGE_ROOM

    def slot(self, index: int) -> Rect:
        """Slot `index` on a page, row by row from the top left."""
        area = content_area(self.sheet)
        col, row = index % self.cols, index // self.cols
        return Rect(area.x + col * (self.slot_width + SLOT_GAP_MM), area.y + row * (self.slot_height + SLOT_GAP_MM),
                    self.slot_width, self.slot_height)


@dataclass(frozen=True)
class Layout:
    """The arrangement chosen and the frame every sky gets, in grid units."""

    arrangement: Arrangement
    width: int
    height: int


def arrangements(paper: Paper, per_page: int) -> list[Arrangement]:
    """Every way to put `per_page` slots on the paper: portrait first, fewer columns first."""
    splits = [(cols, per_page // cols) for cols in range(1, per_page + 1) if per_page % cols == 0]
    return [Arrangement(sheet, cols, rows) for sheet in paper.orientations() for cols, rows in splits]


def readable(paper: Paper, per_page: int) -> list[Arrangement]:
    """The arrangements whose band stays readable."""
    return [a for a in arrangements(paper, per_page) if a.band_scale >= MIN_BAND_SCALE - EPSILON]


def choose(paper: Paper, per_page: int, grid_mm: float, width: int | None, height: int | None) -> Layout | None:
    """The readable arrangement that holds the frame asked for, with the roundest, then largest, frame.

    Roundest first: two skies on A4 get 26 x 29 squares each (landscape)
    rather than 18 x 47 (portrait), though the second has more squares.
    """
    best: tuple[tuple[int, int, float], Layout] | None = None
    for arrangement in readable(paper, per_page):
        room_w, room_h = arrangement.room(grid_mm)
        w, h = width or room_w, height or room_h
        if not (FRAME[0] <= w <= room_w and FRAME[0] <= h <= room_h):
            continue
        rank = (min(w, h), w * h, arrangement.band_scale)
        if best is None or rank > best[0]:
            best = (rank, Layout(arrangement, w, h))
    return best[1] if best else None


def largest_grid(paper: Paper, width: int, height: int, at_most: float) -> float | None:
    """The largest grid (to 0.1 mm, at most `at_most`) at which one width x height sky fits the paper."""
    best = None
    for arrangement in readable(paper, 1):
        grid = min(at_most, (arrangement.slot_width - 2 * EDGE_ROOM) / width, arrangement.frame_height_room() / height)
        grid = math.floor(grid * 10 + EPSILON) / 10
        best = grid if best is None else max(best, grid)
    return best


def frame_and_band(layout: Layout, index: int, grid_mm: float) -> tuple[Rect, Rect]:
    """Where sky `index` of a page draws its frame and its band (the unit centred in its slot).

    A frame wider than the band lends the band its width (label under its left
    edge, score box under its right); a narrower frame is centred over the band.
    """
    arrangement = layout.arrangement
    scale = arrangement.band_scale
    slot = arrangement.slot(index)
    frame_w, frame_h = layout.width * grid_mm, layout.height * grid_mm
    band_w, band_h = max(frame_w, band_width() * scale), band_height() * scale
    cx, top = slot.x + slot.width / 2, slot.y + (slot.height - frame_h - band_h) / 2
    frame = Rect(cx - frame_w / 2, top, frame_w, frame_h)
    return frame, Rect(cx - band_w / 2, frame.bottom, band_w, band_h)
