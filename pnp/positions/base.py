"""What every game's position file shares, what its checks report, and what a referee hands back.

A position is one YAML file: `game`, the game's own keys (pieces on cells, or
stars and edges), and the optional `highlight`, `marks` and `caption` that a
diagram shows. A game's model subclasses PositionBase: pydantic checks the
shapes, `problems()` the game's facts (cells that exist, pieces the set holds,
edges that may be drawn), each with the field to change and what would be right.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Protocol

from pydantic import Field, PrivateAttr, field_validator

from pnp.positions.meta import Meta
from pnp.spec.base import EMPTY, OneLine, Strict
from pnp.spec.problems import Unplanned
from pnp.spec.suggest import Guesser, Near

if TYPE_CHECKING:
    from pnp.positions.standing import Standing

CAPTION_MAX = 200
HIGHLIGHT_HELP = "Cells a diagram tints."              # the descriptions every game's highlight and marks share
MARKS_HELP = "Cell id -> a letter drawn on it."
MARK = re.compile(r"[A-Za-z0-9]{1,2}")


class ImpossiblePosition(ValueError):
    """More than one player meets their goal: no game reaches this, so the referee names no winner."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)
        super().__init__(f"{' and '.join(self.players)} have each reached their goal; a game stops at its first win, "
                         "so no game reaches this position")


class PositionBase(Strict):
    """The keys every position has; games add theirs (and their own `highlight` and `marks` ids)."""

    game: str
    caption: Annotated[str | None, Field(max_length=CAPTION_MAX, description="Shown under the diagram instead of "
                                                                          "the referee's own words."), OneLine] = None
    meta: Meta = EMPTY   # the players, event, date and result a record came with (pnp/positions/meta.py)

    @field_validator("caption")
    @classmethod
    def _drawable(cls, caption: str | None) -> str | None:
        """The caption is set in the shipped fonts (a position has no style.font): refused here, by name, if
        they lack a character, rather than failing when the diagram is drawn."""
        from pnp.fonts import DEJAVU, lacks, named_chars

        missing = lacks(DEJAVU, caption) if caption and not caption.isascii() else []
        if missing:
            raise ValueError(f"no font pnp ships can draw {named_chars(missing)}; write the caption without "
                             f"{'it' if len(missing) == 1 else 'them'}")
        return caption

    ends_at_win: ClassVar[bool] = False   # a record refuses moves after the first win (Hex, Y, Asterisk), not *Star
    _cut_at: int | None = PrivateAttr(None)   # --at N short of the record's end (record.at_move): a caption says so

    def problems(self) -> list[Unplanned]:
        """What the game's facts forbid, all of it; empty for a position that can be scored and drawn."""
        return []

    def record_length(self) -> int | None:
        """How many moves the file's record holds (pnp/positions/record.py); None for a position without one."""
        return None

    def after(self, moves: int) -> "PositionBase":
        """The position after the record's first `moves` moves: the record cut there, and a stated caption (which
        speaks of the whole record) dropped when it is cut short."""
        return self

    def move_numbers(self) -> dict[Any, int]:
        """What each move of the record placed (a cell, an edge) -> the move's number: a diagram numbers it."""
        return {}

    def search_steps(self) -> int:
        """The work, in a booklet's diagram steps (pnp/booklet/limits.py), of making what the position names by a
        search or growth (a sky from its code, a board from its seed): 0 for a board drawn from its size."""
        return 0


class Verdict(Protocol):
    """A referee's findings on one position, in the three forms pnp shows them."""

    def as_json(self) -> dict[str, Any]:
        """`pnp score --json` (DESIGN.md, "Score JSON")."""
        ...

    def report(self) -> list[str]:
        """`pnp score`: a few readable lines."""
        ...

    def caption(self) -> str:
        """One sentence under a diagram: who wins and why, or how things stand."""
        ...

    def standing(self) -> "Standing":
        """The result as a caption could state it (pnp/positions/caption.py checks a stated caption against it)."""
        ...


def repeats(field: str, items: Iterable[Hashable], shown: Any = str) -> list[Unplanned]:
    """Each item given again after its first place in the list `field`."""
    first: dict[Hashable, int] = {}
    found = []
    for index, item in enumerate(items):
        if item in first:
            found.append(Unplanned((*field.split("."), index), f"{shown(item)} is also {field}[{first[item]}]; give each once"))
        first.setdefault(item, index)
    return found


def bad_marks(marks: Mapping[Any, str]) -> list[Unplanned]:
    """Marks are one or two letters (or digits): a pair of cells with the same letter, as in a two-way stretch."""
    return [Unplanned(("marks", key), f"{text!r} is not a mark; use a letter or two, e.g. a")
            for key, text in marks.items() if not MARK.fullmatch(text)]


def guesses(allowed: Collection[str], near: Near | None = None) -> Callable[[str], str]:
    """For one list of unknown names: "; did you mean 'x'?" when something allowed is close, else nothing; the
    work is bounded (pnp/spec/suggest.py), `near` narrowing a large set to the names worth comparing."""
    guesser = Guesser(allowed, near)

    def guess(value: str) -> str:
        close = guesser(value)
        return f"; did you mean '{close}'?" if close else ""

    return guess
