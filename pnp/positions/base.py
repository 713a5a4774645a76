"""What every game's position file shares, what its checks report, and what a referee hands back.

A position is one YAML file: `game`, the game's own keys (pieces on cells, or
stars and edges), and the optional `highlight`, `marks` and `caption` that a
diagram shows. A game's model subclasses PositionBase: pydantic checks the
shapes, `problems()` the game's facts (cells that exist, pieces the set holds,
edges that may be drawn), each with the field to change and what would be right.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Hashable, Iterable, Mapping
from typing import Annotated, Any, Protocol

from pydantic import Field, field_validator

from pnp.spec.base import OneLine, Strict
from pnp.spec.problems import Unplanned

CAPTION_MAX = 200
MARK = re.compile(r"[A-Za-z0-9]{1,2}")


class PositionBase(Strict):
    """The keys every position has; games add theirs (and their own `highlight` and `marks` ids)."""

    game: str
    caption: Annotated[str | None, Field(max_length=CAPTION_MAX, description="Shown under the diagram instead of "
                                                                          "the referee's own words."), OneLine] = None

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

    def problems(self) -> list[Unplanned]:
        """What the game's facts forbid, all of it; empty for a position that can be scored and drawn."""
        return []


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

    def player_names(self) -> tuple[str, ...]:
        """The players as captions name them, so a stated caption can be checked against the referee's."""
        ...


def caption_conflict(stated: str, own: str, names: Iterable[str]) -> str | None:
    """Why a stated caption contradicts the referee's own, or None.

    A stated caption may say less than the referee, never something else: each
    "NAME wins", "NAME leads" and "NAME <number>" it holds (NAME a player's name)
    must be in the referee's caption too, and "draw" or "no winner" only where
    the referee names no winner either.
    """
    pattern = re.compile(rf"\b({'|'.join(map(re.escape, names))})\s+(wins|leads|\d+)\b", re.IGNORECASE)
    ours = {(n.lower(), w.lower()) for n, w in pattern.findall(own)}
    for name, word in pattern.findall(stated):
        if (name.lower(), word.lower()) not in ours:
            return f"the caption says {name} {word}, but the referee finds: {own}"
    if re.search(r"\b(draw|no winner)\b", stated, re.IGNORECASE) and any(w in ("wins", "leads") for _, w in ours):
        return f"the caption says there is no winner, but the referee finds: {own}"
    return None


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


def guess(value: str, allowed: Iterable[str]) -> str:
    """ "; did you mean 'x'?" when something allowed is close to `value`, else nothing."""
    close = difflib.get_close_matches(value, list(allowed), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
