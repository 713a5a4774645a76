"""Drawing a definition's board: its sides in their owners' colours, its corners, the cells, the coordinates.

Who owns a side is read from the goals: a side that only one player's goals
name is that player's; every other side is shared, and shared sides take turns
of two colours clockwise round the board (a third for the last of an odd
number), so neighbouring sides differ. Corner cells are tinted and their outer
edge drawn dark where a goal names a corner or the corners lie apart from the
sides. This takes what it draws (a placed board, a resolved style), never a
spec, so the pad and a diagram call it as the board page does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from pnp.boards.bands import side_bands
from pnp.boards.lines import grid_width
from pnp.cellboard.graph import stepped
from pnp.cellboard.placed import PlacedBoard
from pnp.definitions.engine import StoneGame
from pnp.games.stones.game import stone_game
from pnp.games.stones.look import BAND, SAVER_BAND, coordinate_labels
from pnp.games.stones.style import DefinedStyle
from pnp.boards.readable import Labels
from pnp.geometry.hexagon import SQRT3, Point
from pnp.scene import Group, Paint, Polygon, Polyline, Shape

EDGE = 1 / SQRT3                # a cell's edge, in cells
DASH = (0.75 * EDGE, 0.25 * EDGE)   # a dashed side (look.dashed): an edge's three quarters drawn, a quarter not


@dataclass(frozen=True)
class Extras:
    """What a definition's board draws besides its cells: whose game it is, and whether coordinates are shown."""

    key: str
    coordinates: bool

    @property
    def game(self) -> StoneGame:
        return stone_game(self.key)


@dataclass(frozen=True)
class Owners:
    """Each side's owner (a player, or None: shared), and whether the corners are marked."""

    game: StoneGame

    @cached_property
    def sides(self) -> dict[str, str | None]:
        kind = self.game.definition.board.kind
        aiming: dict[str, set[str]] = {side: set() for side in kind.sides}
        for goal in self.game.goals:
            for group in goal.groups:
                if group in aiming:
                    aiming[group] |= set(goal.players or self.game.players)
        return {side: next(iter(players)) if len(players) == 1 else None for side, players in aiming.items()}

    @cached_property
    def corners_marked(self) -> bool:
        kind = self.game.definition.board.kind
        named = any(group in kind.corner_names for goal in self.game.goals for group in goal.groups)
        return named or not self.game.definition.board.corners_on_sides

    def colours(self, order: list[str], style: DefinedStyle) -> dict[str, str]:
        """Each side's band colour, in the order the bands are drawn: the first player's sides, the second's (each
        in the shape's order of sides), then the shared ones, taking turns of colour in clockwise `order`."""
        own = {self.game.players[0]: style.first_sides, self.game.players[1]: style.second_sides}
        shared = [side for side in order if self.sides[side] is None]
        turns = [style.shared_sides, style.other_shared_sides]
        found = {side: turns[i % 2] for i, side in enumerate(shared)}
        if len(shared) % 2 and len(shared) > 1:
            found[shared[-1]] = style.third_shared_sides
        kind = self.game.definition.board.kind
        owned = {side: own[player] for player in self.game.players for side in kind.sides if self.sides[side] == player}
        return {**owned, **found}

    def dashes(self) -> dict[str, tuple[float, ...]]:
        """The sides of the players `look.dashed` names: a dash an edge (three quarters drawn), in cells."""
        dashed = self.game.definition.look.dashed
        return {side: DASH for side, owner in self.sides.items() if owner is not None and owner in dashed}


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


def board_group(board: PlacedBoard, style: DefinedStyle, extras: Extras, tint: Mapping[str, str] | None = None,
                coordinates: bool | None = None, labels: Labels | None = None) -> Group:
    """The board where its origin puts it: bands under the cells, the cells (corners tinted), corner edges over
    the bands, the coordinates; `tint` fills some cells (id -> colour), as a diagram highlights them; `labels`: a
    diagram's coordinates (pnp/boards/readable.py), None for the board's own."""
    owners = Owners(extras.game)
    fills = dict(tint or {})
    width = 2 * BAND * board.cell_mm * (SAVER_BAND if style.saver else 1.0)
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
                 data=(("size", str(board.board.size)), ("cell-mm", f"{board.cell_mm:.3f}")))
