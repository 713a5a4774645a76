"""A record's move numbers on its stones or pieces, and the ring round the last move: for every game's diagram.

    numbered(piece, at, number, room, last=False) -> Group      # the piece with data-move="N", ringed if last
    move_number(at, number, room, under, style, size=None) -> Group   # the number, drawn over what crosses pieces
    last_ring(at, radius) -> Group                               # the ring round the last move
    number_size(longest, room) -> float | None   # one text size for every number of a diagram; None: too small
    least_room(longest) -> float                 # the room a number up to `longest` needs at 5 pt
    numbered_width(width_mm, extent, share, longest) -> float   # a diagram's width, widened for its numbers
    record_stones(owners, centre, numbers, size, style, marked) -> (stones, numbers)   # the stone games' use

`at` is the centre of the piece, `room` the diameter of the round space the
number may take there (a stone's size, a hexagon's inscribed circle), `under`
the colour the number is printed on: it sits on a disc of that colour just
round its digits, so a chain or an outline drawn across the piece passes under
it (white for None, a pattern: the ink saver's hatched stone). Digits take the ink
(style.ink or white) that contrasts more with `under` (WCAG ratio): dark on
Red's light stones, white on Blue's dark ones. Numbers are bold, one size
across a diagram (`number_size` of its longest number), never under
READABLE_MM (5 pt): a diagram too narrow for that is drawn wider
(`numbered_width`; `least_room` says how much room a number needs).
The last move is ringed just outside its piece: a dark green line (a third
colour beside Red's and Blue's, mid-dark grey in black and white) with a white
gap between, so it shows on the board, on a tint, and beside a dark stone.
A mark (a letter) on a numbered piece wins: the letter is drawn, the number not
(the piece keeps its data-move and its ring).
"""

from __future__ import annotations

from functools import lru_cache

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from pnp.boards.diagram import frame_width
from pnp.fonts import MIDDLE, text_width
from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.scene import Circle, Group, Paint, Shape, Text
from pnp.style import BaseStyle, StoneStyle

READABLE_MM = 5 * 25.4 / 72   # 5 pt: no move number is printed smaller
NUMBER_SHARE = 0.5     # a number's text size, per mm of room, where it has more than it needs (one or two digits)
NUMBER_SPAN = 0.86     # the widest a number may run, per mm of room: inside a stone's rim
CAP = 0.73             # a digit's height, per unit of text size (Vera)
BADGE_PAD = 0.15       # the disc under a number: its margin round the digits, per text size...
BADGE_MOST = 0.42      # ... and its largest radius, per mm of room: inside a stone's rim, even the ink saver's
RING_GAP = 0.04        # the last move's ring: the white between the piece and the ring, per mm of room
RING_WIDTH = 0.08      # the ring's width, per mm of room
RING_LEAST_MM = 0.25   # and never thinner than this
WIDTH_STEP_MM = 0.1    # a diagram widened for its numbers: to a width in these steps


@dataclass(frozen=True)
class NumberLook:
    """Ink for numbers, and the last move's ring: a colour neither player's, dark enough for a grey print."""

    light: str = "#ffffff"    # digits on a dark fill; the disc under digits on a pattern; the ring's casing
    ring: str = "#00843d"     # dark green: 33 % grey in black and white


LOOK = NumberLook()


def numbered(piece: Group, at: Point, number: int, room: float, last: bool = False, look: NumberLook = LOOK) -> Group:
    """`piece` (a stone or a piece drawn at `at`, `room` mm across) as move `number`: its group carries
    `data-move="N"` beside its own data, and the `last` move is ringed. The number itself is drawn apart
    (move_number), over whatever a diagram draws across the pieces (a winning chain, a star's outline)."""
    ring = (last_ring(at, room / 2, look),) if last else ()
    cls = " ".join(word for word in (piece.cls, "last-move" if last else "") if word)
    return Group((*ring, *piece.children), cls, (*piece.data, ("move", str(number))), piece.clip)


