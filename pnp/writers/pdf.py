"""PDF writer: a Document of primitives -> one vector PDF, a page per scene page.

Scene units are mm with y down; this is the only place that knows points
(1 mm = 72/25.4 pt) and PDF's y-up frame. Invariant mode keeps bytes stable.

Page boxes, for print shops: every page's TrimBox is the paper and its BleedBox the
paper grown by the page's bleed (the same box where the art does not bleed). A bleed
page's MediaBox grows by the bleed on every side around the art, which stays where it
was; its CropBox stays the paper, so viewers show, home printers print and PNGs draw
the sheet exactly as before.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp import fonts
from pnp.scene import Circle, Document, Group, Paint, Path, Polygon, Polyline, PrintedDocument, Shape, Text
from pnp.scene.dispatch import visit
from pnp.writers import pdf_ops
from pnp.writers.font_tags import retag_reportlab

PT_PER_MM = 72 / 25.4
Box = tuple[float, float, float, float]   # a PDF page box: x0, y0, x1, y1 in points
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


@lru_cache(maxsize=256)
def _color(hex_text: str) -> HexColor:
    return HexColor(hex_text)


@lru_cache(maxsize=256)
def _text_fill(hex_text: str) -> tuple[str, float] | None:
    """A text colour's fill operator and alpha, as setFillColor writes them; None for a colour the fast text path
    leaves to reportlab (one that is not plain RGB with an alpha)."""
    color = _color(hex_text)
    if isinstance(color, CMYKColor) or not isinstance(color, Color) or color.alpha is None:
        return None
    return pdf_ops.rgb_fill(color.red, color.green, color.blue), color.alpha


def render(doc: Document | PrintedDocument, compress: bool = True) -> list[bytes]:
    """The whole document as one PDF, a page per scene page; a PrintedDocument as it came. `compress`: False for
    a PDF that is only rasterized in this process (an animation's frames), which deflating would only slow."""
    if isinstance(doc, PrintedDocument):
        return [doc.pdf]
    settle_reportlab()
    fonts.register()
    buffer = io.BytesIO()
    first = doc.pages[0]
    with no_source_date_epoch():
        canvas = Canvas(
            buffer,
            pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
            invariant=1,
            pageCompression=int(compress),
            # reportlab's default initial font is Helvetica, listed on every page but never
            # embedded; start with the embedded face so the PDF names no other font.
            initialFontName=fonts.REGULAR,
        )
    canvas.setTitle(doc.title)
    canvas.setAuthor("pnp")
    canvas.setCreator("pnp")
    canvas.setProducer("pnp")
    for page in doc.pages:
        canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        paper, bleed = paper_box(page.width * PT_PER_MM, page.height * PT_PER_MM), page.bleed * PT_PER_MM
        set_boxes(canvas, paper, bleed)
        # Scale once to mm and flip to y-down; text is flipped back where drawn.
        canvas.translate(0, page.height * PT_PER_MM)
        canvas.scale(PT_PER_MM, -PT_PER_MM)
        Painter(canvas).draw_all(page.children)
        canvas.showPage()
        if bleed:
            _grow_media(canvas, grown(paper, bleed))
    canvas.save()
    return [retag_reportlab(buffer.getvalue())]


def paper_box(width_pt: float, height_pt: float) -> Box:
    """The paper as a page box: every page's TrimBox, and its BleedBox where the art does not bleed."""
    return (0.0, 0.0, width_pt, height_pt)


def grown(box: Box, by: float) -> Box:
    x0, y0, x1, y1 = box
    return (x0 - by, y0 - by, x1 + by, y1 + by)


def set_boxes(canvas: Canvas, paper: Box, bleed: float) -> None:
    """The boxes of the page being drawn (reportlab keeps them for the pages after): TrimBox the paper, BleedBox
    the paper grown by `bleed` points, and on a bleed page a CropBox at the paper, inside the grown MediaBox."""
    canvas.setTrimBox(paper)
    canvas.setBleedBox(grown(paper, bleed))
    canvas.setCropBox(paper if bleed else None)


def _grow_media(canvas: Canvas, box: Box) -> None:
    """The MediaBox of the page just shown, grown to `box`. reportlab's canvas makes media boxes from the origin
    only, so the page object is reached directly; it formats the box when the file is saved."""
    from reportlab.pdfbase.pdfdoc import PDFArray

    canvas._doc.Pages.pages[-1].MediaBox = PDFArray(box)


def warm() -> None:
    """What the first PDF does before it draws, done ahead by a worker that waits for pages (pnp/parallel.py):
    Vera registered, which reads its files."""
    fonts.register()


def settle_reportlab() -> None:
    """reportlab's settings every PDF of pnp is made with, whatever was made before in this process (the same
    spec gives the same bytes whichever process builds it, and after whatever): binary Flate streams only, as
    ASCII85 on top adds a quarter to the size for nothing."""
    rl_config.useA85 = 0


@contextmanager
def no_source_date_epoch() -> Iterator[None]:
    """Same spec, same bytes, whatever the environment: reportlab's document takes its one timestamp
    (CreationDate, ModDate, and the seed of the /ID) from SOURCE_DATE_EPOCH when set, else invariant's
    fixed 2000-01-01, so hide the variable while the canvas is made."""
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


class Painter:
    """Draws primitives on a canvas already in mm, y down; skips redundant state changes.

    Texts and paths are written as operators (pnp/writers/pdf_ops.py), byte for byte what reportlab's canvas calls
    would write, at a fraction of their cost; `fast=False` draws through those calls, the reference the tests
    compare with. Public: the booklet draws its diagrams with it, so they look exactly as `pnp diagram` prints them."""

    def __init__(self, canvas: Canvas, fast: bool = True) -> None:
        self.canvas = canvas
        self.paint: Paint | None = None
        self._lines = pdf_ops.lines_of(canvas) if fast else None
        self._fast = fast

    def draw_all(self, shapes: tuple[Shape, ...]) -> None:
        for shape in shapes:
            self.draw(shape)

    def draw(self, shape: Shape) -> None:
        visit(shape, self)

    def group(self, shape: Group) -> None:
        if shape.clip is None:
            self.draw_all(shape.children)
            return
        canvas = self.canvas
        canvas.saveState()
        x, y, w, h = shape.clip
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
        self.paint = None
        self.draw_all(shape.children)
        canvas.restoreState()
        self.paint = None  # the restored state is the one before the clip, whatever the children set

    def circle(self, shape: Circle) -> None:
        stroke, fill = self._use(shape.paint)
        if self._fast:
            self.canvas.addLiteral(pdf_ops.painted(pdf_ops.circle_code(*shape.center, shape.radius), stroke, fill))
            return
        path = self.canvas.beginPath()
        path.circle(shape.center[0], shape.center[1], shape.radius)
        path.close()  # an open circle leaves a hairline notch where its stroke starts
        self.canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=0)

    def polygon(self, shape: Polygon) -> None:
        self._runs((shape.points,), shape.paint, closed=True)

    def polyline(self, shape: Polyline) -> None:
        self._runs((shape.points,), shape.paint, closed=False)

    def path(self, shape: Path) -> None:
        self._runs(shape.runs, shape.paint, closed=shape.closed)

    def _runs(self, runs, paint: Paint, closed: bool) -> None:
        stroke, fill = self._use(paint)
        if not (stroke or fill):
            return
        if self._fast:
            self.canvas.addLiteral(pdf_ops.painted(pdf_ops.path_code(runs, closed), stroke, fill and closed))
            return
        path = self.canvas.beginPath()
        for run in runs:
            path.moveTo(*run[0])
            for x, y in run[1:]:
                path.lineTo(x, y)
            if closed:
                path.close()
        self.canvas.drawPath(path, stroke=stroke, fill=fill and closed, fillMode=0)

    def _use(self, paint: Paint) -> tuple[int, int]:
        """Set the canvas state for `paint`; returns (stroke, fill) flags."""
        stroke = int(bool(paint.stroke) and paint.width > 0)
        fill = int(bool(paint.fill))
        if paint != self.paint:
            c = self.canvas
            if fill:
                c.setFillColor(_color(paint.fill))
            if stroke:
                c.setStrokeColor(_color(paint.stroke))
                c.setLineWidth(paint.width)
                c.setDash(list(paint.dash) if paint.dash else [])
                c.setLineCap(_CAPS[paint.cap])
                c.setLineJoin(_JOINS[paint.join])
            self.paint = paint
        return stroke, fill

    def text(self, text: Text) -> None:
        if not self._text_written(text):
            self.text_by_reportlab(text)
        self.paint = None

    def _text_written(self, text: Text) -> bool:
        """Write `text` as one literal of the operators text_by_reportlab's calls write; False (nothing written)
        where that is left to reportlab: a canvas or colour lines_of / _text_fill refuse, a fill alpha other than
        the canvas's (reportlab would write a /gs), a face that is not TrueType.

        Between its q and Q the canvas's own state (font, colour, matrix, state stack) is untouched, as after
        reportlab's saveState ... restoreState. Private attributes read, as the canvas has no public way to them:
        `_extgstate` (the fill alpha in force), `_doc` (whose font subsets and PDF version a text adds to) and the
        font's `_dynamicFont` (TrueType, whose text pdf_ops.text_line writes; reportlab branches on it too)."""
        lines, fill = self._lines, _text_fill(text.fill)
        if lines is None or fill is None or text.anchor not in pdf_ops.ANCHORED:
            return False
        canvas = self.canvas
        if fill[1] != canvas._extgstate.getValue("ca"):
            return False
        key = (text.text, text.size, text.anchor, text.bold, text.italic, text.own_font)
        line = lines.get(key)
        if line is None:
            face = fonts.face_for(text.text, text.bold, text.own_font, text.italic)
            fonts.use(face)
            font = pdfmetrics.getFont(face.name)
            if not font._dynamicFont:
                return False
            doc = canvas._doc
            doc.ensureMinPdfVersion("transparency")  # what setFillColor's alpha does, once is as good as each time
            line = lines[key] = pdf_ops.text_line(font, doc, text.text, text.size, text.anchor)
        canvas.addLiteral(f"q\n{pdf_ops.placed(*text.at, text.rotate)}\n{fill[0]}\n{line}\nQ")
        return True

    def text_by_reportlab(self, text: Text) -> None:
        """`text` drawn through reportlab's canvas calls: the path for what the fast one leaves, and its reference."""
        c = self.canvas
        c.saveState()
        c.translate(*text.at)
        c.scale(1, -1)
        if text.rotate:
            c.rotate(-text.rotate)
        c.setFillColor(_color(text.fill))
        face = fonts.face_for(text.text, text.bold, text.own_font, text.italic)
        fonts.use(face)
        c.setFont(face.name, text.size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[text.anchor](0, 0, text.text)
        c.restoreState()
