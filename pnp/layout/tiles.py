"""Boards larger than their sheet, split over several pages that overlap, with marks to line them up.

Every tile shows the same share of the board (the board is divided evenly, so
no page holds a sliver), and the page grid and orientation are the ones that
need the fewest pages. Neighbouring tiles share an overlap strip of
`print.overlap_mm`; down its middle runs a dashed trim line crossed by
registration marks. Trim one page along the line and lay it on its neighbour
with the half marks meeting the whole ones: every cell lands where the untiled
board has it, since each tile draws the same board, only moved and clipped.
Marks and lines keep off the board's printed text (cell names, numbers): a
mark moves along its seam to where no text is, and the trim line pauses
where it would cross text, so nothing a player reads is printed over.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout.fit import HEADER_MM, content_area
from pnp.layout.furniture import furniture
from pnp.layout.paper import Paper
from pnp.scene import Circle, Group, Page, Paint, Path, Polygon, Polyline, Shape, Text
from pnp.scene.bounds import bounds
from pnp.scene.transform import shift
from pnp.style import BaseStyle

MARK_RADIUS_MM = 2.2     # a registration mark: a ring on the trim line ...
MARK_ARM_MM = 3.6        # ... crossed by two arms this long each way
MARK_EVERY_MM = 45.0     # marks along a seam, at most this far apart (at least two)
MARK_WIDTH_MM = 0.25
TEXT_CLEAR_MM = 0.5      # paper kept between a mark or a trim line and the board's text
MARK_STEP_MM = 0.5       # a mark that would cover text tries places this far apart along its seam
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
    pages, total, board = [], len(tiling.tiles), [*drawn, seam_marks(tiling, style, text_boxes(drawn))]
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


def text_boxes(shapes: list[Shape]) -> list[Rect]:
    """The boxes of every text among `shapes` (inside groups too), and of a ring drawn round a text (a circle
    beside it in its group, as round a number), with the paper kept around them."""
    found: list[Rect] = []
    has_text = any(isinstance(shape, Text) for shape in shapes)
    for shape in shapes:
        if isinstance(shape, Group):
            found += text_boxes(list(shape.children))
        elif isinstance(shape, Text) or (has_text and isinstance(shape, Circle)):
            found.append(bounds(shape).grown(TEXT_CLEAR_MM))
    return found


def seam_marks(tiling: Tiling, style: BaseStyle, keep_clear: Sequence[Rect] = ()) -> Group:
    """Trim lines and registration marks down the middle of every overlap, in board millimetres, off the
    `keep_clear` boxes (the board's text)."""
    runs: list[tuple[Point, ...]] = []
    marks: list[Shape] = []
    step_x = tiling.tiles[0].window.width - tiling.overlap
    step_y = tiling.tiles[0].window.height - tiling.overlap
    ink = Paint(stroke=style.ink, width=MARK_WIDTH_MM)
    for c in range(1, tiling.cols):
        x = c * step_x + tiling.overlap / 2
        across = [(b.y, b.bottom) for b in keep_clear if b.x <= x <= b.right]
        runs += [((x, start), (x, end)) for start, end in _open_stretches(tiling.height, across)]
        marks += [_mark((x, y), ink) for y in _along(tiling.height, lambda y: _mark_box((x, y)), keep_clear)]
    for r in range(1, tiling.rows):
        y = r * step_y + tiling.overlap / 2
        across = [(b.x, b.right) for b in keep_clear if b.y <= y <= b.bottom]
        runs += [((start, y), (end, y)) for start, end in _open_stretches(tiling.width, across)]
        marks += [_mark((x, y), ink) for x in _along(tiling.width, lambda x: _mark_box((x, y)), keep_clear)]
    trim = Path(tuple(runs), Paint(stroke=style.ink, width=MARK_WIDTH_MM, dash=TRIM_DASH), cls="trim-line")
    return Group((trim, *marks), cls="alignment-marks")


def _open_stretches(length: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of 0..length outside every blocked interval, in order."""
    found, start = [], 0.0
    for low, high in sorted(blocked):
        if low > start:
            found.append((start, min(low, length)))
        start = max(start, high)
    if start < length:
        found.append((start, length))
    return [(a, b) for a, b in found if b > a]


def _along(length: float, box_at: Callable[[float], Rect], keep_clear: Sequence[Rect]) -> list[float]:
    """Evenly spread places for the marks of a seam, each moved to the nearest place (within half the spacing)
    where its box meets none of `keep_clear`; where there is none, the even place."""
    count = max(2, math.ceil(length / MARK_EVERY_MM))
    reach = int(length / count / 2 / MARK_STEP_MM)
    places = []
    for k in range(count):
        even = length * (k + 0.5) / count
        tries = [even + sign * i * MARK_STEP_MM for i in range(reach + 1) for sign in ((1,) if i == 0 else (-1, 1))]
        places.append(next((t for t in tries if not any(box_at(t).intersects(b) for b in keep_clear)), even))
    return places


def _mark_box(center: Point) -> Rect:
    """What a registration mark covers: its arms' square, strokes included."""
    half = MARK_ARM_MM + MARK_WIDTH_MM / 2
    return Rect(center[0] - half, center[1] - half, 2 * half, 2 * half)


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
        shapes.append(Polygon(rect_corners(Rect(x, y, cell, cell * aspect)),
                              Paint(fill=fill, stroke=style.muted, width=0.15)))
    return Group(tuple(shapes), cls="tile-map")
