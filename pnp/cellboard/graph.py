"""A board as the rules see it, and the boards a definition's shape makes at each size.

`Graph` holds any board of cells (a lattice shape, or any cell map where cells
meet three at a corner, as a mud-crack board): its cells in board order, each
one's neighbours (board places, ascending, so board order breaks every tie),
the named groups it belongs to, and whether it touches the board's edge (no
ring can surround such a cell). Cells are worked with by place, ids only at the
edges. `ShapeBoard` is one lattice shape at one size, its cells named by one id
scheme, its corners on their sides or apart from them: it makes the Graph,
maps the mirror pie rule's reflection, and is placed in mm by placed.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.boards.lattice.shapes import STEPS, Hex, LatticeShape
from pnp.cellboard.ids import IdScheme
from pnp.cellboard.shapes import CORNERS, SIDES, KindFacts, ShapeKind, hexes, shape_kind


def stepped(h: Hex) -> list[Hex]:
    """The six axial points next to `h`, in edge order (lattice/shapes.py's `STEPS`), on the board or off it."""
    return [(h[0] + dq, h[1] + dr) for dq, dr in STEPS]


@dataclass(frozen=True)
class Graph:
    """A board indexed once: cells by place in board order, with neighbours, groups and border."""

    ids: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]   # ascending
    groups: tuple[frozenset[str], ...]        # the named groups each cell lies in
    border: tuple[bool, ...]                  # the cell touches the board's edge
    names: tuple[str, ...]                    # every group the board names, in its order (sides, then corners)
    sets: Mapping[str, tuple[str, ...]]       # `sides` and `corners`: the groups each set holds

    @cached_property
    def index(self) -> dict[str, int]:
        return {cell: i for i, cell in enumerate(self.ids)}

    @cached_property
    def bits(self) -> dict[str, int]:
        """Each group's bit: a set of groups is an int, so a group of stones gathers what it touches by `|`."""
        return {name: 1 << i for i, name in enumerate(self.names)}

    @cached_property
    def masks(self) -> tuple[int, ...]:
        """Each cell's groups as bits."""
        bits = self.bits
        return tuple(sum(bits[name] for name in groups) for groups in self.groups)

    def mask(self, names: Iterable[str]) -> int:
        """Groups (or sets of groups) as bits."""
        return sum({self.bits[group] for name in names for group in self.sets.get(name, (name,))})

    def members(self, name: str) -> tuple[int, ...]:
        """The cells of a group, ascending."""
        return tuple(i for i, groups in enumerate(self.groups) if name in groups)

    def place(self, cell: str) -> int:
        """A cell's place in board order; ValueError for an id the board does not hold."""
        try:
            return self.index[cell]
        except KeyError:
            raise ValueError(f"{cell!r} is not a cell of this board") from None


def graph_of(order: Sequence[str], neighbours: Mapping[str, Iterable[str]], groups: Mapping[str, Iterable[str]],
             border: Iterable[str], sets: Mapping[str, Sequence[str]] | None = None) -> Graph:
    """Any board given by ids: its cells in board order, their neighbours, the groups each lies in, the cells on its
    edge. Refuses a repeated cell, an unknown neighbour, or adjacency that does not go both ways."""
    ids = tuple(order)
    index = {cell: i for i, cell in enumerate(ids)}
    if len(index) != len(ids):
        raise ValueError("a cell appears twice in the board order")
    near = []
    for cell in ids:
        unknown = [other for other in neighbours.get(cell, ()) if other not in index]
        if unknown:
            raise ValueError(f"{unknown[0]!r}, a neighbour of {cell!r}, is not a cell of this board")
        near.append(tuple(sorted(index[other] for other in neighbours.get(cell, ()))))
    for i, others in enumerate(near):
        for j in others:
            if i not in near[j]:
                raise ValueError(f"{ids[i]!r} lists {ids[j]!r} as a neighbour but not the other way round")
    names = tuple(dict.fromkeys(name for cell in ids for name in groups.get(cell, ())))
    edge = set(border)
    return Graph(ids, tuple(near), tuple(frozenset(groups.get(cell, ())) for cell in ids),
                 tuple(cell in edge for cell in ids), names, dict(sets or {}))


