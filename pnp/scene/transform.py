"""Moving and turning whole shapes: a block is built at the origin, measured, then placed.

Turning a block half a turn is how a tent card gets its far face.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pnp.scene.dispatch import visit
from pnp.scene.primitives import Circle, Group, Path, Point, Polygon, Polyline, Shape, Text

Mapping = Callable[[Point], Point]


@dataclass(frozen=True)
class _Mapped:
    """Every point mapped by `f`; text also turned by `turn` degrees."""

    f: Mapping
    turn: float

    def _points(self, points: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple(self.f(p) for p in points)

    def polygon(self, shape: Polygon) -> Shape:
        return replace(shape, points=self._points(shape.points))

    polyline = polygon  # the same field, the same mapping

    def path(self, shape: Path) -> Shape:
        return replace(shape, runs=tuple(self._points(run) for run in shape.runs))

    def circle(self, shape: Circle) -> Shape:
        return replace(shape, center=self.f(shape.center))

    def text(self, shape: Text) -> Shape:
        return replace(shape, at=self.f(shape.at), rotate=(shape.rotate + self.turn) % 360)

    def group(self, shape: Group) -> Shape:
        return replace(shape, children=tuple(visit(c, self) for c in shape.children))


def shift(shape: Shape, dx: float, dy: float) -> Shape:
    """`shape` moved by (dx, dy)."""
    return visit(shape, _Mapped(lambda p: (p[0] + dx, p[1] + dy), 0.0))


def half_turn(shape: Shape, center: Point) -> Shape:
    """`shape` turned 180 degrees about `center` (text stays legible, just upside down)."""
    cx, cy = center
    return visit(shape, _Mapped(lambda p: (2 * cx - p[0], 2 * cy - p[1]), 180.0))
