"""A Hex position file: a board size and Red's and Blue's stones on it.

    game: hex
    board: {size: 11}
    stones: {red: [f6, e8], blue: [d7]}
    highlight: [e7]          # optional, for diagrams: cells to tint
    marks: {e6: a, g5: a}    # optional: letters on cells (a bridge: the same letter twice)
    chain: false             # optional: leave the winning chain out of a diagram
    caption: ...             # optional: instead of the referee's sentence

The checks (an unknown cell with the nearest id, a cell twice, a cell both
players hold) are every stone game's: pnp/boards/position.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.boards.lattice import a1_id, letters, rhombus
from pnp.boards.position import BoardIds, ConnectionPosition
from pnp.games.hex.rules import CLASSIC_SIZE, LARGEST_SIZE, SMALLEST_SIZE, mirror
from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone
from pnp.spec.base import EMPTY, Strict


class PositionBoard(Strict):
    size: Annotated[int, Field(ge=SMALLEST_SIZE, le=LARGEST_SIZE, description="Cells along each side.")] = CLASSIC_SIZE


class HexPosition(ConnectionPosition):
    """Stones on a Hex board, with what a diagram of it should show."""

    game: Literal["hex"]
    board: PositionBoard = EMPTY

    def swapped(self, cell: str) -> str:
        """The swap mirrors the first stone across the long diagonal (rules.mirror): the pie rule's usual form in Hex."""
        return mirror(cell)

    def board_ids(self) -> BoardIds:
        n = self.board.size
        middle = (n + 1) // 2
        return BoardIds.of_shape(rhombus(n), f"the {n} × {n} board", f"a cell is a column letter, a to {letters(n)}, "
                                 f"then a row number, 1 to {n}, e.g. {a1_id(middle, middle)}")


def text_form() -> Form:
    """A text record of Hex (pnp/positions/text_record.py): cell ids or swap; the board's size as an option."""
    return Form("moves", {"size": (*BOARD, "size")}, STONE_HOW + ", e.g. f6", read_stone, str)
