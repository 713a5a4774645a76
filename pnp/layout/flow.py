"""Text columns beside a drawing: stacking blocks, keeping them clear of keep-out areas, searching sizes.

A board that is not a rectangle leaves empty corners; text may flow into them
as long as every column stays clear of the rows the drawing occupies (the
keep-out areas). These helpers know nothing of any game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

from pnp.geometry.rect import Rect

B = TypeVar("B", bound="Sized")


class Sized(Protocol):
    width: float
    height: float


def stack(blocks: list[B], x: float, y: float, gap: float) -> tuple[list[tuple[B, tuple[float, float]]], float]:
    """Blocks one under another from (x, y), `gap` apart; returns them placed and their total height."""
    placed, top = [], y
    for block in blocks:
        placed.append((block, (x, top)))
        top += block.height + gap
    return placed, max(0.0, top - y - gap)


def column_keep_out(x_edge: float, y: float, height: float, gap: float, side: str) -> Rect:
    """The area a text column at the top of the page forbids, from its inner edge outwards to the page edge.

    `side` 'left': the column ends at `x_edge`; 'right': it starts there. The
    column and a gap around it count; outwards and upwards the area is unbounded.
    """
    bottom = y + height + gap
    if side == "left":
        return Rect.from_edges(-math.inf, -math.inf, x_edge + gap, bottom)
    return Rect.from_edges(x_edge - gap, -math.inf, math.inf, bottom)


def clear_of(shapes: Iterable[Rect], keep_out: Iterable[Rect]) -> bool:
    """No shape shares area with any keep-out rectangle."""
    areas = list(keep_out)
    return not any(s.intersects(k) for s in shapes for k in areas)


def largest(holds: Callable[[float], bool], low: float, high: float, steps: int = 24) -> float:
    """The largest value in [low, high] for which `holds` (true up to some threshold), else `low`."""
    if holds(high):
        return high
    for _ in range(steps):
        mid = (low + high) / 2
        low, high = (mid, high) if holds(mid) else (low, mid)
    return low


def groupings(count: int) -> list[list[list[int]]]:
    """Every split of items 0..count-1, in order, into consecutive groups (columns)."""
    if count == 0:
        return [[]]
    found = []
    for cuts in range(1 << (count - 1)):
        groups, current = [], [0]
        for i in range(1, count):
            if cuts >> (i - 1) & 1:
                groups.append(current)
                current = []
            current.append(i)
        found.append(groups + [current])
    return found