def cell_groups(on: Sequence[str], corner: str | None, corners_on_sides: bool) -> frozenset[str]:
    """The groups of a cell on the sides `on`, which is `corner` (or no corner): a corner kept apart from the
    sides belongs to itself alone."""
    kept = tuple(on) if corner is None or corners_on_sides else ()
    return frozenset(kept + ((corner,) if corner else ()))


def kind_sets(kind: KindFacts) -> dict[str, tuple[str, ...]]:
    """The two sets every shape names, `sides` and `corners`, with their groups."""
    return {SIDES: kind.sides, CORNERS: kind.corner_names}


class NamedCells:
    """What a board of some shape kind tells of one cell by its place: the sides it belongs to, the corner it is."""

    kind: KindFacts
    graph: Graph

    def sides_of(self, i: int) -> tuple[str, ...]:
        """The sides cell `i` belongs to, in the shape's order (none for a corner kept apart)."""
        groups = self.graph.groups[i]
        return tuple(name for name in self.kind.sides if name in groups)

    def corner_of(self, i: int) -> tuple[str, ...]:
        """The corner cell `i` is, as a one-name tuple, or ()."""
        groups = self.graph.groups[i]
        return tuple(name for name in self.kind.corner_names if name in groups)


@dataclass(frozen=True)
class ShapeBoard(NamedCells):
    """One lattice shape at one size, named by one id scheme; corners on their sides (Hex, Y) or apart."""

    kind: ShapeKind
    size: int
    scheme: IdScheme
    corners_on_sides: bool = True

    @cached_property
    def shape(self) -> LatticeShape:
        return self.kind.make(self.size)

    @cached_property
    def hexes(self) -> tuple[Hex, ...]:
        """Each cell's axial point, in board order."""
        return tuple(hexes(self.shape))

    @cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.scheme.names(self.shape))

    @cached_property
    def graph(self) -> Graph:
        """The board for the referee: neighbours from the lattice's six steps, groups from the sides each cell lies
        on (a cell on two is the corner between them)."""
        place = {h: i for i, h in enumerate(self.hexes)}
        near = tuple(tuple(sorted(place[s] for s in stepped(h) if s in place)) for h in self.hexes)
        corner_of = {frozenset(pair): name for name, pair in self.kind.corners}
        groups, border = [], []
        for h in self.hexes:
            on = tuple(side.name for side in self.shape.sides if side.slack(*h) == 0)
            corner = corner_of.get(frozenset(on)) if len(on) == 2 else None
            groups.append(cell_groups(on, corner, self.corners_on_sides))
            border.append(bool(on))
        return Graph(self.ids, near, tuple(groups), tuple(border), self.kind.groups, kind_sets(self.kind))

    def __reduce__(self) -> tuple[object, tuple[str, int, IdScheme, bool]]:
        """Pickled as what makes it (a kit crosses to the build's worker process): its shape kind holds functions."""
        return (shape_board, (self.kind.name, self.size, self.scheme, self.corners_on_sides))

    @cached_property
    def mirror_places(self) -> tuple[int, ...]:
        """Each cell's place -> its image's in the shape's mirror; ValueError for a shape without one."""
        if self.kind.mirror is None:
            raise ValueError(f"a {self.kind.name} has no long diagonal to mirror a stone in")
        place = {h: i for i, h in enumerate(self.hexes)}
        return tuple(place[self.kind.mirror(h)] for h in self.hexes)


@lru_cache(maxsize=64)
def shape_board(shape: str, size: int, scheme: IdScheme, corners_on_sides: bool = True) -> ShapeBoard:
    """The board of that shape and size, made once however many positions are judged or boards drawn on it."""
    return ShapeBoard(shape_kind(shape), size, scheme, corners_on_sides)
