"""`pnp diagram` of a connection game (Hex, Y): the board at diagram size, the stones, the winning chain on top.

    stones_diagram(position, verdict, width_mm, Drawing(room, make, draw), style, widest_mm=None) -> Document

The game gives its board as a Drawing: `room`, its labels and everything the
board draws for a 1 mm cell with them (readable.py's LabelRoom); `make(cell_mm,
origin)`, its board placed; and `draw(board, tint, labels)`, the board drawn as
it is printed with the `tint`ed cells (id -> fill), its labels as readable.py
chose them (at 5 pt or more: the diagram grown up to `widest_mm`, or the labels
thinned or left out, with a note on the Document). Stones come from the stone sheets (cutouts.stone), so a diagram
looks like the printed board with printed stones on it; the winning chain is
drawn as links between the stones' centres on a white casing (chains.py), in a
colour that shows on both kinds of stone; marks are letters (marks.py). A record's
stones carry their move numbers, drawn over the chain, the last ringed, and the
diagram is drawn as wide as its numbers need to print at 5 pt (move_numbers.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pnp.boards.chains import chain
from pnp.boards.marks import mark
from pnp.boards.move_numbers import record_stones
from pnp.boards.position import ConnectionPosition
from pnp.boards.label_room import LabelRoom, Labels
from pnp.boards.readable import readable_frame
from pnp.boards.verdict import ConnectionVerdict, player_name
from pnp.geometry.hexagon import Point
from pnp.positions.page import LineLook, diagram_page
from pnp.positions.record import diagram_caption
from pnp.scene import Document, Group, Shape
from pnp.style import StoneStyle
from pnp.texts import say

B = TypeVar("B")
STONE_SHARE = 0.8      # a stone's size, per cell: a rim of the cell (and its tint) shows round it


@dataclass(frozen=True)
class Drawing(Generic[B]):
    """How a game's board is drawn in a diagram (see the module's docstring)."""

    room: LabelRoom
    make: Callable[[float, Point], B]
    draw: Callable[[B, Mapping[str, str], Labels], Group]


@dataclass(frozen=True)
class DiagramLook:
    """Tinted cells, and the winning chain: Red's in a deeper red than its light stones (it shows on both kinds),
    Blue's in Blue's colour, each on a white casing that keeps it clear of the stones it runs over."""

    highlight: str = "#fff1a8"
    casing: str = "#ffffff"
    red_line: str = "#c0392b"

    def line(self, player: str, style: StoneStyle) -> LineLook:
        return LineLook(self.red_line) if player == "red" else LineLook(style.blue)


def stones_diagram(position: ConnectionPosition, verdict: ConnectionVerdict, width_mm: float, drawing: Drawing[Any],
                   style: StoneStyle, widest_mm: float | None = None, look: DiagramLook = DiagramLook()) -> Document:
    """The diagram of one position; `style` the game's (its `saver` hatches Blue's stones as the stone sheets do)."""
    numbers = {str(c): n for c, n in position.move_numbers().items()}
    framed = readable_frame(drawing.room, width_mm, widest_mm, max(numbers.values(), default=None), STONE_SHARE)
    box, cell, origin = framed.frame
    board = drawing.make(cell, origin)
    owners = {str(c): player for c, player in position.owners().items()}
    shapes: list[Shape] = [drawing.draw(board, dict.fromkeys(map(str, position.highlight), look.highlight),
                                        framed.labels)]
    stones, shown = record_stones(owners, lambda c: board.by_id[c].center, numbers, STONE_SHARE * cell, style,
                                  frozenset(map(str, position.marks)))
    shapes += stones
    winner = verdict.judgement.winner if position.chain else None
    key: list[tuple[LineLook, str]] = []
    if winner is not None:
        line = look.line(winner, style)
        path = [str(c) for c in verdict.judgement.path]
        shapes.append(chain(board, path, line, look.casing, cls=f"chain chain-{winner}", data=(("chain", winner),)))
        key.append((line, say("pages", "connection.key", player=player_name(winner))))
    shapes += shown
    shapes += [mark(board.by_id[str(c)], text, str(c) in owners, cell, style.ink) for c, text in position.marks.items()]
    caption = diagram_caption(position, position.caption or verdict.caption())
    return diagram_page(f"{verdict.board}: {caption}", box, shapes, caption, key, style, framed.notes)
