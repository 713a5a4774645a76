"""How axial points land on the page, as data: pointy-top cells in rows, or flat-top cells in columns.

A flat-top lattice is the pointy-top one turned 30 degrees clockwise, so one
`Orientation` record (where corner 0 stands and how q and r move a centre)
serves both and no shape or board is written twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry.hexagon import FLAT_FIRST_DEG, POINTY_FIRST_DEG


@dataclass(frozen=True)
class Orientation:
    """How axial points land on the page. Along one axis neighbours in a line touch flat to flat, a whole cell
    apart (the across axis); along the other those lines stand a pitch, sqrt(3)/2 of a cell, apart."""

    name: str
    first_corner_deg: float      # corner 0 (y down); corners run clockwise, edge k joins corners k and k + 1
    across: tuple[float, float]  # cells along the across axis per step of q and of r
    pitch: tuple[int, int]       # pitches along the other axis per step of q and of r
    across_is_x: bool


# Pointy: rows of cells, each half a cell right of the row above. Flat: the same turned 30 degrees clockwise.
POINTY = Orientation("pointy", POINTY_FIRST_DEG, (1.0, 0.5), (0, 1), True)
FLAT = Orientation("flat", FLAT_FIRST_DEG, (0.5, 1.0), (1, 0), False)
