"""Which game an SGF file holds and in which dialect its moves are written: dialects.yaml read, and each dialect's
way of writing a move (a cell, the pie rule's swap, a resignation) turned into pnp's.

A move reads as one of: a cell (pnp's id), SWAP, SWAP_SIDES (HexGui's swap-sides:
pnp's swap, the later moves reflected), RESIGN, FORFEIT, or None (no move of the
dialect: the reader says what one looks like).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.positions.record import SWAP
from pnp.records.littlegolem import from_two_letters
from pnp.resources import packaged
from pnp.spec import yamlsafe

TABLE = ("records", "dialects.yaml")
HEXGUI, LITTLE_GOLEM, PLAIN = "hexgui", "little-golem", "plain"
SWAP_SIDES, RESIGN, FORFEIT, PASS = "swap-sides", "resign", "forfeit", "pass"
SWAP_PIECES = "swap-pieces"
# HexGui up to 0.9 wrote swap-pieces where it meant swap-sides (its reader's own note); later versions do not.
OLD_HEXGUI = r"HexGui:0\.[0-9](?:$|[^0-9])"


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    return yamlsafe.load(packaged(*TABLE).read_bytes()).data


@dataclass(frozen=True)
class Dialect:
    """A dialect: its name, how a move's value reads (`read`), and how a message says a move looks."""

    name: str
    read: Callable[[str], str | None]
    how: str


def _ending(value: str) -> str | None:
    lower = value.lower()
    return {RESIGN: RESIGN, FORFEIT: FORFEIT}.get(lower)


def _hexgui(old: bool) -> Callable[[str], str | None]:
    def read(value: str) -> str | None:
        lower = value.lower()
        if lower == SWAP_PIECES:
            return SWAP_SIDES if old else SWAP
        if lower in (SWAP_SIDES, SWAP):   # HexGui reads a bare `swap` as swap-sides
            return SWAP_SIDES
        return _ending(value) or from_two_letters(lower) or (lower if lower[:1].isalpha() else None)
    return read


def _little_golem(cell: Callable[[str], str | None]) -> Callable[[str], str | None]:
    def read(value: str) -> str | None:
        return SWAP if value.lower() == SWAP else _ending(value) or cell(value)
    return read


def _plain(value: str) -> str | None:
    return SWAP if value.lower() == SWAP else _ending(value) or value


def hexgui(application: str | None) -> Dialect:
    """HexGui's (and PlayHex's) Hex SGF; `application` is the file's AP[], which tells HexGui's old swap-pieces."""
    import re

    old = bool(application and re.match(OLD_HEXGUI, application))
    return Dialect(HEXGUI, _hexgui(old), "a move is a cell, e.g. f6 (or Little Golem's two letters, fg), "
                                         "swap-pieces, swap-sides or resign")


def little_golem(cell: Callable[[str], str | None], example: str) -> Dialect:
    return Dialect(LITTLE_GOLEM, _little_golem(cell), f"a move is a cell as Little Golem writes it, e.g. {example}, "
                                                      "swap or resign")


def plain(how: str) -> Dialect:
    return Dialect(PLAIN, _plain, f"{how}, swap or resign")


def game_property() -> str:
    return table()["game-property"]


def code_property() -> str:
    return table()["code-property"]


def numbered(number: str) -> dict[str, str] | None:
    """The game and dialect of GM[number], None for a number pnp reads no game of."""
    found = table()["numbers"].get(str(int(number))) if number.isdigit() and len(number) < 6 else None
    return dict(found) if found else None


def number_of(game: str) -> int | None:
    """The GM[] number of a game, None for a game SGF numbers not (pnp then writes its own property)."""
    return next((int(number) for number, entry in table()["numbers"].items() if entry["game"] == game), None)


def little_golem_event(source: str | None, event: str | None) -> dict[str, str] | None:
    """Little Golem's game and id scheme, from a file's SO[] and EV[] (None: not a Little Golem file, or an event
    of a game pnp does not know; then {} )."""
    site = table()["little-golem"]
    if not source or site["site"] not in source.lower():
        return None
    prefix = (event or "").split(".", 1)[0].lower()
    return dict(site["events"].get(prefix, {}))
