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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.boards import labels as triangle_layout
from pnp.boards.label_room import LabelRoom, Labels
from pnp.boards.mudcrack.look import NUMBER_SHARE, mudcrack_extent
from pnp.boards.mudcrack.placed import MIN_EDGE_MM, least_edge_cell
from pnp.cellboard.mudcrack import PlacedMudcrack
from pnp.cellboard.placed import PlacedBoard
from pnp.definitions.model import LAYOUTS, LINES_FIRST, CoordinatesLook
from pnp.fonts import ASCENT, DESCENT, MIDDLE, text_width
from pnp.geometry.hexagon import SQRT3, Point
from pnp.geometry.rect import Rect
from pnp.scene import Paint, Polyline, Shape, Text
from pnp.scene.bounds import bounds

BAND = 0.18                     # the visible width of a side band, outside the cells
BAND_REACH = BAND * 2 / SQRT3   # the band's corners stick out further than its width

LABEL_SIZE = 0.3                # coordinates' text size
LABEL_MAX_MM = 4.5
NUMBER_AT = 1.05                # a row's number, in cells past its end cell's centre
LETTER_AT = 1.15                # a column's letters, in cells past its end cell's centre
LETTER_CLEAR = 0.25             # between the names of neighbouring lines, per label size (a diagram's)
CROWDED = 0.8                   # two names nearer than this (in cells) stand on one spot: the later is left off
CELL_NUMBER = 0.28              # an id that is a number, inside its cell
GUIDE_FROM = 0.76               # a guide stroke pointing into a lettered line: from just outside the band ...
GUIDE_TO = 1.0                  # ... to just short of the name
GUIDE_WIDTH = 0.025             # the stroke's width, never thinner than a printer shows nor heavier than the names'
GUIDE_MM = (0.15, 0.4)
EDGE_SLANT = SQRT3              # a cell's slanted edges run this far across per unit down
# The lattice's unit steps, pointy cells' then flat cells': every straight line of cells runs along one of them.
DIRECTIONS: tuple[Point, ...] = ((1.0, 0.0), (0.5, SQRT3 / 2), (-0.5, SQRT3 / 2), (-1.0, 0.0), (-0.5, -SQRT3 / 2),
                                 (0.5, -SQRT3 / 2), (0.0, 1.0), (SQRT3 / 2, 0.5), (-SQRT3 / 2, 0.5), (0.0, -1.0),
                                 (-SQRT3 / 2, -0.5), (SQRT3 / 2, -0.5))
ID = re.compile(r"([a-z]+)([0-9]+)")
TRIANGLE = LAYOUTS[1]           # the lattice triangle's own layout of names (pnp/boards/labels.py)


def label_mm(cell_mm: float) -> float:
    return min(LABEL_SIZE * cell_mm, LABEL_MAX_MM)


Lines = tuple[dict[str, list[Point]], dict[str, list[Point]]]
_LINES: dict[int, tuple[PlacedBoard, Lines]] = {}   # id(board) -> (the board, kept alive; its lines): read only
LINES_KEPT = 64


def _lines(board: PlacedBoard) -> Lines:
    """The centres of each lettered line and each numbered line, in board order; empty for number ids. Kept for
    the boards last asked about: a diagram's label search asks of one board some hundreds of times."""
    kept = _LINES.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    letters: dict[str, list[Point]] = {}
    numbers: dict[str, list[Point]] = {}
    for cell in board.cells:
        found = ID.fullmatch(cell.id)
        if found:
            letters.setdefault(found[1], []).append(cell.center)
            numbers.setdefault(found[2], []).append(cell.center)
    if len(_LINES) >= LINES_KEPT:
        _LINES.clear()
    _LINES[id(board)] = (board, (letters, numbers))
    return letters, numbers


