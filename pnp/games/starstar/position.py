"""A *Star position file: a board of some rings and the two players' stones (or coloured cells) on it.

    game: starstar
    board: {rings: 4}
    stones: {red: [S40, S41], blue: ["*10", A30]}   # ids with * need quotes in YAML
    highlight: [A20]         # optional, for diagrams: cells to tint
    marks: {T20: a, T21: a}  # optional: letters on cells (a two-way stretch: the same letter twice)
    caption: ...             # optional: instead of the referee's sentence
    sectors: true            # optional: tint the five sectors (a notation diagram)

Pydantic checks the shapes; `problems` checks every id against the board and
that no cell holds two stones, all at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import Field

from pnp.games.starstar.referee import PLAYERS, cells_of
from pnp.games.starstar.rules import LARGEST_RINGS, SMALLEST_RINGS
from pnp.positions.base import PositionBase, bad_marks, guesses, repeats
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned


class PositionBoard(Strict):
    rings: Annotated[int, Field(ge=SMALLEST_RINGS, le=LARGEST_RINGS,
                                description="Rings around the bridge: 10 tournament, 8 medium, 6 junior, 4 beginner.")] = 10


class Stones(Strict):
    red: list[str] = Field(default_factory=list, description="Cells Red holds.")
    blue: list[str] = Field(default_factory=list, description="Cells Blue holds.")


class StarPosition(PositionBase):
    """Stones on a *Star board, with what a diagram of it should show."""

    game: Literal["starstar"]
    board: PositionBoard = EMPTY
    stones: Stones = EMPTY
    highlight: list[str] = Field(default_factory=list, description="Cells a diagram tints.")
    marks: dict[str, str] = Field(default_factory=dict, description="Cell id -> a letter drawn on it.")
    sectors: bool = Field(False, description="Tint the five sectors, each its own colour: for a diagram of the notation.")

    def owners(self) -> dict[str, str]:
        """Cell id -> the player holding it."""
        return {cell: player for player in PLAYERS for cell in getattr(self.stones, player)}

    def problems(self) -> list[Unplanned]:
        rings = self.board.rings
        found: list[Unplanned] = []
        for player in PLAYERS:
            cells = getattr(self.stones, player)
            found += [*_cells(("stones", player), cells, rings), *repeats(f"stones.{player}", cells)]
        both = set(self.stones.red) & set(self.stones.blue)
        found += [Unplanned(("stones", "blue", self.stones.blue.index(c)), f"{c} is also one of Red's; a cell holds one stone")
                  for c in sorted(both)]
        found += [*_cells(("highlight",), self.highlight, rings), *repeats("highlight", self.highlight),
                  *_cells(("marks",), self.marks, rings, keys=True), *bad_marks(self.marks)]
        return found


def _cells(loc: tuple[Any, ...], given: Iterable[str], rings: int, keys: bool = False) -> list[Unplanned]:
    """Every id that is no cell of the board; list items located by index, mapping keys by key."""
    known = set(cells_of(rings).ids)
    guess = guesses(known)
    return [Unplanned((*loc, cell if keys else index),
                      f"{cell!r} is not a cell of the {rings}-ring board{guess(cell)} (a cell is a sector "
                      f"letter *, S, T, A or R, the ring digit, ring 10 written 0, and the offset, e.g. S10)")
            for index, cell in enumerate(given) if cell not in known]
