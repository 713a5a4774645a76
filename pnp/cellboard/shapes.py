"""The board shapes a game definition may name, with the boundary groups shared/DESIGN.md gives each.

A shape is a `LatticeShape` (pnp/boards/lattice/shapes.py: the cells inside straight
sides, in rows) plus its named corners, the cell where two sides meet:

- rhombus: sides top, bottom, left, right; corners top-left, top-right,
  bottom-left, bottom-right (Hex's board: columns lean down to the right);
- triangle: sides left, right, bottom; corners top, bottom-left, bottom-right;
- hexagon: sides side-1 .. side-6 and corners corner-1 .. corner-6, clockwise
  from the top-left corner: corner-1 joins side-6 and side-1, side-1 is the top
  row (rows run across the page, so the hexagon has a flat top and bottom and
  corners at its left and right, corner-3 and corner-6).

On every shape `sides` names the set of its sides and `corners` the set of its
corners. What a shape allows is worked out from its cells, never typed in: the
smallest size on which a ring can surround a cell, and (the rhombus only) the
reflection in the long diagonal that the mirror pie rule uses.

The mudcrack board (pnp/cellboard/mudcrack.py) is a shape too, though no
lattice one: what a definition's checks ask of any shape (`KindFacts`) is
written here once for both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.boards.lattice.shapes import Hex, LatticeShape, StraightSide, hexagon, rhombus, triangle

SIDES, CORNERS = "sides", "corners"   # the two sets every shape names
GROUP_SETS = (SIDES, CORNERS)
SMALLEST_SIZE = 2                     # a size-1 board is one cell: no sides to tell apart, no game
MOST_CELLS = 10_000                   # the most cells a definition's largest board may hold (shared/DESIGN.md)


def _hexagon(n: int) -> LatticeShape:
    """The lattice's hexagon with its sides named side-1 .. side-6, clockwise from the top row."""
    around = hexagon(n)
    names = tuple(f"side-{k}" for k in range(1, len(around.sides) + 1))
    sides = tuple(StraightSide(name, s.form, s.bound) for name, s in zip(names, around.sides))
    return LatticeShape("hexagon", n, sides, around.rows)


def _hexagon_corners() -> tuple[tuple[str, tuple[str, str]], ...]:
    """corner-k joins side-(k-1) and side-k; corner-1 joins side-6 and side-1 (the top row's left end)."""
    sides = [side.name for side in _hexagon(SMALLEST_SIZE).sides]
    return tuple((f"corner-{k}", (sides[k - 2], sides[k - 1])) for k in range(1, len(sides) + 1))


def hexes(shape: LatticeShape) -> list[Hex]:
    """Every cell of a lattice shape as an axial point, in reading order (rows top to bottom, each left to right)."""
    return [(q, r) for _, r, low, high in shape.row_spans for q in range(low, high + 1)]


def off_every_side(shape: LatticeShape, h: Hex) -> bool:
    """Whether a cell of the shape lies on none of its sides: all six of its neighbours are cells of the shape."""
    return all(side.slack(*h) > 0 for side in shape.sides)


def _long_diagonal(h: Hex) -> Hex:
    """The reflection in a rhombus's long diagonal, a1 to the opposite corner: column and row trade places."""
    return (h[1], h[0])


