"""Drawing the Hex board: each side in its owner's colour, the cells, the coordinates along all four edges.

This takes what it draws (a placed board, a resolved style), never a spec, so the
pad and a rules diagram call it as the board page does.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.boards.bands import side_bands
from pnp.boards.lattice import LatticeBoard
from pnp.boards.lines import grid_width
from pnp.boards.readable import Labels
from pnp.games.hex.look import BAND, SAVER_BAND, column_labels, row_labels
from pnp.games.hex.rules import OWNER, SIDES
from pnp.games.hex.style import HexStyle
from pnp.geometry.hexagon import SQRT3
from pnp.scene import Group, Paint, Polygon, Shape

EDGE = 1 / SQRT3                # a cell's edge, in cells: the band's zigzag is made of these
# Red's sides a dash an edge, Blue's solid, so the two differ in black and white too (and as the ink saver's thin lines)
DASHES: dict[str, tuple[float, ...]] = {"red": (0.75 * EDGE, 0.25 * EDGE), "blue": ()}


def bands(board: LatticeBoard, style: HexStyle) -> list[Shape]:
    """Red's sides (top, bottom) and Blue's (left, right) along the outer edges, under the cells."""
    width = 2 * BAND * board.cell_mm * (SAVER_BAND if style.saver else 1.0)
    return side_bands(board, {side: style.side_color(OWNER[side]) for side in SIDES}, width,
                      {side: DASHES[OWNER[side]] for side in SIDES})


def board_group(board: LatticeBoard, style: HexStyle, coordinates: bool, tint: Mapping[str, str] | None = None,
                labels: Labels | None = None) -> Group:
    """The board where its origin puts it; `tint` fills some cells (id -> colour), as a diagram highlights them;
    `labels`: a diagram's coordinates (pnp/boards/readable.py), None for the board's own."""
    fills = tint or {}
    line = grid_width(board.cell_mm, style)
    shapes: list[Shape] = bands(board, style)
    shapes += [Polygon(cell.polygon, Paint(fill=fills.get(cell.id, style.cell_fill), stroke=style.grid, width=line),
                       cls="cell", data=(("cell", cell.id),)) for cell in board.cells]
    if coordinates:
        shapes += [*row_labels(board, style.label, labels), *column_labels(board, style.label, labels)]
    return Group(tuple(shapes), cls="board", data=(("size", str(board.shape.size)), ("cell-mm", f"{board.cell_mm:.3f}")))
