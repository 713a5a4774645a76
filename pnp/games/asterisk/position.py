"""An Asterisk position file: a board side and pieces on cells, checked against that board and its piece set.

    game: asterisk
    board: {side: 8}
    pieces: {a1: dark-hexagon-empty, b2: light-circle-asterisk}   # cell id -> piece type
    highlight: [c3]          # optional, for diagrams: cells to tint
    marks: {c5: a, d5: a}    # optional: letters on cells
    caption: ...             # optional: instead of the referee's sentence

Pydantic checks the shapes; `problems` checks every cell id against the
board, every piece type against the set, and each type's count against the
set's cells / 6, all at once. A cell given twice in `pieces` is a duplicate
key, which the YAML reader refuses with both lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from pnp.boards.lattice import triangle
from pnp.games.asterisk.board import cell_count, letters
from pnp.games.asterisk.referee import topology
from pnp.games.asterisk.rules import GOAL_SETS, PIECE_TYPES, playable_side
from pnp.games.asterisk.spec import MAX_SIDE
from pnp.positions.base import PositionBase, bad_marks, guesses, repeats
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned


class PositionBoard(Strict):
    side: Annotated[int, Field(ge=3, le=MAX_SIDE, description="Cells along each side of the triangle.")] = 11

    _six_ways = field_validator("side")(playable_side)


class AsteriskPosition(PositionBase):
    """Pieces on an Asterisk board, with what a diagram of it should show."""

    game: Literal["asterisk"]
    board: PositionBoard = EMPTY
    pieces: dict[str, str] = Field(default_factory=dict, description="Cell id -> piece type, e.g. a1: dark-hexagon-empty.")
    highlight: list[str] = Field(default_factory=list, description="Cells a diagram tints.")
    marks: dict[str, str] = Field(default_factory=dict, description="Cell id -> a letter drawn on it.")
    chains: bool = Field(True, description="Draw the goals met as chains; false shows the pieces alone.")

    def problems(self) -> list[Unplanned]:
        side = self.board.side
        return [
            *_cells(("pieces",), self.pieces, side),
            *_kinds(self.pieces),
            *_counts(self.pieces, side),
            *_cells(("highlight",), self.highlight, side, keys=False),
            *repeats("highlight", self.highlight),
            *_cells(("marks",), self.marks, side),
            *bad_marks(self.marks),
        ]


@lru_cache(maxsize=16)
def _known(side: int) -> frozenset[str]:
    return frozenset(topology(side).ids)


def _cells(loc: tuple[Any, ...], given: Iterable[str], side: int, keys: bool = True) -> list[Unplanned]:
    """Every id that is no cell of the board; mapping keys are located by key, list items by index."""
    known = _known(side)
    guess = guesses(known, triangle(side).near)
    return [Unplanned((*loc, cell if keys else index), _not_a_cell(cell, side, guess))
            for index, cell in enumerate(given) if cell not in known]


def _not_a_cell(cell: str, side: int, guess: Callable[[str], str]) -> str:
    said = f"; did you mean '{cell.lower()}'? ids are lower case" if cell.lower() in _known(side) else guess(cell)
    return (f"{cell!r} is not a cell of the side-{side} board{said} (a cell is a row's letter and the row's "
            f"number, rows counted from a1 at the apex down to a{side} .. {letters(side)}{side} along the bottom)")


def _kinds(pieces: dict[str, str]) -> list[Unplanned]:
    found, guess = [], guesses(PIECE_TYPES)
    for cell, kind in pieces.items():
        if kind in GOAL_SETS:
            found.append(Unplanned(("pieces", cell), f"{kind!r} is one player's set of goals, not a piece; "
                                                     f"pieces are: {', '.join(PIECE_TYPES)}"))
        elif kind not in PIECE_TYPES:
            found.append(Unplanned(("pieces", cell), f"{kind!r} is not a piece type{guess(kind)}; "
                                                     f"use one of: {', '.join(PIECE_TYPES)}"))
    return found


def _counts(pieces: dict[str, str], side: int) -> list[Unplanned]:
    """A type with more pieces than the set holds, reported once, at the first piece too many."""
    holds = cell_count(side) // 6
    seen: dict[str, list[str]] = {}
    found = []
    for cell, kind in pieces.items():
        seen.setdefault(kind, []).append(cell)
        if kind in PIECE_TYPES and len(seen[kind]) == holds + 1:
            found.append(Unplanned(("pieces", cell), f"{kind} is placed {sum(1 for k in pieces.values() if k == kind)} "
                                                     f"times; the side-{side} set holds {holds} of each type"))
    return found
