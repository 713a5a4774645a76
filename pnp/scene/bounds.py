"""The box a shape covers on paper, computed from the shapes themselves.

Strokes count half their width outside the path (a mitred corner may reach a
little further; callers leave a margin). Text is measured with the real font
metrics, from the descender to the ascender, turned with the text.
"""

from __future__ import annotations

import math

from pnp.fonts import ASCENT, DESCENT
from pnp.geometry.rect import Rect, bounding
from pnp.scene.dispatch import visit
from pnp.scene.primitives import Circle, Group, Paint, Path, Point, Polygon, Polyline, Shape, Text

def _stroke(paint: Paint) -> float:
    return paint.width / 2 if paint.stroke else 0.0


class _Bounds:
    def polygon(self, shape: Polygon | Polyline) -> Rect:
        return bounding(list(shape.points)).grown(_stroke(shape.paint))

    polyline = polygon

    def path(self, shape: Path) -> Rect:
        return bounding([p for run in shape.runs for p in run]).grown(_stroke(shape.paint))

    def circle(self, shape: Circle) -> Rect:
        r = shape.radius + _stroke(shape.paint)
        return Rect(shape.center[0] - r, shape.center[1] - r, 2 * r, 2 * r)

    def text(self, shape: Text) -> Rect:
        from pnp.fonts import text_width

        width = text_width(shape.text, shape.size, shape.bold, shape.own_font, shape.italic)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[shape.anchor]
        corners = [(start + dx, dy) for dx in (0.0, width) for dy in (-ASCENT * shape.size, DESCENT * shape.size)]
        return bounding([_turned(shape.at, c, shape.rotate) for c in corners])

    def group(self, shape: Group) -> Rect:
        boxes = [visit(c, self) for c in shape.children]
        if not boxes:
            return Rect(0.0, 0.0, 0.0, 0.0)
        box = boxes[0]
        for other in boxes[1:]:
            box = box.union(other)
        return box


def _turned(at: Point, offset: Point, degrees: float) -> Point:
    """`offset` from `at`, turned clockwise on the page (y down) by `degrees`."""
    a = math.radians(degrees)
    dx, dy = offset
    return (at[0] + dx * math.cos(a) - dy * math.sin(a), at[1] + dx * math.sin(a) + dy * math.cos(a))


def bounds(shape: Shape) -> Rect:
    """The box `shape` covers, strokes and text included."""
    return visit(shape, _Bounds())
