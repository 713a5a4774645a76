"""A position of red and blue stones on a cell board: the model every stone game's position file extends.

    game: hex
    board: {size: 11}                      # the game's own board block
    stones: {red: [a1, b2], blue: [c3]}
    highlight: [d4]                        # optional, for diagrams: cells to tint
    marks: {e5: a, f5: a}                  # optional: letters on cells
    caption: ...                           # optional: instead of the referee's sentence
    moves: [f6, swap, e7, d9]              # optional: a record, after the stones (pnp/positions/record.py)
    first: red                             # optional: who makes move 1 (default red)

A game subclasses StonesPosition, narrowing `game` and `board` (and `stones`,
`highlight` and `marks` where its ids are not text, as a mud-crack board's
numbers), and gives in `board_ids()` the ids its board holds and how a wrong one
is explained: a BoardIds (`BoardIds.of_shape` for a lattice shape, whose `near`
bounds the guessing on large boards; `BoardIds.of_board` for any CellBoard).
`problems()` then reports everything at once: an unknown cell (with the nearest
id), a cell listed twice, a cell both players hold, and unknown or repeated
cells in highlight and marks, each located at its list index or mapping key.
A record's moves are checked the same way, each named by its number: an
unknown cell, a cell already taken (by a stone or an earlier move), a `swap`
anywhere but move 2. Colours alternate from `first`; a swap places nothing, so
move 3 is the second colour's: the players trade colours, not the stone.
A connection game (Hex, Y) subclasses ConnectionPosition, which adds `chain`
(draw the winning chain in a diagram, stone_diagram.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field

from pnp.boards.lattice.ids import TYPO, a1_id, column_of
from pnp.boards.lattice.shapes import LatticeShape
from pnp.positions.meta import meta_problems
from pnp.positions.base import HIGHLIGHT_HELP, MARKS_HELP, PositionBase, bad_marks, repeats
from pnp.positions.record import SWAP, MovesRecord, swap_problem
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned, show
from pnp.spec.suggest import Guesser, Near

PLAYERS = ("red", "blue")   # Red moves first; Blue may take over that move (the pie rule)
NEXT_TO = 1   # an id this many rows or columns past the edge is guessed as the cell it is next to
FIRST_MOVE = "move 1"   # what holds the first stone's cell while a record is checked


RED_HELP, BLUE_HELP = "Cells Red holds.", "Cells Blue holds."   # shared with a game's own id types (Y)
MOVES_HELP = "A record: cell ids in the order played, after `stones`; `swap` as move 2 takes the pie."


class Stones(Strict):
    red: list[str] = Field(default_factory=list, description=RED_HELP)
    blue: list[str] = Field(default_factory=list, description=BLUE_HELP)


@dataclass(frozen=True)
class BoardIds:
    """The ids a position's cells are checked against, and the words of the message for one that is none of them:
    "'x9' is not a cell of {board}; did you mean 'c9'? ({how})"."""

    known: Collection[Hashable]
    board: str                  # "the 11 × 11 board"
    how: str                    # what an id looks like: "a cell is a column letter and a row number, e.g. f6"
    near: Near | None = None    # the ids worth comparing with a mistyped one (a lattice shape's `near`)
    nearest: Callable[[str], tuple[str, int] | None] | None = None   # the cell nearest on the board, and how far

    @classmethod
    def of_shape(cls, shape: LatticeShape, board: str, how: str) -> "BoardIds":
        """The ids of a `LatticeShape` (lattice/shapes.py): an id just past the edge guessed as the cell nearest
        to it (`l1` on an 11 x 11 board: k1), others among the ids spelt alike, else the nearest cell too."""
        return cls(shape.places.keys(), board, how, shape.near, lambda text: clamped(shape, text))

    @classmethod
    def of_board(cls, board: Any, words: str, how: str) -> "BoardIds":
        """The ids of any CellBoard (pnp/boards/cells.py)."""
        return cls(board.by_id.keys(), words, how)

    def unknown(self, loc: tuple[Any, ...], given: Iterable[Hashable], keys: bool = False) -> list[Unplanned]:
        """Every id in `given` that is no cell of the board; list items located by index, mapping keys by key."""
        guesser = Guesser(self.known, self.near)   # one per list: the guessing is bounded per list
        return [Unplanned((*loc, cell if keys else index), self.message(cell, guesser))
                for index, cell in enumerate(given) if cell not in self.known]

    def message(self, cell: Hashable, guesser: Guesser) -> str:
        text = str(cell)
        if text != text.lower() and text.lower() in self.known:
            said = f"; did you mean '{text.lower()}'? ids are lower case"
        else:
            close = self.guess(text, guesser)
            said = f"; did you mean '{close}'?" if close else ""
        return f"{show(text)} is not a cell of {self.board}{said} ({self.how})"

    def guess(self, text: str, guesser: Guesser) -> str | None:
        """The cell one step past the edge is next to, else the id spelt most alike, else the nearest cell."""
        nearest = self.nearest(text) if self.nearest else None
        if nearest is not None and nearest[1] <= NEXT_TO:
            return nearest[0]
        return guesser(text) or (nearest[0] if nearest else None)


def clamped(shape: LatticeShape, text: str) -> tuple[str, int] | None:
    """The cell of `shape` nearest to an `a1` id off it, its row brought onto the board and then its column onto
    that row (`l1` -> k1, `f0` -> f1, `z3` -> k3 on an 11 x 11 rhombus), and how many rows or columns that moved
    it; None for text that is no such id at all."""
    found = TYPO.fullmatch(text.lower())
    if not found:
        return None
    given = (int(found[2]), column_of(found[1]))
    row = min(max(given[0], 1), shape.row_count)
    low, high = shape.span(row - 1 + shape.rows[0])
    column = min(max(given[1], 1), high - low + 1)
    return a1_id(row, column), max(abs(row - given[0]), abs(column - given[1]))


LETTERS_AND_NUMBER = TYPO   # an id of letters and a number (a1, k11, aa30)


def lettered(ids: Sequence[str]) -> Callable[[str], tuple[str, int] | None] | None:
    """For ids of letters and a number (any scheme that names a cell by two lines), the id nearest to one off the
    board, counting letters and numbers as steps, the larger of the two, then both (`l1` -> k1, `f0` -> f1, `z9` ->
    k9 on an 11 x 11 board; the first in board order among equals), and how many steps away; None where the ids are of no such form."""
    named = [(cell, column_of(found[1]), int(found[2])) for cell in ids if (found := TYPO.fullmatch(cell))]
    if len(named) != len(ids):
        return None

    def nearest(text: str) -> tuple[str, int] | None:
        found = TYPO.fullmatch(text.lower())
        if not found:
            return None
        column, row = column_of(found[1]), int(found[2])
        def steps(cell: tuple[str, int, int]) -> tuple[int, int]:
            across, down = abs(cell[1] - column), abs(cell[2] - row)
            return max(across, down), across + down

        best = min(named, key=steps)
        return best[0], steps(best)[0]

    return nearest


class StonesPosition(MovesRecord, PositionBase):
    """Red's and Blue's stones on a board, with what a diagram of it should show. `board` is the game's block."""

    board: Strict = EMPTY
    stones: Stones = EMPTY
    highlight: list[str] = Field(default_factory=list, description=HIGHLIGHT_HELP)
    marks: dict[str, str] = Field(default_factory=dict, description=MARKS_HELP)
    moves: list[str] = Field(default_factory=list, description=MOVES_HELP)
    first: Literal["red", "blue"] = Field("red", description="Who makes move 1 of the record.")
    resigned: Literal["red", "blue"] | None = Field(None, description="The player who resigned after the record's "
                                                                      "last move: the other wins.")
    players: ClassVar[tuple[str, str]] = PLAYERS   # the keys of `stones`, the first moving first by default

    cut_drops: ClassVar[tuple[str, ...]] = ("caption", "resigned")   # a record cut short (--at N) was not resigned yet

    def board_ids(self) -> BoardIds:
        """The ids of this position's board: each game says."""
        raise NotImplementedError

    def owners(self) -> dict[Hashable, str]:
        """Cell id -> the player holding it: the set-up stones, then the record's moves."""
        placed = {cell: player for cell, player, _ in self.set_up()}
        return {**placed, **{cell: player for _, cell, player in self.played()}}

    def set_up(self) -> list[tuple[Hashable, str, str]]:
        """(cell, player, how a message names it) of each stone on the board before the record starts: `stones`
        (a game may add its own, as *Star's handicap)."""
        return [(cell, player, f"a stone in stones.{player}") for player in self.players
                for cell in getattr(self.stones, player)]

    def played(self) -> list[tuple[int, Hashable, str]]:
        """(index, cell, colour) of each stone the record placed, in order. Colours alternate from `first`; a swap
        (move 2) makes the first stone the second player's, at `swapped(cell)`, and the first player moves next."""
        other = self.players[1] if self.first == self.players[0] else self.players[0]
        found = [(index, cell, self.first if index % 2 == 0 else other)
                 for index, cell in enumerate(self.moves) if cell != SWAP]
        if len(self.moves) > 1 and self.moves[1] == SWAP and found:
            found[0] = (0, self.swapped(found[0][1]), other)
        return found

    def swapped(self, cell: Hashable) -> Hashable:
        """Where the first stone stands once the second player takes it over: the same cell where both players'
        goals are alike (Y, *Star); Hex mirrors it, so the stone serves its new owner's sides as it served Red's."""
        return cell

    def problems(self) -> list[Unplanned]:
        ids = self.board_ids()
        found: list[Unplanned] = []
        for player in self.players:
            cells = getattr(self.stones, player)
            found += [*ids.unknown(("stones", player), cells), *repeats(f"stones.{player}", cells)]
        first, second = (getattr(self.stones, player) for player in self.players)
        found += [Unplanned(("stones", self.players[1], second.index(c)), f"{c} is also one of "
                            f"{self.players[0].capitalize()}'s; a cell holds one stone") for c in sorted(set(first) & set(second))]
        found += [*ids.unknown(("highlight",), self.highlight), *repeats("highlight", self.highlight),
                  *ids.unknown(("marks",), self.marks, keys=True), *bad_marks(self.marks)]
        return [*found, *self.record_problems(ids), *meta_problems(self.meta, self.players)]

    def record_problems(self, ids: BoardIds) -> list[Unplanned]:
        """Each move that cannot be played where it stands: an unknown cell, a taken one, a misplaced swap."""
        taken = {cell: words for cell, _, words in self.set_up()}
        guesser, found = Guesser(ids.known, ids.near), []
        for index, cell in enumerate(self.moves):
            said = None
            if cell == SWAP:
                said = swap_problem(index, self.moves) or self._swap_onto(taken)
            elif cell not in ids.known and str(cell).lower() == SWAP:
                said = f"{cell!r} is no cell; the pie rule's move is written swap, in lower case"
            elif cell not in ids.known:
                said = ids.message(cell, guesser)
            elif cell in taken:
                said = f"{cell} is taken already, by {taken[cell]}; a cell holds one stone"
            else:
                taken[cell] = f"move {index + 1}"
            if said:
                found.append(Unplanned(("moves", index), f"move {index + 1}: {said}"))
        return found

    def _swap_onto(self, taken: dict[Hashable, str]) -> str | None:
        """The first stone moved to where its new owner has it (`taken` updated), or why it cannot go there: Hex
        mirrors it, maybe onto a set-up stone. Nothing when move 1 placed no stone (its own problem is said)."""
        first = self.moves[0]
        if taken.get(first) != FIRST_MOVE:
            return None
        moved = self.swapped(first)
        if moved != first and moved in taken:
            return (f"the swap moves the first stone from {first} to {moved}, which is taken already, by "
                    f"{taken[moved]}; a cell holds one stone")
        del taken[first]
        taken[moved] = "the first stone, taken over by the swap"
        return None


class ConnectionPosition(StonesPosition):
    """A connection game's position (Hex, Y): stones, and whether a diagram draws the winning chain. The first
    connection ends the game, so a record refuses any move after it."""

    ends_at_win = True

    chain: bool = Field(True, description="Draw the winning chain over the stones; false shows the stones alone.")
