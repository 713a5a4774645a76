"""Boards larger than their sheet, split over several pages that overlap, with marks to line them up.

Every tile shows the same share of the board (the board is divided evenly, so
no page holds a sliver), and the page grid and orientation are the ones that
need the fewest pages. Neighbouring tiles share an overlap strip of
`print.overlap_mm`; down its middle runs a dashed trim line crossed by
registration marks. Trim one page along the line and lay it on its neighbour
with the half marks meeting the whole ones: every cell lands where the untiled
board has it, since each tile draws the same board, only moved and clipped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.fit import HEADER_MM, content_area
from pnp.layout.furniture import furniture
from pnp.layout.paper import Paper
from pnp.scene import Circle, Group, Page, Paint, Path, Polygon, Polyline, Shape, Text
from pnp.scene.transform import shift
from pnp.style import BaseStyle

MARK_RADIUS_MM = 2.2     # a registration mark: a ring on the trim line ...
MARK_ARM_MM = 3.6        # ... crossed by two arms this long each way
MARK_EVERY_MM = 45.0     # marks along a seam, at most this far apart (at least two)
MARK_WIDTH_MM = 0.25
TRIM_DASH = (2.0, 1.5)
MAP_CELL_MM = 2.6        # the little map of the tiles, top right of each page
MAP_MAX_MM = 30.0


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: its place in the grid, the part of the board it shows, and where that goes."""

    row: int
    col: int
    window: Rect    # in board millimetres, from the board's top-left corner
    at: Point       # the window's top-left corner on the page


@dataclass(frozen=True)
class Tiling:
    sheet: Paper
    rows: int
    cols: int
    overlap: float
    width: float    # the whole board, mm
    height: float
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Grid:
    """How a board is split: the sheet (in the orientation chosen) and the pages across and down."""

    sheet: Paper
    rows: int
    cols: int

    @property
    def pages(self) -> int:
        return self.rows * self.cols


def tile_count(total: float, room: float, overlap: float) -> int | None:
    """Pages needed along one direction: each page after the first adds `room - overlap` of board; None when
    the board needs more than one page there but a page holds no more than the overlap."""
    if total <= room + 1e-9:
        return 1
    if room - overlap <= 1e-9:
        return None
    return math.ceil((total - overlap) / (room - overlap) - 1e-9)


def tile_grid(paper: Paper, width: float, height: float, overlap: float) -> Grid | None:
    """The orientation and grid with the fewest pages (then the larger share of board per page), counted only:
    no tile is made. None when no orientation can tile the board (its pages hold no more than the overlap)."""
    options = []
    for sheet in paper.orientations():
        area = content_area(sheet)
        cols, rows = tile_count(width, area.width, overlap), tile_count(height, area.height, overlap)
        if cols is None or rows is None:
            continue
        share = min(_window(width, cols, overlap) / area.width, _window(height, rows, overlap) / area.height)
        options.append((rows * cols, -share, sheet.width > sheet.height, sheet, rows, cols))
    if not options:
        return None
    _, _, _, sheet, rows, cols = min(options, key=lambda o: o[:3])
    return Grid(sheet, rows, cols)


def plan_tiles(grid: Grid, width: float, height: float, overlap: float) -> Tiling:
    """The tiles of a board split as `grid` says (tile_grid), each the same share of the board."""
    sheet, rows, cols = grid.sheet, grid.rows, grid.cols
    area = content_area(sheet)
    w, h = _window(width, cols, overlap), _window(height, rows, overlap)
    at = (area.x + (area.width - w) / 2, area.y + (area.height - h) / 2)
    tiles = tuple(Tile(r, c, Rect(c * (w - overlap), r * (h - overlap), w, h), at) for r in range(rows) for c in range(cols))
    return Tiling(sheet, rows, cols, overlap, width, height, tiles)


def _window(total: float, count: int, overlap: float) -> float:
    """Each tile's share of `total` along one direction, overlaps included."""
    return (total + (count - 1) * overlap) / count


def tile_pages(tiling: Tiling, title: str, facts: str, style: BaseStyle, drawn: list[Shape]) -> tuple[Page, ...]:
    """A page per tile: furniture, the board (`drawn` with its top-left corner at (0, 0)) cut down to what the
    tile shows, moved onto the page and clipped, the seams' trim lines and marks, and the map."""
    pages, total, board = [], len(tiling.tiles), [*drawn, seam_marks(tiling, style)]
    for number, tile in enumerate(tiling.tiles, 1):
        where = f"page {number} of {total}: row {tile.row + 1}, column {tile.col + 1}"   # the map, in words
        dx, dy = tile.at[0] - tile.window.x, tile.at[1] - tile.window.y
        shown = Group(tuple(culled(board, tile.window)))
        board_part = Group((shift(shown, dx, dy),), cls="tile",
                      data=(("tile", f"{tile.row},{tile.col}"), ("tile-offset-mm", f"{tile.window.x:.3f},{tile.window.y:.3f}")),
                      clip=(tile.at[0], tile.at[1], tile.window.width, tile.window.height))
        heading = f"{title} ({number}/{total})"
        children = [*furniture(tiling.sheet, heading, where, style), board_part, tile_map(tiling, tile, style)]
        pages.append(Page(tiling.sheet.width, tiling.sheet.height, tuple(children), heading))
    return tuple(pages)


