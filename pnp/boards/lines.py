"""Line weights of a cell board drawn at a given cell size."""

from __future__ import annotations

from pnp.style import BaseStyle

GRID_SHARE = 0.02       # a cell's outline width per mm of cell (at most the style's grid width) ...
THINNEST_MM = 0.1       # ... and never thinner than a printer can show


def grid_width(cell_mm: float, style: BaseStyle) -> float:
    """Cell outlines thin enough for small cells, never thinner than a printer can show."""
    return max(THINNEST_MM, min(style.grid_width, cell_mm * GRID_SHARE))
