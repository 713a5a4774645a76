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
    cut: str = "#8c8c8c"            # cut guides on paper: thin, mid grey
    cut_width: float = 0.2
    # A cut between two pieces is drawn over them as a white core in a dark casing: the casing shows on light
    # pieces, the core on dark ones, so every cut shows whatever the colours either side.
    cut_core: str = "#ffffff"
    cut_casing_width: float = 0.6
    crop: str = "#808080"           # crop marks outside each block of pieces: 0.25 pt
    crop_width: float = 0.25 * 25.4 / 72
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