def _way(points: Sequence[Point]) -> Point | None:
    """The direction from a line's first cell to its last, as the lattice's own unit step (a line of cells runs
    along one of them, and the exact step puts its name where the lattice puts cells); None for one cell."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    if math.hypot(x1 - x0, y1 - y0) < 1e-9:
        return None
    return max(DIRECTIONS, key=lambda d: d[0] * (x1 - x0) + d[1] * (y1 - y0))


@dataclass(frozen=True)
class Name:
    """A line's name at one of its ends: `kind` (row or column), the end cell's centre, the way out of the board
    along the line (a unit step) and how far out its centre stands (cells, or mm past that for a level line)."""

    kind: str
    name: str
    end: Point
    way: Point
    level: bool

    def at(self, cells: float, out: float, cell_mm: float) -> Point:
        """`cells` out along the line, then `out` further (_grown's: mm on a level line, cells on a slanting one)."""
        (x, y), (dx, dy) = self.end, self.way
        if self.level:
            return (x + dx * cells * cell_mm + dx * out, y + dy * cells * cell_mm + dy * out)
        step = (dx * cell_mm, dy * cell_mm)
        return (x + step[0] * (cells + out), y + step[1] * (cells + out))


def _named(kind: str, lines: dict[str, list[Point]], labels: Labels | None) -> list[Name]:
    """Each line's name past both its ends (on the lines `labels` keeps); a one-cell line takes the others' way."""
    ways = [w for points in lines.values() if (w := _way(points)) is not None]
    common = max(set(ways), key=ways.count) if ways else DIRECTIONS[0]
    found = []
    for index, (name, points) in enumerate(lines.items(), start=1):
        if labels is not None and not labels.on(index):
            continue
        dx, dy = _way(points) or common
        found += [Name(kind, name, points[0], (-dx, -dy), dy == 0), Name(kind, name, points[-1], (dx, dy), dy == 0)]
    return found


def _grown(names: list[Name], size: float, own: float, cell_mm: float) -> float:
    """How far a label larger than the board's own moves out along its line, so that its gap to the board stays
    the board's: a level line's (in mm) by half its widest name's growth and the slant of the next line's end cell
    under the extra depth below its middle; a slanting line's (in cells) by that extra depth, along the line."""
    if size == own or not names:
        return 0.0
    if names[0].level:
        widest = max(text_width(n.name, 1.0) for n in names)
        return (size - own) * (widest / 2 + EDGE_SLANT * (MIDDLE + DESCENT))
    return (size - own) / cell_mm * (MIDDLE + DESCENT) / abs(names[0].way[1])


def _label(at: Point, text: str, size: float, ink: str, data: tuple[str, str]) -> Text:
    """`text` centred on `at` both ways."""
    return Text((at[0], at[1] + MIDDLE * size), text, size, ink, anchor="middle", cls="label", data=(data,))


def coordinate_labels(board: PlacedBoard, ink: str, look: CoordinatesLook = CoordinatesLook(),
                      labels: Labels | None = None) -> list[Shape]:
    """The coordinates round the board (or, for number ids, in the cells), centred on their points: the kind
    `look.first` names placed and drawn first, a guide stroke before each lettered name where `look.guides`
    asks; on the lines `labels` keeps, at its size (None: every line, at the board's own size)."""
    if look.layout == TRIANGLE:
        return triangle_layout.triangle_labels(board.lattice, ink, labels)
    w = board.cell_mm
    own = label_mm(w)
    size = own if labels is None else min(labels.share * w, LABEL_MAX_MM)
    letters, numbers = _lines(board)
    if not letters:
        small = CELL_NUMBER * w
        return [Text((c.center[0], c.center[1] + MIDDLE * small), c.id, small, ink, anchor="middle", cls="label",
                     data=(("cell-label", c.id),)) for c in board.cells]
    kinds = [("column", letters, look.letters_at), ("row", numbers, look.numbers_at)]
    placed: list[tuple[Name, Point, float]] = []
    for kind, lines, at in (kinds if look.first == LINES_FIRST[0] else kinds[::-1]):
        names = _named(kind, lines, labels)
        out = _grown(names, size, own, w)
        for name in names:
            point = name.at(at, out, w)
            if all(math.dist(point, other) >= CROWDED * w for _, other, _ in placed):
                placed.append((name, point, at))
    guide = Paint(stroke=ink, width=min(max(GUIDE_MM[0], GUIDE_WIDTH * w), GUIDE_MM[1]), cap="round")
    shapes: list[Shape] = []
    for name, point, _ in placed:
        data = (name.kind, name.name)
        if look.guides and name.kind == "column":
            stroke = (name.at(GUIDE_FROM, 0.0, w), name.at(GUIDE_TO, 0.0, w))
            shapes.append(Polyline(stroke, guide, cls="label-guide", data=(data,)))
        shapes.append(_label(point, name.name, size, ink, data))
    return shapes


def in_cells(board: PlacedBoard) -> bool:
    """Whether the ids are printed inside the cells (number ids) rather than round the board."""
    return not _lines(board)[0]


@lru_cache(maxsize=64)
def _at_unit(make: "UnitBoard") -> Any:
    """The board placed for a 1 mm cell, once (extents are measured on it for every choice of labels)."""
    return make.at(1.0)


@lru_cache(maxsize=1024)
def unit_extent(make: "UnitBoard", coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything drawn (bands, and the coordinates if shown round the board: `labels`, None for the board's
    own), for a 1 mm cell, in its frame."""
    board = _at_unit(make)
    if isinstance(board, PlacedMudcrack):   # its bands, numbers and code stand within the layer's extent
        return mudcrack_extent(board.board.mud.room)
    if make.look().layout == TRIANGLE:
        return triangle_layout.triangle_extent(board.lattice, BAND_REACH, coordinates, labels)
    box = Rect(0.0, 0.0, board.width, board.height).grown(BAND_REACH)
    if coordinates and not in_cells(board):
        for shape in coordinate_labels(board, "", make.look(), labels):
            box = box.union(bounds(shape))
    return box


def _spacing(lines: dict[str, list[Point]]) -> Point:
    """From the first line's first cell to the next line's: a lattice step where the two are a cell apart."""
    points = [cells[0] for cells in lines.values()]
    if len(points) < 2:
        return (1.0, 1.0)
    (x0, y0), (x1, y1) = points[0], points[1]
    if abs(math.hypot(x1 - x0, y1 - y0) - 1.0) > 1e-9:
        return (x1 - x0, y1 - y0)
    return max(DIRECTIONS, key=lambda d: d[0] * (x1 - x0) + d[1] * (y1 - y0))


@lru_cache(maxsize=64)
def label_room(make: "UnitBoard") -> LabelRoom:
    """The coordinates of a diagram's board (pnp/boards/readable.py): how large they may grow on every `step`-th
    line, neighbouring lines' names keeping clear of each other across (a line of type apart) or along (the
    widest name and LETTER_CLEAR apart), whichever their spacing allows; names in the cells are never thinned."""
    board = _at_unit(make)
    extent = lambda labels: unit_extent(make, True, labels)   # noqa: E731
    if isinstance(board, PlacedMudcrack):   # numbers in the cells, never thinned; edges long enough to be seen
        mud = board.board.mud
        return LabelRoom("cell numbers", NUMBER_SHARE, extent, lambda step: 0.0, (), least_edge_cell(mud),
                         f"edges under {MIN_EDGE_MM:g} mm, hard to tell apart,")
    letters, numbers = _lines(board)
    if make.look().layout == TRIANGLE:
        return triangle_layout.triangle_room(extent)
    if not letters:
        return LabelRoom("cell names", CELL_NUMBER, extent, lambda step: CELL_NUMBER, steps=())
    found = []
    for lines in (numbers, letters):
        dx, dy = _spacing(lines)
        widest = max(text_width(name, 1.0) for name in lines)
        found.append((abs(dy) / (ASCENT + DESCENT), abs(dx) / (widest + LETTER_CLEAR)))
    return LabelRoom("coordinates", LABEL_SIZE, extent,
                     lambda step: min(max(step * across, step * along) for across, along in found))


class UnitBoard:
    """A definition's board at one size (a board grown from a seed: and its seed and generator version, `picked`),
    placed at any cell size (hashable: extents are cached by it)."""

    def __init__(self, key: str, size: int, picked: tuple[tuple[str, int], ...] = ()) -> None:
        self.key, self.size, self.picked = key, size, tuple(sorted(picked))

    def at(self, cell_mm: float, origin: Point = (0.0, 0.0)) -> Any:
        """The PlacedBoard (a grown board: PlacedMudcrack) at `cell_mm`, its frame's top-left at `origin`."""
        from pnp.games.stones.game import stone_game

        return stone_game(self.key).placed(cell_mm, self.size, origin, **dict(self.picked))

    def look(self) -> CoordinatesLook:
        from pnp.games.stones.game import stone_game

        return stone_game(self.key).definition.look.coordinates

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnitBoard) and (self.key, self.size, self.picked) == (other.key, other.size,
                                                                                       other.picked)

    def __hash__(self) -> int:
        return hash((self.key, self.size, self.picked))

    def __reduce__(self) -> tuple[type, tuple[str, int, tuple[tuple[str, int], ...]]]:
        return (UnitBoard, (self.key, self.size, self.picked))
