"""Drawing a mudcrack board: its sides' bands, the cells, the board's edge, each cell's number, the board code.

This takes what it draws (a placed board, a style, the sides' colours, the code's
caption), never a spec, so a pad (with a lighter style) and a diagram call it as
the board page does. `tint` fills some cells (a diagram's highlight). The numbers
stand at the cells' centres, the point every cell's circle is measured about: a
stone on a cell covers its number, which a placed stone no longer needs. The code
stands in the frame's empty top-left corner where it fits there (a small board, a
pad's or a diagram's, has no room for 5 pt words: its page's facts line or
caption names the board).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from pnp.boards.lines import grid_width
from pnp.boards.mudcrack.look import CAPTION_SHARE, MITRE, SIDE_BAND, code_mm, number_mm
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.fonts import ASCENT, MIDDLE, text_width
from pnp.geometry.hexagon import SQRT3
from pnp.scene import Group, Paint, Polygon, Shape, Text

CODE_GAP = 0.25   # between the code's caption and the code, per code size
CODE_CLEAR = 1.0  # between the code and the left side's band, per band width


def cells_drawn(board: Any, style: Any, tint: Mapping[str, str] | None) -> list[Shape]:
    """Every cell, one element each, named by data-cell."""
    tints, width = tint or {}, grid_width(board.cell_mm, style)
    return [Polygon(cell.polygon, Paint(fill=tints.get(cell.id, style.cell_fill), stroke=style.grid, width=width),
                    cls="cell", data=(("cell", cell.id),)) for cell in board.cells]


def mudcrack_group(board: MudcrackBoard, style: Any, colours: Mapping[str, str], caption: str,
                   tint: Mapping[str, str] | None = None, lettered: Collection[str] = ()) -> Group:
    """The bands round the triangle (`colours`: each side's), the cells, the board's edge, each cell's number at
    its centre (in `style.label`; a diagram's letter stands instead on the `lettered` cells), the code under
    `caption`."""
    size = number_mm(board.cell_mm)
    numbers = [Text((cell.center[0], cell.center[1] + MIDDLE * size), cell.id, size, style.label, anchor="middle",
                    cls="label", data=(("number", cell.id),)) for cell in board.cells if cell.id not in lettered]
    edge = Polygon(board.corners, Paint(stroke=style.ink, width=2 * grid_width(board.cell_mm, style), join="round"),
                   cls="edge")
    shapes = [*straight_bands(board, colours), *cells_drawn(board, style, tint), edge, *numbers,
              *code_corner(board, style, caption)]
    return Group(tuple(shapes), cls="board", data=(("cells", str(board.mud.count)), ("seed", str(board.mud.seed)),
                                                   ("code", board.code), ("cell-mm", f"{board.cell_mm:.3f}")))


def straight_bands(board: MudcrackBoard, colours: Mapping[str, str]) -> list[Shape]:
    """Each side's band outside the triangle, mitred where two meet so the colours part on the corner's bisector."""
    band = SIDE_BAND * board.side_mm
    out = ((0.0, -MITRE * band), (MITRE * band * SQRT3 / 2, band), (-MITRE * band * SQRT3 / 2, band))
    corners = board.corners   # apex, right foot, left foot: each moved MITRE band widths out along its bisector
    grown = [(x + dx, y + dy) for (x, y), (dx, dy) in zip(corners, out)]
    ends = {"left": (2, 0), "right": (0, 1), "bottom": (1, 2)}   # clockwise, as the sides run
    return [Polygon((corners[a], corners[b], grown[b], grown[a]), Paint(fill=colours[side]),
                    cls=f"side side-{side}") for side, (a, b) in ends.items()]


def code_corner(board: MudcrackBoard, style: Any, words: str) -> tuple[Group, ...]:
    """The board code in the frame's empty top-left corner, under the words that say what it is; nothing where
    they would reach the left side's band."""
    size = code_mm(board.side_mm)
    x, y = board.origin
    bottom = y + (CAPTION_SHARE + CODE_GAP + ASCENT) * size   # the code's baseline: capitals and digits end there
    right = x + max(text_width(board.code, size, bold=True), text_width(words, CAPTION_SHARE * size))
    if _outside_left_side(board, (right, bottom)) < (1 + CODE_CLEAR) * SIDE_BAND * board.side_mm:
        return ()
    caption = Text((x, y + ASCENT * CAPTION_SHARE * size), words, CAPTION_SHARE * size, style.label)
    code = Text((x, bottom), board.code, size, style.ink, bold=True)
    return (Group((caption, code), cls="board-code", data=(("code", board.code),)),)


def _outside_left_side(board: MudcrackBoard, point: tuple[float, float]) -> float:
    """How far `point` lies outside the triangle's left side (negative inside), in mm."""
    apex, _, foot = board.corners
    along = ((apex[0] - foot[0]) / board.side_mm, (apex[1] - foot[1]) / board.side_mm)   # a unit vector up the side
    return along[1] * (point[0] - foot[0]) - along[0] * (point[1] - foot[1])
