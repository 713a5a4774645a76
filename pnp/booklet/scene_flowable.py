"""A scene page (a diagram) as a platypus flowable, drawn by the PDF writer's own painter: vector, same look.

A diagram stays with its section: where the page has less room left than the diagram takes, it shrinks to that
room, as far as MIN_SCALE of its size and never so far that a text in it falls under MIN_TEXT_PT, and only
when that is not enough does it go to the next page (leaving the blank a smaller diagram would not need).
"""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.platypus import Flowable

from pnp.booklet.layout import PT_PER_MM
from pnp.scene import Group, Page, Shape, Text

MIN_SCALE = 0.7      # the smallest share of its size a diagram shrinks to, to stay on the page of its section
MIN_TEXT_PT = 5.0    # no text of a diagram printed smaller than this, shrunk or not


def texts(shapes: tuple[Shape, ...]) -> Iterator[Text]:
    """Every text of a drawing, those in groups included."""
    for shape in shapes:
        if isinstance(shape, Group):
            yield from texts(shape.children)
        elif isinstance(shape, Text):
            yield shape


class SceneFlowable(Flowable):
    """The page at its own size, or shrunk to the text box if wider or taller (small paper); centred.
    `space_before` and `space_after` (points) are the diagram's gaps, which platypus drops at a page's top."""

    def __init__(self, page: Page, text_width_mm: float, text_height_mm: float, space_before: float = 0.0,
                 space_after: float = 0.0, scale: float | None = None) -> None:
        super().__init__()
        self.page = page
        self.full = min(1.0, text_width_mm / page.width, text_height_mm / page.height)
        self.scale = self.full if scale is None else scale
        self.width = page.width * self.scale * PT_PER_MM
        self.height = page.height * self.scale * PT_PER_MM
        self.spaceBefore, self.spaceAfter = space_before, space_after
        self.hAlign = "CENTER"
        self._box = (text_width_mm, text_height_mm)

    @property
    def least(self) -> float:
        """The smallest scale this diagram may print at (MIN_SCALE of its size, its texts at MIN_TEXT_PT)."""
        smallest_mm = min((text.size for text in texts(self.page.children)), default=0.0)
        return max(MIN_SCALE * self.full, MIN_TEXT_PT / PT_PER_MM / smallest_mm if smallest_mm else 0.0)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Too tall for the room left: the diagram shrunk to the room, if it may shrink that far; else nothing,
        and platypus moves it, at its own size, to the next page."""
        scale = min(self.scale, available_height / (self.page.height * PT_PER_MM))
        if scale >= self.scale or scale < self.least:
            return []
        return [SceneFlowable(self.page, *self._box, self.spaceBefore, self.spaceAfter, scale)]

    def draw(self) -> None:
        from pnp.writers.pdf import Painter

        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height)
        canvas.scale(PT_PER_MM * self.scale, -PT_PER_MM * self.scale)
        Painter(canvas).draw_all(self.page.children)
        canvas.restoreState()