def culled(shapes: list[Shape], window: Rect) -> list[Shape]:
    """The shapes (and, in a path, the runs) whose bounding box meets the window: a tile of a big board carries
    its own cells, not the whole board clipped away."""
    kept: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Group):
            children = culled(list(shape.children), window)
            if children:
                kept.append(replace(shape, children=tuple(children)))
        elif isinstance(shape, Path):
            runs = tuple(run for run in shape.runs if _meets(_box(run), window))
            if runs:
                kept.append(replace(shape, runs=runs))
        elif _meets(_bounds(shape), window):
            kept.append(shape)
    return kept


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    if isinstance(shape, (Polygon, Polyline)):
        return _box(shape.points)
    if isinstance(shape, Circle):
        (x, y), r = shape.center, shape.radius
        return (x - r, y - r, x + r, y + r)
    assert isinstance(shape, Text)
    (x, y), reach = shape.at, shape.size * (len(shape.text) + 1)   # generous: a glyph is narrower than its size
    return (x - reach, y - reach, x + reach, y + reach)


def _box(points: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _meets(box: tuple[float, float, float, float], window: Rect) -> bool:
    left, top, right, bottom = box
    return right >= window.x and left <= window.x + window.width and bottom >= window.y and top <= window.y + window.height


def seam_marks(tiling: Tiling, style: BaseStyle) -> Group:
    """Trim lines and registration marks down the middle of every overlap, in board millimetres."""
    lines: list[tuple[Point, ...]] = []
    marks: list[Shape] = []
    step_x = tiling.tiles[0].window.width - tiling.overlap
    step_y = tiling.tiles[0].window.height - tiling.overlap
    ink = Paint(stroke=style.ink, width=MARK_WIDTH_MM)
    for c in range(1, tiling.cols):
        x = c * step_x + tiling.overlap / 2
        lines.append(((x, 0.0), (x, tiling.height)))
        marks += [_mark((x, y), ink) for y in _along(tiling.height)]
    for r in range(1, tiling.rows):
        y = r * step_y + tiling.overlap / 2
        lines.append(((0.0, y), (tiling.width, y)))
        marks += [_mark((x, y), ink) for x in _along(tiling.width)]
    trim = Path(tuple(lines), Paint(stroke=style.ink, width=MARK_WIDTH_MM, dash=TRIM_DASH), cls="trim-line")
    return Group((trim, *marks), cls="alignment-marks")


def _along(length: float) -> list[float]:
    count = max(2, math.ceil(length / MARK_EVERY_MM))
    return [length * (k + 0.5) / count for k in range(count)]


def _mark(center: Point, ink: Paint) -> Group:
    x, y = center
    arms = Path((((x - MARK_ARM_MM, y), (x + MARK_ARM_MM, y)), ((x, y - MARK_ARM_MM), (x, y + MARK_ARM_MM))), ink)
    ring = Circle(center, MARK_RADIUS_MM, Paint(fill="#ffffff", stroke=ink.stroke, width=MARK_WIDTH_MM))
    return Group((ring, arms), cls="registration-mark")


def tile_map(tiling: Tiling, tile: Tile, style: BaseStyle) -> Group:
    """The grid of pages in small, this one filled: top right, level with the title."""
    aspect = tile.window.height / tile.window.width
    cell = min(MAP_CELL_MM, MAP_MAX_MM / tiling.cols, (HEADER_MM - 2) / (tiling.rows * aspect))
    left = tiling.sheet.width - tiling.sheet.margin - tiling.cols * cell
    top = tiling.sheet.margin
    shapes: list[Shape] = []
    for t in tiling.tiles:
        x, y = left + t.col * cell, top + t.row * cell * aspect
        fill = style.ink if t is tile else None
        shapes.append(Polygon(((x, y), (x + cell, y), (x + cell, y + cell * aspect), (x, y + cell * aspect)),
                              Paint(fill=fill, stroke=style.muted, width=0.15)))
    return Group(tuple(shapes), cls="tile-map")
