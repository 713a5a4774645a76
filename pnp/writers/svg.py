"""SVG writer: one page of primitives -> one SVG file, sized in mm.

The root's width and height carry `mm` and the viewBox is in mm, so the file
prints at true size and scene coordinates are used as they are. The page's
shapes sit in Inkscape layers (svg_layers.py) and its things carry readable
ids (svg_ids.py), so the file edits well: hide a layer, restyle a class.
"""

from __future__ import annotations

from functools import lru_cache

import svgwrite
from svgwrite.base import BaseElement

from pnp import fonts
from pnp.scene import Circle, Document, Group, Page, Paint, Path, Polygon, Polyline, PrintedDocument, Shape, Text
from pnp.scene.dispatch import visit
from pnp.writers.svg_ids import Ids, layer_id
from pnp.writers.svg_layers import layers
from pnp.writers.svg_xml import xml_text

INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"


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
    """One page's file: svgwrite's tree of it, written out (svg_xml.py)."""
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + xml_text(drawing(page)) + "\n").encode("utf-8")


def drawing(page: Page) -> svgwrite.Drawing:
    """svgwrite's tree of one page: its layers, and in them an element per shape."""
    dwg = svgwrite.Drawing(
        size=(f"{fmt(page.width)}mm", f"{fmt(page.height)}mm"),
        profile="full",
        debug=False,
    )
    dwg["viewBox"] = f"0 0 {fmt(page.width)} {fmt(page.height)}"
    dwg["font-family"] = fonts.SVG_FAMILY
    dwg["xmlns:inkscape"] = INKSCAPE_NS
    if page.title:
        dwg.add(svgwrite.base.Title(page.title))
    elements = _Elements(dwg)
    for name, shapes in layers(page.children):
        dwg.add(_layer(elements, name, shapes))
    return dwg


def _points(points) -> str:
    """Points as svgwrite writes them ("x,y x,y"), from fixed-precision numbers."""
    return " ".join([f"{fmt(x)},{fmt(y)}" for x, y in points])


def _layer(elements: "_Elements", name: str, shapes: tuple[Shape, ...]) -> BaseElement:
    """An Inkscape layer: a top-level group Inkscape lists by its label."""
    el = elements.dwg.g()
    el["id"] = elements.ids.unique(layer_id(name))
    el["inkscape:groupmode"] = "layer"
    el["inkscape:label"] = name
    for shape in shapes:
        el.add(_element(elements, shape))
    return el


class _Finished(BaseElement):
    """A polygon, polyline or path given its one attribute of geometry as finished text.

    svgwrite's own shapes keep the points as pairs (a path its commands) and format every pair again when
    written: a fifth of the SVG time of a 20,000-cell board; and they set that attribute only as they turn
    into XML, which svg_xml.py leaves to them.
    """

    def __init__(self, name: str, geometry: str, text: str, factory: svgwrite.Drawing) -> None:
        super().__init__(factory=factory)
        self.elementname = name
        self.attribs[geometry] = text


class _Elements:
    """One svgwrite element per primitive, with paint, class and data-* attributes."""

    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.ids = Ids()
        self.clips = 0  # clip paths defined so far on this page: each gets its own id

    def polygon(self, shape: Polygon) -> BaseElement:
        return _Finished("polygon", "points", _points(shape.points), self.dwg)

    def circle(self, shape: Circle) -> BaseElement:
        el = self.dwg.circle()
        el["cx"], el["cy"], el["r"] = fmt(shape.center[0]), fmt(shape.center[1]), fmt(shape.radius)
        return el

    def polyline(self, shape: Polyline) -> BaseElement:
        return _Finished("polyline", "points", _points(shape.points), self.dwg)

    def path(self, shape: Path) -> BaseElement:
        return _Finished("path", "d", _path_data(shape), self.dwg)

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
    ident = elements.ids.of(shape)   # before its children's: a pad board's name theirs
    if ident and type(shape) is Group and elements.ids.scopes(shape):
        with elements.ids.within(ident):
            el = visit(shape, elements)
    else:
        el = visit(shape, elements)
    attribs = el.attribs   # set directly: svgwrite's item setter asks its debug flag every time (a tenth of a board)
    if ident:
        attribs["id"] = ident
    if not isinstance(shape, (Group, Text)):
        _paint(attribs, shape.paint)
    if shape.cls:
        attribs["class"] = shape.cls
    for key, value in shape.data:
        attribs[f"data-{key}"] = value
    return el


def _path_data(path: Path) -> str:
    parts = []
    for run in path.runs:
        (x0, y0), rest = run[0], run[1:]
        parts.append(f"M{fmt(x0)} {fmt(y0)}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest))
        if path.closed:
            parts.append("Z")
    return "".join(parts)


def _paint(attribs: dict[str, str], paint: Paint) -> None:
    attribs["fill"] = paint.fill or "none"
    if paint.stroke and paint.width > 0:
        attribs["stroke"] = paint.stroke
        attribs["stroke-width"] = fmt(paint.width)
        if paint.dash:
            attribs["stroke-dasharray"] = " ".join(fmt(d) for d in paint.dash)
        if paint.cap != "butt":
            attribs["stroke-linecap"] = paint.cap
        if paint.join != "miter":
            attribs["stroke-linejoin"] = paint.join


def _text(dwg: svgwrite.Drawing, text: Text) -> BaseElement:
    el = dwg.text(text.text)
    el["x"], el["y"] = fmt(text.at[0]), fmt(text.at[1])
    el["font-size"] = fmt(text.size)
    el["fill"] = text.fill
    if text.anchor != "start":
        el["text-anchor"] = text.anchor
    if text.bold:
        el["font-weight"] = "bold"
    if text.italic:
        el["font-style"] = "italic"
    face = fonts.face_for(text.text, text.bold, text.own_font, text.italic)
    if face.family:  # not Vera, which the page's own font-family names first
        el["font-family"] = fonts.svg_family(face)
    if text.rotate:
        el["transform"] = f"rotate({fmt(text.rotate)} {fmt(text.at[0])} {fmt(text.at[1])})"
    return el
