"""Markdown (markdown-it-py: CommonMark and tables) -> platypus flowables; ```diagram fences -> drawn positions.

Supported: headings (#, ##, ###), paragraphs, **bold**, *italic*, `code`, bullet
and numbered lists (nested), tables, rules, quotes, code fences and diagram
blocks. Raw HTML is printed as text. Anything a template gets wrong is reported
with its template line by the caller's Rendered map.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import Flowable, HRFlowable, KeepTogether, ListFlowable, ListItem, Paragraph, Preformatted, Spacer, Table, TableStyle

from pnp.booklet.diagrams import draw_block, is_diagram
from pnp.booklet.layout import INK, PT_PER_MM, Styles, families, styles
from pnp.booklet.scene_flowable import SceneFlowable
from pnp.booklet.template import Rendered

INLINE = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
          "s_open": "<strike>", "s_close": "</strike>"}
HEADINGS = {"h1": "h1", "h2": "h2", "h3": "h3", "h4": "h3", "h5": "h3", "h6": "h3"}
DIAGRAM_GAP_PT = 6
DIAGRAM_ROOM_MM = 1.5 * DIAGRAM_GAP_PT / PT_PER_MM   # the spacers kept together with a diagram


def flowables(rendered: Rendered, width_mm: float, height_mm: float) -> list[Flowable]:
    """Every block of the rendered template, in order, for a text box of this size."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").enable("strikethrough").parse(rendered.text)
    return _Blocks(rendered, tokens, width_mm, height_mm).run()


class _Blocks:
    """A cursor over markdown-it's flat token stream, building nested flowables."""

    def __init__(self, rendered: Rendered, tokens: list, width_mm: float, height_mm: float) -> None:
        self.rendered, self.tokens, self.i, self.width_mm, self.height_mm = rendered, tokens, 0, width_mm, height_mm

    def run(self, until: str | None = None) -> list[Flowable]:
        found: list[Flowable] = []
        while self.i < len(self.tokens):
            token = self.tokens[self.i]
            if until and token.type == until:
                self.i += 1
                return found
            handler: Callable[[object], Flowable | None] | None = getattr(self, "_" + token.type, None)
            self.i += 1
            made = handler(token) if handler else None
            if made is not None:
                found.append(made)
        return found

    def _style(self, text: str) -> Styles:
        return styles(_font_for(text))

    def _heading_open(self, token) -> Flowable:
        text = _inline(self.tokens[self.i])
        self.i += 2  # inline, heading_close
        return Paragraph(text, getattr(self._style(text), HEADINGS[token.tag]))

    def _paragraph_open(self, token) -> Flowable:
        text = _inline(self.tokens[self.i])
        self.i += 2
        return Paragraph(text, self._style(text).bullet if token.hidden else self._style(text).body)

    def _bullet_list_open(self, token) -> Flowable:
        return self._list(token, "bullet", "bullet_list_close")

    def _ordered_list_open(self, token) -> Flowable:
        return self._list(token, "1", "ordered_list_close")

    def _list(self, token, kind: str, close: str) -> Flowable:
        items = []
        while self.tokens[self.i].type != close:
            self.i += 1  # list_item_open
            items.append(ListItem(self.run("list_item_close")))
        self.i += 1
        start = int(token.attrGet("start") or 1)
        options = {"bulletType": kind, "start": start if kind == "1" else "•", "leftIndent": 12,
                   "bulletFontSize": 8 if kind == "bullet" else 9, "bulletFormat": "%s." if kind == "1" else None}
        return ListFlowable(items, bulletFontName=families()["latin"], **options)

    def _blockquote_open(self, token) -> Flowable:
        inner = self.run("blockquote_close")
        table = Table([[inner]], colWidths=[self.width_mm * PT_PER_MM - 8])
        table.setStyle(TableStyle([("LINEBEFORE", (0, 0), (0, 0), 2, colors.HexColor("#c8c8c8")),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 8)]))
        return table

    def _hr(self, token) -> Flowable:
        return HRFlowable(width="100%", thickness=0.5, color=colors.HexColor("#999999"), spaceBefore=4, spaceAfter=6)

    def _fence(self, token) -> Flowable:
        if is_diagram(token.info):
            doc = draw_block(self.rendered, token.info.strip(), token.content, token.map[0])
            return KeepTogether([Spacer(1, DIAGRAM_GAP_PT / 2), SceneFlowable(doc.pages[0], self.width_mm, self.height_mm - DIAGRAM_ROOM_MM),
                                 Spacer(1, DIAGRAM_GAP_PT)])
        return Preformatted(token.content.rstrip("\n"), styles(families()["latin"]).code)

    _code_block = _fence

    def _html_block(self, token) -> Flowable:
        return Paragraph(escape(token.content.strip()), styles(families()["latin"]).body)

    def _table_open(self, token) -> Flowable:
        rows: list[list[Paragraph]] = []
        while self.tokens[self.i].type != "table_close":
            t = self.tokens[self.i]
            if t.type == "inline":
                text = _inline(t)
                head = self.tokens[self.i - 1].type == "th_open"
                rows[-1].append(Paragraph(f"<b>{text}</b>" if head else text, styles(_font_for(text)).cell))
            elif t.type == "tr_open":
                rows.append([])
            self.i += 1
        self.i += 1
        table = Table(rows, hAlign="LEFT", repeatRows=1)
        table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.HexColor(INK)),
                                   ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#bbbbbb")),
                                   ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 6)]))
        return KeepTogether([table, Spacer(1, 6)])


def _inline(token) -> str:
    """An inline token as reportlab's paragraph markup."""
    out = []
    for child in token.children or ():
        if child.type in INLINE:
            out.append(INLINE[child.type])
        elif child.type == "code_inline":
            out.append(f'<font face="Courier">{escape(child.content)}</font>')
        elif child.type == "softbreak":
            out.append(" ")
        elif child.type == "hardbreak":
            out.append("<br/>")
        elif child.type in ("text", "html_inline"):
            out.append(escape(child.content))
        elif child.type == "image":
            out.append(escape(child.content))
    return "".join(out)


def _font_for(text: str) -> str:
    """Vera where it has every glyph, else DejaVu Sans (its wider character set)."""
    from pnp import fonts

    try:
        face = fonts.face_for(text)
    except fonts.Undrawable:
        face = fonts.DEJAVU
    return families()["latin"] if face.name == fonts.REGULAR else families()["wide"]
