"""A Y position file: a board (the triangle, or a Mudcrack Y board) and the two players' stones on it.

    game: y
    board: {side: 9}                                   # or {mudcrack: {cells: 60, seed: 3}}, or {mudcrack: {code: ...}}
    stones: {red: [a1, b2], blue: [c3]}                # a Mudcrack Y board's cells are numbers: [17, 23] or ["17"]
    highlight: [d4]          # optional, for diagrams: cells to tint
    marks: {e5: a}           # optional: letters on cells
    caption: ...             # optional: instead of the referee's sentence
    chain: false             # optional: leave the winning chain out of a diagram

Ids are read as text, so 17 and "17" are one cell; the checks (an unknown cell
with the nearest id, a cell twice, a cell both players hold) are every stone
game's (pnp/boards/position.py). The triangle's ids are checked without making
a board; a Mudcrack Y board's are its numbers, 1 to N.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from pnp.boards.lattice.shapes import triangle
from pnp.boards.position import BLUE_HELP, MOVES_HELP, RED_HELP, BoardIds, ConnectionPosition
from pnp.positions.base import HIGHLIGHT_HELP, MARKS_HELP
from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone
from pnp.boards.mudcrack.code import encode
from pnp.boards.mudcrack.spec import MudcrackSpec, mudcrack_block, number_as_text
from pnp.games.y.spec import BoardChoice
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned
from pnp.texts import say

CellId = Annotated[str, BeforeValidator(number_as_text)]   # a mud-crack cell written 17 is the cell "17"
GROWTH_STEPS = 2_500   # growing a Mudcrack Y board and judging on it, per cell, in diagram steps (about 0.4 ms)


class PositionBoard(BoardChoice):
    mudcrack: MudcrackSpec = mudcrack_block()

    def words(self, kind: str = "") -> str:
        """The board as reports name it ("Y, side 9"), or as a message about a cell does (`kind` "_board": "the
        side-9 triangle")."""
        named = self.named()
        if named is None:
            return say("y", f"position.triangle{kind}", side=self.side)
        return say("y", f"position.mudcrack{kind}", code=encode(*named), cells=named[0])

    def board_code(self) -> str | None:
        """The code of the Mudcrack Y board written (however it was given), None for the triangle: a text record
        names the board by it (pnp/positions/text_record.py)."""
        named = self.named()
        return None if named is None else encode(*named)


class YStones(Strict):
    red: list[CellId] = Field(default_factory=list, description=RED_HELP)
    blue: list[CellId] = Field(default_factory=list, description=BLUE_HELP)


class YPosition(ConnectionPosition):
    """Stones on a Y board, with what a diagram of it should show."""

    game: Literal["y"]
    board: PositionBoard = EMPTY
    stones: YStones = EMPTY
    highlight: list[CellId] = Field(default_factory=list, description=HIGHLIGHT_HELP)
    marks: dict[CellId, str] = Field(default_factory=dict, description=MARKS_HELP)
    moves: list[CellId] = Field(default_factory=list, description=MOVES_HELP)

    def board_ids(self) -> BoardIds:
        named, words = self.board.named(), self.board.words("_board")
        if named is None:
            return BoardIds.of_shape(triangle(self.board.side), words, say("y", "position.triangle_ids"))
        cells = named[0]
        return BoardIds(frozenset(str(k) for k in range(1, cells + 1)), words, say("y", "position.mudcrack_ids", cells=cells))

    def problems(self) -> list[Unplanned]:
        """A board block that names no board comes first: the cells cannot be checked without one."""
        return self.board.mix() or super().problems()

    def search_steps(self) -> int:
        """A Mudcrack Y board is grown from its seed, cell by cell; the triangle is drawn from its side."""
        named = self.board.named()
        return 0 if named is None else named[0] * GROWTH_STEPS


def text_form() -> Form:
    """A text record of Y (pnp/positions/text_record.py): cell ids (a Mudcrack Y board's numbers) or swap; the triangle's side or the board code as an option."""
    return Form("moves", {"side": (*BOARD, "side"), "code": (*BOARD, "mudcrack", "code")},
                STONE_HOW + ", e.g. c5 (on a Mudcrack Y board: a cell number, e.g. 17)", read_stone, str)
