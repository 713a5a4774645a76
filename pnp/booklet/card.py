"""The reference card: 85 x 55 mm, two-sided, as many as fit on a sheet, with cut marks.

templates/cards/GAME.md holds two `##` sections (front, back), each a heading
and short bullet lines, whose `**bold**` and `*italic*` print so; it is rendered
with the same variables as the booklet.
Page 1 carries the fronts, page 2 the backs. The grid is centred across the
sheet, so after a flip on the long edge every back lands on its front. Text
is set as large as fits, down to a floor; a card that cannot hold its words is a
build error naming the template.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.booklet.template import Rendered, Written, render, template_source
from pnp.fonts import ASCENT, MIDDLE
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout import registration
from pnp.layout.fit import content_area
from pnp.layout.furniture import furniture, mm_text
from pnp.layout.paper import Paper
from pnp.layout.text import LEADING, Run, runs_paragraph, wrap_runs
from pnp.scene import Cuts, Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.scene.transform import shift
from pnp.spec.problems import Problem, SpecError
from pnp.style import BaseStyle
from pnp.texts import say

CARD_MM = (85.0, 55.0)
PAD_MM = 3.5
BAND_MM = 6.5            # the title band across the top of each side
BAND_TEXT_MM = 3.0
SAVER_RULE_MM = 0.4      # with the ink saver the band is a rule under the title, not a dark fill
HEADING_MM = 3.3
TEXT_MM = (2.9, 2.2)     # bullet text: the largest tried, the floor
BULLET_INDENT_MM = 2.6
CREDIT_MM = 2.0          # the designer's name at the foot of each side (5.7 pt)
MARK_GAP_MM, MARK_MM = 1.0, 3.0   # cut marks stop short of the cards
CARD_EDGE = "#c4c4c4"


@dataclass(frozen=True)
class CardSide:
    """One side of the reference card: its heading and bullets, as the template writes them."""

    heading: str
    lines: tuple[tuple[Run, ...], ...]   # each bullet's words, in runs of bold and italic as the template marks them
    line: int            # the template line of its heading


def compose_card(template: "Path | Written", context: dict[str, Any], sheet: Paper, style: BaseStyle,
                 kerf: float = 0.0) -> Document:
    """`kerf`: a cutter's (print.kerf_mm), which the cards then stand apart by."""
    rendered = render(*template_source(template), context)
    sides = card_sides(rendered)
    best = max(sheet.orientations(), key=lambda s: len(grid(s, kerf)))
    slots = grid(best, kerf)
    heading = say("pages", "card.heading", title=context["title"])
    facts = say("pages", "card.facts", count=len(slots), width=mm_text(CARD_MM[0]), height=mm_text(CARD_MM[1]))
    pages = []
    for number, side in enumerate(sides):
        face = _side(side, context["title"], style, rendered.file, context.get("credit", ""))
        cards = [Group((shift(face, slot.x, slot.y),), cls="card", data=(("side", "front" if number == 0 else "back"),))
                 for slot in slots]
        shapes = [*furniture(best, heading, facts, style, marks=style.registration), *cut_marks(slots, style), *cards]
        pages.append(Page(best.width, best.height, tuple(shapes), heading, cuts=card_cuts(best, slots)))
    return Document("card", heading, tuple(pages))


def card_problem(sheet: Paper) -> str | None:
    """Why the paper takes no reference card (found when the spec is read, so `validate` says it too), or None.
    (A kerf never decides it: it stands between cards, and one card has none beside it.)"""
    if any(grid(turned) for turned in sheet.orientations()):
        return None
    width, height = (mm_text(size) for size in CARD_MM)
    return (f"a reference card is {width} × {height} mm, and this paper, less its margin, its title and the card's "
            f"cut marks, holds none; choose larger paper (A6 holds one), or take card out of outputs")


def grid(sheet: Paper, kerf: float = 0.0) -> list[Rect]:
    """Card places: as many rows and columns as fit the content area centred on the sheet, edge to edge (one cut
    between two cards), or a `kerf` apart: a cutter's cuts, moved out by half the kerf to keep each card its size,
    then meet down the middle of the gap instead of running into the next card.

    Centred both ways, the grid maps onto itself whichever edge the printer
    flips on, so every back lands on a front.
    """
    area = content_area(sheet)
    w, h = CARD_MM
    marks = MARK_GAP_MM + MARK_MM   # the cut marks stand outside the grid, and never in the print margin
    half_w = min(sheet.width / 2 - area.x, area.right - sheet.width / 2, sheet.width / 2 - sheet.margin - marks)
    half_h = min(sheet.height / 2 - area.y, area.bottom - sheet.height / 2, sheet.height / 2 - sheet.margin - marks)
    cols, rows = math.floor((2 * half_w + kerf) / (w + kerf)), math.floor((2 * half_h + kerf) / (h + kerf))
    x0, y0 = (sheet.width - cols * w - (cols - 1) * kerf) / 2, (sheet.height - rows * h - (rows - 1) * kerf) / 2
    return [Rect(x0 + c * (w + kerf), y0 + r * (h + kerf), w, h) for r in range(rows) for c in range(cols)]


def card_cuts(sheet: Paper, slots: list[Rect]) -> Cuts:
    """What a cutter cuts on a sheet of cards: each card's edge (the grid's shared edges once, pnp/writers/cut.py);
    the backs' sheet is cut the same, as its grid lands on the fronts'."""
    return Cuts(registration.frame(sheet), tuple(rect_corners(slot) for slot in slots))


