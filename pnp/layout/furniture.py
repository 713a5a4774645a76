"""What every printed page carries: a title, a calibration bar, a line of facts."""

from __future__ import annotations

from pnp.fonts import text_width
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout import registration
from pnp.layout.fit import FOOTER_MM
from pnp.layout.paper import CALIBRATION_MM, Paper
from pnp.scene import Group, Paint, Polygon, Shape, Text
from pnp.style import BaseStyle

TITLE_MM = 5.5
SMALL_MM = 2.8


def furniture(sheet: Paper, title: str, facts: str, style: BaseStyle, marks: bool = False) -> list[Shape]:
    """Title at the top; calibration bar bottom left; `facts` bottom right.

    On narrow paper the title shrinks to the width, and the facts move up beside
    the bar (or shrink) rather than run into the bar's label. With `marks` (a sheet
    of cut-out things built for a cutter: formats hold cut) the print-then-cut
    registration marks stand in three corners inside the margins, and the title and
    the bar move in clear of them (pnp/layout/registration.py).
    """
    title_at, bar_at = (registration.TITLE_FROM_LEFT_MM, registration.BAR_FROM_LEFT_MM) if marks else (0.0, 0.0)
    room = sheet.inner_width - title_at - (registration.TITLE_FROM_RIGHT_MM if marks else 0.0)
    title_size = min(TITLE_MM, TITLE_MM * room / max(text_width(title, TITLE_MM, True, style.font), 1e-9))
    # The label's baseline (5.8 mm below the bar's top) then sits 1.2 mm above the bottom
    # margin, so its descenders (about 0.6 mm) stay inside the printable area too.
    bar_top = sheet.height - sheet.margin - FOOTER_MM + 3.0
    bar = calibration_bar(sheet.margin + bar_at, bar_top, style, sheet.inner_width - bar_at)
    shapes: list[Shape] = [
        Text((sheet.margin + title_at, sheet.margin + title_size), title, title_size, style.ink, bold=True, cls="title",
             own_font=style.font),
        bar,
    ]
    if facts:
        shapes.append(_facts(sheet, facts, style, bar_top, bar_at + _label_width(bar), bar_at))
    if marks:
        shapes.append(registration.marks(registration.frame(sheet)))
    return shapes


def _facts(sheet: Paper, facts: str, style: BaseStyle, bar_top: float, label_right: float, bar_at: float) -> Text:
    """The facts line: beside the bar's label if there is room, else beside the bar, shrunk to fit. `label_right`
    and `bar_at`: how far in from the left margin the label ends and the bar starts."""
    right = sheet.width - sheet.margin
    width = text_width(facts, SMALL_MM)
    if label_right + 4.0 + width <= sheet.inner_width:
        return Text((right, sheet.height - sheet.margin - 1.0), facts, SMALL_MM, style.muted, anchor="end", cls="facts")
    room = sheet.inner_width - bar_at - CALIBRATION_MM - 4.0
    size = min(SMALL_MM, SMALL_MM * room / max(width, 1e-9))
    return Text((right, bar_top + 2.0), facts, size, style.muted, anchor="end", cls="facts")


def _label_width(bar: Group) -> float:
    label = bar.children[-1]
    assert isinstance(label, Text)
    return text_width(label.text, label.size)


def calibration_bar(x: float, y: float, style: BaseStyle, room: float = 1e9) -> Group:
    """A 50 mm scale bar in 10 mm black and white blocks, with its label.

    Measured with a ruler it tells whether the sheet printed at 100%. The label
    takes its short form where the long one would not fit `room`.
    """
    height = 2.0
    blocks = []
    for k in range(int(CALIBRATION_MM // 10)):
        x0 = x + 10 * k
        fill = style.ink if k % 2 == 0 else "#ffffff"
        blocks.append(Polygon(rect_corners(Rect(x0, y, 10, height)), Paint(fill=fill)))
    frame = Polygon(
        rect_corners(Rect(x, y, CALIBRATION_MM, height)),
        Paint(stroke=style.ink, width=0.2),
        cls="calibration-frame",
    )
    words = f"This bar is {CALIBRATION_MM:g} mm long when printed at 100% (actual size, no scaling)."
    if text_width(words, SMALL_MM) > room:
        words = f"{CALIBRATION_MM:g} mm at 100% size"
    label = Text((x, y + height + SMALL_MM + 1.0), words, SMALL_MM, style.muted)
    return Group((*blocks, frame, label), cls="calibration", data=(("calibration-mm", f"{CALIBRATION_MM:g}"),))


def mm_text(value: float) -> str:
    """A length for people: one decimal, no trailing .0."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
