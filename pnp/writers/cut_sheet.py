"""What one sheet's cut file holds, as the two cut writers read it: the SVG's (pnp/writers/cut.py) and the DXF's
(pnp/writers/cut_dxf.py), each written from the same SheetCuts."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry.cutlines import PLACES
from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import Segment

FOLD_DASH_MM = (2.0, 1.5)   # a fold line's dash and gap, in both files


def number(value: float) -> str:
    """Fixed precision (0.001 mm, trailing zeros trimmed), as every pnp SVG writes numbers, and both cut files do:
    same input, same bytes."""
    text = f"{value:.{PLACES}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class SheetCuts:
    """One sheet's cut file, ready to write: straight cuts joined into runs, circles (centre, radius), fold
    segments, and the registration marks' outlines."""

    width: float
    height: float
    title: str
    runs: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...]
    folds: tuple[Segment, ...]
    marks: tuple[tuple[Point, ...], ...]
