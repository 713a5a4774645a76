"""`pnp diagram` for *Star: the board at diagram size, stones on their cells, each star outlined, owned peries marked.

The board comes from draw.py and the stones from the stone sheet, so a diagram
looks like the printed board with printed stones on it. A record's stones carry
their move numbers over the stars' outlines, the last ringed, the diagram as
wide as the numbers need at 5 pt (pnp/boards/move_numbers.py); on a numbered
stone that hides an owned peri the number rises and the peri's dot sits low.
"""

from __future__ import annotations

from pnp.boards.move_numbers import READABLE_MM, record_stones
from pnp.boards.label_room import EVERY, LabelRoom
from pnp.boards.readable import choose_labels, readable_frame
from pnp.fonts import MIDDLE
from pnp.games.starstar.board import StarBoard, StarCell, placed_board
from pnp.games.starstar.rules import SECTORS
from pnp.games.starstar.draw import board_group
from pnp.games.starstar.look import LABEL_MAX_MM, LETTER, label_point, label_share, mark_point, unit_extent
from pnp.games.starstar.position import StarPosition
from pnp.games.starstar.referee import PLAYERS
from pnp.games.starstar.score import NAMES, StarVerdict
from pnp.games.starstar.style import DiagramStyle, StarStyle
from pnp.geometry.hexagon import Point
from pnp.positions.page import LineLook, diagram_page
from pnp.positions.record import diagram_caption
from pnp.scene import Circle, Document, Group, Paint, Polygon, Shape, Text

STONE_SHARE = 0.72    # a stone's size, per cell
OUTLINE = 0.09        # a star's outline, per cell
OWNED = 0.12          # the dot on an owned peri, per cell
OWNED_RIM = 0.03      # its white rim, per cell
QUARK_RING = 0.22     # the ring round the dot on a hidden quark, per cell
MARK_SIZE = 0.4       # a mark's letter, per cell
LABEL_STRETCH = 1.1    # a cell id may outgrow the size its cell holds by this much (its padding) to reach 5 pt
OWNED_CORE = 0.45     # the white core of Red's owned dot, this share of its radius
NUMBER_LIFT = 0.1     # a move number on a stone that also shows an owned peri's dot: this far above the centre...
DOT_DROP = 0.24       # ... and the dot this far below it, per cell


