"""Small layout tools for pages with prose: wrapped text, and moving or turning shapes.

Compose modules build a block at the origin, measure it, then move it into
place; turning a block half a turn is how a tent card gets its far face.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.fonts import text_width
from pnp.scene import Circle, Group, Path, Point, Polygon, Polyline, Shape, Text

LEADING = 1.35  # line pitch as a multiple of the text size


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by real font metrics; a word longer than the width keeps its own line."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(trial, size, bold) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def paragraph(lines: list[str], x: float, top: float, size: float, fill: str,
              bold: bool = False, cls: str = "") -> tuple[list[Shape], float]:
    """Lines set from `top` down; returns the texts and the y just below the last line."""
    texts: list[Shape] = []
    y = top
    for line in lines:
        texts.append(Text((x, y + 0.76 * size), line, size, fill, bold=bold, cls=cls))
        y += size * LEADING
    return texts, y


def _map(points: tuple[Point, ...], f) -> tuple[Point, ...]:
    return tuple(f(p) for p in points)


def _transform(shape: Shape, f, turn: float) -> Shape:
    """`shape` with every point mapped by `f`; text also turned by `turn` degrees."""
    if isinstance(shape, Group):
        return replace(shape, children=tuple(_transform(c, f, turn) for c in shape.children))
    if isinstance(shape, (Polygon, Polyline)):
        return replace(shape, points=_map(shape.points, f))
    if isinstance(shape, Path):
        return replace(shape, runs=tuple(_map(run, f) for run in shape.runs))
    if isinstance(shape, Circle):
        return replace(shape, center=f(shape.center))
    if isinstance(shape, Text):
        return replace(shape, at=f(shape.at), rotate=(shape.rotate + turn) % 360)
    raise TypeError(f"unknown primitive {type(shape).__name__}")  # pragma: no cover


def shift(shape: Shape, dx: float, dy: float) -> Shape:
    """`shape` moved by (dx, dy)."""
    return _transform(shape, lambda p: (p[0] + dx, p[1] + dy), 0.0)


def half_turn(shape: Shape, center: Point) -> Shape:
    """`shape` turned 180 degrees about `center` (text stays legible, just upside down)."""
    cx, cy = center
    return _transform(shape, lambda p: (2 * cx - p[0], 2 * cy - p[1]), 180.0)
