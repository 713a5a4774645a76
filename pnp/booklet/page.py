"""A booklet page's size and text area, apart from the layout (and reportlab), so a spec can be checked against
its paper without loading them.

Where a page's text area is at least ROOMY_TEXT_MM, every shipped rule template fits (tests/test_silent_wrong.py
lays each out at that bound); on smaller pages the booklet is laid out while the spec is read, to be sure.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.paper import Paper

PT_PER_MM = 72 / 25.4
MARGIN_MM = 13.0
NUMBER_ROOM_MM = 3.0   # below the text: room for the page number, above the print margin
ROOMY_TEXT_MM = (60.0, 100.0)  # text width and height from which the shipped templates always fit a page


@dataclass(frozen=True)
class BookletPage:
    """A booklet page: half a sheet of the spec's paper, turned upright, so two print side by side on one sheet."""

    width_mm: float
    height_mm: float
    margin_mm: float = MARGIN_MM      # the text's margin; the sheet's print margin lies inside it

    @classmethod
    def half_of(cls, sheet: Paper) -> "BookletPage":
        short, long = sorted((sheet.width, sheet.height))
        return cls(long / 2, short, max(MARGIN_MM, sheet.margin + NUMBER_ROOM_MM))

    @property
    def size_pt(self) -> tuple[float, float]:
        return self.width_mm * PT_PER_MM, self.height_mm * PT_PER_MM

    @property
    def text_width_mm(self) -> float:
        return self.width_mm - 2 * self.margin_mm

    @property
    def text_height_mm(self) -> float:
        return self.height_mm - 2 * self.margin_mm

    @property
    def roomy(self) -> bool:
        """Large enough that the shipped templates fit without trying (ROOMY_TEXT_MM)."""
        return self.text_width_mm >= ROOMY_TEXT_MM[0] and self.text_height_mm >= ROOMY_TEXT_MM[1]
