"""A *Star position file: a board of some rings and the two players' stones (or coloured cells) on it.

    game: starstar
    board: {rings: 4}
    stones: {red: [S40, S41], blue: ["*10", A30]}   # ids with * need quotes in YAML
    highlight: [A20]         # optional, for diagrams: cells to tint
    marks: {T20: a, T21: a}  # optional: letters on cells (a two-way stretch: the same letter twice)
    caption: ...             # optional: instead of the referee's sentence
    sectors: true            # optional: tint the five sectors (a notation diagram)
    handicap: 2              # optional: handicap stones for the player who moves second, in the board's order

Pydantic checks the shapes; `problems` (pnp/boards/position.py, shared by every
stone game) checks every id against the board and that no cell holds two stones,
all at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Annotated, Literal

from pydantic import Field

from pnp.boards.position import PLAYERS, BoardIds, StonesPosition
from pnp.games.starstar.referee import cells_of
from pnp.games.starstar.rules import HANDICAP_ORDER, LARGEST_RINGS, SMALLEST_RINGS, handicap_points, ring_of_digit
from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned


class PositionBoard(Strict):
    rings: Annotated[int, Field(ge=SMALLEST_RINGS, le=LARGEST_RINGS,
                                description="Rings around the bridge: 10 tournament, 8 medium, 6 junior, 4 beginner.")] = 10


class StarPosition(StonesPosition):
    """Stones on a *Star board, with what a diagram of it should show."""

    game: Literal["starstar"]
    board: PositionBoard = EMPTY
    sectors: bool = Field(False, description="Tint the five sectors, each its own colour: for a diagram of the notation.")
    handicap: Annotated[int, Field(ge=0, le=len(HANDICAP_ORDER), description="Handicap stones on the board before "
                                   "the record, in the board's handicap order, for the player who moves second.")] = 0

    def handicap_stones(self) -> tuple[str, ...]:
        """The cells of the handicap stones: the first `handicap` of the board's handicap order."""
        return handicap_points(self.board.rings)[:self.handicap]

    def set_up(self) -> list[tuple[Hashable, str, str]]:
        """The stones, and the handicap's, which the player who does not make move 1 holds (the weaker player:
        the stronger one moves first)."""
        weaker = PLAYERS[1] if self.first == PLAYERS[0] else PLAYERS[0]
        return [*super().set_up(), *((cell, weaker, f"handicap stone {number}")
                                     for number, cell in enumerate(self.handicap_stones(), 1))]

    def problems(self) -> list[Unplanned]:
        """A handicap the board cannot hold, or a handicap cell also in `stones`, before the rest."""
        if self.handicap > len(handicap_points(self.board.rings)):
            return [Unplanned(("handicap",), self._too_many())]
        listed = {cell: f"stones.{player}" for player in PLAYERS for cell in getattr(self.stones, player)}
        both = [Unplanned(("handicap",), f"handicap stone {number}, {cell}, is also in {listed[cell]}; a cell "
                                         "holds one stone") for number, cell in enumerate(self.handicap_stones(), 1)
                if cell in listed]
        return both or super().problems()

    def _too_many(self) -> str:
        """A handicap larger than the board has cells for: what it has, and the boards that would take it."""
        rings, points = self.board.rings, handicap_points(self.board.rings)
        fits = min(r for r in range(SMALLEST_RINGS, LARGEST_RINGS + 1) if len(handicap_points(r)) >= self.handicap)
        larger = f"set board.rings: {fits} or more for {self.handicap} stone{'s' if self.handicap > 1 else ''}"
        if not points:
            on = " and ".join(str(r) for r in sorted({ring_of_digit(cell[1]) for cell in HANDICAP_ORDER}))
            return (f"the {rings}-ring board has no handicap cells (they lie on rings {on}, never on the outer "
                    f"ring); give 0, or {larger}")
        return (f"the {rings}-ring board takes at most {len(points)} handicap stones ({' '.join(points)}); give 0 "
                f"to {len(points)}, or {larger}")

    def board_ids(self) -> BoardIds:
        rings = self.board.rings
        return BoardIds(set(cells_of(rings).ids), f"the {rings}-ring board", "a cell is a sector letter *, S, T, A or R, "
                        "the ring digit, ring 10 written 0, and the offset, e.g. S10")


def text_form() -> Form:
    """A text record of *Star (pnp/positions/text_record.py): cell ids or swap; the rings and the handicap stones as options."""
    return Form("moves", {"rings": (*BOARD, "rings"), "handicap": ("handicap",)}, STONE_HOW + ", e.g. S60", read_stone, str)
