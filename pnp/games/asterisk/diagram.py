"""`pnp diagram` for Asterisk: the board at diagram size, the pieces on their cells, the goals met drawn as chains.

The board and pieces come from draw.py, so a diagram looks like the printed
board with the printed pieces on it. Each goal met is its connecting group
drawn as links between the centres of adjacent cells (pnp/boards/chains.py), in
its aspect's colour; two chains are set a little apart so both show where they
share cells.
"""

from __future__ import annotations

from pnp.boards.chains import chain as cell_chain
from pnp.boards.diagram import diagram_frame
from pnp.boards.lines import grid_width
from pnp.boards.marks import mark
from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.draw import board_group, piece
from pnp.games.asterisk.look import unit_extent
from pnp.games.asterisk.position import AsteriskPosition
from pnp.games.asterisk.rules import PieceType
from pnp.games.asterisk.score import AsteriskVerdict
from pnp.games.asterisk.style import AsteriskStyle, DiagramStyle
from pnp.positions.page import diagram_page
from pnp.scene import Document, Group, Paint, Shape

PIECE_SHARE = 0.84     # a piece's size, per cell: a rim of the cell shows round it (and its tint)
CHAIN_SPACING = 0.2    # between two chains' centre lines, per cell


def diagram(position: AsteriskPosition, verdict: AsteriskVerdict, width_mm: float, saver: bool = False) -> Document:
    """The diagram; `saver`: dark pieces hatched, as the ink saver prints them on the piece sheets."""
    side, style, look = position.board.side, AsteriskStyle(saver=saver), DiagramStyle()
    box, cell, origin = diagram_frame(unit_extent(side, True), width_mm)
    board = AsteriskBoard(side, cell, origin)
    tint = Paint(fill=look.highlight, stroke=style.grid, width=grid_width(cell, style))
    met = verdict.referee.met if position.chains else ()
    shapes: list[Shape] = [
        board_group(board, style, True, cell_paint={c: tint for c in position.highlight}),
        *(piece(PieceType.parse(kind), board.by_id[c].center, cell * PIECE_SHARE, style) for c, kind in position.pieces.items()),
        *(chain(board, verdict, aspect, k - (len(met) - 1) / 2, look) for k, aspect in enumerate(met)),
        *(mark(board.by_id[c], text, c in position.pieces, cell, style.ink) for c, text in position.marks.items()),
    ]
    caption = position.caption or verdict.caption()
    key = [(look.line(a), a) for a in met]
    return diagram_page(f"Asterisk, side {side}: {caption}", box, shapes, caption, key, style)


def chain(board: AsteriskBoard, verdict: AsteriskVerdict, aspect: str, shift: float, look: DiagramStyle) -> Group:
    """The connecting group of `aspect` as a tree of links through all its cells, moved `shift` spacings down."""
    group = verdict.referee.chain(aspect)
    assert group is not None, "a chain is drawn only for a goal met"
    return cell_chain(board, group.cells, look.line(aspect), look.casing, shift * CHAIN_SPACING * board.cell_mm,
                      f"chain chain-{aspect}", (("chain", aspect),))
