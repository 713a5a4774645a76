"""Each edge's move number in a diagram: where on the edge it goes, and how it is drawn (the last edge's ringed).

The edges are the record (position.py), so every diagram with edges numbers
them: the number on a white disc outlined in the player's colour, at the
edge's middle when nothing is in the way. A star there would print over it,
two discs would hide each other, a disc would cross the frame: the number then
moves along the edge to the first clear point of a few towards either end,
then beside the edge's middle, touching it, or failing all, to the one with the
most room. A number is never set under 5 pt: on a fine grid its disc outgrows
the square rather than shrink. The last edge drawn has its disc ringed: the
move just played, in the ring every game's diagram gives its last move.

The 5 pt floor and the ring are the shared ones (pnp/boards/move_numbers.py);
the disc is Starry Night's own, its digits in the player's colour: an edge's
number says who drew it as well as when.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import dist

from pnp.boards.move_numbers import READABLE_MM, last_ring
from pnp.fonts import MIDDLE, text_width
from pnp.games.starry_night.draw import WHITE
from pnp.games.starry_night.look import HALO_MM, star_radius
from pnp.geometry.rect import Rect
from pnp.scene import Circle, Paint, Point, Shape, Text

NUMBER = 0.62              # a move number's size, per grid square
NUMBER_DISC = 0.42         # the white disc behind it, per grid square
OUTLINE = 0.08             # the disc's outline, per grid square
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)   # where on an edge a number may go, tried in turn (0, 1: its ends)
ASIDE = (1.0, -1.0)        # then beside the edge's middle, this many disc radii off it (either side): touching it


def scale(grid: float) -> float:
    """How much the numbers grow past their share of a grid square to stay at 5 pt (1: not at all)."""
    return max(1.0, READABLE_MM / (NUMBER * grid))


def disc(number: int, grid: float) -> tuple[float, float, float]:
    """(text size, disc radius, outline width) of a move number: a disc wide enough for two digits too."""
    grown = scale(grid)
    size, weight = NUMBER * grid * grown, OUTLINE * grid * grown
    return size, max(NUMBER_DISC * grid * grown, text_width(str(number), size) / 2 + weight), weight


def reach(number: int, grid: float, last: bool) -> float:
    """How far from its centre a number's drawing goes: its outlined disc, or the last move's ring round that."""
    _, radius, weight = disc(number, grid)
    outer = radius + weight / 2
    if not last:
        return outer
    return max(ring.radius + ring.paint.width / 2 for ring in last_ring((0.0, 0.0), outer).children
               if isinstance(ring, Circle))


def spots(ends: Sequence[tuple[Point, Point]], stars: Sequence[Point], frame: Rect, grid: float) -> list[Point]:
    """Where each edge's number goes, in move order: the first point along the edge (ALONG), then beside it
    (ASIDE), clear of every star and every earlier number and inside the frame; else the one with the most room."""
    star = star_radius(grid) + HALO_MM
    placed: list[tuple[Point, float]] = []
    for k, (a, b) in enumerate(ends):
        radius = reach(k + 1, grid, k == len(ends) - 1)
        tried = [_on(a, b, t) for t in ALONG] + [_beside(a, b, side * radius) for side in ASIDE]

        def room(at: Point) -> float:
            inside = min(at[0] - frame.x, frame.right - at[0], at[1] - frame.y, frame.bottom - at[1]) - radius
            return min([inside, *(dist(at, s) - radius - star for s in stars),
                        *(dist(at, p) - radius - r for p, r in placed)])
        placed.append((next((at for at in tried if room(at) >= 0), None) or max(tried, key=room), radius))
    return [at for at, _ in placed]


def label(at: Point, number: int, colour: str, grid: float, last: bool = False) -> list[Shape]:
    """A move number in `colour` (its player's) on a white disc outlined in it; the last move's disc ringed as
    every game rings its last move (pnp/boards/move_numbers.py)."""
    size, radius, weight = disc(number, grid)
    return [
        *((last_ring(at, radius + weight / 2),) if last else ()),
        Circle(at, radius, Paint(fill=WHITE, stroke=colour, width=weight)),
        Text((at[0], at[1] + MIDDLE * size), str(number), size, colour, anchor="middle"),
    ]


def _on(a: Point, b: Point, t: float) -> Point:
    return ((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1])


def _beside(a: Point, b: Point, away: float) -> Point:
    """The edge's middle moved `away` across it (to its left going from a to b when positive)."""
    length = dist(a, b)
    middle = _on(a, b, 0.5)
    return (middle[0] + away * (b[1] - a[1]) / length, middle[1] - away * (b[0] - a[0]) / length)
