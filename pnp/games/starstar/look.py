"""How the *Star board is drawn, in cells, and the room that drawing takes.

The drawing (draw.py) and the planner (plan.py) both read these, so the space
a plan leaves for the board is the space the board is drawn in, and the label
size the plan picks is the one every cell was checked to hold. Sizes are in
cells (multiples of cell_mm) unless named _MM.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.fonts import ASCENT, DESCENT, MIDDLE, text_width
from pnp.games.starstar.board import OUTLINE_REACH, SIDE_COUNT, StarBoard, StarCell
from pnp.games.starstar.rules import SECTORS, handicap_points
from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import holds_rect
from pnp.geometry.rect import Rect
from pnp.layout.flow import largest
from pnp.scene import Text
from pnp.scene.bounds import bounds

EDGE = 0.05              # the board's outer edge
EDGE_MAX_MM = 0.6
RING_EDGE = 0.08         # the heavy outline of a smaller board inside
RING_EDGE_MAX_MM = 0.9
LETTER = 0.8             # sector letters outside the corners
LETTER_MAX_MM = 9.0
LETTER_GAP = 0.15        # between the outline's corner and the letter's box
LABEL_MAX = 0.3          # cell ids: at most this, less if the smallest cell says so
LABEL_MAX_MM = 3.2
LABEL_PAD = 0.05         # paper kept between a label's box and its cell's edge
LABEL_LIFT = 0.15        # in a cell with a mark the id rises this far above the centre...
MARK_DROP = 0.22         # ... and the mark sits this far below it
MARK_RADIUS = 0.15       # a peri star's tips, a handicap circle
PERI_WAIST = 0.45        # a peri star's notches, per unit of its tips
QUARK_RADIUS = 0.21      # the ring around a corner's peri star
MARK_LINE = 0.03         # the quark ring's and the handicap circle's line
HANDICAP_TEXT = 0.17     # the order number in a handicap circle...
HANDICAP_RING = MARK_RADIUS / HANDICAP_TEXT   # ... and the circle's radius per mm of that number
READABLE_MM = 5 * 25.4 / 72   # 5 pt: no number a player must read is printed smaller
STAR_GLYPH = (1.5, 0.51)  # the font's `*` is small and raised: drawn larger, its middle this far above the baseline


def size_mm(share: float, cell_mm: float, most_mm: float) -> float:
    """A drawn size that grows with the cell up to a limit in mm."""
    return min(share * cell_mm, most_mm)


def centred_text(at: Point, text: str, size: float, fill: str, bold: bool = False, cls: str = "") -> Text:
    """Text whose capitals are centred on `at`, both ways."""
    return Text((at[0], at[1] + MIDDLE * size), text, size, fill, anchor="middle", bold=bold, cls=cls)


def label_point(cell: StarCell, cell_mm: float, marked: bool) -> Point:
    """Where a cell's id is centred: its centre, or above it when a mark sits below."""
    x, y = cell.center
    return (x, y - LABEL_LIFT * cell_mm) if marked else (x, y)


def mark_point(cell: StarCell, cell_mm: float) -> Point:
    """Where a mark sits: below the id."""
    x, y = cell.center
    return (x, y + MARK_DROP * cell_mm)


def handicap_text_mm(cell_mm: float) -> float:
    """A handicap number's size: a share of the cell, never under 5 pt (its circle grows with it)."""
    return max(HANDICAP_TEXT * cell_mm, READABLE_MM)


def letter_text(board: StarBoard, sector: int, fill: str = "#000000") -> Text:
    """Sector s's letter outside its corner, on the ray, clear of the outline."""
    size = size_mm(LETTER, board.cell_mm, LETTER_MAX_MM)
    x, y = board.at(sector, board.rings + OUTLINE_REACH + LETTER_GAP + size / 2 / board.cell_mm)
    letter = SECTORS[sector]
    if letter == "*":
        grow, middle = STAR_GLYPH
        return Text((x, y + middle * size * grow), letter, size * grow, fill, anchor="middle", bold=True, cls="sector")
    return centred_text((x, y), letter, size, fill, bold=True, cls="sector")


@lru_cache(maxsize=16)
def unit_extent(rings: int) -> Rect:
    """Everything the board draws (outline, edge, sector letters), for a 1 mm cell, in the board's frame."""
    board = StarBoard(rings, 1.0)
    box = Rect(0.0, 0.0, board.width, board.height).grown(EDGE / 2)
    for sector in range(SIDE_COUNT):
        box = box.union(bounds(letter_text(board, sector)))
    return box


@lru_cache(maxsize=16)
def label_share(rings: int) -> float:
    """Label size per mm of cell: the largest at which the widest id fits every cell where it may stand.

    Cells that may carry a mark (the peries, the handicap points) are checked
    with the id lifted too, whether or not this spec marks them.
    """
    board = StarBoard(rings, 1.0)
    width = max(text_width(cell.id, 1.0) for cell in board.cells)
    may_mark = set(handicap_points(rings))
    best = LABEL_MAX
    for cell in board.cells:
        for marked in {False, "peri" in cell.tags or cell.id in may_mark}:
            best = _largest_fit(cell.polygon, label_point(cell, 1.0, marked), width, best)
    return best


def label_box(at: Point, width: float, size: float) -> Rect:
    """The box a label of `width` (per unit size) at `size` covers, measured as scene.bounds measures text."""
    baseline = at[1] + MIDDLE * size
    return Rect.from_edges(at[0] - width * size / 2, baseline - ASCENT * size, at[0] + width * size / 2, baseline + DESCENT * size)


def _largest_fit(polygon: tuple[Point, ...], at: Point, width: float, upper: float) -> float:
    """The largest size up to `upper` whose label box, padded, lies inside the polygon (by halving)."""
    def fits(size: float) -> bool:
        return holds_rect(polygon, label_box(at, width, size).grown(LABEL_PAD))

    return largest(fits, 0.0, upper)
