"""Markdown (markdown-it-py: CommonMark and tables) -> platypus flowables; ```diagram fences -> drawn positions.

Supported: headings (#, ##, ###), paragraphs, **bold**, *italic*, `code`, bullet
and numbered lists (nested), tables, rules, quotes, code fences and diagram
blocks. Raw HTML is printed as text. Anything a template gets wrong is reported
with its template line by the caller's Rendered map.

Before any layout, what would take platypus long is refused at its line (limits.py): a paragraph is laid out
again for each page it runs onto, a table for each page it is split at, so both are bounded, and so are the
blocks of a booklet, a table's columns (by the page's width) and the shapes of its diagrams.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import zip_longest

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, HRFlowable, KeepTogether, ListFlowable, ListItem, Preformatted, Spacer, Table, TableStyle

from pnp import fonts
from pnp.booklet.diagrams import draw_block, is_diagram
from pnp.booklet.layout import INK, PT_PER_MM, Styles, families, font_for, styles
from pnp.booklet.limits import (
    DIAGRAM_STEPS, MAX_BLOCKS, MAX_DIAGRAM_SHAPES, MAX_DIAGRAM_WORK, MAX_DIAGRAMS, MAX_PARAGRAPH_CHARS, MAX_TABLE_ROWS,
    MIN_COLUMN_MM,
)
from pnp.booklet.paragraph import Paragraph, markup
from pnp.booklet.scene_flowable import SceneFlowable
from pnp.booklet.template import Rendered
from pnp.spec.problems import Problem, SpecError

INLINE = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
          "s_open": "<strike>", "s_close": "</strike>"}
HEADINGS = {"h1": "h1", "h2": "h2", "h3": "h3", "h4": "h3", "h5": "h3", "h6": "h3"}
DIAGRAM_GAP_PT = 6
DIAGRAM_ROOM_MM = 1.5 * DIAGRAM_GAP_PT / PT_PER_MM   # a diagram's gaps above and below
NESTING_MM = 16 / PT_PER_MM   # the most one level of quote or list takes from the width (a quote's rule and padding)
CELL_PADDING_PT = (3, 6)      # a table cell's padding, left and right
# A table sets its cells' font before drawing them, Helvetica unless told: it would be named, never embedded.
_TABLE_FONT = ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR)


def flowables(rendered: Rendered, width_mm: float, height_mm: float) -> list[Flowable]:
    """Every block of the rendered template, in order, for a text box of this size."""
    from markdown_it import MarkdownIt

    _check_characters(rendered)
    tokens = MarkdownIt("commonmark").enable("table").enable("strikethrough").parse(rendered.text)
    _check_sizes(rendered, tokens, width_mm)
    return _Blocks(rendered, tokens, width_mm, height_mm).run()


def _check_characters(rendered: Rendered) -> None:
    """Refuse, at its line, text the booklet would not print as written (pnp/fonts: `unprintable`): an empty box
    for a character neither shipped face draws, a right-to-left word backwards. A title or caption is refused
    the same way; a booklet has no style.font to fall back on."""
    found = fonts.unprintable(rendered.text)
    if not found:
        return
    for number, line in enumerate(rendered.text.split("\n")):
        here = fonts.unprintable(line)
        if here:
            fix = "in a left-to-right script" if all(map(fonts.right_to_left, here)) else "without them"
            raise SpecError([Problem(rendered.file, rendered.source_line(number), "",
                                     f"{fonts.unprintable_message(here)}; write this line {fix}")])


def _check_sizes(rendered: Rendered, tokens: list, width_mm: float) -> None:
    """Refuse, at its line, a booklet that platypus would take long over (see the module's docstring)."""
    blocks = diagrams = 0
    for i, token in enumerate(tokens):
        if token.type in ("inline", "html_block"):
            blocks += 1
            if len(token.content) > MAX_PARAGRAPH_CHARS:
                _refuse(rendered, token, f"a paragraph of {len(token.content):,} characters is longer than "
                        f"{MAX_PARAGRAPH_CHARS:,} (about three pages); split it with a blank line")
        elif token.type in ("fence", "code_block") and is_diagram(token.info):
            diagrams += 1
            if diagrams > MAX_DIAGRAMS:
                _refuse(rendered, token, f"a booklet has at most {MAX_DIAGRAMS} diagrams; this is one more")
        elif token.type in ("fence", "code_block"):
            blocks += token.content.count("\n") + 1
        elif token.type == "table_open":
            _check_table(rendered, tokens, i, width_mm - token.level * NESTING_MM)
        if blocks > MAX_BLOCKS:
            _refuse(rendered, token, f"the rules have more than {MAX_BLOCKS:,} paragraphs, headings, list items, "
                    "table cells and code lines; shorten them")


def _check_table(rendered: Rendered, tokens: list, start: int, width_mm: float) -> None:
    """A table's rows (MAX_TABLE_ROWS) and columns (as many as MIN_COLUMN_MM goes into the width)."""
    rows = columns = 0
    for token in tokens[start:]:
        if token.type == "table_close":
            break
        rows += token.type == "tr_open"
        columns += token.type == "th_open"
    room = int(max(width_mm, 0) // MIN_COLUMN_MM)
    if columns > room:
        _refuse(rendered, tokens[start], f"there is room for {room} table columns of {MIN_COLUMN_MM:g} mm here "
                f"({width_mm:.0f} mm of text width); this table has {columns}")
    if rows > MAX_TABLE_ROWS:
        _refuse(rendered, tokens[start], f"a table has at most {MAX_TABLE_ROWS} rows; this one has {rows:,}: "
                "split it in two")


def _check_columns(rendered: Rendered, token, rows: list[list[Paragraph]], width_mm: float) -> None:
    """Refuse a table whose long words leave a column no room. reportlab gives each column the width of its
    longest word and the padding; when these do not all fit, it shrinks every column in proportion, and a column
    of short words can end narrower than its padding (an error deep in the layout)."""
    pad = sum(CELL_PADDING_PT)
    widths = [max((cell.minWidth() for cell in column if cell is not None), default=0) + pad
              for column in zip_longest(*rows)]
    room = width_mm * PT_PER_MM
    if widths and sum(widths) > room and min(widths) * room / sum(widths) < pad:
        _refuse(rendered, token, f"the words of this table need {sum(widths) / PT_PER_MM:.0f} mm of width, and there is "
                f"{width_mm:.0f} mm; shorten or split its longest words")


def _refuse(rendered: Rendered, token, message: str) -> None:
    line = rendered.source_line(token.map[0]) if token.map else None
    raise SpecError([Problem(rendered.file, line, "", message)])


class _Blocks:
    """A cursor over markdown-it's flat token stream, building nested flowables."""

    def __init__(self, rendered: Rendered, tokens: list, width_mm: float, height_mm: float) -> None:
        self.rendered, self.tokens, self.i, self.width_mm, self.height_mm = rendered, tokens, 0, width_mm, height_mm
        self.shapes = 0   # of the diagrams so far: MAX_DIAGRAM_SHAPES in all
        self.steps = 0    # their work so far: MAX_DIAGRAM_WORK in all
        self.lists = 0    # lists open around the current token

    def run(self, until: str | None = None) -> list[Flowable]:
        found: list[Flowable] = []
        while self.i < len(self.tokens):
            token = self.tokens[self.i]
            if until and token.type == until:
                self.i += 1
                return found
            handler: Callable[[object], Flowable | list[Flowable] | None] | None = getattr(self, "_" + token.type, None)
            self.i += 1
            made = handler(token) if handler else None
            if isinstance(made, list):
                found += made
            elif made is not None:
                found.append(made)
        return found

    def _together(self, flowables: list[Flowable]) -> Flowable | list[Flowable]:
        """Kept together on one page; but not in a list, where reportlab cannot move a part to the next page (its
        list items cannot hold the frame break this takes), so there the parts follow one another."""
        return flowables if self.lists else KeepTogether(flowables)

    def _style(self, text: str) -> Styles:
        return styles(font_for(text))

    def _heading_open(self, token) -> Flowable:
        text = _inline(self.tokens[self.i])
        self.i += 2  # inline, heading_close
        return Paragraph(text, getattr(self._style(text), HEADINGS[token.tag]))

    def _paragraph_open(self, token) -> Flowable:
        text = _inline(self.tokens[self.i])
        self.i += 2
        style = self._style(text).bullet if token.hidden else self._style(text).body
        following = self.tokens[self.i].type if self.i < len(self.tokens) else None  # a template may end in ":"
        if text.endswith(":") and following in ("bullet_list_open", "ordered_list_open", "fence"):
            style = _lead_in(style)   # "These two are missing on purpose:" stays on the page of its list or figure
        return Paragraph(_last_words_together(text), style)

    def _bullet_list_open(self, token) -> Flowable:
        return self._list(token, "bullet", "bullet_list_close")

    def _ordered_list_open(self, token) -> Flowable:
        return self._list(token, "1", "ordered_list_close")

    def _list(self, token, kind: str, close: str) -> Flowable:
        """A list. Numbered steps are read as one: an outermost numbered list is kept whole on one page, with its
        lead-in and the heading above it (both keep with what follows), unless it is longer than a page."""
        items = []
        self.lists += 1
        while self.tokens[self.i].type != close:
            self.i += 1  # list_item_open
            items.append(ListItem(self.run("list_item_close")))
        self.i += 1
        self.lists -= 1
        start = int(token.attrGet("start") or 1)
        options = {"bulletType": kind, "start": start if kind == "1" else "•", "leftIndent": 12,
                   "bulletFontSize": 8 if kind == "bullet" else 9, "bulletFormat": "%s." if kind == "1" else None}
        made = ListFlowable(items, bulletFontName=families()["latin"], **options)
        return _WholeList(made, self.height_mm * PT_PER_MM) if kind == "1" and not self.lists else made

    def _blockquote_open(self, token) -> Flowable:
        inner = self.run("blockquote_close")
        table = Table([[inner]], colWidths=[self.width_mm * PT_PER_MM - 8])
        table.setStyle(TableStyle([_TABLE_FONT, ("LINEBEFORE", (0, 0), (0, 0), 2, colors.HexColor("#c8c8c8")),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 8)]))
        return table

    def _hr(self, token) -> Flowable:
        return HRFlowable(width="100%", thickness=0.5, color=colors.HexColor("#999999"), spaceBefore=4, spaceAfter=6)

    def _fence(self, token) -> Flowable | list[Flowable]:
        if is_diagram(token.info):
            room = (self.width_mm, self.height_mm - DIAGRAM_ROOM_MM)
            block = draw_block(self.rendered, token.info.strip(), token.content, token.map[0], room)
            self.shapes += block.shapes
            if self.shapes > MAX_DIAGRAM_SHAPES:
                _refuse(self.rendered, token, f"the diagrams so far have {self.shapes:,} shapes, more than a "
                        f"booklet's {MAX_DIAGRAM_SHAPES:,}; draw fewer or smaller boards")
            self.steps += block.steps
            if self.steps > MAX_DIAGRAM_WORK:
                _refuse(self.rendered, token, f"the diagrams so far take {self.steps:,} steps of work ({DIAGRAM_STEPS}), "
                        f"more than a booklet's {MAX_DIAGRAM_WORK:,}; draw fewer diagrams, smaller boards, or skies "
                        "by their stars")
            # one flowable, its gaps its own: it may shrink to the room a page has left (scene_flowable.py)
            return SceneFlowable(block.doc.pages[0], *room, DIAGRAM_GAP_PT / 2, DIAGRAM_GAP_PT)
        return Preformatted(token.content.rstrip("\n"), styles(font_for(token.content)).code)

    _code_block = _fence

    def _html_block(self, token) -> Flowable:
        return Paragraph(markup(token.content.strip()), styles(font_for(token.content)).body)

    def _table_open(self, token) -> Flowable | list[Flowable]:
        rows: list[list[Paragraph]] = []
        while self.tokens[self.i].type != "table_close":
            t = self.tokens[self.i]
            if t.type == "inline":
                text = _inline(t)
                head = self.tokens[self.i - 1].type == "th_open"
                rows[-1].append(Paragraph(f"<b>{text}</b>" if head else text, styles(font_for(text)).cell))
            elif t.type == "tr_open":
                rows.append([])
            self.i += 1
        self.i += 1
        _check_columns(self.rendered, token, rows, self.width_mm - token.level * NESTING_MM)
        table = Table(rows, hAlign="LEFT", repeatRows=1)
        table.setStyle(TableStyle([_TABLE_FONT, ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
                                   ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#bbbbbb")),
                                   ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                                   ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING_PT[0]),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING_PT[1])]))
        return self._together([table, Spacer(1, 6)])


