"""One rectangle type for every layout question: where a box is, how big, whether two meet."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.geometry.hexagon import Point


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box in mm, y down: top-left corner (x, y), width and height, right and bottom.

    Built from a corner and a size (`Rect(x, y, w, h)`) or from its edges
    (`Rect.from_edges`), a box keeps what it was given exactly and derives the
    rest, so no rounding creeps in by converting one view into the other.
    Infinite edges are allowed: a keep-out area may run off the page.
    """

    x: float
    y: float
    width: float
    height: float
    right: float = field(init=False)
    bottom: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "right", self.x + self.width)
        object.__setattr__(self, "bottom", self.y + self.height)

    @classmethod
    def from_edges(cls, left: float, top: float, right: float, bottom: float) -> "Rect":
        rect = cls(left, top, right - left, bottom - top)
        object.__setattr__(rect, "right", right)
        object.__setattr__(rect, "bottom", bottom)
        return rect

    @property
    def corner(self) -> Point:
        return (self.x, self.y)

    def intersects(self, other: "Rect") -> bool:
        """True when the two boxes share some area (touching edges do not count)."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def contains(self, other: "Rect", tolerance: float = 1e-9) -> bool:
        return (self.x <= other.x + tolerance and self.y <= other.y + tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)

    def union(self, other: "Rect") -> "Rect":
        return Rect.from_edges(min(self.x, other.x), min(self.y, other.y),
                               max(self.right, other.right), max(self.bottom, other.bottom))

    def grown(self, by: float) -> "Rect":
        """The box with `by` mm added on every side."""
        return Rect.from_edges(self.x - by, self.y - by, self.right + by, self.bottom + by)

    def scaled(self, scale: float, origin: Point = (0.0, 0.0)) -> "Rect":
        """The box scaled about (0, 0) and then moved by `origin`: a unit-cell extent placed on a page."""
        ox, oy = origin
        return Rect.from_edges(ox + self.x * scale, oy + self.y * scale, ox + self.right * scale, oy + self.bottom * scale)


def bounding(points: list[Point]) -> Rect:
    """The smallest box holding every point."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))
