"""Paper sizes and the printable area inside the margins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
    "legal": (215.9, 355.6),
}
MARGIN_MM = 10.0  # the default: home printers cannot print the outer 3 to 5 mm


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
    """A Paper from the spec's `paper` value: a name, or an object with width_mm/height_mm."""
    if isinstance(spec_paper, str):
        w, h = PAPERS[spec_paper]
        return Paper(spec_paper, w, h, margin)
    w, h = spec_paper.width_mm, spec_paper.height_mm  # type: ignore[attr-defined]
    return Paper("custom", min(w, h), max(w, h), margin)


def spec_paper(spec: Any) -> Paper:
    """The sheet a spec prints on: its `paper` inside its `print.margin_mm`."""
    return paper(spec.paper, spec.print.margin_mm)
