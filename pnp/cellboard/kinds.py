"""Every board shape a definition may name, lattice or not, and the board each makes at a size.

The lattice's rhombus, triangle and hexagon (shapes.py) are made from a size
alone; the mudcrack board (mudcrack.py) from its cells, a seed and the
generator's version, which the lattice shapes do not take. `board_of` is the
one place that tells them apart, so the definitions and their checks ask for
a board without knowing which kind it is.
"""

from __future__ import annotations

from pnp.boards.mudcrack.names import DEFAULT_SEED, LATEST
from pnp.cellboard.graph import ShapeBoard, shape_board
from pnp.cellboard.ids import IdScheme
from pnp.cellboard.mudcrack import MUDCRACK_KIND, MudcrackKind, MudcrackShapeBoard, mudcrack_board
from pnp.cellboard.shapes import SHAPES, ShapeKind

Kind = ShapeKind | MudcrackKind
RulesBoard = ShapeBoard | MudcrackShapeBoard   # what the referee, the pie rule and records need of a board
KINDS: dict[str, Kind] = {**SHAPES, MUDCRACK_KIND.name: MUDCRACK_KIND}


def seeded(shape: str) -> bool:
    """Whether the shape's boards are picked by a seed as well as a size (the mudcrack board)."""
    return isinstance(KINDS.get(shape), MudcrackKind)


def kind_of(name: str) -> Kind:
    """The shape of that name; ValueError naming the shapes there are."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a board shape; use one of: {', '.join(KINDS)}") from None


def board_of(shape: str, size: int, scheme: IdScheme, corners_on_sides: bool = True, seed: int | None = None,
             version: int | None = None) -> RulesBoard:
    """The board of that shape and size; a mudcrack board is the one `seed` grows (omitted: DEFAULT_SEED) by
    generator `version` (omitted: the latest) and names its cells by number whatever `scheme`. A seed or a version
    for a lattice shape is a ValueError: it would be silently ignored."""
    if isinstance(kind_of(shape), MudcrackKind):   # ValueError for a shape there is not
        return mudcrack_board(size, DEFAULT_SEED if seed is None else seed, LATEST if version is None else version,
                              corners_on_sides)
    if seed is not None or version is not None:
        raise ValueError(f"a {shape} is made from its size alone; only a mudcrack board takes a seed or a version")
    return shape_board(shape, size, scheme, corners_on_sides)