class _WholeList(Flowable):
    """A list that goes to the next page whole rather than split across two, as long as it fits on one (`page_pt`
    high). A plain flowable around the list, not a container (a list is one, as a KeepTogether is), so that the
    heading and the lead-in above it keep with it: reportlab keeps a paragraph with a following flowable, never
    with a container."""

    def __init__(self, inner: ListFlowable, page_pt: float) -> None:
        super().__init__()
        self.inner, self.page_pt = inner, page_pt

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width, self.height = self.inner.wrapOn(self.canv, aW, aH)
        return self.width, self.height

    def split(self, aW: float, aH: float) -> list[Flowable]:
        return [] if self.wrap(aW, aH)[1] <= self.page_pt else self.inner.splitOn(self.canv, aW, aH)

    def draw(self) -> None:
        self.inner.drawOn(self.canv, 0, 0)

    def getSpaceBefore(self) -> float:
        return self.inner.getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.inner.getSpaceAfter()


@lru_cache(maxsize=None)   # one per style: a paragraph's lines are kept for its style (paragraph.py)
def _lead_in(style: ParagraphStyle) -> ParagraphStyle:
    return ParagraphStyle(f"{style.name}-lead-in", style, keepWithNext=1)


def _last_words_together(markup: str) -> str:
    """The last two words of a paragraph joined by a no-break space, so its last line never holds one word alone
    (paragraph markup has no space inside its tags: <b>, <i>, <strike>, <br/>)."""
    if markup.count(" ") < 2:
        return markup
    head, last = markup.rsplit(" ", 1)
    return f"{head}&nbsp;{last}"


def _inline(token) -> str:
    """An inline token as reportlab's paragraph markup."""
    out = []
    for child in token.children or ():
        if child.type in INLINE:
            out.append(INLINE[child.type])
        elif child.type == "code_inline":
            out.append(markup(child.content))   # in the body's face: every font the booklet names is embedded
        elif child.type == "softbreak":
            out.append(" ")
        elif child.type == "hardbreak":
            out.append("<br/>")
        elif child.type in ("text", "html_inline"):
            out.append(markup(child.content))
        elif child.type == "image":
            out.append(markup(child.content))
    return "".join(out)

