"""Starry Night's facts: what a sky is made of and the limits a printed pad keeps to.

From shared/GAMES.md: a sky is 10 to 15 stars (pnp allows 3 to 40) at grid
intersections; players join stars with straight edges and capture the seas
they close. The limits below are also the ranges a sky code can carry
(code.py), so every spec pnp accepts has a code and every code a spec.
"""

from __future__ import annotations

from dataclasses import dataclass

STARS = (3, 40)            # stars in a sky
FRAME = (2, 100)           # frame width and height, in grid units
GAP = (1, 10)              # least distance between two stars, in grid units
MAX_SEED = 99_999_999      # the largest seed a sky (and its code) may use

DEFAULT_STARS = 12
DEFAULT_GAP = 2
DEFAULT_SEED = 1


@dataclass(frozen=True)
class Recipe:
    """Everything that shapes a sky, and nothing that only changes how it prints (the grid's mm, the paper)."""

    stars: int
    width: int             # the frame, in grid units
    height: int
    min_gap: int           # grid units between any two stars, at least
    no_three_in_line: bool
    seed: int
