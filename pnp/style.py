"""Styles as data: frozen defaults every game shares, overridable from a spec's `style` block.

Each game subclasses BaseStyle with its own named colours (Asterisk's side and
piece colours, say). A style is resolved once per build, in the game's plan,
and passed down to whatever draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar


@dataclass(frozen=True)
class BaseStyle:
    """Colours (hex #rrggbb) and line weights (mm) of every page of every game."""

    ink: str = "#1a1a1a"            # text and main lines
    grid: str = "#4d4d4d"           # cell outlines
    grid_width: float = 0.25
    cell_fill: str = "#ffffff"
    cut: str = "#b3b3b3"            # cut guides: thin, light grey
    cut_width: float = 0.2
    fold: str = "#6b6b6b"           # fold lines (dashed): darker than cuts, so the two never mix
    fold_width: float = 0.3
    muted: str = "#6b6b6b"          # secondary text
    font: str = ""                  # the spec's own TTF (absolute path) for text the shipped faces cannot draw


S = TypeVar("S", bound=BaseStyle)


def resolve_style(kind: type[S], overrides: Mapping[str, Any] | None) -> S:
    """`kind`'s defaults with the spec's overrides applied (unset keys keep their default)."""
    if not overrides:
        return kind()
    known = {f.name for f in fields(kind)}
    return replace(kind(), **{k: v for k, v in overrides.items() if k in known and v is not None})
