"""A group of cells drawn as a chain: links between the centres of adjacent cells and a dot on each, on a casing.

    chain(board, cells, look, casing)   the group as one Group: casing first, then the line in `look` over it
    tree(board, cells)                  the links that reach every cell once, breadth first from the first

The casing (white, wider than the line) keeps the chain readable over stones
and pieces of any colour; `look` (positions/page.py's LineLook) may dash or
hollow the line so a black-and-white print tells two chains apart. Sizes are
shares of the board's cell. Any CellBoard will do: Asterisk's goals, the
winning chain of Hex or Y.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.boards.cells import CellBoard
from pnp.geometry.hexagon import Point
from pnp.positions.page import LineLook
from pnp.scene import Data, Group, Paint, Path, Shape

CHAIN = 0.11           # a chain's width, per cell
CASING = 0.05          # the white either side of it, per cell
DOT = 2.0              # the dot on each cell of a chain, per chain width


def tree(board: CellBoard, cells: Sequence[str]) -> list[tuple[str, str]]:
    """Links reaching every cell of a group once, breadth first from its first cell: no triangles to read past."""
    members, seen, links = set(cells), {cells[0]}, []
    frontier = [cells[0]]
    while frontier:
        here = frontier.pop(0)
        for near in board.by_id[here].neighbours:
            if near in members and near not in seen:
                seen.add(near)
                links.append((here, near))
                frontier.append(near)
    return links


def loop(board: CellBoard, cells: Sequence[str]) -> list[tuple[str, str]]:
    """Every link between two neighbouring cells of a ring, so the loop is drawn closed."""
    members = set(cells)
    return [(a, b) for a in cells for b in board.by_id[a].neighbours if b in members and a < b]


def chain(board: CellBoard, cells: Sequence[str], look: LineLook, casing: str, dy: float = 0.0, cls: str = "chain",
          data: Data = (), closed: bool = False) -> Group:
    """`cells` (a connected group) as a tree of links through all of them with a dot on each, moved `dy` mm down
    (two chains sharing cells are set apart so both show); `closed`: a ring, every neighbouring pair linked."""
    pairs = loop(board, cells) if closed else tree(board, cells)
    links = [_moved((board.by_id[a].center, board.by_id[b].center), dy) for a, b in pairs]
    dots = [_moved((board.by_id[c].center,) * 2, dy) for c in cells]  # a round cap on nothing: a dot per cell
    width, cased = CHAIN * board.cell_mm, 2 * CASING * board.cell_mm
    shapes: list[Shape] = []
    for runs, across in ((links, width), (dots, DOT * width)):
        shapes.append(Path(tuple(runs), Paint(stroke=casing, width=across + cased, cap="round", join="round")))
    for runs, across in ((links, width), (dots, DOT * width)):
        shapes += [Path(tuple(runs), paint) for paint in look.paints(across, "round", "round")]
    return Group(tuple(shapes), cls=cls, data=data)


def _moved(points: tuple[Point, ...], dy: float) -> tuple[Point, ...]:
    return tuple((x, y + dy) for x, y in points)
