"""The pie rule, one convention everywhere (shared/GAMES.md): what `swap` as move 2 of a record does.

Colours stay with the players; the second player's swap takes the first stone
over, and the first player moves again (move 3), the swap counting as move 2:

- `mirror` (Hex): the first stone is replaced by one of the second player's on
  its mirror cell, reflected in the long diagonal ((column c, row r) goes to
  (column r, row c) in the board's own coordinates), since the two players'
  goals are each other's mirror images;
- `take-over` (both players have the same goals): the first stone becomes the
  second player's, on the same cell;
- `none`: the game has no pie rule, and a swap is no move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pnp.positions.record import SWAP, SWAP_MOVE

if TYPE_CHECKING:   # a record is played without growing any board's generator
    from pnp.cellboard.kinds import RulesBoard

MIRROR, TAKE_OVER, NO_PIE = "mirror", "take-over", "none"
PIE_RULES = (MIRROR, TAKE_OVER, NO_PIE)


def mirrored(board: RulesBoard, cell: str) -> str:
    """The cell's image in the board's long diagonal; ValueError for an unknown cell or a shape without one."""
    return board.ids[board.mirror_places[board.graph.place(cell)]]


def swap_target(pie: str, board: RulesBoard) -> Callable[[str], str]:
    """Where the first stone stands once the second player takes it over. ValueError for `none`."""
    if pie == MIRROR:
        return lambda cell: mirrored(board, cell)
    if pie == TAKE_OVER:
        return lambda cell: cell
    raise ValueError("this game has no pie rule, so swap is no move")


def played(moves: Sequence[str], players: Sequence[str], first: str,
           swapped: Callable[[str], str]) -> list[tuple[int, str, str]]:
    """(index, cell, player) of each stone a record placed, in order, the swap applied: players alternate from
    `first`; a swap (move 2) places nothing, makes the first stone the second player's at `swapped(cell)`, and
    leaves move 3 to the first player."""
    other = players[1] if first == players[0] else players[0]
    found = [(index, cell, first if index % 2 == 0 else other) for index, cell in enumerate(moves) if cell != SWAP]
    if len(moves) >= SWAP_MOVE and moves[SWAP_MOVE - 1] == SWAP and found:
        found[0] = (0, swapped(found[0][1]), other)
    return found
