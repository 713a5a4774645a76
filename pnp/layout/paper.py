"""Paper sizes and the printable area inside the margins."""

from __future__ import annotations

from dataclasses import dataclass

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
MARGIN_MM = 10.0


@dataclass(frozen=True)
class Paper:
    """A sheet in portrait: width <= height."""

    name: str
    width: float
    height: float

    def landscape(self) -> "Paper":
        return Paper(self.name, self.height, self.width)

    def orientations(self) -> tuple["Paper", "Paper"]:
        return (self, self.landscape())

    @property
    def inner_width(self) -> float:
        return self.width - 2 * MARGIN_MM

    @property
    def inner_height(self) -> float:
        return self.height - 2 * MARGIN_MM


def paper(spec_paper: object) -> Paper:
    """A Paper from the spec's `paper` value: a name, or an object with width_mm/height_mm."""
    if isinstance(spec_paper, str):
        w, h = PAPERS[spec_paper]
        return Paper(spec_paper, w, h)
    w, h = spec_paper.width_mm, spec_paper.height_mm  # type: ignore[attr-defined]
    return Paper("custom", min(w, h), max(w, h))
