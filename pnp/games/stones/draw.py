"""Drawing a definition's board: its sides in their owners' colours, its corners, the cells, the coordinates.

Who owns a side, and whether corners are marked, is owners.py's. This takes what it draws (a placed board, a resolved style), never a
spec, so the pad and a diagram call it as the board page does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from pnp.boards.bands import side_bands
from pnp.boards.lines import grid_width
from pnp.boards.mudcrack.draw import mudcrack_group
from pnp.cellboard.mudcrack import PlacedMudcrack
from pnp.cellboard.graph import stepped
from pnp.cellboard.placed import PlacedBoard
from pnp.definitions.engine import StoneGame
from pnp.games.stones.game import stone_game
from pnp.games.stones.look import BAND, coordinate_labels
from pnp.games.stones.owners import Owners
from pnp.games.stones.style import DefinedStyle
from pnp.boards.label_room import Labels
from pnp.geometry.hexagon import Point
from pnp.scene import Group, Paint, Polygon, Polyline, Shape
from pnp.texts import say



@dataclass(frozen=True)
class Extras:
    """What a definition's board draws besides its cells: whose game it is, and whether coordinates are shown."""

    key: str
    coordinates: bool

    @property
    def game(self) -> StoneGame:
        return stone_game(self.key)


def clockwise(board: PlacedBoard) -> list[str]:
    """The shape's sides in the order the outline meets them, clockwise."""
    return list(dict.fromkeys(name for _, _, names in board.board.shape.outline for name in names))


def corner_edges(board: PlacedBoard, cell_index: int) -> tuple[Point, ...]:
    """A corner cell's outer edges as one line, clockwise."""
    cells, shape = board.cells, board.board
    h = shape.hexes[cell_index]
    inside = set(shape.hexes)
    outer = [s not in inside for s in stepped(h)]
    edges = len(outer)
    start = next(k for k in range(edges) if outer[k] and not outer[k - 1])
    polygon = cells[cell_index].polygon
    points = [polygon[start]]
    k = start
    while outer[k % edges] and len(points) <= edges:
        points.append(polygon[(k + 1) % edges])
        k += 1
    return tuple(points)


def board_group(board: PlacedBoard | PlacedMudcrack, style: DefinedStyle, extras: Extras,
                tint: Mapping[str, str] | None = None, coordinates: bool | None = None, labels: Labels | None = None,
                lettered: Collection[str] = ()) -> Group:
    """The board where its origin puts it: bands under the cells, the cells (corners tinted), corner edges over
    the bands, the coordinates; `tint` fills some cells (id -> colour), as a diagram highlights them; `labels`: a
    diagram's coordinates (pnp/boards/readable.py), None for the board's own. A board grown from a seed is the
    layer's drawing (pnp/boards/mudcrack/draw.py: numbers in the cells, but on the `lettered` ones, and its code)."""
    owners = Owners(extras.game)
    if isinstance(board, PlacedMudcrack):
        sides = list(extras.game.definition.board.kind.sides)
        return mudcrack_group(board.placed, style, owners.colours(sides, style), say("stones", "board.code_caption"),
                              tint, lettered)
    fills = dict(tint or {})
    width = 2 * BAND * board.cell_mm * (extras.game.definition.look.saver_band if style.saver else 1.0)
    shapes: list[Shape] = list(side_bands(board.lattice, owners.colours(clockwise(board), style), width,
                                          owners.dashes()))
    corners = [i for i, cell in enumerate(board.cells) if cell.tags] if owners.corners_marked else []
    corner_ids = {board.cells[i].id for i in corners}
    line = grid_width(board.cell_mm, style)
    shapes += [Polyline(corner_edges(board, i), Paint(stroke=style.corners, width=width, join="round"),
                        cls=f"corner corner-{board.cells[i].tags[0]}") for i in corners]
    shapes += [Polygon(cell.polygon, Paint(fill=fills.get(cell.id, style.corner_fill if cell.id in corner_ids
                                                          else style.cell_fill), stroke=style.grid, width=line),
                       cls="cell", data=(("cell", cell.id),)) for cell in board.cells]
    if extras.coordinates if coordinates is None else coordinates:
        shapes += coordinate_labels(board, style.label, extras.game.definition.look.coordinates, labels)
    return Group(tuple(shapes), cls="board",
                 data=((extras.game.size_key, str(board.board.size)), ("cell-mm", f"{board.cell_mm:.3f}")))