def diagram(position: StarPosition, verdict: StarVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram; `saver`: Blue's stones hatched, as the ink saver prints them on the stone sheets; `widest_mm`:
    how far it may grow for its cell ids to print at 5 pt (pnp/boards/readable.py)."""
    look = DiagramStyle()
    rings, style = position.board.rings, StarStyle(saver=saver, label=look.label)
    numbers = position.move_numbers()
    framed = readable_frame(_ids(rings), width_mm, widest_mm, max(numbers.values(), default=None), STONE_SHARE)
    box, cell, origin = framed.frame
    board = placed_board(rings, cell, origin)
    label = min(framed.labels.share * cell, LABEL_MAX_MM) if framed.labels.shown else None
    sectors, left_out = choose_labels(_sector_letters(rings), box.width + 2 * box.x)
    owners, j = position.owners(), verdict.judgement
    shapes: list[Shape] = [board_group(board, style, label, covered=frozenset(owners), lettered=frozenset(position.marks),
                                       tint=_tint(board, position, look), sectors=sectors.shown)]
    dotted = {c for c in j.owner_of_peri if c in numbers}   # a numbered stone on an owned peri: number up, dot down
    stones, shown = record_stones(owners, lambda c: board.by_id[c].center, numbers, STONE_SHARE * cell, style,
                                  frozenset(position.marks),
                                  lambda c: _shifted(board.by_id[c], c in dotted, -NUMBER_LIFT * cell))
    shapes += stones
    for player in PLAYERS:
        shapes += [_outline(board, group, player, look.line(player, style)) for group in j.stars[player]]
    shapes += shown
    shapes += [_owned(board.by_id[c], cell, p, style, look, c in owners, c in dotted) for c, p in j.owner_of_peri.items()]
    shapes += [_mark(board.by_id[c], text, cell, c in owners, style, look) for c, text in position.marks.items()]
    caption = diagram_caption(position, position.caption or verdict.caption())
    key = [(look.line(p, style), NAMES[p]) for p in PLAYERS] if owners else []
    return diagram_page(f"*Star, {rings} rings: {caption}", box, shapes, caption, key, style,
                        framed.notes + left_out)


def _ids(rings: int) -> LabelRoom:
    """The cell ids: each in its own cell, at most LABEL_STRETCH past the size every cell holds (its padding)."""
    share = label_share(rings)
    return LabelRoom("cell ids", share, lambda labels: unit_extent(rings), lambda step: LABEL_STRETCH * share, (EVERY,))


def _sector_letters(rings: int) -> LabelRoom:
    """The sector letters past the corners: at their own size, or left out where that prints under 5 pt on a
    narrow diagram (the ids' room, unit_extent, keeps their place)."""
    return LabelRoom("sector letters", LETTER, lambda labels: unit_extent(rings), lambda step: LETTER, (EVERY,))


def _tint(board: StarBoard, position: StarPosition, look: DiagramStyle) -> dict[str, str]:
    """Highlighted cells, over the sectors' tints when the position asks for them."""
    tint = {c.id: look.sectors[SECTORS.index(c.id[0])] for c in board.cells} if position.sectors else {}
    return tint | dict.fromkeys(position.highlight, look.highlight)


def _outline(board: StarBoard, cells: tuple[str, ...], player: str, line: LineLook) -> Group:
    """A star: each of its cells ringed in its player's line."""
    paints = line.paints(OUTLINE * board.cell_mm, join="round")
    return Group(tuple(Polygon(board.by_id[c].polygon, paint) for c in cells for paint in paints), cls="star",
                 data=(("cells", " ".join(cells)), ("player", player)))


def _shifted(cell: StarCell, shifted: bool, by: float) -> Point:
    """A cell's centre, or `by` mm below it (above, for `by` negative)."""
    x, y = cell.center
    return (x, y + by) if shifted else (x, y)


def _owned(cell: StarCell, cell_mm: float, player: str, style: StarStyle, look: DiagramStyle, covered: bool,
           numbered: bool = False) -> Group:
    """An owned peri: a white-rimmed dot in its owner's colour (Red's with a white core), on the stone when one
    hides the peri mark, low on it when the stone carries a move number.

    A hidden quark keeps its ring, drawn around the dot, so the quark count can still be read.
    """
    at = mark_point(cell, cell_mm) if not covered else _shifted(cell, numbered, DOT_DROP * cell_mm)
    shapes: list[Shape] = [Circle(at, OWNED * cell_mm, Paint(fill=look.line(player, style).colour, stroke=look.white,
                                                             width=OWNED_RIM * cell_mm))]
    if player == "red":
        shapes.append(Circle(at, OWNED_CORE * OWNED * cell_mm, Paint(fill=look.white)))
    if covered and "quark" in cell.tags:
        shapes.append(Circle(at, QUARK_RING * cell_mm, Paint(stroke=look.white, width=OWNED_RIM * cell_mm)))
    return Group(tuple(shapes), cls="owned", data=(("peri", cell.id), ("player", player)))


def _mark(cell: StarCell, text: str, cell_mm: float, covered: bool, style: StarStyle, look: DiagramStyle) -> Text:
    """A mark's letter on its cell, never under 5 pt."""
    size = max(MARK_SIZE * cell_mm, READABLE_MM)
    x, y = label_point(cell, cell_mm, "peri" in cell.tags and not covered)
    return Text((x, y + MIDDLE * size), text, size, look.white if covered else style.ink, anchor="middle", bold=True)
