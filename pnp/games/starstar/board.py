"""The *Star board's geometry: rings of cells around the bridge in a pentagon. Pure; nothing here draws.

A cell is addressed (sector, ring, offset) = (s, k, j): sector index into
SECTORS, ring 1..R, offset 0..k-1 clockwise from the sector's ray. In its
sector's lattice the cell is the point a·u_s + b·u_{s+1} with a = k - j, b = j
(u_s the unit vector along ray s, rays 72 degrees apart), which is how
shared/GAMES.md defines adjacency; the point (0, 0) is the bridge. Coordinates
are in the board's own frame: mm, y down, origin at the top-left of the
outline's bounding box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from pnp.boards.cells import Cell
from pnp.games.starstar.rules import SECTORS, ring_digit, ring_of_digit
from pnp.geometry.dual import Triangle, dual_polygons
from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import regular_polygon

Address = tuple[int, int, int]   # (sector index, ring, offset)
BRIDGE = "bridge"
SIDE_COUNT = len(SECTORS)
SECTOR_DEG = 360.0 / SIDE_COUNT
TOP = SECTORS.index("A")         # A's corner points straight up
LATTICE_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

OUTLINE_REACH = 2 / 3   # the outline's corners lie this many cells beyond the corner cells' centres
BRIDGE_WAIST = 0.37     # the bridge's notches, in cells from the centre (a triangle's centroid is at 0.54)
BRIDGE_TIP = 0.7       # its points, along the rays, leaving ring 1 room for a label


# --- notation and adjacency ------------------------------------------------------------------


def cell_id(address: Address) -> str:
    s, k, j = address
    return f"{SECTORS[s]}{ring_digit(k)}{j}"


def parse_id(text: str) -> Address:
    """`S63` -> (1, 6, 3); ValueError if it names no cell of any board."""
    if len(text) != 3 or text[0] not in SECTORS or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a *Star cell id (sector letter, ring digit, offset digit)")
    k, j = ring_of_digit(text[1]), int(text[2])
    if j >= k:
        raise ValueError(f"{text!r}: ring {k} has offsets 0 to {k - 1}")
    return (SECTORS.index(text[0]), k, j)


def addresses(rings: int) -> list[Address]:
    """Every cell, ring by ring from the centre, sectors in order, offsets clockwise."""
    return [(s, k, j) for k in range(1, rings + 1) for s in range(SIDE_COUNT) for j in range(k)]


def lattice_address(s: int, a: int, b: int) -> Address | None:
    """The cell at lattice point (a, b) of sector s's lattice; None for the bridge.

    A point with b = -1 lies across ray s and is read in the previous sector's
    lattice, where ray s is the b-axis; a point with a = 0 is the next sector's ray cell.
    """
    if b < 0:
        return lattice_address((s - 1) % SIDE_COUNT, -b, a + b)
    if a == 0 and b == 0:
        return None
    if a == 0:
        return ((s + 1) % SIDE_COUNT, b, 0)
    return (s, a + b, b)


def neighbours(rings: int, address: Address) -> list[Address | None]:
    """The cells one lattice step away that the board has (None: the bridge), clockwise from outwards."""
    s, k, j = address
    a, b = k - j, j
    found = [lattice_address(s, a + da, b + db) for da, db in LATTICE_STEPS]
    return [n for n in found if n is None or n[1] <= rings]


def sides_of(rings: int, address: Address) -> tuple[str, ...]:
    """The perimeter edges a cell lies on, named by the corner each starts at; a corner lies on two."""
    s, k, j = address
    if k != rings:
        return ()
    return (SECTORS[s - 1], SECTORS[s]) if j == 0 else (SECTORS[s],)


def tags_of(rings: int, address: Address) -> tuple[str, ...]:
    """`peri` on the outer ring, and `quark` too on its five corners."""
    _, k, j = address
    if k != rings:
        return ()
    return ("peri", "quark") if j == 0 else ("peri",)


def triangles(rings: int) -> list[tuple[Address | None, Address | None, Address | None]]:
    """The triangulation of cell centres and the bridge, sector by sector, each triangle once.

    The bridge (None) comes first in the five triangles that have it.
    """
    found = []
    for s in range(SIDE_COUNT):
        for a in range(rings):
            for b in range(rings - a):
                found.append((lattice_address(s, a, b), lattice_address(s, a + 1, b), lattice_address(s, a, b + 1)))
                if a + b + 2 <= rings:
                    found.append((lattice_address(s, a + 1, b), lattice_address(s, a + 1, b + 1),
                                  lattice_address(s, a, b + 1)))
    return found


# --- the board in millimetres ----------------------------------------------------------------


def ray(s: int) -> Point:
    """Unit vector from the centre towards sector s's corner (y down)."""
    angle = math.radians(-90.0 + SECTOR_DEG * (s - TOP))
    return (math.cos(angle), math.sin(angle))


@dataclass(frozen=True, slots=True)
class StarCell(Cell):
    """The shared cell record (ring-1 cells list `bridge` among their neighbours) and the cell's address."""

    sector: int
    ring: int
    offset: int


