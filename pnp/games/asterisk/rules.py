"""Asterisk's piece set, the board sizes it allows, and the solitaire setup.

Facts from shared/GAMES.md: six of the eight colour/shape/marking combinations
exist; the two missing ones are each player's full set of goals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pnp.games.asterisk.board import cell_count

Colour = Literal["light", "dark"]
PieceShape = Literal["circle", "hexagon"]
Marking = Literal["empty", "asterisk"]

PIECE_TYPES: tuple[str, ...] = (
    "dark-hexagon-empty",
    "dark-circle-asterisk",
    "dark-circle-empty",
    "light-hexagon-asterisk",
    "light-hexagon-empty",
    "light-circle-asterisk",
)
GOAL_SETS: tuple[str, ...] = ("dark-hexagon-asterisk", "light-circle-empty")
SMALLEST_PLAYED_SIDE = 8


@dataclass(frozen=True)
class PieceType:
    colour: Colour
    shape: PieceShape
    marking: Marking

    @classmethod
    def parse(cls, name: str) -> "PieceType":
        colour, shape, marking = name.split("-")
        return cls(colour, shape, marking)  # type: ignore[arg-type]

    @property
    def name(self) -> str:
        return f"{self.colour}-{self.shape}-{self.marking}"


def side_splits_six_ways(side: int) -> bool:
    return cell_count(side) % 6 == 0


def playable_side(side: int) -> int:
    """`side` if its cells split six ways; else ValueError naming the sides that do (a pydantic validator)."""
    if not side_splits_six_ways(side):
        works = ", ".join(str(s) for s in sides_that_work(side))
        raise ValueError(f"{side} gives {cell_count(side)} cells, which six piece types cannot share equally; "
                         f"sides that work: {works}")
    return side


def sides_that_work(near: int, how_many: int = 7) -> list[int]:
    """The `how_many` playable sides (from 8 up) closest to `near`, in order."""
    candidates = [s for s in range(SMALLEST_PLAYED_SIDE, max(near, 8) * 2 + 30) if side_splits_six_ways(s)]
    return sorted(sorted(candidates, key=lambda s: (abs(s - near), s))[:how_many])


def solitaire_fill(ring: int) -> bool:
    """Solitaire start: the perimeter (ring 0) and every second ring inwards are filled."""
    return ring % 2 == 0


def piece_size(size_mm: float | None, clearance_mm: float, cell_mm: float) -> float:
    """Across flats (hexagon) or diameter (circle): the size set in the spec, else the cell less its clearance."""
    return size_mm if size_mm is not None else cell_mm - clearance_mm


def deal(counts: dict[str, int], cells: list[str], seed: int) -> tuple[dict[str, str], list[str]]:
    """Shuffle the full set with `seed`, deal one piece to each cell in order.

    Returns (cell id -> piece type, the pieces left to draw, sorted by type).
    """
    bag = [name for name in PIECE_TYPES for _ in range(counts.get(name, 0))]
    rng = random.Random(seed)
    rng.shuffle(bag)
    dealt = dict(zip(cells, bag))
    rest = bag[len(dealt):]
    order = {name: i for i, name in enumerate(PIECE_TYPES)}
    return dealt, sorted(rest, key=order.__getitem__)
