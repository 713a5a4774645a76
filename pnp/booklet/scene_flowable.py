"""A scene page (a diagram) as a platypus flowable, drawn by the PDF writer's own painter: vector, same look."""

from __future__ import annotations

from reportlab.platypus import Flowable

from pnp.booklet.layout import PT_PER_MM
from pnp.scene import Page


class SceneFlowable(Flowable):
    """The page at its own size, or shrunk to the text box if wider or taller (small paper); centred."""

    def __init__(self, page: Page, text_width_mm: float, text_height_mm: float) -> None:
        super().__init__()
        self.page = page
        self.scale = min(1.0, text_width_mm / page.width, text_height_mm / page.height)
        self.width = page.width * self.scale * PT_PER_MM
        self.height = page.height * self.scale * PT_PER_MM
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        from pnp.writers.pdf import Painter

        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, self.height)
        canvas.scale(PT_PER_MM * self.scale, -PT_PER_MM * self.scale)
        Painter(canvas).draw_all(self.page.children)
        canvas.restoreState()
