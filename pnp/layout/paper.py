"""Paper sizes and the printable area inside the margins."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.layout.sizes import PAPERS

MARGIN_MM = 10.0  # the default: home printers cannot print the outer 3 to 5 mm
CALIBRATION_MM = 50.0  # the scale bar at the foot of every page (furniture.py): it must fit across the sheet


@dataclass(frozen=True)
class Paper:
    """A sheet in portrait: width <= height; nothing but the page edge falls inside `margin`."""

    name: str
    width: float
    height: float
    margin: float = MARGIN_MM

    def landscape(self) -> "Paper":
        return Paper(self.name, self.height, self.width, self.margin)

    def orientations(self) -> tuple["Paper", "Paper"]:
        return (self, self.landscape())

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def inner_height(self) -> float:
        return self.height - 2 * self.margin


def paper(spec_paper: object, margin: float = MARGIN_MM) -> Paper:
    """A Paper from the spec's `paper` value: a name (any case), or an object with width_mm/height_mm."""
    if isinstance(spec_paper, str):
        name = spec_paper.lower()
        w, h = PAPERS[name]
        return Paper(name, w, h, margin)
    w, h = spec_paper.width_mm, spec_paper.height_mm  # type: ignore[attr-defined]
    return Paper("custom", min(w, h), max(w, h), margin)


def margin_problem(sheet: Paper, marks_mm: float = 0.0) -> str | None:
    """Why the margins leave no page to print on (the calibration bar does not fit across the sheet), or None.
    `marks_mm`: how far the bar moves in, clear of a cutter's registration marks (pnp/layout/registration.py)."""
    if sheet.inner_width >= CALIBRATION_MM + marks_mm:
        return None
    most = math.floor((sheet.width - CALIBRATION_MM - marks_mm) / 2)
    marks = f" and the {marks_mm:g} mm it moves in by, clear of the cutter's registration marks (formats: cut)" if marks_mm else ""
    return (f"{sheet.margin:g} mm margins leave {sheet.inner_width:g} mm across {sheet.width:g} x {sheet.height:g} mm "
            f"paper, less than the {CALIBRATION_MM:g} mm calibration bar every page prints{marks}; set print.margin_mm "
            f"to at most {most:g}, or choose larger paper")


def spec_paper(spec: Any) -> Paper:
    """The sheet a spec prints on: its `paper` inside its `print.margin_mm`."""
    return paper(spec.paper, spec.print.margin_mm)
