"""`pnp diagram` for Asterisk: the board at diagram size, the pieces on their cells, the goals met drawn as chains.

The board and pieces come from draw.py, so a diagram looks like the printed
board with the printed pieces on it. Each goal met is its connecting group
drawn as links between the centres of adjacent cells, in its aspect's colour;
two chains are set a little apart so both show where they share cells.
"""

from __future__ import annotations

from pnp.boards.diagram import diagram_frame
from pnp.boards.lines import grid_width
from pnp.fonts import MIDDLE
from pnp.games.asterisk.board import AsteriskBoard, Cell
from pnp.games.asterisk.draw import board_group, piece
from pnp.games.asterisk.look import unit_extent
from pnp.games.asterisk.position import AsteriskPosition
from pnp.games.asterisk.rules import PieceType
from pnp.games.asterisk.score import AsteriskVerdict
from pnp.games.asterisk.style import AsteriskStyle, DiagramStyle
from pnp.positions.page import diagram_page
from pnp.scene import Circle, Document, Group, Paint, Path, Shape, Text

PIECE_SHARE = 0.84     # a piece's size, per cell: a rim of the cell shows round it (and its tint)
CHAIN = 0.11           # a chain's width, per cell
CASING = 0.05          # the white either side of it, per cell
DOT = 2.0              # the dot on each cell of a chain, per chain width
CHAIN_SPACING = 0.2    # between two chains' centre lines, per cell
MARK_SIZE = 0.45       # a mark's letter on an empty cell, per cell
BADGE = 0.24           # the white disc a mark sits on over a piece: its radius, per cell
BADGE_TEXT = 0.3       # and the letter on it
BADGE_EDGE = 0.02


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
        *(mark(board.by_id[c], text, c in position.pieces, cell, style) for c, text in position.marks.items()),
    ]
    caption = position.caption or verdict.caption()
    key = [(look.line(a), a) for a in met]
    return diagram_page(f"Asterisk, side {side}: {caption}", box, shapes, caption, key, style)


def chain(board: AsteriskBoard, verdict: AsteriskVerdict, aspect: str, shift: float, look: DiagramStyle) -> Group:
    """The connecting group of `aspect` as a tree of links through all its cells, moved `shift` spacings down."""
    group = verdict.referee.chain(aspect)
    assert group is not None, "a chain is drawn only for a goal met"
    dy = shift * CHAIN_SPACING * board.cell_mm
    links = [_moved((board.by_id[a].center, board.by_id[b].center), dy) for a, b in tree(board, group.cells)]
    dots = [_moved((board.by_id[c].center,) * 2, dy) for c in group.cells]  # a round cap on nothing: a dot per cell
    width, casing = CHAIN * board.cell_mm, 2 * CASING * board.cell_mm
    shapes = []
    for runs, across in ((links, width), (dots, DOT * width)):
        shapes.append(Path(tuple(runs), Paint(stroke=look.casing, width=across + casing, cap="round", join="round")))
    for runs, across in ((links, width), (dots, DOT * width)):
        shapes += [Path(tuple(runs), paint) for paint in look.line(aspect).paints(across, "round", "round")]
    return Group(tuple(shapes), cls=f"chain chain-{aspect}", data=(("chain", aspect),))


def tree(board: AsteriskBoard, cells: tuple[str, ...]) -> list[tuple[str, str]]:
    """Links reaching every cell of a group once, breadth first from its first cell: no triangles to read past."""
    members, seen, links = set(cells), {cells[0]}, []
    frontier = [cells[0]]
    while frontier:
        here = frontier.pop(0)
        for near in board.by_id[here].neighbours:
            if near in members and near not in seen:
                seen.add(near)
                links.append((here, near))
                frontier.append(near)
    return links


def _moved(points: tuple[tuple[float, float], ...], dy: float) -> tuple[tuple[float, float], ...]:
    return tuple((x, y + dy) for x, y in points)


def mark(cell: Cell, text: str, on_piece: bool, cell_mm: float, style: AsteriskStyle) -> Group:
    """A letter on a cell: bold on an empty cell, on a small white disc over a piece."""
    shapes: list[Shape] = []
    size = MARK_SIZE * cell_mm
    if on_piece:
        size = BADGE_TEXT * cell_mm
        shapes.append(Circle(cell.center, BADGE * cell_mm, Paint(fill="#ffffff", stroke=style.ink, width=BADGE_EDGE * cell_mm)))
    x, y = cell.center
    shapes.append(Text((x, y + MIDDLE * size), text, size, style.ink, anchor="middle", bold=True))
    return Group(tuple(shapes), cls="mark", data=(("mark", text),))
