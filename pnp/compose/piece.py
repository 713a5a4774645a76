"""One Asterisk piece drawn at a point: colour, shape and marking, readable in greyscale.

Light pieces are near white with a dark outline, dark ones near black, so a
black-and-white printer keeps them apart; the asterisk is drawn as three bars
(geometry, not a glyph) in the colour opposite the piece's.
"""

from __future__ import annotations

import math

from pnp.games.asterisk import PieceType
from pnp.geometry.hexagon import Point, pointy_hexagon
from pnp.scene import Circle, Group, Paint, Path, Polygon, Shape
from pnp.style import Style

ASTERISK_SPAN = 0.56   # tip to tip, as a share of the piece size
ASTERISK_BAR = 0.12    # bar thickness, as a share of the piece size


def piece_colours(kind: PieceType, style: Style) -> tuple[str, str]:
    """(body, contrast): the piece's fill and the colour drawn on it."""
    if kind.colour == "dark":
        return style.dark_piece, "#ffffff"
    return style.light_piece, style.dark_piece


def piece(kind: PieceType, center: Point, size: float, style: Style, outline: bool = True,
          tagged: bool = True) -> Group:
    """A piece `size` mm across flats (hexagon) or in diameter (circle), as one group.

    `outline` strokes a light piece's edge inside its silhouette (never outside,
    so the piece's measured size stays exact). `tagged` adds data-piece: off for
    icons (legends, keys) that picture a piece but are not one to cut out.
    """
    body, contrast = piece_colours(kind, style)
    edge = max(0.2, size * 0.02)
    stroke = style.dark_piece if (outline and kind.colour == "light") else None
    paint = Paint(fill=body)
    shapes: list[Shape] = [_silhouette(kind, center, size, paint)]
    if stroke:
        shapes.append(_silhouette(kind, center, size - edge, Paint(stroke=stroke, width=edge)))
    if kind.marking == "asterisk":
        shapes.append(asterisk(center, size * ASTERISK_SPAN, size * ASTERISK_BAR, contrast))
    data = (("piece", kind.name),) if tagged else ()
    return Group(tuple(shapes), cls=f"piece {kind.colour} {kind.shape} {kind.marking}", data=data)


def _silhouette(kind: PieceType, center: Point, size: float, paint: Paint) -> Shape:
    if kind.shape == "circle":
        return Circle(center, size / 2, paint)
    return Polygon(pointy_hexagon(center, size), paint)


def asterisk(center: Point, span: float, bar: float, colour: str) -> Path:
    """Six arms as three round-capped bars through the centre, one of them upright."""
    cx, cy = center
    half = (span - bar) / 2  # round caps add half a bar at each end
    runs = []
    for deg in (90.0, 30.0, 150.0):
        dx, dy = half * math.cos(math.radians(deg)), half * math.sin(math.radians(deg))
        runs.append(((cx - dx, cy - dy), (cx + dx, cy + dy)))
    return Path(tuple(runs), Paint(stroke=colour, width=bar, cap="round"), cls="marking")