class KindFacts:
    """What every shape kind tells a definition from its names alone: its groups, what a name stands for, the
    largest size within the bound on cells, and its groups' images in a mirror. A kind gives `name`, `sides`,
    `corners`, `count`, `smallest` and `mirror`; the lattice's (ShapeKind) and the mudcrack board's
    (pnp/cellboard/mudcrack.py) alike."""

    name: str
    sides: tuple[str, ...]
    corners: tuple[tuple[str, tuple[str, str]], ...]   # corner name -> the two sides it joins
    count: Callable[[int], int]                        # cells at a size, without making them
    smallest: int                                      # the smallest size the shape has
    most: int | None                                   # the largest it has (None: as many cells as pnp draws)
    mirror: Callable[[Hex], Hex] | None

    @property
    def corner_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.corners)

    @property
    def groups(self) -> tuple[str, ...]:
        """Every group a goal may name: the sides, then the corners."""
        return (*self.sides, *self.corner_names)

    def members(self, name: str) -> tuple[str, ...]:
        """The groups a name stands for: a set's groups, or the group itself."""
        return {SIDES: self.sides, CORNERS: self.corner_names}.get(name, (name,))

    def largest_size(self, most_cells: int = MOST_CELLS) -> int:
        """The largest size the shape has whose board holds at most `most_cells` cells."""
        n = self.smallest
        while self.count(n + 1) <= most_cells and (self.most is None or n < self.most):
            n += 1
        return n

    @property
    def mirrored_groups(self) -> Mapping[str, str]:
        """Each group -> its image in the mirror (the sets map to themselves); empty for a shape without one."""
        return {}


@dataclass(frozen=True)
class ShapeKind(KindFacts):
    """One lattice shape a definition may name: how to make it at a size, its corners, how many cells it holds, and
    the reflection the mirror pie rule uses (None: the shape has no long diagonal)."""

    name: str
    make: Callable[[int], LatticeShape]
    corners: tuple[tuple[str, tuple[str, str]], ...]   # corner name -> the two sides it joins
    count: Callable[[int], int]                        # cells at a size, without making them
    mirror: Callable[[Hex], Hex] | None = None
    smallest: int = SMALLEST_SIZE
    most: int | None = None

    @cached_property
    def sides(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(side.name for side in self.make(SMALLEST_SIZE).sides)

    @cached_property
    def smallest_ring(self) -> int:
        """The smallest size holding a cell on no side, where a ring first means something.

        A ring is a loop of stones round at least one cell (shared/GAMES.md). A cell
        on a side touches the board's edge, which no loop closes off; a cell on no
        side has all six neighbours on the board, and those six are a loop round it.
        So a ring can be made exactly where such a cell exists: the rhombus from
        size 3, the triangle from side 4 (side 3 is all edge), the hexagon from
        size 2 (its centre, with the six cells round it)."""
        n = SMALLEST_SIZE
        while not any(off_every_side(self.make(n), h) for h in hexes(self.make(n))):
            n += 1
        return n

    @cached_property
    def mirrored_groups(self) -> Mapping[str, str]:  # type: ignore[override]
        """Each group -> its image in the mirror (the sets map to themselves); empty for a shape without one."""
        if self.mirror is None:
            return {}
        sides = self.make(SMALLEST_SIZE).sides
        image = {s.name: next(t.name for t in sides if t.form == self.mirror(s.form) and t.bound == s.bound)
                 for s in sides}
        by_pair = {frozenset(pair): name for name, pair in self.corners}
        corners = {name: by_pair[frozenset(image[side] for side in pair)] for name, pair in self.corners}
        return {**image, **corners, SIDES: SIDES, CORNERS: CORNERS}


TRIANGLE_CORNERS = (("top", ("left", "right")), ("bottom-left", ("left", "bottom")),
                    ("bottom-right", ("right", "bottom")))


SHAPES: dict[str, ShapeKind] = {kind.name: kind for kind in (
    ShapeKind("rhombus", rhombus,
              (("top-left", ("top", "left")), ("top-right", ("top", "right")),
               ("bottom-left", ("bottom", "left")), ("bottom-right", ("bottom", "right"))),
              lambda n: n * n, _long_diagonal),
    ShapeKind("triangle", triangle, TRIANGLE_CORNERS, lambda n: n * (n + 1) // 2),
    ShapeKind("hexagon", lru_cache(maxsize=64)(_hexagon), _hexagon_corners(), lambda n: 3 * n * n - 3 * n + 1),
)}


def shape_kind(name: str) -> ShapeKind:
    """The shape of that name; ValueError naming the shapes there are."""
    try:
        return SHAPES[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a board shape; use one of: {', '.join(SHAPES)}") from None
