"""Styles as data: frozen defaults, overridable from a spec's `style` block."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class Style:
    """Colours (hex #rrggbb) and line weights (mm) shared by every asset."""

    ink: str = "#1a1a1a"            # text and main lines
    grid: str = "#4d4d4d"           # cell outlines
    grid_width: float = 0.25
    cell_fill: str = "#ffffff"
    left: str = "#d55e00"           # side bands (Okabe-Ito: vermillion, blue, bluish green)
    right: str = "#0072b2"
    bottom: str = "#009e73"
    light_piece: str = "#f2eee3"    # light pieces: near white, dark outline
    dark_piece: str = "#262626"     # dark pieces: near black
    cut: str = "#b3b3b3"            # cut guides: thin, light grey
    cut_width: float = 0.2
    fold: str = "#6b6b6b"           # fold lines (dashed): darker than cuts, so the two never mix
    fold_width: float = 0.3
    fill_mark: str = "#d9d9d9"      # solitaire: cells to fill
    muted: str = "#6b6b6b"          # secondary text

    def side_color(self, side: str) -> str:
        return {"left": self.left, "right": self.right, "bottom": self.bottom}[side]


def style_from(overrides: dict[str, Any] | None) -> Style:
    """Defaults with the spec's overrides applied (unset keys keep their default)."""
    if not overrides:
        return Style()
    known = {f.name for f in fields(Style)}
    return replace(Style(), **{k: v for k, v in overrides.items() if k in known and v is not None})
