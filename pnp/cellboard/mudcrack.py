"""The mudcrack board as a shape of the engine: a triangle cut into irregular cells, sized by its number of cells.

The board itself is the generator's (pnp/boards/mudcrack/): a (cells, seed,
version) names it for ever, a board code holds that name, and its cells, their
numbers 1 up ("rows as they look"; bands on version 1) and their neighbours
are taken as they are. The engine adds the names a definition's goals use,
the triangle's, so a Y-like definition's `connect: [sides]` reads the same on
either board:

- sides left, right, bottom: the sides a cell has an edge on;
- corners top, bottom-left, bottom-right: the cell holding that corner of the
  triangle (the generator promises one cell holds each, and no cell touches all
  three sides), which has an edge on the two sides meeting there.

A cell on a side touches the board's edge, so no ring surrounds it; a corner
kept apart (`corners: apart`) belongs to its corner alone, as on a lattice.
The board has no long diagonal, so the mirror pie rule means nothing on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from pnp.boards.cells import Cell
from pnp.boards.mudcrack.names import DEFAULT_SEED, LATEST, MAX_CELLS, MIN_CELLS, SIDES, MudName
from pnp.cellboard.graph import Graph, NamedCells, cell_groups, kind_sets
from pnp.cellboard.shapes import TRIANGLE_CORNERS, KindFacts
from pnp.geometry.hexagon import Point

if TYPE_CHECKING:   # the generator is loaded when a board is grown, not when a definition is read
    from pnp.boards.mudcrack.grow import Mudcrack
    from pnp.boards.mudcrack.placed import MudcrackBoard

MUDCRACK = "mudcrack"
RING_CELLS = 12   # from this many cells every board tried (seeds 0 to 59, both versions) holds a cell on no side for
                  # a ring to surround; with fewer, many hold none (tests/test_cellboard_mudcrack.py)


def _cells(n: int) -> int:
    """A mudcrack board's size is its number of cells."""
    return n


@dataclass(frozen=True)
class MudcrackKind(KindFacts):
    """The mudcrack board as a kind of shape: the triangle's groups, sizes from the generator's fewest cells to its
    most, no mirror. `smallest_ring` is the fewest cells from which a ring has a cell to surround (RING_CELLS)."""

    name: str = MUDCRACK
    sides: tuple[str, ...] = SIDES
    corners: tuple[tuple[str, tuple[str, str]], ...] = TRIANGLE_CORNERS
    count: Callable[[int], int] = _cells
    smallest: int = MIN_CELLS
    most: int | None = MAX_CELLS
    mirror: None = None
    smallest_ring: int = RING_CELLS


MUDCRACK_KIND = MudcrackKind()


@dataclass(frozen=True)
class MudcrackShapeBoard(NamedCells):
    """The mudcrack board of `size` cells grown from `seed` by generator `version`, its corners on their sides or
    apart; its cells are named by their numbers."""

    size: int
    seed: int = DEFAULT_SEED
    version: int = LATEST
    corners_on_sides: bool = True
    kind: MudcrackKind = MUDCRACK_KIND

    @cached_property
    def mud(self) -> Mudcrack:
        """The generator's board; MudcrackError for cells, a seed or a version out of range."""
        from pnp.boards.mudcrack.grow import mudcrack

        return mudcrack(self.size, self.seed, self.version)

    @property
    def name(self) -> MudName:
        return self.mud.name

    @property
    def code(self) -> str:
        """The board code that names this board."""
        from pnp.boards.mudcrack.code import encode

        return encode(*self.name)

    @cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(cell.id for cell in self.mud.cells)

    @cached_property
    def corner_cells(self) -> dict[str, int]:
        """Each corner's name -> the place of the cell holding that corner of the triangle, in the shape's order."""
        from pnp.boards.mudcrack.grow import CORNERS as TRIANGLE_POINTS, sides_at

        by_pair = {frozenset(pair): name for name, pair in self.kind.corners}
        found = {}
        for point in TRIANGLE_POINTS:
            holder = next(i for i, cell in enumerate(self.mud.cells) if point in cell.grid_polygon)
            found[by_pair[frozenset(sides_at(point))]] = holder
        return {name: found[name] for name in self.kind.corner_names}

    @cached_property
    def graph(self) -> Graph:
        """The board for the referee: the generator's neighbours, groups from the sides each cell has an edge on
        and the corner it holds."""
        place = {cell: i for i, cell in enumerate(self.ids)}
        corner = {i: name for name, i in self.corner_cells.items()}
        cells = self.mud.cells
        near = tuple(tuple(sorted(place[other] for other in cell.neighbours)) for cell in cells)
        groups = tuple(cell_groups(cell.sides, corner.get(i), self.corners_on_sides) for i, cell in enumerate(cells))
        return Graph(self.ids, near, groups, tuple(bool(cell.sides) for cell in cells), self.kind.groups,
                     kind_sets(self.kind))

    @property
    def mirror_places(self) -> tuple[int, ...]:
        raise ValueError(f"a {self.kind.name} board has no long diagonal to mirror a stone in")

    def __reduce__(self) -> tuple[object, tuple[int, int, int, bool]]:
        """Pickled as what names it: the board is grown again (once, cached) where it is unpickled."""
        return (mudcrack_board, (self.size, self.seed, self.version, self.corners_on_sides))


@lru_cache(maxsize=16)
def mudcrack_board(cells: int, seed: int = DEFAULT_SEED, version: int = LATEST,
                   corners_on_sides: bool = True) -> MudcrackShapeBoard:
    """The board (cells, seed, version), grown once however many positions are judged or boards drawn on it."""
    return MudcrackShapeBoard(cells, seed, version, corners_on_sides)


@dataclass(frozen=True)
class PlacedMudcrack:
    """A mudcrack shape board placed in mm (the layer's MudcrackBoard: its smallest cell holds a `cell_mm` circle),
    meeting the CellBoard protocol; each cell's `tags` are the corner it holds, as on a placed lattice shape."""

    board: MudcrackShapeBoard
    cell_mm: float
    origin: Point = (0.0, 0.0)

    @cached_property
    def placed(self) -> MudcrackBoard:
        from pnp.boards.mudcrack.placed import MudcrackBoard

        return MudcrackBoard(self.board.mud, self.cell_mm, self.origin)

    @property
    def width(self) -> float:
        return self.placed.width

    @property
    def height(self) -> float:
        return self.placed.height

    @property
    def code(self) -> str:
        return self.board.code

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Cell 1 to N in mm, with the sides they belong to and the corner they are."""
        board = self.board
        return tuple(Cell(drawn.id, drawn.center, drawn.polygon, drawn.neighbours, board.sides_of(i),
                          board.corner_of(i)) for i, drawn in enumerate(self.placed.cells))

    @cached_property
    def by_id(self) -> dict[str, Cell]:
        return {cell.id: cell for cell in self.cells}

    def side_outline(self, name: str) -> tuple[Point, ...]:
        """One side of the triangle, corner to corner, clockwise round the board."""
        return self.placed.side_outline(name)

    @cached_property
    def corners(self) -> dict[str, Cell]:
        """Each corner's cell, in the shape's order of corners."""
        return {name: self.cells[i] for name, i in self.board.corner_cells.items()}
