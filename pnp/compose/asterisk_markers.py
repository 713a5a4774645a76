"""The two goal markers as fold-over tent cards, one per player.

Each card is one face printed twice about a dashed fold, the far half turned
180 degrees, so once folded and stood up both players read it upright. A face
shows the player's three goal aspects as big icons (a colour swatch, a shape,
a marking) with their words, and one line on how goals win. Icons are plain
black-and-white geometry, so a monochrome printer keeps them apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.compose.blocks import LEADING, half_turn, paragraph, wrap
from pnp.compose.furniture import furniture, mm_text
from pnp.compose.piece import asterisk
from pnp.fonts import text_width
from pnp.games.asterisk import GOAL_SETS, PieceType
from pnp.geometry.hexagon import Point, pointy_hexagon
from pnp.layout import content_area
from pnp.paper import Paper, paper
from pnp.scene import Circle, Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.spec.models import AsteriskSpec
from pnp.style import Style, style_from

FACE_RATIO = 0.6     # face height per mm of marker width: a low, steady tent
GAP_MM = 12.0        # between two cards on a page
NOTE_SIZE_MM = 3.0   # the cut-and-fold instruction
NOTE_GAP_MM = 6.0    # between the instruction and the cards
GOAL_LINES = ("A chain of one aspect linking all three sides is a goal;",
              "make two of your three goals to win.")
NOTE = ("Cut each card out along the thin grey line. Fold it on the dashed line, printed side out, "
        "and stand it as a tent between the players: both sides show the same goals, upright. Card stock stands best.")


def tent_size(size_mm: float) -> tuple[float, float]:
    """(width, height) of the unfolded card: two faces stacked about the fold."""
    return size_mm, 2 * FACE_RATIO * size_mm


def note_lines(sheet: Paper) -> list[str]:
    """The cut-and-fold instruction wrapped to the sheet's content width."""
    return wrap(NOTE, NOTE_SIZE_MM, content_area(sheet)[2])


def room(sheet: Paper) -> tuple[float, float, float, float]:
    """(x, y, width, height) for cards: the content area under the instruction and a gap."""
    x, y, w, h = content_area(sheet)
    band = len(note_lines(sheet)) * NOTE_SIZE_MM * LEADING + NOTE_GAP_MM
    return x, y + band, w, h - band


def largest_marker(base: Paper) -> float:
    """The widest marker whose tent card fits the paper in some orientation."""
    per_height = tent_size(1.0)[1]
    return max(min(room(s)[2], room(s)[3] / per_height) for s in base.orientations())


@dataclass(frozen=True)
class Sheet:
    """One page of cards: the sheet and each card's top-left corner."""

    paper: Paper
    corners: tuple[Point, ...]


def arrange(base: Paper, size_mm: float) -> list[Sheet]:
    """Both cards on one page if they fit (side by side, else stacked), else one per page."""
    w, h = tent_size(size_mm)
    for sheet in base.orientations():
        x, y, aw, ah = room(sheet)
        for dx, dy in ((w + GAP_MM, 0.0), (0.0, h + GAP_MM)):  # side by side, then stacked
            across, down = w + dx, h + dy
            if across <= aw + 1e-9 and down <= ah + 1e-9:
                x0, y0 = x + (aw - across) / 2, y + (ah - down) / 2
                return [Sheet(sheet, ((x0, y0), (x0 + dx, y0 + dy)))]
    for sheet in base.orientations():
        x, y, aw, ah = room(sheet)
        if w <= aw + 1e-9 and h <= ah + 1e-9:
            corner = (x + (aw - w) / 2, y + (ah - h) / 2)
            return [Sheet(sheet, (corner,)), Sheet(sheet, (corner,))]
    raise ValueError(f"a {size_mm:g} mm marker does not fit {base.name} paper")  # spec checks prevent this