@dataclass(frozen=True)
class StarBoard:
    """A board of `rings` rings whose neighbouring centres along a ray lie `cell_mm` apart.

    `origin` is where the frame's top-left lands, so a page can place the board
    without copying every point.
    """

    rings: int
    cell_mm: float
    origin: Point = (0.0, 0.0)

    @property
    def radius(self) -> float:
        """Centre to each corner of the outline."""
        return (self.rings + OUTLINE_REACH) * self.cell_mm

    @property
    def width(self) -> float:
        return 2 * self.radius * math.sin(math.radians(SECTOR_DEG))

    @property
    def height(self) -> float:
        return self.radius * (1 + math.cos(math.radians(SECTOR_DEG / 2)))

    @property
    def centre(self) -> Point:
        return (self.origin[0] + self.width / 2, self.origin[1] + self.radius)

    def at(self, s: int, along: float, across: float = 0.0) -> Point:
        """The point `along` cells out on ray s and `across` cells towards ray s + 1 (lattice coordinates)."""
        (ux, uy), (vx, vy), c = ray(s), ray(s + 1), self.cell_mm
        x0, y0 = self.centre
        return (x0 + c * (along * ux + across * vx), y0 + c * (along * uy + across * vy))

    def center(self, address: Address) -> Point:
        s, k, j = address
        return self.at(s, k - j, j)

    @cached_property
    def outline(self) -> tuple[Point, ...]:
        """The pentagon, clockwise from the corner of sector `*`."""
        start = -90.0 + SECTOR_DEG * (0 - TOP)
        return regular_polygon(self.centre, self.radius, SIDE_COUNT, start)

    @cached_property
    def _shapes(self) -> tuple[tuple[Point, ...], list[tuple[Point, ...]]]:
        """(the bridge, each cell's polygon in `addresses` order) from the dual of the triangulation.

        The bridge is point 0. Its five triangles (bridge, ring-1 cell of sector
        s, the next one) put their corners at the star's notches, and the edge
        between the bridge and each ring-1 cell bends through a point on the ray.
        """
        cells = addresses(self.rings)
        index: dict[Address | None, int] = {None: 0, **{a: i + 1 for i, a in enumerate(cells)}}
        points = [self.centre, *(self.center(a) for a in cells)]
        found = triangles(self.rings)
        notch = BRIDGE_WAIST / (2 * math.cos(math.radians(SECTOR_DEG / 2)))  # lattice steps along both rays
        corners = {t: self.at(q[0], notch, notch) for t, (p, q, _) in enumerate(found) if p is None and q is not None}
        bends = {frozenset((0, index[(s, 1, 0)])): self.at(s, BRIDGE_TIP) for s in range(SIDE_COUNT)}
        tris: list[Triangle] = [(index[p], index[q], index[r]) for p, q, r in found]
        polygons = dual_polygons(points, tris, self.outline, corners, bends)
        return polygons[0], polygons[1:]

    @property
    def bridge(self) -> tuple[Point, ...]:
        """The bridge as a five-pointed star, its points along the rays."""
        return self._shapes[0]

    @cached_property
    def cells(self) -> tuple[StarCell, ...]:
        """Every cell, in `addresses` order: ring 1 first, ring 3 as *30 *31 *32 S30 ..."""
        found = []
        for address, polygon in zip(addresses(self.rings), self._shapes[1]):
            near = tuple(BRIDGE if n is None else cell_id(n) for n in neighbours(self.rings, address))
            found.append(StarCell(cell_id(address), self.center(address), polygon, near, sides_of(self.rings, address),
                                  tags_of(self.rings, address), *address))
        return tuple(found)

    @cached_property
    def by_id(self) -> dict[str, StarCell]:
        return {cell.id: cell for cell in self.cells}

    def ring_outline(self, ring: int) -> tuple[Point, ...]:
        """The closed zigzag between ring `ring` and the ring outside it: the edge of a smaller board inside."""
        inside = {cell.id for cell in self.cells if cell.ring <= ring}
        corners: dict[Point, float] = {}
        for cell in self.cells:
            if cell.ring == ring + 1:
                for p in _shared_corners(cell, self.by_id, inside):
                    corners[p] = math.atan2(p[1] - self.centre[1], p[0] - self.centre[0])
        return tuple(sorted(corners, key=corners.__getitem__))


@lru_cache(maxsize=8)
def placed_board(rings: int, cell_mm: float, origin: Point = (0.0, 0.0)) -> StarBoard:
    """The board of this size at this place, made once: its cells (the dual of the triangulation, ~10 ms at 10
    rings) are the same for every frame of a record's animation, which draws this board a hundred times."""
    return StarBoard(rings, cell_mm, origin)


def _shared_corners(cell: StarCell, by_id: dict[str, StarCell], inside: set[str]) -> set[Point]:
    """The corners `cell` shares with its neighbours in `inside`."""
    mine = set(cell.polygon)
    found: set[Point] = set()
    for name in cell.neighbours:
        if name in inside:
            found |= mine & set(by_id[name].polygon)
    return found
