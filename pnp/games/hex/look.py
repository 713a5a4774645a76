"""How the Hex board is drawn, in cells, and the room that drawing takes.

The drawing (draw.py) and the planner (plan.py) both read these, so the space a
plan leaves for the board is the space the board is drawn in. Sizes are shares
of the cell (multiples of cell_mm) unless named _MM.

Coordinates stand on the line of cells they name, on both opposite edges: a row's
number level with the row, one cell past each end; a column's letter on the
column's own line (a diagonal, down and to the right), past its top and bottom
cells, with a short stroke pointing along the line into the column, since a
letter read straight down would sit between two cells. All stand upright: turned
half round for a player across the table, a b would read as q and a 6 as 9.

A diagram may draw them larger than the board does, to print at 5 pt, or on every
other line only (pnp/boards/readable.py, `label_room`): a larger label moves out
along its line as far as its box grew towards the board (a row number also by
the slant of the next row's cell under it), so its gap to the board stays the board's.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.boards.lattice import LatticeBoard, letters, rhombus
from pnp.boards.readable import LabelRoom, Labels
from pnp.fonts import ASCENT, DESCENT, MIDDLE, text_width
from pnp.geometry.hexagon import SQRT3, Point
from pnp.geometry.rect import Rect
from pnp.scene import Paint, Polyline, Shape, Text
from pnp.scene.bounds import bounds

BAND = 0.18            # the visible width of a side band, outside the cells
BAND_REACH = BAND * 2 / SQRT3   # the band's corners stick out further than its width
SAVER_BAND = 0.4       # the ink saver's bands, per full band: thin lines along the outer edge
LABEL_SIZE = 0.3       # coordinates' text size
LABEL_MAX_MM = 4.5
NUMBER_AT = 1.05       # a row number's centre, in cells along the row past its end cell's centre
LETTER_AT = 1.22       # a column letter's centre, in cells along the column past its end cell's centre
GUIDE_FROM = 0.76      # the stroke pointing into the column: from just outside the band ...
GUIDE_TO = 1.0         # ... to just short of the letter
GUIDE_WIDTH = 0.025    # the stroke's width, never thinner than a printer shows nor heavier than the labels' strokes
GUIDE_MM = (0.15, 0.4)
DOWN_RIGHT = (0.5, SQRT3 / 2)   # along a column, from row 1 towards row n
LETTER_CLEAR = 0.25    # between the letters of neighbouring columns, per label size
EDGE_SLANT = SQRT3     # a cell's slanted edges run this far across per unit down: the zigzag a row number's lower half faces


def label_mm(cell_mm: float) -> float:
    return min(LABEL_SIZE * cell_mm, LABEL_MAX_MM)


def _along(start: Point, direction: Point, cells: float) -> Point:
    return (start[0] + direction[0] * cells, start[1] + direction[1] * cells)


def _label(at: Point, text: str, size: float, ink: str, data: tuple[str, str]) -> Text:
    """`text` centred on `at` both ways."""
    return Text((at[0], at[1] + MIDDLE * size), text, size, ink, anchor="middle", cls="label", data=(data,))


def _sizes(cell_mm: float, labels: Labels | None) -> tuple[float, float]:
    """(the labels' size, the board's own size for them): a diagram's `labels` may be larger."""
    own = label_mm(cell_mm)
    return (own if labels is None else min(labels.share * cell_mm, LABEL_MAX_MM)), own


def row_labels(board: LatticeBoard, ink: str, labels: Labels | None = None) -> list[Shape]:
    """Each row's number left of its first cell and right of its last, level with the row (on the rows
    `labels` keeps; None: every row, at the board's own size)."""
    n, w = board.shape.size, board.cell_mm
    (size, own), shapes = _sizes(w, labels), []
    # the longest number's extra half width, and the next row's end cell's slant under the extra depth below its middle
    out = (size - own) * (text_width(str(n), 1.0) / 2 + EDGE_SLANT * (MIDDLE + DESCENT))
    for row in range(1, n + 1):
        if labels is not None and not labels.on(row):
            continue
        (lx, y), (rx, _) = board.center(row, 1), board.center(row, n)
        data = ("row", str(row))
        shapes += [_label((lx - NUMBER_AT * w - out, y), str(row), size, ink, data),
                   _label((rx + NUMBER_AT * w + out, y), str(row), size, ink, data)]
    return shapes


def column_labels(board: LatticeBoard, ink: str, labels: Labels | None = None) -> list[Shape]:
    """Each column's letter past its top cell and past its bottom one, on the column's line, with a stroke along
    the line pointing in (on the columns `labels` keeps; None: every column, at the board's own size)."""
    n, w = board.shape.size, board.cell_mm
    (size, own), shapes = _sizes(w, labels), []
    # along the column's line, in cells, as far as the extra depth below a letter's middle reaches towards the board
    out = (size - own) / w * (MIDDLE + DESCENT) / DOWN_RIGHT[1]
    guide = Paint(stroke=ink, width=min(max(GUIDE_MM[0], GUIDE_WIDTH * w), GUIDE_MM[1]), cap="round")
    for column in range(1, n + 1):
        if labels is not None and not labels.on(column):
            continue
        name, data = letters(column), ("column", letters(column))
        for end, sign in ((board.center(1, column), -1), (board.center(n, column), 1)):
            way = (sign * DOWN_RIGHT[0] * w, sign * DOWN_RIGHT[1] * w)
            stroke = (_along(end, way, GUIDE_FROM), _along(end, way, GUIDE_TO))
            shapes += [Polyline(stroke, guide, cls="label-guide", data=(data,)),
                       _label(_along(end, way, LETTER_AT + out), name, size, ink, data)]
    return shapes


@lru_cache(maxsize=64)
def _widest_letters(size: int) -> float:
    """The widest column name of a board, per unit of text size."""
    return max(text_width(letters(column), 1.0) for column in range(1, size + 1))


@lru_cache(maxsize=1024)
def unit_extent(size: int, coordinates: bool, labels: Labels | None = None) -> Rect:
    """Everything drawn (bands, and the coordinates if shown: `labels`, None for the board's own), for a 1 mm
    cell, in the board's frame."""
    board = LatticeBoard(rhombus(size), 1.0)
    box = Rect(0.0, 0.0, board.width, board.height).grown(BAND_REACH)
    if coordinates:
        for shape in (*row_labels(board, "", labels), *column_labels(board, "", labels)):
            box = box.union(bounds(shape))
    return box


def label_room(size: int) -> LabelRoom:
    """The coordinates of a diagram's board: rows a line of type apart, letters (and the room between them) a
    cell apart, on every line or every `step`-th."""
    def most(step: int) -> float:
        return min(step * SQRT3 / 2 / (ASCENT + DESCENT), step / (_widest_letters(size) + LETTER_CLEAR))

    return LabelRoom("coordinates", LABEL_SIZE, lambda labels: unit_extent(size, True, labels), most)
