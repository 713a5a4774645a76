"""The one dispatch over primitive types, shared by the writers, transforms and bounds.

A new primitive is added here once; a new writer (PNG, say) implements one
method per primitive and gets the rest for free.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from pnp.scene.primitives import Circle, Group, Path, Polygon, Polyline, Shape, Text

T = TypeVar("T", covariant=True)


class Visitor(Protocol[T]):
    """Something that does one thing per kind of primitive."""

    def polygon(self, shape: Polygon) -> T: ...
    def circle(self, shape: Circle) -> T: ...
    def polyline(self, shape: Polyline) -> T: ...
    def path(self, shape: Path) -> T: ...
    def text(self, shape: Text) -> T: ...
    def group(self, shape: Group) -> T: ...


_METHOD = {Polygon: "polygon", Circle: "circle", Polyline: "polyline", Path: "path", Text: "text", Group: "group"}


def visit(shape: Shape, visitor: Visitor[T]) -> T:
    """Call the visitor's method for this primitive's type."""
    try:
        method = _METHOD[type(shape)]
    except KeyError:
        raise TypeError(f"unknown primitive {type(shape).__name__}") from None
    return getattr(visitor, method)(shape)