def cut_marks(slots: list[Rect], style: BaseStyle) -> list[Shape]:
    """Short lines outside the grid on every cut line, none across a card, plus a faint edge on each card."""
    xs = sorted({s.x for s in slots} | {s.x + s.width for s in slots})
    ys = sorted({s.y for s in slots} | {s.y + s.height for s in slots})
    paint = Paint(stroke=style.ink, width=0.2)
    marks: list[Shape] = []
    for x in xs:
        marks += [Polyline(((x, ys[0] - MARK_GAP_MM - MARK_MM), (x, ys[0] - MARK_GAP_MM)), paint, cls="cut"),
                  Polyline(((x, ys[-1] + MARK_GAP_MM), (x, ys[-1] + MARK_GAP_MM + MARK_MM)), paint, cls="cut")]
    for y in ys:
        marks += [Polyline(((xs[0] - MARK_GAP_MM - MARK_MM, y), (xs[0] - MARK_GAP_MM, y)), paint, cls="cut"),
                  Polyline(((xs[-1] + MARK_GAP_MM, y), (xs[-1] + MARK_GAP_MM + MARK_MM, y)), paint, cls="cut")]
    edge = Paint(stroke=CARD_EDGE, width=0.15)
    marks += [Polygon(rect_corners(s), edge, cls="card-edge") for s in slots]
    return marks


def card_sides(rendered: Rendered) -> list[CardSide]:
    """The template's two sections: each `##` heading and the bullet lines under it."""
    from markdown_it import MarkdownIt

    sides: list[CardSide] = []
    tokens = MarkdownIt("commonmark").parse(rendered.text)
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            sides.append(CardSide(_plain(tokens[i + 1]), (), rendered.source_line(token.map[0])))
        elif token.type == "inline" and tokens[i - 1].type == "paragraph_open" and sides:
            sides[-1] = CardSide(sides[-1].heading, (*sides[-1].lines, _runs(token)), sides[-1].line)
    if len(sides) != 2 or not all(s.lines for s in sides):
        raise SpecError([Problem(rendered.file, None, "", f"a card template has two `##` sections (front, back), each "
                                 f"with bullet lines; found {len(sides)} section(s)")])
    return sides


def _plain(token) -> str:
    return "".join(run.text for run in _runs(token))


def _runs(token) -> tuple[Run, ...]:
    """An inline token's words as runs: **strong** bold, *emphasis* italic, code and line breaks as plain text."""
    bold = italic = False
    runs: list[Run] = []
    for child in token.children or ():
        bold = {"strong_open": True, "strong_close": False}.get(child.type, bold)
        italic = {"em_open": True, "em_close": False}.get(child.type, italic)
        if child.type in ("text", "code_inline", "softbreak"):
            runs.append(Run(" " if child.type == "softbreak" else child.content.replace("\n", " "), bold, italic))
    return tuple(runs)


def _band(title: str, style: BaseStyle) -> list[Shape]:
    """The title band: white on a dark fill, or with the ink saver dark on white above a rule."""
    w = CARD_MM[0]
    at = (PAD_MM, BAND_MM / 2 + MIDDLE * BAND_TEXT_MM)
    if style.saver:
        rule = Polyline(((0, BAND_MM), (w, BAND_MM)), Paint(stroke=style.ink, width=SAVER_RULE_MM), cls="band")
        return [rule, Text(at, title, BAND_TEXT_MM, style.ink, bold=True, own_font=style.font)]
    band = Polygon(rect_corners(Rect(0, 0, w, BAND_MM)), Paint(fill=style.ink))
    return [band, Text(at, title, BAND_TEXT_MM, "#ffffff", bold=True, own_font=style.font)]


@lru_cache(maxsize=1024)
def _wrapped(runs: tuple[Run, ...], size: float, width: float) -> tuple[tuple[Run, ...], ...]:
    """A bullet's lines at a text size. Kept: each bullet is tried at a few sizes, and the kits of one game print
    mostly the same bullets (the 19 shipped cards wrap 204 different bullets and sizes, 681 times without this)."""
    return tuple(wrap_runs(runs, size, width))


def _side(side: CardSide, title: str, style: BaseStyle, file: str, credit: str = "") -> Group:
    """One face of a card at (0, 0): the title band, the heading, the bullets at the largest size that fits, and
    the designer's credit at the foot."""
    w, h = CARD_MM
    inner = w - 2 * PAD_MM
    shapes: list[Shape] = [*_band(title, style)]
    top = BAND_MM + PAD_MM * 0.7
    shapes.append(Text((PAD_MM, top + ASCENT * HEADING_MM), side.heading, HEADING_MM, style.ink, bold=True, own_font=style.font))
    top += HEADING_MM * LEADING + 0.4
    foot = h - PAD_MM * 0.6
    if credit:
        shapes.append(Text((w - PAD_MM, foot), credit, CREDIT_MM, style.muted, anchor="end", own_font=style.font))
        foot -= CREDIT_MM * LEADING
    size = TEXT_MM[0]
    while size >= TEXT_MM[1]:
        lines = [_wrapped(runs, size, inner - BULLET_INDENT_MM) for runs in side.lines]
        if top + sum(len(l) for l in lines) * size * LEADING + 0.3 * size * len(lines) <= foot:
            break
        size = round(size - 0.1, 2)
    else:
        raise SpecError([Problem(file, side.line, "", f"the card side '{side.heading}' does not fit 85 x 55 mm even at "
                                 f"{TEXT_MM[1]:g} mm text; shorten its lines")])
    for wrapped in lines:
        shapes.append(Text((PAD_MM, top + ASCENT * size), "•", size, style.ink))
        texts, top = runs_paragraph(wrapped, PAD_MM + BULLET_INDENT_MM, top, size, style.ink)
        shapes += texts
        top += 0.3 * size
    return Group(tuple(shapes), cls="card-face")
