"""Packing cut-out pieces onto sheets, with cut guides that never cross a piece.

Hexagons sit in a honeycomb so each cut serves two pieces; circles sit in a
square grid whose lines run the block's full length, so a ruler or guillotine
cuts whole rows at once. Items are named (a piece type, say); with `by_type`
each name starts a row of its own, which makes sorting the cut pieces easy.
Nothing here knows a game.

What stands between pieces is an `Apart`: a bleed (the colour runs past each
outline) and a cutter's kerf (what it burns along each cut, print.kerf_mm). A
cut file moves every cut out by half the kerf so each piece keeps its size
(pnp/writers/cut.py), and a shared cut cannot do that for both of its pieces:
so with a kerf, hexagons stand a kerf apart (their moved cuts meet, one line
down the middle of the gap) and circles a kerf further apart than their paper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pnp.geometry.hexagon import SQRT3, Point, circumradius, pointy_hexagon
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES

BLOCK_GAP_MM = 8.0    # between the honeycomb and the circle grid: room for both blocks' crop marks
CIRCLE_MARGIN = 0.5   # paper kept around a circle inside its square, each side
CROP_MM = 3.0         # crop marks: how far past a block each cut line's mark runs, to lay a ruler on
CROP_GAP_MM = 0.8     # and the paper left between a block's edge and its marks


@dataclass(frozen=True)
class Placed:
    """A named item at its centre on one sheet."""

    name: str
    center: Point


@dataclass(frozen=True)
class Apart:
    """What keeps packed pieces apart: `bleed`, each piece's colour past its outline, and `kerf`, what a cutter
    burns along a cut (0: scissors, a guillotine, or a cut file without compensation)."""

    bleed: float = 0.0
    kerf: float = 0.0

    @classmethod
    def of(cls, printing: Any) -> "Apart":
        """From a spec's print block (its bleed_mm and kerf_mm)."""
        return cls(printing.bleed_mm, printing.kerf_mm)

    @property
    def hex_gap(self) -> float:
        """Between two hexagons: room for both bleeds, and at least a kerf, so each is cut alone at its size."""
        return max(2 * self.bleed, self.kerf)

    @property
    def circle_room(self) -> float:
        """Across a circle's square beyond the circle: paper (or the bleed) on each side, and the kerf the
        cutter burns between two circles' cuts."""
        return 2 * max(CIRCLE_MARGIN, self.bleed) + self.kerf

    @property
    def cut_reach(self) -> float:
        """How far past a piece's outline its print or cut runs: crop marks stay clear of it."""
        return max(self.bleed, self.kerf / 2)


class TooManyPages(Exception):
    """The items need more than MOST_PAGES sheets: packing stops there, so a slip in a spec is refused at once."""


@dataclass
class Sheet:
    """What one sheet holds: honeycomb hexagons and grid circles."""

    hexes: list[Placed] = field(default_factory=list)
    circles: list[Placed] = field(default_factory=list)
    apart: Apart = Apart()   # as they were packed: the cut guides follow it

    @property
    def items(self) -> list[Placed]:
        return self.hexes + self.circles


def rows(names: list[str], per_row: int, by_type: bool) -> list[list[str]]:
    """Split into rows of at most per_row; with by_type, a new name starts a new row."""
    groups = [[n for n in names if n == kind] for kind in dict.fromkeys(names)] if by_type else [names]
    return [group[i:i + per_row] for group in groups for i in range(0, len(group), per_row)]


def pack(area: Rect, hexes: list[str], circles: list[str], size: float, by_type: bool, apart: Apart = Apart()) -> list[Sheet]:
    """Fill sheets top to bottom: honeycomb rows of hexagons, then square-grid rows of circles.

    With a bleed or a kerf (`apart`) pieces stand apart: the honeycomb no longer shares its edges, and each
    circle's square grows. TooManyPages past MOST_PAGES sheets.
    """
    reach = CROP_GAP_MM + CROP_MM   # crop marks stand this far outside a block: keep them off the print margin
    area = Rect(area.x + reach, area.y, area.width - 2 * reach, area.height)
    sheets: list[Sheet] = [Sheet(apart=apart)]
    cursor = _pack_hexes(sheets, hexes, size, by_type, area, area.y, apart.hex_gap)
    if circles and sheets[-1].hexes:
        cursor += BLOCK_GAP_MM
    _pack_circles(sheets, circles, size, by_type, area, cursor, apart.circle_room)
    return [s for s in sheets if s.items] or [Sheet(apart=apart)]


def largest_circle(area: Rect, apart: Apart = Apart()) -> float:
    """The largest circle `pack` can place in `area` with its crop marks and paper (or bleed, and kerf) around it."""
    reach = CROP_GAP_MM + CROP_MM
    return min(area.width - 2 * reach, area.height - reach) - apart.circle_room


def _new_sheet(sheets: list[Sheet]) -> None:
    if len(sheets) >= MOST_PAGES:
        raise TooManyPages()
    sheets.append(Sheet(apart=sheets[-1].apart))


