"""Little Golem's cell names, turned into pnp's and back: pure functions, checked against the boards' own ids.

Hex (pnp's `hexgui` ids): Little Golem writes a cell as two letters, the
column's and the row's, as Go's SGF does: `mf` is column m, row 6, pnp's m6.

A hexagon of side `base` (pnp's diagonal-column ids, shared/GAMES.md): columns lettered a, b, ...
(2·base - 1 of them) and rows numbered 1 ... 2·base - 1, the cell (column c,
row r) on the board where |c - r| <= base - 1. Little Golem letters the same
columns (in capitals) but numbers each column's cells from its own first
cell: a column past the middle starts at row c - base + 1, so its first cell is
number 1 there. On base 4, Little Golem's E1 is pnp's e2; on every board the
columns a to the middle one are numbered alike.
"""

from __future__ import annotations

import re

from pnp.boards.lattice.ids import a1_id, column_of, letters

TWO_LETTERS = re.compile(r"[a-z]{2}")
LETTER_NUMBER = re.compile(r"([A-Za-z])(\d{1,3})")
ALPHABET = 26


def from_two_letters(move: str) -> str | None:
    """`mf` -> `m6`: a cell in pnp's hexgui ids; None for text that is not two lower-case letters."""
    if not TWO_LETTERS.fullmatch(move):
        return None
    return a1_id(ord(move[1]) - ord("a") + 1, ord(move[0]) - ord("a") + 1)


def to_two_letters(cell: str) -> str | None:
    """`m6` -> `mf`; None for a cell two letters cannot name (a column or row past z)."""
    found = re.fullmatch(r"([a-z]+)(\d+)", cell)
    if not found or len(found[1]) != 1 or not 1 <= int(found[2]) <= ALPHABET:
        return None
    return found[1] + chr(ord("a") + int(found[2]) - 1)


def _first_row(column: int, base: int) -> int:
    """The row of a hexagon column's first cell: 1 up to the middle column, then one lower each column."""
    return max(1, column - base + 1)


def _column_length(column: int, base: int) -> int:
    return 2 * base - 1 - abs(column - base)


def from_column_numbers(move: str, base: int) -> str | None:
    """Little Golem's `E1` -> pnp's id on a hexagon of side `base` (`e2` on base 4); None for text that names no
    cell of that board."""
    found = LETTER_NUMBER.fullmatch(move)
    if not found:
        return None
    column, number = column_of(found[1].lower()), int(found[2])
    if not 1 <= column <= 2 * base - 1 or not 1 <= number <= _column_length(column, base):
        return None
    return a1_id(number + _first_row(column, base) - 1, column)


def to_column_numbers(cell: str, base: int) -> str | None:
    """pnp's id on a hexagon -> Little Golem's (`e2` -> `E1` on base 4); None for no cell of that board."""
    found = re.fullmatch(r"([a-z])(\d{1,3})", cell)
    if not found:
        return None
    column, row = column_of(found[1]), int(found[2])
    number = row - _first_row(column, base) + 1
    if not 1 <= column <= 2 * base - 1 or not 1 <= number <= _column_length(column, base):
        return None
    return f"{letters(column).upper()}{number}"
