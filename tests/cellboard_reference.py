"""The three board shapes worked out from the rules' own coordinates, independently of pnp: for the engine's tests.

Each shape is written in the coordinates shared/GAMES.md names its cells in:
the rhombus as Hex's (column c, row r), the triangle as Asterisk's and Y's
(row r, position i), the hexagon as Havannah's (column c, row r with
|c - r| <= n - 1). From those: the neighbours GAMES.md lists, the sides and
corners shared/DESIGN.md names, each id scheme's id, and each centre in cells
(x right, y down, rows across, a neighbour one cell away).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import lru_cache

SHAPES = ("rhombus", "triangle", "hexagon")
ROW_PITCH = math.sqrt(3) / 2


def letters(column: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa (bijective base 26)."""
    text = ""
    while column > 0:
        column, rem = divmod(column - 1, 26)
        text = chr(ord("a") + rem) + text
    return text


@dataclass(frozen=True)
class RefCell:
    key: tuple[int, int]              # the shape's own coordinates
    ids: dict[str, str]               # scheme -> id
    neighbours: frozenset[tuple[int, int]]
    sides: frozenset[str]             # the geometric sides the cell lies on
    corner: str | None                # the corner it is, if any
    centre: tuple[float, float]       # in cells, from the first cell's centre

    def groups(self, corners_on_sides: bool) -> frozenset[str]:
        if self.corner is None:
            return self.sides
        return (self.sides if corners_on_sides else frozenset()) | {self.corner}


@dataclass(frozen=True)
class RefBoard:
    shape: str
    n: int
    cells: tuple[RefCell, ...]        # reading order

    @property
    def by_key(self) -> dict[tuple[int, int], RefCell]:
        return {cell.key: cell for cell in self.cells}

    def ids(self, scheme: str) -> list[str]:
        return [cell.ids[scheme] for cell in self.cells]

    def neighbour_ids(self, scheme: str) -> dict[str, set[str]]:
        by_key = self.by_key
        return {cell.ids[scheme]: {by_key[k].ids[scheme] for k in cell.neighbours} for cell in self.cells}


def _rhombus(n: int) -> list[tuple[tuple[int, int], set, set, str | None, tuple[float, float], dict]]:
    """Hex (GAMES.md): (c, r) touches (c±1, r), (c, r±1), (c+1, r-1), (c-1, r+1); rows shift right half a cell."""
    found = []
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            steps = [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c - 1, r + 1), (c, r + 1)]
            near = {(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= n}
            sides = {name for name, on in (("top", r == 1), ("bottom", r == n), ("left", c == 1), ("right", c == n))
                     if on}
            corner = {(1, 1): "top-left", (n, 1): "top-right", (1, n): "bottom-left", (n, n): "bottom-right"}.get((c, r))
            centre = ((c - 1) + (r - 1) / 2, (r - 1) * ROW_PITCH)
            ids = {"hexgui": f"{letters(c)}{r}", "a1": f"{letters(c)}{r}", "diagonal": f"{letters(c + r - 1)}{r}",
                   "numbers": str((r - 1) * n + c)}
            found.append(((c, r), near, sides, corner, centre, ids))
    return found


def _triangle(n: int) -> list:
    """Asterisk and Y (GAMES.md): (r, i) touches (r, i±1), (r-1, i-1), (r-1, i), (r+1, i), (r+1, i+1)."""
    found, number = [], 0
    for r in range(1, n + 1):
        for i in range(1, r + 1):
            number += 1
            steps = [(r, i - 1), (r, i + 1), (r - 1, i - 1), (r - 1, i), (r + 1, i), (r + 1, i + 1)]
            near = {(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= a}
            sides = {name for name, on in (("left", i == 1), ("right", i == r), ("bottom", r == n)) if on}
            corner = {(1, 1): "top", (n, 1): "bottom-left", (n, n): "bottom-right"}.get((r, i))
            centre = ((i - 1) - (r - 1) / 2, (r - 1) * ROW_PITCH)
            # hexgui: columns lean down to the right, so (r, i) and (r+1, i+1) share one; the leftmost is the
            # bottom-left corner's. The other diagonal's columns are the positions along the rows.
            ids = {"hexgui": f"{letters(i - r + n)}{r}", "a1": f"{letters(i)}{r}", "diagonal": f"{letters(i)}{r}",
                   "numbers": str(number)}
            found.append(((r, i), near, sides, corner, centre, ids))
    return found


def _hexagon(n: int) -> list:
    """Havannah (GAMES.md): (c, r) exists where |c - r| <= n - 1 and touches (c±1, r), (c, r±1), (c+1, r+1),
    (c-1, r-1); rows across, each half a cell left of the one above while the board widens."""
    last, found, number = 2 * n - 1, [], 0
    corners = {(1, 1): 1, (n, 1): 2, (last, n): 3, (last, last): 4, (n, last): 5, (1, n): 6}
    for r in range(1, last + 1):
        row = [c for c in range(1, last + 1) if abs(c - r) <= n - 1]
        for position, c in enumerate(row, 1):
            number += 1
            steps = [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1), (c + 1, r + 1), (c - 1, r - 1)]
            near = {(a, b) for a, b in steps if 1 <= a <= last and 1 <= b <= last and abs(a - b) <= n - 1}
            on = {1: r == 1, 2: c - r == n - 1, 3: c == last, 4: r == last, 5: r - c == n - 1, 6: c == 1}
            sides = {f"side-{k}" for k, yes in on.items() if yes}
            corner = f"corner-{corners[(c, r)]}" if (c, r) in corners else None
            centre = ((c - 1) - (r - 1) / 2, (r - 1) * ROW_PITCH)
            ids = {"hexgui": f"{letters(c - r + n)}{r}", "a1": f"{letters(position)}{r}",
                   "diagonal": f"{letters(c)}{r}", "numbers": str(number)}
            found.append(((c, r), near, sides, corner, centre, ids))
    return found


@lru_cache(maxsize=None)
def reference(shape: str, n: int) -> RefBoard:
    """The shape of size n from the rules' coordinates."""
    made = {"rhombus": _rhombus, "triangle": _triangle, "hexagon": _hexagon}[shape](n)
    x0, y0 = made[0][4]
    cells = tuple(RefCell(key, ids, frozenset(near), frozenset(sides), corner, (x - x0, y - y0))
                  for key, near, sides, corner, (x, y), ids in made)
    return RefBoard(shape, n, cells)


def flood_groups(mine: Iterable[Hashable], neighbours: Callable[[Hashable], Iterable[Hashable]],
                 order: Callable[[Hashable], object] = lambda cell: cell) -> list[set]:
    """The groups of connected cells among `mine`, each flooded from its first cell in `order`: the brute force's
    groups on any board, given each cell's neighbours."""
    mine = set(mine)
    seen: set = set()
    found = []
    for start in sorted(mine, key=order):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for near in neighbours(todo.pop()):
                if near in mine and near not in group:
                    group.add(near)
                    todo.append(near)
        seen |= group
        found.append(group)
    return found
