"""SVG writer: one page of primitives -> one SVG file, sized in mm.

The root's width and height carry `mm` and the viewBox is in mm, so the file
prints at true size and scene coordinates are used as they are.
"""

from __future__ import annotations

from functools import lru_cache

import svgwrite
from svgwrite.base import BaseElement

from pnp import fonts
from pnp.scene import Circle, Document, Group, Page, Paint, Path, Polygon, Polyline, PrintedDocument, Shape, Text
from pnp.scene.dispatch import visit


@lru_cache(maxsize=1 << 16)
def fmt(value: float) -> str:
    """Fixed-precision number text (3 decimals, zeros trimmed) so output is byte-stable.

    Cached: a board repeats each shared corner up to three times.
    """
    text = ("%.3f" % value).rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def render(doc: Document | PrintedDocument) -> list[bytes]:
    """One SVG file per page; nothing for a PrintedDocument without a scene (a booklet is PDF only)."""
    if isinstance(doc, PrintedDocument):
        return [] if doc.scene is None else render(doc.scene)
    return [render_page(page) for page in doc.pages]


def render_page(page: Page) -> bytes:
    dwg = svgwrite.Drawing(
        size=(f"{fmt(page.width)}mm", f"{fmt(page.height)}mm"),
        profile="full",
        debug=False,
    )
    dwg["viewBox"] = f"0 0 {fmt(page.width)} {fmt(page.height)}"
    dwg["font-family"] = fonts.SVG_FAMILY
    if page.title:
        dwg.add(svgwrite.base.Title(page.title))
    elements = _Elements(dwg)
    for shape in page.children:
        dwg.add(_element(elements, shape))
    text = dwg.tostring()
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n").encode("utf-8")


def _points(points) -> str:
    """Points as svgwrite writes them ("x,y x,y"), from fixed-precision numbers."""
    return " ".join([f"{fmt(x)},{fmt(y)}" for x, y in points])


class _PointsElement(BaseElement):
    """A polygon or polyline given its points as finished text.

    svgwrite's own shapes keep the points as pairs and format every pair again
    when written: a fifth of the SVG time of a 20,000-cell board.
    """

    def __init__(self, name: str, points: str, factory: svgwrite.Drawing) -> None:
        super().__init__(factory=factory)
        self.elementname = name
        self.attribs["points"] = points


class _Elements:
    """One svgwrite element per primitive, with paint, class and data-* attributes."""

    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.clips = 0  # clip paths defined so far on this page: each gets its own id

    def polygon(self, shape: Polygon) -> BaseElement:
        return _PointsElement("polygon", _points(shape.points), self.dwg)

    def circle(self, shape: Circle) -> BaseElement:
        el = self.dwg.circle()
        el["cx"], el["cy"], el["r"] = fmt(shape.center[0]), fmt(shape.center[1]), fmt(shape.radius)
        return el

    def polyline(self, shape: Polyline) -> BaseElement:
        return _PointsElement("polyline", _points(shape.points), self.dwg)

    def path(self, shape: Path) -> BaseElement:
        return self.dwg.path(d=_path_data(shape))

    def text(self, shape: Text) -> BaseElement:
        return _text(self.dwg, shape)

    def group(self, shape: Group) -> BaseElement:
        el = self.dwg.g()
        if shape.clip is not None:
            self.clips += 1
            clip = self.dwg.defs.add(self.dwg.clipPath(id=f"clip-{self.clips}"))
            x, y, w, h = shape.clip
            rect = self.dwg.rect()
            rect["x"], rect["y"], rect["width"], rect["height"] = fmt(x), fmt(y), fmt(w), fmt(h)
            clip.add(rect)
            el["clip-path"] = f"url(#clip-{self.clips})"
        for child in shape.children:
            el.add(_element(self, child))
        return el


def _element(elements: _Elements, shape: Shape) -> BaseElement:
    el = visit(shape, elements)
    if not isinstance(shape, (Group, Text)):
        _paint(el, shape.paint)
    if shape.cls:
        el["class"] = shape.cls
    for key, value in shape.data:
        el[f"data-{key}"] = value
    return el


def _path_data(path: Path) -> str:
    parts = []
    for run in path.runs:
        (x0, y0), rest = run[0], run[1:]
        parts.append(f"M{fmt(x0)} {fmt(y0)}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest))
        if path.closed:
            parts.append("Z")
    return "".join(parts)


def _paint(el: BaseElement, paint: Paint) -> None:
    el["fill"] = paint.fill or "none"
    if paint.stroke and paint.width > 0:
        el["stroke"] = paint.stroke
        el["stroke-width"] = fmt(paint.width)
        if paint.dash:
            el["stroke-dasharray"] = " ".join(fmt(d) for d in paint.dash)
        if paint.cap != "butt":
            el["stroke-linecap"] = paint.cap
        if paint.join != "miter":
            el["stroke-linejoin"] = paint.join


def _text(dwg: svgwrite.Drawing, text: Text) -> BaseElement:
    el = dwg.text(text.text)
    el["x"], el["y"] = fmt(text.at[0]), fmt(text.at[1])
    el["font-size"] = fmt(text.size)
    el["fill"] = text.fill
    if text.anchor != "start":
        el["text-anchor"] = text.anchor
    if text.bold:
        el["font-weight"] = "bold"
    face = fonts.face_for(text.text, text.bold, text.own_font)
    if face.family:  # not Vera, which the page's own font-family names first
        el["font-family"] = fonts.svg_family(face)
    if text.rotate:
        el["transform"] = f"rotate({fmt(text.rotate)} {fmt(text.at[0])} {fmt(text.at[1])})"
    return el
