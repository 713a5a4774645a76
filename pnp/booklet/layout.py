"""The booklet's page, type and PDF: a half sheet of the spec's paper (A5 for A4, half-letter for letter), Vera
embedded in four styles (DejaVu Sans where Vera lacks a glyph), a title page, page numbers, same bytes each time.

Sizes here are in points, as platypus counts; the page size comes from the spec's paper in mm.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, LayoutError

from pnp.booklet.page import NUMBER_ROOM_MM, PT_PER_MM, BookletPage
from pnp.booklet.paragraph import Paragraph, markup

NUMBER_LIFT_MM = 0.6   # the number's baseline above the print margin (digits have no descenders)
# Colours as reportlab's objects: one given as text is parsed again (toColor) each time a line of text is set in it.
INK = HexColor("#1f1f1f")
MUTED = HexColor("#666666")
BODY_PT = 9.5


@lru_cache(maxsize=None)
def families() -> dict[str, str]:
    """Register Vera's four faces and DejaVu's two as families; body font per face set."""
    from reportlab.lib.fonts import addMapping

    from pnp import fonts

    for face in (fonts.VERA, fonts.VERA_ITALIC, fonts.VERA_BOLD_ITALIC, fonts.DEJAVU, fonts.DEJAVU_BOLD):
        fonts.use(face)
    for bold, italic, name in ((0, 0, fonts.REGULAR), (1, 0, fonts.BOLD), (0, 1, fonts.ITALIC), (1, 1, fonts.BOLD_ITALIC)):
        addMapping(fonts.REGULAR, bold, italic, name)
    for bold, italic in ((0, 0), (1, 0), (0, 1), (1, 1)):
        addMapping(fonts.DEJAVU.name, bold, italic, fonts.DEJAVU_BOLD.name if bold else fonts.DEJAVU.name)
    return {"latin": fonts.REGULAR, "wide": fonts.DEJAVU.name}


def font_for(text: str) -> str:
    """The family `text` is set in: Vera where it has every glyph, else DejaVu Sans (its wider character set; what
    neither draws is refused before, pnp/fonts: `unprintable`)."""
    from pnp import fonts

    try:
        face = fonts.face_for(text)
    except fonts.Undrawable:
        face = fonts.DEJAVU
    return families()["latin"] if face.name == fonts.REGULAR else families()["wide"]


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    bullet: ParagraphStyle
    cell: ParagraphStyle
    code: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle


@lru_cache(maxsize=4)
def styles(font: str) -> Styles:
    """The booklet's paragraph styles in `font` (a registered family name)."""
    body = ParagraphStyle("body", fontName=font, fontSize=BODY_PT, leading=BODY_PT * 1.38, spaceAfter=BODY_PT * 0.55,
                          textColor=INK)
    return Styles(
        body=body,
        h1=ParagraphStyle("h1", body, fontSize=14.5, leading=18, spaceBefore=10, spaceAfter=5, keepWithNext=1,
                          fontName=_bold(font)),
        h2=ParagraphStyle("h2", body, fontSize=11.5, leading=14.5, spaceBefore=7, spaceAfter=3, keepWithNext=1,
                          fontName=_bold(font)),
        h3=ParagraphStyle("h3", body, fontSize=BODY_PT, spaceBefore=5, spaceAfter=2, keepWithNext=1, fontName=_bold(font)),
        bullet=ParagraphStyle("bullet", body, spaceAfter=BODY_PT * 0.25),
        cell=ParagraphStyle("cell", body, fontSize=8.5, leading=11, spaceAfter=0),
        code=ParagraphStyle("code", body, fontSize=8.5, leading=11),   # Vera: Courier would be a font not embedded
        title=ParagraphStyle("title", body, fontName=_bold(font), fontSize=26, leading=31, alignment=TA_CENTER,
                             spaceAfter=10),
        subtitle=ParagraphStyle("subtitle", body, fontSize=12, leading=16, alignment=TA_CENTER, textColor=MUTED),
    )


def _bold(font: str) -> str:
    from reportlab.lib.fonts import tt2ps

    return tt2ps(font, 1, 0)


def title_page(title: str, lines: Sequence[str], page: BookletPage, style: Styles) -> list[Flowable]:
    """The cover: the kit's title a third of the way down, then a few lines on what the booklet is and whose game."""
    top = Spacer(1, page.height_mm * PT_PER_MM * 0.28)
    return [top, Paragraph(_title_markup(title, page.text_width_mm * PT_PER_MM, style.title), style.title),
            *(Paragraph(markup(line), style.subtitle) for line in lines), NextPageTemplate("body"), PageBreak()]


NOTE_LINE_MM = 8.0      # the spacing of a notes page's ruled lines: handwriting in pencil
NOTE_RULE = HexColor("#c8c8c8")   # light, so they print faintly and never read as part of the rules
PAGES_PER_SHEET = 4     # a folded sheet holds four booklet pages: the booklet's pages come in fours