def move_number(at: Point, number: int, room: float, under: str | None, style: BaseStyle,
                size: float | None = None, look: NumberLook = LOOK, pad: float = BADGE_PAD,
                most: float | None = None) -> Group:
    """The number centred on `at`, at `size` (else the largest that fits `room`, never under 5 pt), on a disc just
    round its digits in the colour `under` it (white on a pattern): a line drawn across the piece passes under
    the number, never through a digit. The disc reaches `pad` text sizes past the digits' box, up to `most` mm
    (default BADGE_MOST of the room: inside a stone's rim)."""
    text = str(number)
    size = size if size is not None else max(number_size(number, room) or 0.0, READABLE_MM)
    half_width, half_height = text_width(text, size, bold=True) / 2, CAP * size / 2
    radius = min((half_width ** 2 + half_height ** 2) ** 0.5 + pad * size, BADGE_MOST * room if most is None else most)
    disc = Circle(at, radius, Paint(fill=under or look.light))
    ink = look.light if under is not None and contrast(under, look.light) > contrast(under, style.ink) else style.ink
    x, y = at
    text_shape = Text((x, y + MIDDLE * size), text, size, ink, anchor="middle", bold=True)
    return Group((disc, text_shape), cls="move-number", data=(("number", text),))


def last_ring(at: Point, radius: float, look: NumberLook = LOOK) -> Group:
    """A ring round a piece of `radius` mm, a white gap between: drawn before the piece, on a white disc that the
    piece covers but for the gap."""
    room = 2 * radius
    width = max(RING_WIDTH * room, RING_LEAST_MM)
    gap = RING_GAP * room
    casing = Circle(at, radius + gap, Paint(fill=look.light))
    ring = Circle(at, radius + gap + width / 2, Paint(stroke=look.ring, width=width))
    return Group((casing, ring), cls="ring")


def number_size(longest: int, room: float) -> float | None:
    """The text size for every number up to `longest` in `room` mm: NUMBER_SHARE of the room (READABLE_MM at
    least), less where the longest number would run wider than NUMBER_SPAN of it; None where that is under
    READABLE_MM."""
    size = min(max(NUMBER_SHARE * room, READABLE_MM), NUMBER_SPAN * room / _extent(longest))
    return size if size >= READABLE_MM - 1e-9 else None


def least_room(longest: int) -> float:
    """The smallest room (mm across) in which numbers up to `longest` are READABLE_MM tall."""
    return READABLE_MM * _extent(longest) / NUMBER_SPAN


def _extent(number: int) -> float:
    """The larger of a number's width and its digits' height, per unit of text size."""
    return max(text_width(str(number), 1.0, bold=True), CAP)


def numbered_width(width_mm: float, extent: Rect, share: float, longest: int | None) -> float:
    """`width_mm`, or the least width (rounded up to WIDTH_STEP_MM) at which a board of unit extent `extent`, whose
    pieces take `share` of a cell, holds numbers up to `longest` at READABLE_MM; `longest` None: no numbers."""
    if not longest:
        return width_mm
    steps = math.ceil(frame_width(extent, least_room(longest) / share) / WIDTH_STEP_MM - 1e-9)
    return max(width_mm, round(steps * WIDTH_STEP_MM, 6))


def record_stones(owners: Mapping[str, str], centre: Callable[[str], Point], numbers: Mapping[str, int], size: float,
                  style: StoneStyle, marked: Collection[str] = (),
                  number_at: Callable[[str], Point] | None = None) -> tuple[list[Shape], list[Shape]]:
    """The stones of `owners` (cell -> player), `size` mm, those the record placed numbered (`numbers`: cell ->
    move) with the last ringed; and, to draw over what crosses the stones, their numbers (none on a `marked` cell),
    centred on the stone or where `number_at` puts them. The stones' drawing is imported here: a kit's board,
    which reads this module's sizes through its labels (readable.py), need not load the stone sheets' packing."""
    from pnp.boards.cutouts import stone, stone_fill

    last = max(numbers.values(), default=None)
    text = number_size(last, size) if last else None
    stones: list[Shape] = []
    shown: list[Shape] = []
    for cell, player in owners.items():
        at = centre(cell)
        drawn = stone(player, at, size, style)
        move = numbers.get(cell)
        if move is None:
            stones.append(drawn)
            continue
        stones.append(numbered(drawn, at, move, size, move == last))
        if cell not in marked:
            where = number_at(cell) if number_at else at   # off centre: the room round it as much less
            room = size - 2 * math.dist(where, at)
            shown.append(move_number(where, move, room, stone_fill(player, style), style, text))
    return stones, shown


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours, 1 (the same) to 21 (black on white): digits take the ink
    that contrasts more with their fill."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@lru_cache(maxsize=64)
def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour, 0 (black) to 1 (white)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
