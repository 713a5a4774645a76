"""Markdown for the pages scripts/docs_reference.py writes: tables, code, and the line that marks a page as written."""

from __future__ import annotations

from typing import Any

GENERATED = "<!-- Written by scripts/docs_reference.py from the code: do not edit; `make docs-reference` rewrites it. -->"


def cell(text: Any) -> str:
    """Text for one table cell: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def code(text: Any) -> str:
    return f"`{text}`" if text not in ("", None) else ""


def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]


def page(title: str, *blocks: list[str] | str) -> str:
    lines = [f"# {title}", "", GENERATED, ""]   # the heading first: MkDocs takes a page's title from it
    for block in blocks:
        lines += ([block] if isinstance(block, str) else block) + [""]
    return "\n".join(lines).rstrip() + "\n"


def game_title(game: str) -> str:
    """A game's name as players write it, ready for Markdown."""
    from pnp import registry

    return registry.game(game).display_name().replace("*", "\\*")   # *Star: Markdown's emphasis mark
