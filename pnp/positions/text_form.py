"""What a game says of its text records: a `Form` (the list the moves go in, the options its board takes, how a
token reads as a move and back), and the move readers the games share.

A game's position.py returns its Form (the registry's `text_form` hook); pnp/positions/text_games.py finds a game's
Form and checks the options given against it; pnp/positions/text_record.py reads and writes records with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pnp.positions.record import SWAP
from pnp.spec.yamltree import MAX_EXPANDED_NODES

HEADER_VALUES = 20              # YAML values besides the moves: game, board (a Mudcrack code nests 3 deep), first...
MAX_MOVES = MAX_EXPANDED_NODES - HEADER_VALUES  # the most cell moves a record holds (a YAML position's values)
CELL = re.compile(r"[A-Za-z0-9*]+")
PIECE = re.compile(r"([A-Za-z0-9]+)=([A-Za-z-]+)")
EDGE = re.compile(r"(\d+)-(\d+)")
STONE_HOW = "a move is a cell id or swap"
BOARD = ("board",)              # the position's key a board's options go under: board.size


@dataclass(frozen=True)
class Form:
    """One game's text form: the position's list the moves go in, the options its board takes (option -> the
    key path in the position; the first is the board's size), how a token reads as a move (None: not a move of
    this game) and back. What each option takes (a whole number and its range, a choice, text) is the position
    model's field at its path (text_games.py)."""

    key: str
    options: dict[str, tuple[str, ...]]
    how: str
    read: Callable[[str], Any]
    write: Callable[[Any], str]
    required: tuple[str, ...] = ()
    values: int = 1   # YAML values one move takes: a cell 1; a piece {cell: type} or an edge [a, b] 3
    helps: Mapping[str, str] = field(default_factory=dict)   # a required option -> what it is, for its message

    def most_moves(self) -> int:
        """The most moves a record of this form holds: as many as a YAML position's values allow."""
        return MAX_MOVES // self.values


def read_stone(token: str) -> Any:
    return SWAP if token.lower() == SWAP else (token if CELL.fullmatch(token) else None)


def read_piece(token: str) -> Any:
    if token.lower() == SWAP:
        return SWAP
    found = PIECE.fullmatch(token)
    return {found[1]: found[2]} if found else None


def write_piece(move: Any) -> str:
    if isinstance(move, str):
        return move
    ((cell, kind),) = dict(move).items()
    return f"{cell}={kind}"


def read_edge(token: str) -> Any:
    found = EDGE.fullmatch(token)
    return [int(found[1]), int(found[2])] if found else None


def write_edge(move: Any) -> str:
    first, second = move
    return f"{first}-{second}"
