"""Skies: stars at grid intersections, seeded, spaced, and with no three in line if asked.

A sky is drawn from its own `random.Random(seed)`, never the global one. Stars
sit on the intersections strictly inside the frame (grid units, x right, y
down from the frame's top-left corner) so none lies on the frame's edge.
Every test is exact integer arithmetic. The search picks stars one by one
among the intersections still allowed and starts over when it runs out; its
work is bounded, so constraints that cannot be met fail quickly and the same
recipe always gives the same answer. `capacity` is a counting bound checked
before any search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from pnp.games.starry_night.rules import Recipe

Star = tuple[int, int]
WORK_BUDGET = 2_000_000    # intersections examined per sky before giving up (about a second)


@dataclass(frozen=True)
class Sky:
    """A recipe's stars, in reading order (top row first, left to right): star k is index k."""

    recipe: Recipe
    stars: tuple[Star, ...]
    work: int = field(default=0, compare=False)   # the intersections the search examined to find it (a booklet pays them)


def interior(width: int, height: int) -> list[Star]:
    """The intersections strictly inside a width x height frame, in reading order."""
    return [(i, j) for j in range(1, height) for i in range(1, width)]


def capacity(recipe: Recipe) -> int:
    """An upper bound on the stars a frame can hold under the recipe's rules (counting, no search).

    Columns and rows of interior lines hold at most two stars each with no three
    in line, and at most ceil(lines / gap) each with the gap; any k x k block of
    intersections whose diagonal is shorter than the gap holds at most one.
    """
    cols, rows = recipe.width - 1, recipe.height - 1
    block = 1 + math.isqrt((recipe.min_gap ** 2 - 1) // 2)    # the largest k with 2 (k - 1)^2 < gap^2
    return min(cols * rows, rows * _per_line(cols, recipe), cols * _per_line(rows, recipe),
               _ceil(cols, block) * _ceil(rows, block))


def _per_line(points: int, recipe: Recipe) -> int:
    """The most stars one line of `points` intersections can hold."""
    spaced = _ceil(points, recipe.min_gap)
    return min(2, spaced) if recipe.no_three_in_line else spaced


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


class NoSky(Exception):
    """The bounded search found no sky; `most` is the most stars any of its tries placed."""

    def __init__(self, most: int) -> None:
        super().__init__(f"no sky found; at most {most} stars placed")
        self.most = most


def make_sky(recipe: Recipe) -> Sky:
    """The recipe's sky; NoSky if the bounded search finds none."""
    rng = random.Random(recipe.seed)
    points = interior(recipe.width, recipe.height)
    budget, most, work = WORK_BUDGET, 0, 0
    while budget > 0:
        stars, spent = _attempt(recipe, points, rng)
        work += spent
        if len(stars) == recipe.stars:
            return Sky(recipe, tuple(sorted(stars, key=lambda s: (s[1], s[0]))), work)
        budget -= max(spent, 1)
        most = max(most, len(stars))
    raise NoSky(most)


def _attempt(recipe: Recipe, points: list[Star], rng: random.Random) -> tuple[list[Star], int]:
    """One pass of picking stars at random among those still allowed: the stars placed and the work done."""
    free, placed, work = points, [], 0
    while len(placed) < recipe.stars and free:
        star = free[rng.randrange(len(free))]
        banned = set(_near(star, recipe.min_gap))
        if recipe.no_three_in_line:
            for other in placed:
                banned.update(_line(star, other, recipe.width, recipe.height))
        placed.append(star)
        work += len(free) + len(banned)
        free = [p for p in free if p not in banned]
    return placed, work


def _near(star: Star, gap: int) -> Iterator[Star]:
    """Every intersection closer to `star` than `gap` (the star itself included)."""
    x, y = star
    for dx in range(1 - gap, gap):
        for dy in range(1 - gap, gap):
            if dx * dx + dy * dy < gap * gap:
                yield x + dx, y + dy


def _line(a: Star, b: Star, width: int, height: int) -> Iterator[Star]:
    """Every intersection inside the frame on the straight line through a and b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    step = math.gcd(dx, dy)
    dx, dy = dx // step, dy // step
    for sign in (1, -1):
        x, y = a
        while 0 < x < width and 0 < y < height:
            yield x, y
            x, y = x + sign * dx, y + sign * dy


def collinear(a: Star, b: Star, c: Star) -> bool:
    """Whether three intersections lie on one straight line (exact: the cross product is zero)."""
    return (b[0] - a[0]) * (c[1] - a[1]) == (b[1] - a[1]) * (c[0] - a[0])
