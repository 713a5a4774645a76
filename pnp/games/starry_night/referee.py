"""The Starry Night referee: which edges may be drawn, the seas they close, who captured each, who wins.

Players are `first` (who draws edges[0]) and `second`, alternating. A sea is
a bounded face of the drawing; its islands are the parts of the drawing
(joined stars, or a lone star) inside it and unjoined to its shore. A sea is
captured by the player whose edge leaves it without islands: the edge that
closed it, or the one that joined its last island to the shore. Replaying the
edges in order keeps to that, since a face that is the same before and after
an edge keeps its boundary walk (`Face.key`). The game is over when every star
is joined; most seas wins, a tie goes to the player who drew the last edge.
Areas (the area variant) are exact: lattice areas are whole or halves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from pnp.geometry.plane import Face, IntPoint, faces, segments_meet, strictly_inside
from pnp.texts import say

PLAYERS = ("first", "second")
Edge = tuple[int, int]


def player(move: int) -> str:
    """Who draws edges[move] (counting from 0)."""
    return PLAYERS[move % len(PLAYERS)]


@dataclass(frozen=True)
class Sea:
    """A closed area: its shore (stars in walk order), doubled area, islands, and who captured it with which edge."""

    shore: tuple[int, ...]
    twice_area: int
    islands: tuple[tuple[int, ...], ...]
    captured_by: str | None
    move: int | None          # the capturing edge's number, counted from 1

    @property
    def area(self) -> Fraction:
        return Fraction(self.twice_area, 2)


@dataclass(frozen=True)
class Night:
    """What the rules say of one Starry Night position."""

    stars: tuple[IntPoint, ...]
    edges: tuple[Edge, ...]
    seas: tuple[Sea, ...]     # captured ones in the order captured, then open ones

    @cached_property
    def unconnected(self) -> tuple[int, ...]:
        joined = {s for edge in self.edges for s in edge}
        return tuple(s for s in range(len(self.stars)) if s not in joined)

    @property
    def over(self) -> bool:
        return not self.unconnected

    @property
    def last_player(self) -> str | None:
        return player(len(self.edges) - 1) if self.edges else None

    def captured(self, who: str) -> list[Sea]:
        return [sea for sea in self.seas if sea.captured_by == who]

    def area_of(self, who: str) -> Fraction:
        return sum((sea.area for sea in self.captured(who)), Fraction(0))

    @property
    def winner(self) -> str | None:
        """Most seas once the game is over; a tie goes to the player who ended it."""
        return self._best(lambda who: len(self.captured(who)))

    @property
    def area_winner(self) -> str | None:
        """The same, counting area (the area variant)."""
        return self._best(self.area_of)

    def _best(self, measure: Callable[[str], int | Fraction]) -> str | None:
        if not self.over:
            return None
        first, second = (measure(who) for who in PLAYERS)
        return PLAYERS[0] if first > second else PLAYERS[1] if second > first else self.last_player


class IllegalEdge(Exception):
    """edges[index] breaks a rule; the message says which and what else it meets."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


def drawing_problems(stars: Sequence[IntPoint], edges: Sequence[Edge]) -> list[IllegalEdge]:
    """Every edge that names no two stars, repeats an earlier edge, runs through a star, or crosses an earlier edge."""
    found: list[IllegalEdge] = []
    drawn: list[int] = []   # the legal edges so far: a later edge is held to those only
    for k, (a, b) in enumerate(edges):
        wrong = _indices(a, b, len(stars)) or _against((a, b), [(j, edges[j]) for j in drawn], stars)
        if wrong:
            found.append(IllegalEdge(k, wrong))
        else:
            drawn.append(k)
    return found


def _indices(a: int, b: int, count: int) -> str:
    missing = [s for s in (a, b) if not 0 <= s < count]
    if missing:
        return f"names star {missing[0]}, which does not exist; the stars are numbered 0 to {count - 1}"
    return f"joins star {a} to itself; an edge joins two stars" if a == b else ""


def _against(edge: Edge, earlier: list[tuple[int, Edge]], stars: Sequence[IntPoint]) -> str:
    """Why `edge` may not be drawn after the `earlier` (numbered) edges, or ''."""
    a, b = edge
    same = [j for j, e in earlier if {a, b} == set(e)]
    if same:
        return f"repeats {_moves(same, dict(earlier))}; each pair of stars is joined once at most"
    through = [s for s, p in enumerate(stars) if strictly_inside(p, stars[a], stars[b])]
    if through:
        return f"passes through star {through[0]} at {list(stars[through[0]])}; an edge touches stars only at its ends"
    crossed = [j for j, (c, d) in earlier if not {a, b} & {c, d}
               and segments_meet(stars[a], stars[b], stars[c], stars[d])]
    if crossed:
        return f"crosses {_moves(crossed, dict(earlier))}; edges may not cross"
    return ""


def edge_name(edge: Edge) -> str:
    """An edge as a player says it: its stars' numbers in the order written (3-7)."""
    return "-".join(map(str, edge))


def _moves(indices: list[int], edges: dict[int, Edge]) -> str:
    """Earlier edges named by their moves, as a player counts them: "the edge of move 2 (1-2)", "the edges of
    moves 2 (1-2) and 4 (5-6)"."""
    named = [f"{j + 1} ({edge_name(edges[j])})" for j in indices]
    if len(named) == 1:
        return f"the edge of move {named[0]}"
    return f"the edges of moves {', '.join(named[:-1])} and {named[-1]}"


def replay(stars: Sequence[IntPoint], edges: Sequence[Edge]) -> Night:
    """Draw the edges in order (a legal drawing), capturing seas; IllegalEdge for a move the rules forbid."""
    captured: dict[frozenset[tuple[int, int]], tuple[str, int]] = {}
    joined: set[int] = set()
    now: list[Face] = []
    for k, (a, b) in enumerate(edges):
        if len(joined) == len(stars):
            raise IllegalEdge(k, f"comes after the game ended: move {k} joined the last star; "
                                 f"end the record at move {k}")
        joined.update((a, b))
        now = faces(stars, edges[:k + 1])
        keys = {face.key for face in now}
        for key, (who, move) in captured.items():
            if key not in keys:
                raise IllegalEdge(k, f"is drawn inside the sea that {say('starry-night', f'position.players.{who}')} "
                                     f"captured with move {move}; no edge may enter a captured sea")
        for face in now:
            if not face.holes and face.key not in captured:
                captured[face.key] = (player(k), k + 1)
    seas = [Sea(_from_least(f.walk), f.twice_area, f.holes, *captured.get(f.key, (None, None))) for f in now]
    seas.sort(key=lambda s: (s.move is None, s.move or 0, s.shore))
    return Night(tuple(stars), tuple(edges), tuple(seas))


def _from_least(walk: tuple[int, ...]) -> tuple[int, ...]:
    """The walk started at its least star, so the same sea always reads the same."""
    start = walk.index(min(walk))
    return walk[start:] + walk[:start]
