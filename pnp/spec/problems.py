"""Problems found in a spec, reported all at once, one line each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


ECHO_CHARS = 40  # the most of a value or key a message repeats: enough to recognise it
MAX_TOLD = 20    # problems told of one file: the first ones, then how many more (a file of slips is a screen, not a flood)


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


@dataclass(frozen=True)
class Untold(Problem):
    """Stands for `count` more problems of `file` found after the first MAX_TOLD, counted and not kept: a reader
    that finds a problem at every token (a megabyte of junk) keeps memory and time to what it tells."""

    count: int = 0

    def __str__(self) -> str:
        return _more_line(self.file, self.count)


def _more_line(file: str, count: int) -> str:
    return printable(f"{file}: ... and {count:,} more problem{'s' if count != 1 else ''} like these (the first "
                     f"{MAX_TOLD} are told); fix these and run again")


class Kept:
    """Problems as a reader finds them: the first MAX_TOLD kept, the rest only counted (an Untold at the end)."""

    def __init__(self, file: str) -> None:
        self.file, self.found, self.more = file, [], 0

    def add(self, problem: Problem) -> None:
        if len(self.found) < MAX_TOLD:
            self.found.append(problem)
        else:
            self.more += 1

    def problems(self) -> list[Problem]:
        return [*self.found, *([Untold(self.file, None, "", "", self.more)] if self.more else [])]


def told(problems: list[Problem]) -> list[str]:
    """The lines that tell `problems`: of each file the first MAX_TOLD, then one line saying how many more."""
    lines: list[str] = []
    shown: dict[str, int] = {}
    more: dict[str, int] = {}
    last: dict[str, int] = {}   # the index in `lines` after which a file's "and N more" goes
    for problem in problems:
        if not isinstance(problem, Untold) and shown.get(problem.file, 0) < MAX_TOLD:
            shown[problem.file] = shown.get(problem.file, 0) + 1
            lines.append(str(problem))
        else:
            more[problem.file] = more.get(problem.file, 0) + (problem.count if isinstance(problem, Untold) else 1)
        last[problem.file] = len(lines)
    for file, index in sorted(last.items(), key=lambda item: -item[1]):
        if more.get(file):
            lines.insert(index, _more_line(file, more[file]))
    return lines


class SpecError(Exception):
    """Raised with every problem found, so the user fixes them in one pass (told as `told` says)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(told(problems)))
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
