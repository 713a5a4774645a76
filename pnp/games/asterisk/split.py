"""Asterisk's kit split for a digital tabletop (print.split: pieces): the board, each piece type, each goal marker.

Each piece type the sheets hold is one image, cut to its outline (a pointy
hexagon or a circle, `size_mm` across). A goal marker is its face, as one half
of the folded tent card shows it to the table: the card's paper with its cut
edge, the three goal icons and the goal line.
"""

from __future__ import annotations

from collections.abc import Collection

from pnp.boards.cutouts import CutSheets
from pnp.boards.split import BOARD, cutout, drawing_cutout, outline_box, round_box
from pnp.games.asterisk.assets.board import drawn_board
from pnp.games.asterisk.assets.markers import face
from pnp.games.asterisk.draw import piece
from pnp.games.asterisk.plan import KitPlan, MarkersPlan, tent_size
from pnp.games.asterisk.rules import GOAL_SETS, PIECE_TYPES, PieceType
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.hexagon import pointy_hexagon
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.scene import Group, Paint, Polygon
from pnp.scene.cutout import Cutout

MARKER = "marker"
PAPER = "#ffffff"   # a card's face: the sheet it is printed on


def split_kit(plan: KitPlan, assets: Collection[str]) -> list[Cutout]:
    """The images of the outputs in `assets`: the board as its page draws it, the pieces, the goal markers' faces."""
    found = [drawing_cutout(BOARD, drawn_board(plan.board, plan.style))] if BOARD in assets else []
    if "pieces" in assets and plan.pieces is not None:
        found.extend(piece_cutouts(plan.pieces, plan.style))
    if "markers" in assets and plan.markers is not None:
        found.extend(marker_cutout(kind, plan.markers, plan.style) for kind in GOAL_SETS)
    return found


def piece_cutouts(pieces: CutSheets, style: AsteriskStyle) -> list[Cutout]:
    """Each piece type the sheets hold, in the legend's order, drawn as they print it, cut to its outline."""
    size, origin = pieces.size, (0.0, 0.0)
    found = []
    for name in (name for name in PIECE_TYPES if pieces.count(name)):
        kind = PieceType.parse(name)
        box = round_box(size) if kind.shape == "circle" else outline_box(pointy_hexagon(origin, size))
        found.append(cutout(name, piece(kind, origin, size, style, tagged=False), box, count=pieces.count(name)))
    return found


def marker_cutout(kind: str, markers: MarkersPlan, style: AsteriskStyle) -> Cutout:
    """A goal marker's face on its paper, its printed size: the card's width by half its height."""
    width, height = tent_size(markers.size)
    box = Rect(0.0, 0.0, width, height / 2)   # the face below the fold
    edge = Polygon(rect_corners(box.grown(-style.cut_width / 2)), Paint(fill=PAPER, stroke=style.cut, width=style.cut_width))
    drawn = Group((edge, *face(PieceType.parse(kind), box.corner, markers.size, style)), cls="marker")
    return cutout(f"{MARKER}-{kind}", drawn, box, opaque=True, count=1)
