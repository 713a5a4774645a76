"""Cell ids in the `a1` scheme (shared/GAMES.md): a cell's column in letters, then its row number from 1.

Columns run a .. z, then aa, ab, ... (spreadsheet style); an id is read back
into a (row, column) address, and a mistyped one is recognised by its form
(`TYPO`) so a message can name the cells it most likely meant.
"""

from __future__ import annotations

import re
from functools import lru_cache

Address = tuple[int, int]    # (row, column), both from 1: tuples sort in reading order

ALPHABET = 26
A1_ID = re.compile(r"([a-z]{1,6})([1-9][0-9]{0,8})")   # far beyond any board, short of a huge number
TYPO = re.compile(r"([a-z]{1,3})(\d{1,4})")             # what a mistyped id may look like: row 0, 07, ...


@lru_cache(maxsize=4096)
def letters(column: int) -> str:
    """1 -> a, 26 -> z, 27 -> aa, 28 -> ab (spreadsheet style)."""
    text = ""
    while column > 0:
        column, rem = divmod(column - 1, ALPHABET)
        text = chr(ord("a") + rem) + text
    return text


def column_of(text: str) -> int:
    """The inverse of `letters`: a -> 1, z -> 26, aa -> 27."""
    value = 0
    for char in text:
        value = value * ALPHABET + ord(char) - ord("a") + 1
    return value


def a1_id(row: int, column: int) -> str:
    return f"{letters(column)}{row}"


def parse_a1(text: str) -> Address:
    """`k11` -> (11, 11). ValueError unless the text is lower-case letters and then a row number from 1."""
    found = A1_ID.fullmatch(text)
    if not found:
        raise ValueError(f"{text!r} is not a cell id (letters, then a row number from 1, e.g. c4)")
    return (int(found[2]), column_of(found[1]))
