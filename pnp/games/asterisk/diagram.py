"""`pnp diagram` for Asterisk: the board at diagram size, the pieces on their cells, the goals met drawn as chains.

The board and pieces come from draw.py, so a diagram looks like the printed
board with the printed pieces on it. Each goal met is its connecting group
drawn as links between the centres of adjacent cells (pnp/boards/chains.py), in
its goal's colour and its pair's line (style.py: any two chains of a diagram
differ in hue, in grey and in dashes); two chains are set a little apart so
both show where they share cells.

A record's diagram numbers each piece its moves placed (data-move="N" on the
piece), the last one ringed, all numbers one size, never under 5 pt, a diagram
too narrow for that drawn wider (pnp/boards/move_numbers.py). The numbers are
drawn over the chains, each on a disc that keeps a chain's line well off its
digits (a halo a third of their size wide: at a GIF's 150 dpi a chain still
stops pixels short of them): on an empty piece a disc of the piece's colour,
on an asterisk a disc of the bars' colour at its hub, with longer arms showing
round it; the digits in the ink that contrasts with the disc. A mark on a numbered piece is drawn
instead of its number.
"""

from __future__ import annotations

from pnp.boards.chains import chain as cell_chain
from pnp.boards.labels import triangle_room
from pnp.boards.lines import grid_width
from pnp.boards.marks import mark
from pnp.boards.move_numbers import move_number, number_size, numbered
from pnp.boards.readable import readable_frame
from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.draw import ASTERISK_BAR, asterisk, board_group, cased_asterisk, piece, piece_colours
from pnp.games.asterisk.look import unit_extent
from pnp.games.asterisk.position import AsteriskPosition
from pnp.games.asterisk.rules import PieceType
from pnp.games.asterisk.score import AsteriskVerdict
from pnp.games.asterisk.style import AsteriskStyle, DiagramStyle
from pnp.geometry.hexagon import Point
from pnp.positions.page import diagram_page
from pnp.positions.record import diagram_caption
from pnp.scene import Document, Group, Paint, Shape

PIECE_SHARE = 0.84     # a piece's size, per cell: a rim of the cell shows round it (and its tint)
CHAIN_SPACING = 0.2    # between two chains' centre lines, per cell
NUMBER_ROOM = 0.5      # the most a move number's digits take, across, per piece size
HALO = 0.35            # its disc reaches this far past the digits' box, per text size: a chain under it stops well short...
HALO_MOST = 0.3        # ... up to this radius, per piece size: a numbered asterisk's long arms still show round it
LONG_ARMS = 0.82       # a numbered asterisk's arms, tip to tip, per piece size: they show round the number's disc
# The last move's ring, round the piece: across, per piece size; a hexagon's corners (at 1.155) meet its line.
RING = {"circle": 1.0, "hexagon": 1.08}


def diagram(position: AsteriskPosition, verdict: AsteriskVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram; `saver`: dark pieces hatched, as the ink saver prints them on the piece sheets; `widest_mm`:
    how far it may grow for its coordinates to print at 5 pt (pnp/boards/readable.py)."""
    side, style, look = position.board.side, AsteriskStyle(saver=saver), DiagramStyle()
    numbers, placed = position.move_numbers(), position.placed()
    room = triangle_room(lambda labels: unit_extent(side, True, labels))
    framed = readable_frame(room, width_mm, widest_mm, max(numbers.values(), default=None), NUMBER_ROOM * PIECE_SHARE)
    box, cell, origin = framed.frame
    board = AsteriskBoard(side, cell, origin)
    tint = Paint(fill=look.highlight, stroke=style.grid, width=grid_width(cell, style))
    met = verdict.referee.met if position.chains else ()
    pieces = Pieces(style, cell * PIECE_SHARE, numbers)
    shapes: list[Shape] = [
        board_group(board, style, True, cell_paint={c: tint for c in position.highlight}, labels=framed.labels),
        *(pieces.piece(c, kind, board.by_id[c].center) for c, kind in placed.items()),
        *(chain(board, verdict, aspect, k - (len(met) - 1) / 2, look) for k, aspect in enumerate(met)),
        *(pieces.number(c, placed[c], board.by_id[c].center) for c in numbers if c not in position.marks),
        *(mark(board.by_id[c], text, c in placed, cell, style.ink) for c, text in position.marks.items()),
    ]
    caption = diagram_caption(position, position.caption or verdict.caption())
    key = [(look.line(a), a) for a in met]
    return diagram_page(f"Asterisk, side {side}: {caption}", box, shapes, caption, key, style, framed.notes)


class Pieces:
    """The pieces of one diagram, a record's numbered (move_numbers.py): one number size for all of them."""

    def __init__(self, style: AsteriskStyle, size: float, numbers: dict[str, int]) -> None:
        self.style, self.size, self.numbers = style, size, numbers
        self.last = max(numbers.values(), default=0)
        self.text = number_size(self.last, NUMBER_ROOM * size) if numbers else None

    def piece(self, cell: str, kind: str, at: Point) -> Group:
        """The piece on `cell`; one a move placed carries `data-move` (and the last is ringed): its number is
        drawn later, over the chains (`number`)."""
        parsed = PieceType.parse(kind)
        drawn = piece(parsed, at, self.size, self.style)
        number = self.numbers.get(cell)
        if number is None:
            return drawn
        return numbered(drawn, at, number, self.size * RING[parsed.shape], number == self.last)

    def number(self, cell: str, kind: str, at: Point) -> Group:
        """The move's number on its disc (on an asterisk, with longer arms round it)."""
        parsed = PieceType.parse(kind)
        body, bars = piece_colours(parsed, self.style)
        hatched = self.style.saver and parsed.colour == "dark"
        if hatched:   # the disc white, the bars dark on a white casing
            body, bars = "#ffffff", self.style.dark_piece
        disc = bars if parsed.marking == "asterisk" else body
        shown = move_number(at, self.numbers[cell], NUMBER_ROOM * self.size, disc, self.style, self.text, pad=HALO,
                            most=HALO_MOST * self.size)
        if parsed.marking != "asterisk":
            return shown
        arms, bar = self.size * LONG_ARMS, self.size * ASTERISK_BAR
        long_arms: list[Shape] = cased_asterisk(at, arms, bar, bars) if hatched else [asterisk(at, arms, bar, bars)]
        return Group((*long_arms, *shown.children), shown.cls, shown.data)


def chain(board: AsteriskBoard, verdict: AsteriskVerdict, aspect: str, shift: float, look: DiagramStyle) -> Group:
    """The connecting group of `aspect` as a tree of links through all its cells, moved `shift` spacings down."""
    group = verdict.referee.chain(aspect)
    assert group is not None, "a chain is drawn only for a goal met"
    return cell_chain(board, group.cells, look.line(aspect), look.casing, shift * CHAIN_SPACING * board.cell_mm,
                      f"chain chain-{aspect}", (("chain", aspect),))