def notes_pages(count: int, heading: str, style: Styles) -> list[Flowable]:
    """`count` pages for the players' own notes (a heading, ruled lines) at the end of the rules: the pages a
    folded booklet has beyond its text, made useful instead of left blank in the middle of the back."""
    alone = _alone(style.h1)
    return [flowable for _ in range(count) for flowable in (PageBreak(), Paragraph(heading, alone), RuledLines())]


@lru_cache(maxsize=None)   # one per style: a paragraph's lines are kept for its style (paragraph.py)
def _alone(heading: ParagraphStyle) -> ParagraphStyle:
    """A heading that keeps with nothing: the ruled lines below it take the page's rest."""
    return ParagraphStyle("notes", heading, keepWithNext=0)


class FillToFold(ActionFlowable):
    """The story's last item: once the text is laid out, adds the Notes pages a folded booklet needs to make
    its page count a multiple of PAGES_PER_SHEET, in the same layout run (none are needed when it already is)."""

    def __init__(self, story: list[Flowable], heading: str, style: Styles) -> None:
        super().__init__()
        self.story, self.heading, self.style = story, heading, style

    def apply(self, doc: BaseDocTemplate) -> None:
        # The story is the list platypus is consuming: what goes in at its front is laid out next.
        self.story[0:0] = notes_pages(-doc.page % PAGES_PER_SHEET, self.heading, self.style)


class RuledLines(Flowable):
    """Ruled lines, NOTE_LINE_MM apart, over the rest of the page."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self) -> None:
        step = NOTE_LINE_MM * PT_PER_MM
        self.canv.saveState()
        self.canv.setStrokeColor(NOTE_RULE)
        self.canv.setLineWidth(0.4)
        y = self.height - step
        while y >= 0:
            self.canv.line(0, y, self.width, y)
            y -= step
        self.canv.restoreState()


def _title_markup(title: str, width: float, style: ParagraphStyle) -> str:
    """The title, breaking only after its commas where it must break ("*Star," over "tournament board", not
    "*Star, tournament" over "board"): the words of each part that fits a line are joined by no-break spaces."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    parts = title.split(", ")
    kept = [markup(part).replace(" ", "&nbsp;") if stringWidth(part + ",", style.fontName, style.fontSize) <= width
            else markup(part) for part in parts]
    return ", ".join(kept)


def build_pdf(title: str, story: list[Flowable], page: BookletPage) -> bytes:
    """The booklet in reading order: a numberless title page, then numbered pages."""
    from pnp.writers.font_tags import retag_reportlab
    from pnp.writers.pdf import no_source_date_epoch, paper_box, settle_reportlab

    settle_reportlab()
    families()
    buffer = io.BytesIO()
    width, height = page.size_pt
    margin = page.margin_mm * PT_PER_MM
    frame = Frame(margin, margin, width - 2 * margin, height - 2 * margin, id="text", leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    paper = paper_box(width, height)   # a booklet's art never bleeds: trim and bleed are its page
    doc = BaseDocTemplate(buffer, pagesize=(width, height), title=title, author="pnp", creator="pnp",
                          producer="pnp", invariant=1, pageCompression=1, initialFontName="Vera",
                          leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin,
                          trimBox=paper, bleedBox=paper)
    number = partial(_number, low=(page.margin_mm - NUMBER_ROOM_MM + NUMBER_LIFT_MM) * PT_PER_MM)
    doc.addPageTemplates([PageTemplate("title", [frame]), PageTemplate("body", [frame], onPage=number)])
    try:
        with no_source_date_epoch():  # the canvas, and its timestamp, is made by build()
            doc.build(story)
    except LayoutError:
        raise BookletTooSmall(page) from None
    return retag_reportlab(buffer.getvalue())


class BookletTooSmall(Exception):
    """Something in the rules (a list item, a table) is larger than a whole page of text: the paper is too small."""

    def __init__(self, page: BookletPage) -> None:
        super().__init__(f"a rule booklet page, half the sheet, is {page.width_mm:g} × {page.height_mm:g} mm with "
                         f"{page.text_width_mm:.0f} × {page.text_height_mm:.0f} mm for text, and the rules do not fit "
                         "it; choose larger paper, or take rules, rules-booklet and kit out of outputs")


def _number(canvas, doc, low: float) -> None:
    """The page number, centred at the foot: the title page is page 1 and shows none."""
    from pnp import fonts

    canvas.saveState()
    canvas.setFont(fonts.REGULAR, 8)
    canvas.setFillColor(MUTED)
    canvas.drawCentredString(doc.pagesize[0] / 2, low, str(doc.page))
    canvas.restoreState()
