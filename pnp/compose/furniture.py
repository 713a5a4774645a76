"""What every printed page carries: a title, a calibration bar, a line of facts."""

from __future__ import annotations

from pnp.layout import FOOTER_MM
from pnp.paper import MARGIN_MM, Paper
from pnp.scene import Group, Paint, Polygon, Shape, Text
from pnp.style import Style

CALIBRATION_MM = 50.0
TITLE_MM = 5.5
SMALL_MM = 2.8


def furniture(sheet: Paper, title: str, facts: str, style: Style) -> list[Shape]:
    """Title at the top; calibration bar bottom left; `facts` bottom right."""
    shapes: list[Shape] = [
        Text((MARGIN_MM, MARGIN_MM + TITLE_MM), title, TITLE_MM, style.ink, bold=True, cls="title"),
        # The label's baseline (5.8 mm below the bar's top) then sits 1.2 mm above the bottom
        # margin, so its descenders (about 0.6 mm) stay inside the printable area too.
        calibration_bar(MARGIN_MM, sheet.height - MARGIN_MM - FOOTER_MM + 3.0, style),
    ]
    if facts:
        y = sheet.height - MARGIN_MM - 1.0
        shapes.append(Text((sheet.width - MARGIN_MM, y), facts, SMALL_MM, style.muted, anchor="end", cls="facts"))
    return shapes


def calibration_bar(x: float, y: float, style: Style) -> Group:
    """A 50 mm scale bar in 10 mm black and white blocks, with its label.

    Measured with a ruler it tells whether the sheet printed at 100%.
    """
    height = 2.0
    blocks = []
    for k in range(int(CALIBRATION_MM // 10)):
        x0 = x + 10 * k
        fill = style.ink if k % 2 == 0 else "#ffffff"
        blocks.append(Polygon(((x0, y), (x0 + 10, y), (x0 + 10, y + height), (x0, y + height)), Paint(fill=fill)))
    frame = Polygon(
        ((x, y), (x + CALIBRATION_MM, y), (x + CALIBRATION_MM, y + height), (x, y + height)),
        Paint(stroke=style.ink, width=0.2),
        cls="calibration-frame",
    )
    label = Text(
        (x, y + height + SMALL_MM + 1.0),
        f"This bar is {CALIBRATION_MM:g} mm long when printed at 100% (actual size, no scaling).",
        SMALL_MM,
        style.muted,
    )
    return Group((*blocks, frame, label), cls="calibration", data=(("calibration-mm", f"{CALIBRATION_MM:g}"),))


def mm_text(value: float) -> str:
    """A length for people: one decimal, no trailing .0."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
