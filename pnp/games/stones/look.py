"""How a definition's board is drawn, in cells, and the room that drawing takes: bands, corners, coordinates.

Any shape, any id scheme, so nothing here knows a game. Coordinates are read
from the ids themselves: an id of letters and a number (`a1`, `hexgui`,
and the other column scheme) names a line of cells by its letters (a column, or a row's place)
and another by its number (a row). Each line's name stands one step past both of
its ends, on the line (a row's number level with it, a column's letters along
the column's slant), upright. Where two names would stand on one spot (on a
hexagon a row and a column end at the same cell of a slanting side) the first
placed keeps it: letters, then numbers; every line keeps one of its two. An id
that is a number (`numbers`) is printed small inside its cell instead.
Sizes are shares of the cell (multiples of cell_mm) unless named _MM.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache

from pnp.cellboard.placed import PlacedBoard
from pnp.fonts import MIDDLE
from pnp.geometry.hexagon import SQRT3, Point
from pnp.geometry.rect import Rect
from pnp.scene import Shape, Text
from pnp.scene.bounds import bounds

BAND = 0.18                     # the visible width of a side band, outside the cells
BAND_REACH = BAND * 2 / SQRT3   # the band's corners stick out further than its width
SAVER_BAND = 0.4                # the ink saver's bands, per full band
LABEL_SIZE = 0.3                # coordinates' text size
LABEL_MAX_MM = 4.5
READABLE_MM = 5 * 25.4 / 72     # 5 pt: coordinates smaller than this are left off (a small diagram)
NUMBER_AT = 1.05                # a row's number, in cells past its end cell's centre
LETTER_AT = 1.15                # a column's letters, in cells past its end cell's centre
CROWDED = 0.8                   # two names nearer than this (in cells) stand on one spot: the later is left off
CELL_NUMBER = 0.28              # an id that is a number, inside its cell
ID = re.compile(r"([a-z]+)([0-9]+)")


def label_mm(cell_mm: float) -> float:
    return min(LABEL_SIZE * cell_mm, LABEL_MAX_MM)


def readable(cell_mm: float) -> bool:
    """Whether coordinates at this cell size print at 5 pt or more."""
    return label_mm(cell_mm) >= READABLE_MM - 1e-9


def _lines(board: PlacedBoard) -> tuple[dict[str, list[Point]], dict[str, list[Point]]]:
    """The centres of each lettered line and each numbered line, in board order; empty for number ids."""
    letters: dict[str, list[Point]] = {}
    numbers: dict[str, list[Point]] = {}
    for cell in board.cells:
        found = ID.fullmatch(cell.id)
        if found:
            letters.setdefault(found[1], []).append(cell.center)
            numbers.setdefault(found[2], []).append(cell.center)
    return letters, numbers


def _way(points: Sequence[Point]) -> Point | None:
    """The unit direction from a line's first cell to its last; None for a line of one cell."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    return None if length < 1e-9 else ((x1 - x0) / length, (y1 - y0) / length)


def _ends(lines: dict[str, list[Point]], at: float, cell_mm: float) -> list[tuple[str, Point]]:
    """Each line's name past both its ends; a one-cell line takes the slant of the others."""
    ways = [w for points in lines.values() if (w := _way(points)) is not None]
    common = max(set(ways), key=ways.count) if ways else (1.0, 0.0)
    found = []
    for name, points in lines.items():
        dx, dy = _way(points) or common
        (x0, y0), (x1, y1) = points[0], points[-1]
        found += [(name, (x0 - dx * at * cell_mm, y0 - dy * at * cell_mm)),
                  (name, (x1 + dx * at * cell_mm, y1 + dy * at * cell_mm))]
    return found


def coordinate_labels(board: PlacedBoard, ink: str) -> list[Shape]:
    """The coordinates round the board (or, for number ids, in the cells), centred on their points."""
    w = board.cell_mm
    size = label_mm(w)
    letters, numbers = _lines(board)
    if not letters:
        small = CELL_NUMBER * w
        return [Text((c.center[0], c.center[1] + MIDDLE * small), c.id, small, ink, anchor="middle", cls="label",
                     data=(("cell-label", c.id),)) for c in board.cells]
    placed: list[tuple[str, str, Point]] = []
    for kind, lines, at in (("column", letters, LETTER_AT), ("row", numbers, NUMBER_AT)):
        for name, point in _ends(lines, at, w):
            if all(math.dist(point, other) >= CROWDED * w for _, _, other in placed):
                placed.append((kind, name, point))
    return [Text((x, y + MIDDLE * size), name, size, ink, anchor="middle", cls="label", data=((kind, name),))
            for kind, name, (x, y) in placed]


def in_cells(board: PlacedBoard) -> bool:
    """Whether the ids are printed inside the cells (number ids) rather than round the board."""
    return not _lines(board)[0]


@lru_cache(maxsize=64)
def unit_extent(make: "UnitBoard", coordinates: bool) -> Rect:
    """Everything drawn (bands, and the coordinates if shown round the board), for a 1 mm cell, in its frame."""
    board = make.at(1.0)
    box = Rect(0.0, 0.0, board.width, board.height).grown(BAND_REACH)
    if coordinates and not in_cells(board):
        for shape in coordinate_labels(board, ""):
            box = box.union(bounds(shape))
    return box


class UnitBoard:
    """A definition's board at one size, placed at any cell size (hashable: extents are cached by it)."""

    def __init__(self, key: str, size: int) -> None:
        self.key, self.size = key, size

    def at(self, cell_mm: float, origin: Point = (0.0, 0.0)) -> PlacedBoard:
        from pnp.games.stones.game import stone_game

        return stone_game(self.key).placed(cell_mm, self.size, origin)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnitBoard) and (self.key, self.size) == (other.key, other.size)

    def __hash__(self) -> int:
        return hash((self.key, self.size))

    def __reduce__(self) -> tuple[type, tuple[str, int]]:
        return (UnitBoard, (self.key, self.size))
