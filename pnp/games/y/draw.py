"""Drawing Y's boards: the triangle with its side bands and coordinates, a Mudcrack Y board with its numbers and code.

These take what they draw (a placed board, a resolved style), never a spec, so
the pad (with a lighter style) and a position diagram call them as the board
page does. `tint` fills some cells (a diagram's highlight). A Mudcrack Y board's
numbers stand at the cells' centres, the point every cell's circle is measured
about: a stone on a cell covers its number, which a placed stone no longer needs.
Its code stands in the frame's empty top-left corner where it fits there (a
small board, a pad's or a diagram's, has no room for 5 pt words: its page's
facts line or caption names the board).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from pnp.boards.bands import side_bands
from pnp.boards.labels import triangle_labels
from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lines import grid_width
from pnp.boards.readable import Labels
from pnp.fonts import ASCENT, MIDDLE, text_width
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.board import YBoard
from pnp.games.y.look import BAND, CAPTION_SHARE, MITRE, SIDE_BAND, code_mm, number_mm
from pnp.games.y.rules import SIDES
from pnp.games.y.style import YStyle
from pnp.geometry.hexagon import SQRT3
from pnp.scene import Group, Paint, Polygon, Shape, Text
from pnp.texts import say

CODE_GAP = 0.25   # between the code's caption and the code, per code size
CODE_CLEAR = 1.0  # between the code and the left side's band, per band width


def board_group(board: YBoard, style: YStyle, coordinates: bool = True, tint: Mapping[str, str] | None = None,
                lettered: Collection[str] = (), labels: Labels | None = None) -> Group:
    """Either board where its origin puts it; a mudcrack cell's number gives way to a diagram's letter on the
    `lettered` cells. `labels`: a diagram's coordinates (pnp/boards/readable.py), None for the board's own (a
    mudcrack board's numbers print at 5 pt or more however small its cells)."""
    if isinstance(board, MudcrackBoard):
        return mudcrack_group(board, style, tint, lettered)
    return triangle_group(board, style, coordinates, tint, labels)


def cells_drawn(board: YBoard, style: YStyle, tint: Mapping[str, str] | None) -> list[Shape]:
    """Every cell, one element each, named by data-cell."""
    tints, width = tint or {}, grid_width(board.cell_mm, style)
    return [Polygon(cell.polygon, Paint(fill=tints.get(cell.id, style.cell_fill), stroke=style.grid, width=width),
                    cls="cell", data=(("cell", cell.id),)) for cell in board.cells]


def triangle_group(board: LatticeBoard, style: YStyle, coordinates: bool, tint: Mapping[str, str] | None,
                   labels: Labels | None = None) -> Group:
    """Bands under the cells (only their outer half shows), the cells, the coordinates round them."""
    colours = {side: style.side_color(side) for side in SIDES}
    shapes: list[Shape] = [*side_bands(board, colours, 2 * BAND * board.cell_mm), *cells_drawn(board, style, tint)]
    if coordinates:
        shapes.extend(triangle_labels(board, style.muted, labels))
    return Group(tuple(shapes), cls="board",
                 data=(("side", str(board.shape.size)), ("cell-mm", f"{board.cell_mm:.3f}")))


def mudcrack_group(board: MudcrackBoard, style: YStyle, tint: Mapping[str, str] | None = None,
                   lettered: Collection[str] = ()) -> Group:
    """The bands round the triangle, the cells, the board's edge, each cell's number at its centre, the code."""
    size = number_mm(board.cell_mm)
    numbers = [Text((cell.center[0], cell.center[1] + MIDDLE * size), cell.id, size, style.label, anchor="middle",
                    cls="label", data=(("number", cell.id),)) for cell in board.cells if cell.id not in lettered]
    edge = Polygon(board.corners, Paint(stroke=style.ink, width=2 * grid_width(board.cell_mm, style), join="round"), cls="edge")
    shapes = [*straight_bands(board, style), *cells_drawn(board, style, tint), edge, *numbers, *code_corner(board, style)]
    return Group(tuple(shapes), cls="board", data=(("cells", str(board.mud.count)), ("seed", str(board.mud.seed)),
                                                   ("code", board.code), ("cell-mm", f"{board.cell_mm:.3f}")))


def straight_bands(board: MudcrackBoard, style: YStyle) -> list[Shape]:
    """Each side's band outside the triangle, mitred where two meet so the colours part on the corner's bisector."""
    band = SIDE_BAND * board.side_mm
    out = ((0.0, -MITRE * band), (MITRE * band * SQRT3 / 2, band), (-MITRE * band * SQRT3 / 2, band))
    corners = board.corners   # apex, right foot, left foot: each moved MITRE band widths out along its bisector
    grown = [(x + dx, y + dy) for (x, y), (dx, dy) in zip(corners, out)]
    ends = {"left": (2, 0), "right": (0, 1), "bottom": (1, 2)}   # clockwise, as the sides run
    return [Polygon((corners[a], corners[b], grown[b], grown[a]), Paint(fill=style.side_color(side)),
                    cls=f"side side-{side}") for side, (a, b) in ends.items()]


def code_corner(board: MudcrackBoard, style: YStyle) -> tuple[Group, ...]:
    """The board code in the frame's empty top-left corner, under the words that say what it is; nothing where
    they would reach the left side's band."""
    size, words = code_mm(board.side_mm), say("y", "board.code_caption")
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
