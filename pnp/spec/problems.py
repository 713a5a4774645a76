"""Problems found in a spec, reported all at once, one line each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


ECHO_CHARS = 40  # the most of a value or key a message repeats: enough to recognise it


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """Text as a message repeats it: cut to a readable length with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(value: Any) -> str:
    """A value from the spec as a message repeats it."""
    if isinstance(value, str):
        return repr(clip(value))
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return clip(str(value))


def printable(text: str) -> str:
    """Text with every character a terminal would not show as itself (controls, line and record separators)
    written as an escape, so a message is always one readable line."""
    return text if text.isprintable() else "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def path_text(loc: tuple[Any, ...]) -> str:
    """A field's path as a user writes it: board.side, pieces.counts, outputs[2]."""
    text = ""
    for part in loc:
        name = clip(str(part)) or '""'  # a key written as '' still shows where it is
        text += f"[{part}]" if isinstance(part, int) else (f".{name}" if text else name)
    return text


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a spec: where it is and what would be right."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return printable(f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}")


class SpecError(Exception):
    """Raised with every problem found, so the user fixes them in one pass."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class YamlProblem(Exception):
    """The file cannot be read as a plain YAML spec; `line` where one is known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass(frozen=True)
class Unplanned:
    """Why a plan cannot be made: the spec field to change (a path of keys) and what would work."""

    loc: tuple[Any, ...]
    message: str


class PlanError(Exception):
    """A game's planner found the spec cannot be laid out; the reader adds file and line to each."""

    def __init__(self, found: list[Unplanned]) -> None:
        super().__init__("; ".join(u.message for u in found))
        self.found = found
