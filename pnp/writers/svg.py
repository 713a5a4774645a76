"""SVG writer: one page of primitives -> one SVG file, sized in mm.

The root's width and height carry `mm` and the viewBox is in mm, so the file
prints at true size and scene coordinates are used as they are.
"""

from __future__ import annotations

from pnp.writers.svgwrite_fast import svgwrite
from svgwrite.base import BaseElement  # noqa: E402 (after the fast import)

from pnp import fonts
from pnp.scene import Circle, Document, Group, Page, Paint, Path, Polygon, Polyline, Shape, Text, fmt


def write_document(doc: Document) -> list[tuple[str, bytes]]:
    """ASSET.svg for a one-page document, ASSET-1.svg, ASSET-2.svg, ... otherwise."""
    if len(doc.pages) == 1:
        return [(f"{doc.asset}.svg", render_page(doc.pages[0]))]
    return [(f"{doc.asset}-{n}.svg", render_page(p)) for n, p in enumerate(doc.pages, 1)]


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
    for shape in page.children:
        dwg.add(_element(dwg, shape))
    text = dwg.tostring()
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n").encode("utf-8")


def _points(points) -> list[tuple[str, str]]:
    """Points as fixed-precision text pairs; svgwrite joins them as given."""
    return [(fmt(x), fmt(y)) for x, y in points]


def _element(dwg: svgwrite.Drawing, shape: Shape) -> BaseElement:
    if isinstance(shape, Polygon):
        el = dwg.polygon(_points(shape.points))
    elif isinstance(shape, Circle):
        el = dwg.circle()
        el["cx"], el["cy"], el["r"] = fmt(shape.center[0]), fmt(shape.center[1]), fmt(shape.radius)
    elif isinstance(shape, Polyline):
        el = dwg.polyline(_points(shape.points))
    elif isinstance(shape, Path):
        el = dwg.path(d=_path_data(shape))
    elif isinstance(shape, Text):
        return _text(dwg, shape)
    elif isinstance(shape, Group):
        el = dwg.g()
        for child in shape.children:
            el.add(_element(dwg, child))
    else:  # pragma: no cover - the scene has no other primitives
        raise TypeError(f"unknown primitive {type(shape).__name__}")
    if not isinstance(shape, Group):
        _paint(el, shape.paint)
    if shape.cls:
        el["class"] = shape.cls
    for key, value in getattr(shape, "data", ()):
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
    if text.rotate:
        el["transform"] = f"rotate({fmt(text.rotate)} {fmt(text.at[0])} {fmt(text.at[1])})"
    if text.cls:
        el["class"] = text.cls
    return el
