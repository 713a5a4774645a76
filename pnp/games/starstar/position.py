"""A *Star position file: a board of some rings and the two players' stones (or coloured cells) on it.

    game: starstar
    board: {rings: 4}
    stones: {red: [S40, S41], blue: ["*10", A30]}   # ids with * need quotes in YAML
    highlight: [A20]         # optional, for diagrams: cells to tint
    marks: {T20: a, T21: a}  # optional: letters on cells (a two-way stretch: the same letter twice)
    caption: ...             # optional: instead of the referee's sentence
    sectors: true            # optional: tint the five sectors (a notation diagram)

Pydantic checks the shapes; `problems` (pnp/boards/position.py, shared by every
stone game) checks every id against the board and that no cell holds two stones,
all at once.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.boards.position import BoardIds, StonesPosition
from pnp.games.starstar.referee import cells_of
from pnp.games.starstar.rules import LARGEST_RINGS, SMALLEST_RINGS
from pnp.spec.base import EMPTY, Strict


class PositionBoard(Strict):
    rings: Annotated[int, Field(ge=SMALLEST_RINGS, le=LARGEST_RINGS,
                                description="Rings around the bridge: 10 tournament, 8 medium, 6 junior, 4 beginner.")] = 10


class StarPosition(StonesPosition):
    """Stones on a *Star board, with what a diagram of it should show."""

    game: Literal["starstar"]
    board: PositionBoard = EMPTY
    sectors: bool = Field(False, description="Tint the five sectors, each its own colour: for a diagram of the notation.")

    def board_ids(self) -> BoardIds:
        rings = self.board.rings
        return BoardIds(set(cells_of(rings).ids), f"the {rings}-ring board", "a cell is a sector letter *, S, T, A or R, "
                        "the ring digit, ring 10 written 0, and the offset, e.g. S10")
