"""The `pnp` examples a user is shown, as commands to run: the README's and those of the docs pages that hold what
the README once did (every `pnp ...` line of a ```sh block, and every `$ pnp ...` line of a ```console block with
the output shown under it), and each command's --help examples.

They all run as shown, each once, in a folder where the README's first-kit commands ran (`pnp init asterisk`,
`pnp build asterisk.yaml`, `pnp init --examples`; each of those pages opens with them). tests/test_packaging.py
runs them so from the installed wheel; tests/test_cli_conventions.py checks each names a command and options it has.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from conftest import ROOT

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
ELIDED = "..."   # a line of shown output that stands for lines left out


@dataclass(frozen=True)
class Shown:
    """A command line as shown, and the output shown under it (`$ pnp ...` blocks; empty where none is shown)."""

    line: str
    output: tuple[str, ...] = ()

    def words(self) -> list[str]:
        """The first command's words, without a redirection (`> board.json`) or a second command (`&& ...`)."""
        return shlex.split(re.split(r"\s(?:&&|>)\s", self.line)[0], comments=True)


def until_stopped(words: list[str]) -> bool:
    """A pnp command that runs until Ctrl-C: `pnp watch`, `pnp preview --watch`."""
    return words[1:2] == ["watch"] or (words[1:2] == ["preview"] and "--watch" in words)


# The README, then the docs pages its long sections moved to, in the README's old reading order.
SHOWN_PAGES = tuple(ROOT / page for page in (
    "README.md", "docs/reference/kits.md", "docs/reference/spec.md", "docs/reference/command-line.md",
    "docs/reference/games-in-detail.md", "docs/reference/records.md"))


def shown_text() -> str:
    """The README and those pages, one after another."""
    return "\n".join(page.read_text(encoding="utf-8") for page in SHOWN_PAGES)


def section_page(heading: str) -> str:
    """The text of the page (README or docs) that holds a section, e.g. "## The command line"."""
    for page in SHOWN_PAGES:
        text = page.read_text(encoding="utf-8")
        if re.search(rf"^{re.escape(heading)}\b", text, re.M):
            return text
    raise AssertionError(f"no page of {[str(p.relative_to(ROOT)) for p in SHOWN_PAGES]} holds {heading!r}")


def readme_examples() -> list[Shown]:
    """The README's examples and its pages', in reading order."""
    found = []
    for language, body in FENCE.findall(shown_text()):
        lines = body.splitlines()
        if language == "sh":
            found += [Shown(line) for line in lines if line.startswith("pnp ")]
        elif language == "console":
            for index, line in enumerate(lines):
                if line.startswith("$ pnp "):
                    rest = lines[index + 1:]
                    end = next((i for i, after in enumerate(rest) if after.startswith("$ ")), len(rest))
                    found.append(Shown(line[2:], tuple(rest[:end])))
    return found


def help_examples() -> dict[str, list[Shown]]:
    """Each command's --help examples ("" for `pnp --help`), by command."""
    import typer

    from pnp.cli import app

    main = typer.main.get_command(app)
    epilogs = {"": main.epilog or "", **{name: command.epilog or "" for name, command in main.commands.items()}}
    return {name: [Shown(line.strip()) for line in text.split("Examples:", 1)[-1].splitlines()
                   if line.strip().startswith("pnp ")]
            for name, text in epilogs.items()}


def examples_shown() -> list[Shown]:
    """The README's (and its pages') examples, then every --help's, each command once (the first time it is shown)."""
    found: dict[tuple[str, ...], Shown] = {}
    for shown in [*readme_examples(), *(shown for shown_ in help_examples().values() for shown in shown_)]:
        found.setdefault(tuple(shown.words()), shown)
    return list(found.values())


def output_problem(shown: Shown, printed: str) -> str | None:
    """Why `printed` is not the output shown (each shown line, `...` aside, printed in that order), or None."""
    said = iter(printed.splitlines())
    for line in shown.output:
        if line.strip() == ELIDED:
            continue
        if not any(line.rstrip() == out.rstrip() for out in said):
            return f"{shown.line}: the docs show {line!r}, which it does not print (in that order):\n{printed}"
    return None