def _pack_hexes(sheets: list[Sheet], names: list[str], size: float, by_type: bool, area: Rect, cursor: float,
                gap: float) -> float:
    """Honeycomb rows (odd rows shifted half a piece), `gap` between pieces; returns the y below the last row."""
    s = size + gap
    radius, step = circumradius(s), s * SQRT3 / 2
    per_row = max(1, int((area.width - s / 2) // s))
    left = area.x + (area.width - (per_row * s + s / 2)) / 2 + s / 2
    row, top = 0, cursor
    for chunk in rows(names, per_row, by_type):
        if top + row * step + 2 * radius > area.y + area.height + 1e-9:
            _new_sheet(sheets)
            row, top = 0, area.y
        cy = top + radius + row * step
        shift = s / 2 if row % 2 else 0.0
        for i, name in enumerate(chunk):
            sheets[-1].hexes.append(Placed(name, (left + shift + i * s, cy)))
        row += 1
    return top + (row - 1) * step + 2 * radius if row else cursor


def _pack_circles(sheets: list[Sheet], names: list[str], s: float, by_type: bool, area: Rect, cursor: float,
                  room: float) -> None:
    """Square-grid rows; each square is the circle plus `room` of paper (or bleed) across."""
    pitch = s + room
    per_row = max(1, int(area.width // pitch))
    left = area.x + (area.width - per_row * pitch) / 2
    top = max(cursor, area.y + CROP_GAP_MM + CROP_MM)  # the grid's crop marks stick out above its first row
    for chunk in rows(names, per_row, by_type):
        if top + pitch > area.y + area.height + 1e-9:
            _new_sheet(sheets)
            top = area.y + CROP_GAP_MM + CROP_MM
        for i, name in enumerate(chunk):
            sheets[-1].circles.append(Placed(name, (left + (i + 0.5) * pitch, top + pitch / 2)))
        top += pitch


@dataclass(frozen=True)
class Guides:
    """A sheet's cut lines, by how they are drawn: shared hexagon edges over the pieces, grid lines on paper, and
    crop marks outside each block."""

    honeycomb: tuple[tuple[Point, ...], ...]
    grid: tuple[tuple[Point, ...], ...]
    crops: tuple[tuple[Point, ...], ...]


def cut_guides(sheet: Sheet, size: float) -> Guides:
    """Hexagon outlines for the honeycomb, lines for the circle grid, crop marks beyond both blocks."""
    honeycomb = tuple(pointy_hexagon(p.center, size) for p in sheet.hexes)
    crops: list[tuple[Point, ...]] = []
    if sheet.hexes:
        radius, beyond = circumradius(size), sheet.apart.cut_reach   # marks stay clear of the bleed and the cut too
        xs, ys = [p.center[0] for p in sheet.hexes], [p.center[1] for p in sheet.hexes]
        reach_x, reach_y = size / 2 + beyond, radius + beyond
        crops += corner_marks(Rect(min(xs) - reach_x, min(ys) - reach_y, max(xs) - min(xs) + 2 * reach_x,
                                   max(ys) - min(ys) + 2 * reach_y))
    grid: tuple[tuple[Point, ...], ...] = ()
    if sheet.circles:
        grid, ends = _grid_lines(sheet.circles, size + sheet.apart.circle_room)
        crops += ends
    return Guides(honeycomb, grid, tuple(crops))


def corner_marks(box: Rect) -> list[tuple[Point, ...]]:
    """Two short marks at each corner of `box`, each in line with an edge and clear of it."""
    marks: list[tuple[Point, ...]] = []
    near, far = CROP_GAP_MM, CROP_GAP_MM + CROP_MM
    for x, dx in ((box.x, -1), (box.x + box.width, 1)):
        for y, dy in ((box.y, -1), (box.y + box.height, 1)):
            marks.append(((x + dx * near, y), (x + dx * far, y)))
            marks.append(((x, y + dy * near), (x, y + dy * far)))
    return marks


def _grid_lines(circles: list[Placed], pitch: float) -> tuple[tuple[tuple[Point, ...], ...], list[tuple[Point, ...]]]:
    """Row and column lines of the square grid, each the full extent of its squares; and a crop mark past each end."""
    half = pitch / 2
    by_row: dict[float, list[float]] = {}
    for p in circles:
        by_row.setdefault(round(p.center[1], 6), []).append(p.center[0])
    lines: list[tuple[Point, Point]] = []
    ordered = sorted(by_row.items())
    for k, (cy, xs) in enumerate(ordered):
        above = max(xs) if k == 0 else max(max(xs), max(ordered[k - 1][1]))
        lines.append(((min(xs) - half, cy - half), (above + half, cy - half)))
    last_y, last_xs = ordered[-1]
    lines.append(((min(last_xs) - half, last_y + half), (max(last_xs) + half, last_y + half)))
    columns: dict[float, set[float]] = {}
    for p in circles:
        for x in (p.center[0] - half, p.center[0] + half):
            columns.setdefault(round(x, 6), set()).add(p.center[1])
    for x, ys in sorted(columns.items()):
        for first, last in _runs(sorted(ys), pitch):
            lines.append(((x, first - half), (x, last + half)))
    return tuple(lines), [mark for line in lines for mark in _end_marks(*line)]


def _end_marks(a: Point, b: Point) -> list[tuple[Point, ...]]:
    """Crop marks continuing the line a-b past both its ends, clear of them."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    near, far = CROP_GAP_MM, CROP_GAP_MM + CROP_MM
    return [((a[0] - ux * near, a[1] - uy * near), (a[0] - ux * far, a[1] - uy * far)),
            ((b[0] + ux * near, b[1] + uy * near), (b[0] + ux * far, b[1] + uy * far))]


def _runs(values: list[float], step: float) -> list[tuple[float, float]]:
    """Group sorted, evenly spaced values into runs without gaps: [(first, last), ...]."""
    found: list[tuple[float, float]] = []
    for v in values:
        if found and v - found[-1][1] <= step * 1.01:
            found[-1] = (found[-1][0], v)
        else:
            found.append((v, v))
    return found
