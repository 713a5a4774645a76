"""Drawing helpers every Asterisk page shares: the board with its bands and labels (pnp/boards/labels.py), and
one piece.

Light pieces are near white with a dark outline, dark ones near black, so a
black-and-white printer keeps them apart; the asterisk is drawn as three bars
(geometry, not a glyph) in the colour opposite the piece's. These take what
they draw (a placed board, a piece type, a resolved style), never a spec, so a
booklet diagram can call them as the kit's pages do.
"""

from __future__ import annotations

import math

from pnp.boards.labels import triangle_labels
from pnp.boards.bands import side_bands as lattice_bands
from pnp.boards.lines import grid_width
from pnp.boards.label_room import Labels
from pnp.games.asterisk.board import SIDES, AsteriskBoard
from pnp.games.asterisk.look import BAND
from pnp.games.asterisk.rules import PieceType
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.hatch import circle_points
from pnp.geometry.hexagon import Point, pointy_hexagon
from pnp.scene import Circle, Group, Paint, Path, Polygon, Polyline, Shape
from pnp.style import saver_fill

ASTERISK_SPAN = 0.56   # tip to tip, as a share of the piece size
ASTERISK_BAR = 0.12    # bar thickness, as a share of the piece size
SAVER_CASING = 2.2     # the ink saver's dark asterisk: its white casing's bars, per bar


def board_group(board: AsteriskBoard, style: AsteriskStyle, coordinates: bool,
                cell_paint: dict[str, Paint] | None = None, cell_class: dict[str, str] | None = None,
                labels: Labels | None = None) -> Group:
    """The board where its origin puts it; other pages reuse it with their own cell fills and classes. `labels`:
    a diagram's coordinates (pnp/boards/readable.py), None for the board's own."""
    shapes: list[Shape] = list(side_bands(board, style))
    base = Paint(fill=style.cell_fill, stroke=style.grid, width=grid_width(board.cell_mm, style))
    for cell in board.cells:
        paint = (cell_paint or {}).get(cell.id, base)
        cls = "cell " + (cell_class or {}).get(cell.id, "") if cell_class else "cell"
        shapes.append(Polygon(cell.polygon, paint, cls.strip(), (("cell", cell.id),)))
    if coordinates:
        shapes.extend(triangle_labels(board, style.muted, labels))
    return Group(tuple(shapes), cls="board", data=(("side", str(board.side)), ("cell-mm", f"{board.cell_mm:.3f}")))


SAVER_BAND = 0.4   # the ink saver's side bands, per full band: thin lines along the outer edge
# ... and each side its own dash (in cells), so a black-and-white print still tells the three apart.
SAVER_DASHES = {"left": (), "right": (0.5, 0.2), "bottom": (0.12, 0.12)}


def side_bands(board: AsteriskBoard, style: AsteriskStyle) -> list[Shape]:
    """Each side's outer edges stroked in its colour, drawn under the cells so only the outer half shows."""
    width = 2 * BAND * board.cell_mm * (SAVER_BAND if style.saver else 1.0)
    colours = {side: style.side_color(side) for side in SIDES}
    return lattice_bands(board, colours, width, SAVER_DASHES if style.saver else None)


def piece_colours(kind: PieceType, style: AsteriskStyle) -> tuple[str, str]:
    """(body, contrast): the piece's fill and the colour drawn on it."""
    if kind.colour == "dark":
        return style.dark_piece, "#ffffff"
    return style.light_piece, style.dark_piece


def piece(kind: PieceType, center: Point, size: float, style: AsteriskStyle, outline: bool = True,
          tagged: bool = True) -> Group:
    """A piece `size` mm across flats (hexagon) or in diameter (circle), as one group.

    `outline` strokes a light piece's edge inside its silhouette (never outside,
    so the piece's measured size stays exact). `tagged` adds data-piece: off for
    icons (legends, keys) that picture a piece but are not one to cut out.
    """
    if style.saver and kind.colour == "dark":
        return _saver_dark_piece(kind, center, size, style, tagged)
    body, contrast = piece_colours(kind, style)
    edge = max(0.2, size * 0.02)
    stroke = style.dark_piece if (outline and kind.colour == "light") else None
    paint = Paint(fill=body)
    shapes: list[Shape] = [_silhouette(kind, center, size, paint)]
    if tagged and style.bleed:   # the colour runs on past the cut, under the piece
        shapes.insert(0, Group((_silhouette(kind, center, size + 2 * style.bleed, paint),), cls="bleed"))
    if stroke:
        shapes.append(_silhouette(kind, center, size - edge, Paint(stroke=stroke, width=edge)))
    if kind.marking == "asterisk":
        shapes.append(asterisk(center, size * ASTERISK_SPAN, size * ASTERISK_BAR, contrast))
    data = (("piece", kind.name),) if tagged else ()
    return Group(tuple(shapes), cls=f"piece {kind.colour} {kind.shape} {kind.marking}", data=data)


def _saver_dark_piece(kind: PieceType, center: Point, size: float, style: AsteriskStyle, tagged: bool) -> Group:
    """A dark piece with little ink: hatched inside a thick dark rim; its asterisk dark on a white casing."""
    outline = circle_points(center, size / 2) if kind.shape == "circle" else pointy_hexagon(center, size)
    shapes: list[Shape] = saver_fill(outline, size, style.dark_piece, style)
    if kind.marking == "asterisk":
        shapes += cased_asterisk(center, size * ASTERISK_SPAN, size * ASTERISK_BAR, style.dark_piece)
    data = (("piece", kind.name),) if tagged else ()
    return Group(tuple(shapes), cls=f"piece {kind.colour} {kind.shape} {kind.marking} saver", data=data)


def cased_asterisk(center: Point, span: float, bar: float, colour: str) -> list[Shape]:
    """A dark asterisk on a white casing, so the ink saver's hatching never runs into its bars."""
    return [asterisk(center, span + bar, bar * SAVER_CASING, "#ffffff"), asterisk(center, span, bar, colour)]


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
