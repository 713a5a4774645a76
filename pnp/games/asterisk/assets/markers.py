"""The two goal markers as fold-over tent cards, one per player.

Each card is one face printed twice about a dashed fold, the far half turned
180 degrees, so once folded and stood up both players read it upright. A face
shows the player's three goal aspects as big icons (a colour swatch, a shape,
a marking) with their words, and one line on how goals win. Icons are plain
black-and-white geometry, so a monochrome printer keeps them apart.
"""

from __future__ import annotations

from pnp.games.asterisk.draw import asterisk
from pnp.fonts import text_width
from pnp.games.asterisk.look import COS30_3DP
from pnp.games.asterisk.plan import NOTE_SIZE_MM, MarkersPlan, note_lines, tent_size
from pnp.games.asterisk.rules import GOAL_SETS, PieceType
from pnp.games.asterisk.style import AsteriskStyle
from pnp.geometry.hexagon import Point, pointy_hexagon
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout import registration
from pnp.layout.fit import content_area
from pnp.layout.furniture import furniture, mm_text
from pnp.layout.paper import Paper
from pnp.layout.text import paragraph
from pnp.scene import Circle, Cuts, Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.scene.transform import half_turn
from pnp.style import saver_fill
from pnp.texts import say_all


def compose_markers(markers: MarkersPlan, title: str, style: AsteriskStyle) -> Document:
    """The two cards on their sheets, with the cut-and-fold instruction on each page."""
    heading_of = f"{title}: goal markers"
    w, h = tent_size(markers.size)
    facts = f"markers {mm_text(w)} mm wide · card {mm_text(w)} x {mm_text(h)} mm"
    cards = iter(GOAL_SETS)
    pages = []
    for number, sheet in enumerate(markers.sheets, 1):
        heading = heading_of if len(markers.sheets) == 1 else f"{heading_of} ({number} of {len(markers.sheets)})"
        children: list[Shape] = [*furniture(sheet.paper, heading, facts, style, marks=style.registration),
                                 note(sheet.paper, style)]
        children.extend(tent_card(next(cards), corner, markers.size, style) for corner in sheet.corners)
        pages.append(Page(sheet.paper.width, sheet.paper.height, tuple(children), heading,
                          cuts=tent_cuts(sheet.paper, sheet.corners, markers.size)))
    return Document("markers", heading_of, tuple(pages))


def tent_lines(corner: Point, size: float) -> tuple[Rect, tuple[Point, Point]]:
    """A card's outline and its fold across the middle: what `tent_card` draws, and a cutter cuts and scores."""
    x, y = corner
    w, h = tent_size(size)
    return Rect(x, y, w, h), ((x, y + h / 2), (x + w, y + h / 2))


def tent_cuts(paper: Paper, corners: tuple[Point, ...], size: float) -> Cuts:
    """What a cutter does to a sheet of markers: each card's outline cut, its fold scored."""
    lines = [tent_lines(corner, size) for corner in corners]
    return Cuts(registration.frame(paper), tuple(rect_corners(box) for box, _ in lines),
                folds=tuple(fold for _, fold in lines))



def note(sheet: Paper, style: AsteriskStyle) -> Group:
    """The cut-and-fold instruction, wrapped to the content width under the title."""
    area = content_area(sheet)
    texts, _ = paragraph(note_lines(sheet), area.x, area.y, NOTE_SIZE_MM, style.ink)
    return Group(tuple(texts), cls="instructions")


def tent_card(kind: str, corner: Point, size: float, style: AsteriskStyle) -> Group:
    """One card: the face below the fold upright, the same face above it turned 180 degrees."""
    box, fold_line = tent_lines(corner, size)
    x, w, fold_y = box.x, box.width, fold_line[0][1]
    near = Group(tuple(face(PieceType.parse(kind), (x, fold_y), size, style)), cls="face")
    far = half_turn(near, (x + w / 2, fold_y))
    outline = Polygon(rect_corners(box), Paint(stroke=style.cut, width=style.cut_width), cls="cut")
    dash = max(1.5, size * 0.03)
    fold = Polyline(fold_line, Paint(stroke=style.fold, width=style.fold_width, dash=(dash, dash * 0.7)), cls="fold")
    return Group((far, near, fold, outline), cls="marker", data=(("marker", kind),))


def face(kind: PieceType, top_left: Point, size: float, style: AsteriskStyle) -> list[Shape]:
    """Three icon columns with their words, then the goal line; the top edge is the fold."""
    x, y = top_left
    column = size * 0.92 / 3
    icon = 0.23 * size
    icon_y = y + 0.08 * size + icon / 2
    words = (kind.colour.upper(), kind.shape.upper(), kind.marking.upper())
    word_size = min(0.062 * size, column * 0.88 / max(text_width(t, 1.0, True) for t in all_words()))
    word_y = icon_y + icon / 2 + 0.05 * size + 0.73 * word_size
    shapes: list[Shape] = []
    for k, (aspect, word) in enumerate(zip(("colour", "shape", "marking"), words)):
        cx = x + size * 0.04 + column * (k + 0.5)
        shapes.append(Group(tuple(icon_shapes(kind, aspect, (cx, icon_y), icon, style)),
                            cls=f"icon {aspect}", data=(("aspect", getattr(kind, aspect)),)))
        shapes.append(Text((cx, word_y), word, word_size, style.ink, anchor="middle", bold=True, cls="word"))
    goal_lines = say_all("asterisk", "markers.goal_lines")
    width = max(text_width(t, 1.0) for t in goal_lines)
    line_size = min(0.034 * size, size * 0.88 / width)
    texts, _ = paragraph(goal_lines, x + (size - width * line_size) / 2, word_y + 0.055 * size,
                         line_size, style.ink, cls="goal-line")
    shapes.extend(texts)
    return shapes


def all_words() -> list[str]:
    """Every aspect word on either marker, so both cards set their words at one size."""
    return [part.upper() for kind in GOAL_SETS for part in kind.split("-")]


def icon_shapes(kind: PieceType, aspect: str, center: Point, icon: float, style: AsteriskStyle) -> list[Shape]:
    """One aspect drawn in an icon-sized box: a swatch, an outlined shape, or a marking on a blank face."""
    cx, cy = center
    line = 0.06 * icon
    half = icon / 2 - line / 2
    square = ((cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half))
    if aspect == "colour":
        if style.saver and kind.colour == "dark":
            return saver_fill(square, icon, style.dark_piece, style, cls="swatch")
        body = style.dark_piece if kind.colour == "dark" else style.light_piece
        return [Polygon(square, Paint(fill=body, stroke=style.ink, width=line), cls="swatch")]
    if aspect == "shape":
        paint = Paint(fill="#ffffff", stroke=style.ink, width=line * 1.6)
        if kind.shape == "circle":  # the ring's outer edge on the icon box, like the hexagon's corners
            return [Circle(center, icon / 2 - line * 0.8, paint, cls="outline")]
        return [Polygon(pointy_hexagon(center, icon * COS30_3DP - line * 1.6), paint, cls="outline")]
    blank = Polygon(square, Paint(stroke=style.muted, width=line * 0.5, dash=(icon * 0.06, icon * 0.05)), cls="blank")
    if kind.marking == "empty":
        return [blank]
    return [blank, asterisk(center, icon * 0.78, icon * 0.16, style.ink)]
