"""Rings: a loop of one player's stones around at least one cell, found in one position.

shared/GAMES.md: the surrounded cells may be empty or hold stones of either
colour. A cell on the board's edge is never surrounded (it touches the outside,
which no loop closes off), but a ring may run along the edge. So a player has
a ring exactly when

1. some region of the cells they do not hold (empty, or the opponent's) reaches
   no edge cell: the player's stones around it close it off; or
2. some cell off the edge has only the player's stones around it: the six
   stones round it are a ring even when the cell is theirs too (a solid blob of
   seven stones is a ring around its centre).

Every ring is one of these: a ring around some non-player cell shuts that
cell's region off the edge (1); a ring around only the player's own cells
leaves each of them wholly among the player's stones (2). Breadth-first
floods only, so any board size is safe; the ring reported is the one around
the smallest region (fewest cells, then board order): the player's stones
bordering that region, seen from the outside (stones inside holes of the
region are not part of its loop), in board order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from pnp.cellboard.graph import Graph


def ring(graph: Graph, mine: Collection[int]) -> tuple[int, ...] | None:
    """The cells of one ring of `mine` (board places), ascending; None when they hold no ring."""
    region = smallest_region(graph, set(mine))
    return None if region is None else fence(graph, set(mine), region)


def smallest_region(graph: Graph, mine: set[int]) -> list[int] | None:
    """The smallest region `mine` surrounds (ascending places), or None: a closed-off region of other cells, or a
    single cell of `mine` off the edge with only `mine` around it."""
    outside = reach(graph, [i for i, edge in enumerate(graph.border) if edge and i not in mine],
                    lambda i: i not in mine)
    regions = []
    for i in range(len(graph.ids)):
        if i in mine or i in outside:
            continue
        region = sorted(reach(graph, [i], lambda j: j not in mine))
        outside.update(region)   # seen: each closed-off region is flooded once
        regions.append(region)
    solid = next((i for i in sorted(mine) if not graph.border[i] and all(j in mine for j in graph.neighbours[i])), None)
    if solid is not None:
        regions.append([solid])
    return min(regions, key=lambda region: (len(region), region[0]), default=None)

def fence(graph: Graph, mine: set[int], region: Iterable[int]) -> tuple[int, ...]:
    """The stones of `mine` that border `region` from outside it: reached from the edge without crossing it."""
    inside = set(region)
    outer = reach(graph, [i for i, edge in enumerate(graph.border) if edge and i not in inside],
                  lambda i: i not in inside)
    return tuple(sorted({j for i in inside for j in graph.neighbours[i] if j in mine and j in outer}))


def reach(graph: Graph, sources: Iterable[int], allowed: Callable[[int], bool]) -> set[int]:
    """The cells reached from `sources` stepping only onto cells `allowed` accepts."""
    seen = set(sources)
    frontier = list(seen)
    while frontier:
        for j in graph.neighbours[frontier.pop()]:
            if j not in seen and allowed(j):
                seen.add(j)
                frontier.append(j)
    return seen
