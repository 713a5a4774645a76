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
from pnp.boards.lattice import LatticeBoard
from pnp.boards.lines import grid_width
from pnp.boards.readable import Labels
from pnp.boards.mudcrack.placed import MudcrackBoard
from pnp.games.y.board import YBoard
from pnp.games.y.look import BAND
from pnp.boards.mudcrack.draw import cells_drawn, mudcrack_group as layer_mudcrack
from pnp.games.y.rules import SIDES
from pnp.games.y.style import YStyle
from pnp.scene import Group, Shape
from pnp.texts import say



def board_group(board: YBoard, style: YStyle, coordinates: bool = True, tint: Mapping[str, str] | None = None,
                lettered: Collection[str] = (), labels: Labels | None = None) -> Group:
    """Either board where its origin puts it; a mudcrack cell's number gives way to a diagram's letter on the
    `lettered` cells. `labels`: a diagram's coordinates (pnp/boards/readable.py), None for the board's own (a
    mudcrack board's numbers print at 5 pt or more however small its cells)."""
    if isinstance(board, MudcrackBoard):
        return mudcrack_group(board, style, tint, lettered)
    return triangle_group(board, style, coordinates, tint, labels)


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
    """The layer's mudcrack board (pnp/boards/mudcrack/draw.py) in Y's side colours."""
    colours = {side: style.side_color(side) for side in SIDES}
    return layer_mudcrack(board, style, colours, say("y", "board.code_caption"), tint, lettered)