def compose_markers(spec: AsteriskSpec) -> Document:
    style = style_from(spec.style.model_dump())
    size = spec.markers.size_mm
    sheets = arrange(paper(spec.paper), size)
    title = f"{spec.display_title}: goal markers"
    w, h = tent_size(size)
    facts = f"markers {mm_text(w)} mm wide · card {mm_text(w)} x {mm_text(h)} mm"
    cards = iter(GOAL_SETS)
    pages = []
    for number, sheet in enumerate(sheets, 1):
        heading = title if len(sheets) == 1 else f"{title} ({number} of {len(sheets)})"
        children: list[Shape] = [*furniture(sheet.paper, heading, facts, style), note(sheet.paper, style)]
        children.extend(tent_card(next(cards), corner, size, style) for corner in sheet.corners)
        pages.append(Page(sheet.paper.width, sheet.paper.height, tuple(children), heading))
    return Document("markers", title, tuple(pages))


def note(sheet: Paper, style: Style) -> Group:
    """The cut-and-fold instruction, wrapped to the content width under the title."""
    x, y, _, _ = content_area(sheet)
    texts, _ = paragraph(note_lines(sheet), x, y, NOTE_SIZE_MM, style.ink)
    return Group(tuple(texts), cls="instructions")


def tent_card(kind: str, corner: Point, size: float, style: Style) -> Group:
    """One card: the face below the fold upright, the same face above it turned 180 degrees."""
    x, y = corner
    w, h = tent_size(size)
    fold_y = y + h / 2
    near = Group(tuple(face(PieceType.parse(kind), (x, fold_y), size, style)), cls="face")
    far = half_turn(near, (x + w / 2, fold_y))
    outline = Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
                      Paint(stroke=style.cut, width=style.cut_width), cls="cut")
    dash = max(1.5, size * 0.03)
    fold = Polyline(((x, fold_y), (x + w, fold_y)),
                    Paint(stroke=style.fold, width=style.fold_width, dash=(dash, dash * 0.7)), cls="fold")
    return Group((far, near, fold, outline), cls="marker", data=(("marker", kind),))


def face(kind: PieceType, top_left: Point, size: float, style: Style) -> list[Shape]:
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
    width = max(text_width(t, 1.0) for t in GOAL_LINES)
    line_size = min(0.034 * size, size * 0.88 / width)
    texts, _ = paragraph(list(GOAL_LINES), x + (size - width * line_size) / 2, word_y + 0.055 * size,
                         line_size, style.ink, cls="goal-line")
    shapes.extend(texts)
    return shapes


def all_words() -> list[str]:
    """Every aspect word on either marker, so both cards set their words at one size."""
    return [part.upper() for kind in GOAL_SETS for part in kind.split("-")]


def icon_shapes(kind: PieceType, aspect: str, center: Point, icon: float, style: Style) -> list[Shape]:
    """One aspect drawn in an icon-sized box: a swatch, an outlined shape, or a marking on a blank face."""
    cx, cy = center
    line = 0.06 * icon
    half = icon / 2 - line / 2
    square = ((cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half))
    if aspect == "colour":
        body = style.dark_piece if kind.colour == "dark" else style.light_piece
        return [Polygon(square, Paint(fill=body, stroke=style.ink, width=line), cls="swatch")]
    if aspect == "shape":
        paint = Paint(fill="#ffffff", stroke=style.ink, width=line * 1.6)
        if kind.shape == "circle":  # the ring's outer edge on the icon box, like the hexagon's corners
            return [Circle(center, icon / 2 - line * 0.8, paint, cls="outline")]
        return [Polygon(pointy_hexagon(center, icon * 0.866 - line * 1.6), paint, cls="outline")]
    blank = Polygon(square, Paint(stroke=style.muted, width=line * 0.5, dash=(icon * 0.06, icon * 0.05)), cls="blank")
    if kind.marking == "empty":
        return [blank]
    return [blank, asterisk(center, icon * 0.78, icon * 0.16, style.ink)]
