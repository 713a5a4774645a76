"""An Asterisk position file: a board side and pieces on cells, checked against that board and its piece set.

    game: asterisk
    board: {side: 8}
    pieces: {a1: dark-hexagon-empty, b2: light-circle-asterisk}   # cell id -> piece type
    highlight: [c3]          # optional, for diagrams: cells to tint
    marks: {c5: a, d5: a}    # optional: letters on cells
    caption: ...             # optional: instead of the referee's sentence
    moves:                   # optional: a record, after the pieces (pnp/positions/record.py)
      - {c3: dark-circle-empty}
      - swap                 # the second player's first turn may exchange the goal markers
    opening: three-piece     # optional: or swap (the spec's rules.opening)

Pydantic checks the shapes; `problems` checks every cell id against the
board, every piece type against the set, and each type's count against the
set's cells / 6, all at once. A cell given twice in `pieces` is a duplicate
key, which the YAML reader refuses with both lines. A record's moves are
checked the same way, each named by its number (record_problems): the cell,
the type, a cell already taken, a piece beyond the set, the opening's rules
(three-piece: moves 1 to 3 of three different types, a swap only as move 4;
swap: a swap only as move 2). A swap places nothing: the players exchange goal
markers, and the referee names a winner by goal set, so nothing else changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from pnp.boards.lattice.shapes import triangle
from pnp.games.asterisk.board import cell_count, letters
from pnp.games.asterisk.referee import topology
from pnp.games.asterisk.rules import GOAL_SETS, PIECE_TYPES, playable_side
from pnp.games.asterisk.spec import DEFAULT_OPENING, MAX_SIDE, Opening
from pnp.positions.base import HIGHLIGHT_HELP, MARKS_HELP, PositionBase, bad_marks, guesses, repeats
from pnp.positions.record import SWAP, MovesRecord, swap_problem
from pnp.positions.text_form import BOARD, Form, read_piece, write_piece
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned, show


class PositionBoard(Strict):
    side: Annotated[int, Field(ge=3, le=MAX_SIDE, description="Cells along each side of the triangle.")] = 11

    _six_ways = field_validator("side")(playable_side)


class AsteriskPosition(MovesRecord, PositionBase):
    """Pieces on an Asterisk board, with what a diagram of it should show."""

    game: Literal["asterisk"]
    board: PositionBoard = EMPTY
    pieces: dict[str, str] = Field(default_factory=dict, description="Cell id -> piece type, e.g. a1: dark-hexagon-empty.")
    highlight: list[str] = Field(default_factory=list, description=HIGHLIGHT_HELP)
    marks: dict[str, str] = Field(default_factory=dict, description=MARKS_HELP)
    chains: bool = Field(True, description="Draw the goals met as chains; false shows the pieces alone.")
    moves: list[Any] = Field(default_factory=list, description=(
        "A record: one-entry maps {cell: piece-type} in the order played, after `pieces`; `swap` as the second "
        "player's first turn exchanges the goal markers."))
    opening: Opening = Field(DEFAULT_OPENING, description=(
        "The record's opening: three-piece (moves 1 to 3 the first player's, of three types; a swap as move 4) "
        "or swap (a swap as move 2)."))

    ends_at_win = True

    def played(self) -> list[tuple[int, str, str]]:
        """(index, cell, piece type) of each piece the record placed, in order; a swap places nothing."""
        return [(index, *entry) for index, move in enumerate(self.moves) if (entry := _entry(move))]

    def placed(self) -> dict[str, str]:
        """Cell id -> piece type of every piece on the board: `pieces`, then the record's moves (what a referee,
        a score and a diagram see)."""
        return {**self.pieces, **{cell: kind for _, cell, kind in self.played()}}

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
            *_Replay(self).problems(),
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
    return (f"{show(cell)} is not a cell of the side-{side} board{said} (a cell is a row's letter and the row's "
            f"number, rows counted from a1 at the apex down to a{side} .. {letters(side)}{side} along the bottom)")


def _kinds(pieces: dict[str, str]) -> list[Unplanned]:
    guess = guesses(PIECE_TYPES)
    return [Unplanned(("pieces", cell), said) for cell, kind in pieces.items() if (said := _not_a_kind(kind, guess))]


def _not_a_kind(kind: Any, guess: Callable[[str], str]) -> str | None:
    """Why `kind` is no piece type (None when it is one)."""
    if kind in GOAL_SETS:
        return f"{kind!r} is one player's set of goals, not a piece; pieces are: {', '.join(PIECE_TYPES)}"
    if kind not in PIECE_TYPES:
        return f"{show(kind)} is not a piece type{guess(str(kind))}; use one of: {', '.join(PIECE_TYPES)}"
    return None


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


SWAP_AT: dict[str, int] = {"swap": 2, "three-piece": 4}   # the one move a swap may be, by opening
OPENING_PIECES = 3       # the three-piece opening: moves 1 to 3, the first player's, of three different types
EXAMPLE_MOVE = "{c3: dark-circle-empty}"


def _entry(move: Any) -> tuple[str, str] | None:
    """(cell, piece type) of a move that places one piece; None for a swap or a move of the wrong shape."""
    if isinstance(move, dict) and len(move) == 1:
        ((cell, kind),) = move.items()
        return str(cell), kind
    return None


@dataclass
class _Replay:
    """The record played through move by move, each move checked against the board as it then stands."""

    position: AsteriskPosition
    taken: dict[str, str] = field(init=False)     # cell -> what holds it, in a message's words
    counts: Counter[str] = field(init=False)      # piece type -> how many are on the board
    first: dict[str, int] = field(init=False)     # piece type -> the opening move that placed it
    guess_cell: Callable[[str], str] = field(init=False)
    guess_kind: Callable[[str], str] = field(init=False)

    def __post_init__(self) -> None:
        side = self.position.board.side
        self.taken = dict.fromkeys(self.position.pieces, "a piece in pieces")
        self.counts, self.first = Counter(self.position.pieces.values()), {}
        self.guess_cell, self.guess_kind = guesses(_known(side), triangle(side).near), guesses(PIECE_TYPES)

    def problems(self) -> list[Unplanned]:
        found = []
        for index, move in enumerate(self.position.moves):
            said = self.swap(index) if move == SWAP else self.place(index, move)
            if said:
                found.append(Unplanned(("moves", index), f"move {index + 1}: {said}"))
        return found

    def swap(self, index: int) -> str | None:
        """A swap anywhere but the opening's one place for it, saying which opening would have it there."""
        opening = self.position.opening
        said = swap_problem(index, self.position.moves, SWAP_AT[opening])
        other = next(name for name in SWAP_AT if name != opening)
        if said and index + 1 == SWAP_AT[other] and SWAP not in self.position.moves[:index]:
            said += f"; for a swap as move {index + 1}, set opening: {other}"
        return said

    def place(self, index: int, move: Any) -> str | None:
        """What is wrong with placing `move`, else None (and the piece is then on the board)."""
        entry = _entry(move)
        if entry is None:
            return _not_a_move(move)
        cell, kind = entry
        side = self.position.board.side
        said = (_not_a_cell(cell, side, self.guess_cell) if cell not in _known(side) else None) or \
            _not_a_kind(kind, self.guess_kind) or self.taken_by(cell) or self.too_many(kind) or self.again(index, kind)
        if said is None:
            self.taken[cell] = f"move {index + 1}"
        return said

    def taken_by(self, cell: str) -> str | None:
        return f"{cell} is taken already, by {self.taken[cell]}; a cell holds one piece" if cell in self.taken else None

    def too_many(self, kind: str) -> str | None:
        """A piece the set does not hold; counted even so, so that the next one of its type is called the next."""
        holds, side = cell_count(self.position.board.side) // 6, self.position.board.side
        self.counts[kind] += 1
        if self.counts[kind] <= holds:
            return None
        return f"{kind} would be the {_ordinal(self.counts[kind])}; the side-{side} set holds {holds} of each type"

    def again(self, index: int, kind: str) -> str | None:
        """The three-piece opening's rule: its three pieces are of three different types."""
        if self.position.opening != "three-piece" or index >= OPENING_PIECES:
            return None
        if kind in self.first:
            return (f"{kind}, the same type as move {self.first[kind] + 1}; the three-piece opening places three "
                    f"pieces of three different types (or set opening: swap)")
        self.first[kind] = index
        return None


def _not_a_move(move: Any) -> str:
    if isinstance(move, dict):
        cells = ", ".join(str(cell) for cell in move)
        held = f"{len(move)} entries ({cells})" if move else "no entry"
        return f"the map holds {held}; a move places one piece: one cell and its type, e.g. {EXAMPLE_MOVE}"
    said = "an empty item" if move is None else repr(move)
    return f"{said} is not a move; a move is one cell and its piece type, e.g. {EXAMPLE_MOVE}, or {SWAP}"


def _ordinal(number: int) -> str:
    """12 -> 12th, 21 -> 21st, 113 -> 113th."""
    teen = number % 100 in (11, 12, 13)
    return f"{number}{'th' if teen else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def text_form() -> Form:
    """A text record of Asterisk (pnp/positions/text_record.py): pieces as CELL=piece-type, or swap; the side and the opening as options."""
    return Form("moves", {"side": (*BOARD, "side"), "opening": ("opening",)},
                "a move is CELL=piece-type, e.g. c3=dark-circle-empty, or swap", read_piece, write_piece, values=3)
