"""Labels a player can read on a diagram: the width it is drawn at, and its labels' size and spacing.

    readable_frame(room, width_mm, widest_mm, longest, number_share) -> Framed(frame, labels, notes)

A board's labels (coordinates along its edges, names or numbers in its cells)
are drawn at a share of the cell, `room.share`, as on the printed board. Where a
diagram asked for at `width_mm` would print them under 5 pt:
  1. it grows, when it may (`widest_mm`: pnp diagram's default width, a booklet
     block that names none), to the width at which they print at 5 pt, up to
     `widest_mm`;
  2. else its labels print at 5 pt, larger than their share, where labels on
     neighbouring lines keep clear of each other (`room.most(1)`);
  3. else on every other line only (`room.most(2)`: twice the room each);
  4. else they are left out.
Cases 3 and 4 come with a note that says so and names the width that prints
every label. A record's move numbers may widen the diagram further
(move_numbers.py); the labels are then chosen again at that width, which only
gives them more room. No label is ever printed under READABLE_MM.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.boards.diagram import DiagramFrame, diagram_frame, frame_width
from pnp.boards.label_room import EVERY, NONE, LabelRoom, Labels
from pnp.boards.move_numbers import READABLE_MM, WIDTH_STEP_MM, numbered_width
from pnp.geometry.rect import Rect
from pnp.positions.page import drawing_box

SEARCH_STEPS = 40      # halvings in the search for the least label share that reads: far below a printer's dot


@dataclass(frozen=True)
class Framed:
    """A diagram's frame, the labels drawn in it, and what a command should say about them."""

    frame: DiagramFrame
    labels: Labels
    notes: tuple[str, ...] = ()


def readable_frame(room: LabelRoom, width_mm: float, widest_mm: float | None = None, longest: int | None = None,
                   number_share: float = 1.0) -> Framed:
    """The frame of a diagram asked for at `width_mm`, grown up to `widest_mm` (None: not at all) for its labels,
    and widened for move numbers up to `longest` on pieces `number_share` of a cell (move_numbers.numbered_width);
    with its labels at 5 pt or more, thinned, or left out (the module's docstring)."""
    grown = width_mm
    if widest_mm is not None:
        grown = max(width_mm, min(max(least_width(room, room.design), _cell_width(room)), widest_mm))

    def numbered(width: float) -> tuple[float, Labels, tuple[str, ...]]:
        """The width the numbers need with the labels chosen at `width` (`grown` at least), and those labels."""
        labels, notes = choose_labels(room, width)
        return numbered_width(grown, _extent(room, labels), number_share, longest), labels, notes

    width, (need, labels, notes) = grown, numbered(grown)
    if need > width:
        while need > width:   # a width that holds them: labels shown there may take more room than none did
            width, (need, labels, notes) = need, numbered(need)
        width = _least_holding(lambda w: numbered(w)[0] <= w, grown, width)
        labels, notes = choose_labels(room, width)
    if widest_mm is not None and width > grown:
        from pnp.positions.record import numbers_reason   # a diagram's note alone: a kit's board loads no position

        notes += (f"drawn {width:g} mm wide, not {width_mm:g}: {numbers_reason(longest or 0, width)}",)
    if _cell(room, labels, width) < room.least_cell - 1e-9:
        notes += (f"{room.cell_note} at {width:g} mm wide; every one does from {_cell_width(room):g} mm wide",)
    return Framed(diagram_frame(_extent(room, labels), width), labels, notes)


def _cell_width(room: LabelRoom) -> float:
    """The least width (in WIDTH_STEP_MM steps) at which the board's cells are `room.least_cell` or larger."""
    exact = frame_width(_extent(room, room.design), room.least_cell)
    return round(math.ceil(exact / WIDTH_STEP_MM - 1e-9) * WIDTH_STEP_MM, 6)


def _cell(room: LabelRoom, labels: Labels, width_mm: float) -> float:
    """The cell of a board drawn with `labels` in a diagram `width_mm` wide."""
    return drawing_box(width_mm, 0.0).width / _extent(room, labels).width


def _least_holding(holds: Callable[[float], bool], low: float, high: float) -> float:
    """The least width past `low`, in WIDTH_STEP_MM steps, up to `high` (which holds), that holds a record's move
    numbers with the labels chosen at that width: wider, labels that show take no more room (_extent), so the
    numbers need no more width, and the widths that hold them are all those from one on (found by halving)."""
    first, last = math.floor(low / WIDTH_STEP_MM + 1e-9) + 1, math.ceil(high / WIDTH_STEP_MM - 1e-9)
    while first < last:
        middle = (first + last) // 2
        if holds(round(middle * WIDTH_STEP_MM, 6)):
            last = middle
        else:
            first = middle + 1
    return round(last * WIDTH_STEP_MM, 6)


def choose_labels(room: LabelRoom, width_mm: float) -> tuple[Labels, tuple[str, ...]]:
    """The labels of a diagram `width_mm` wide: at their share where that reads, else at the least share that
    reaches 5 pt on every line, or on every other line; else none. With the note a command gives for the last two."""
    if not room.steps or _reads(room, room.design, width_mm):
        return room.design, ()
    for step in room.steps:
        share = least_share(room, step, width_mm)
        if share is not None:
            return Labels(share, step), (() if step == EVERY else (f"{room.name} on every other line only: "
                                                                   f"{_all_of_them(room)}",))
    return Labels(0.0, NONE), (f"{room.name} left out: {_all_of_them(room)}",)


def least_share(room: LabelRoom, step: int, width_mm: float) -> float | None:
    """The least share, from the board's own up to the most that labels on every `step`-th line have room for, at
    which they print at 5 pt in a diagram `width_mm` wide; None where even the most would not."""
    def reads(share: float) -> bool:
        return _reads(room, Labels(share, step), width_mm)

    low, high = room.share, room.most(step)
    if high < low or not reads(high):
        return None
    for _ in range(SEARCH_STEPS):
        middle = (low + high) / 2
        low, high = (low, middle) if reads(middle) else (middle, high)
    return high


def least_width(room: LabelRoom, labels: Labels) -> float:
    """The least width (in WIDTH_STEP_MM steps) at which `labels` print at 5 pt."""
    exact = frame_width(_extent(room, labels), READABLE_MM / labels.share)
    return round(math.ceil(exact / WIDTH_STEP_MM - 1e-9) * WIDTH_STEP_MM, 6)


def _extent(room: LabelRoom, labels: Labels) -> Rect:
    """The room a frame leaves for the board and `labels`: every line's labels' room even where only every other
    line has one, so that a wider diagram never frames its board with less room for labels than a narrower one
    (and the width a record's numbers need falls as the width grows)."""
    return room.extent(Labels(labels.share) if labels.shown else labels)


def _reads(room: LabelRoom, labels: Labels, width_mm: float) -> bool:
    return labels.share * _cell(room, labels, width_mm) >= READABLE_MM - 1e-9


def _all_of_them(room: LabelRoom) -> str:
    """The width from which every line's labels print at 5 pt, in the words of a note."""
    most = max(room.most(EVERY), room.share)
    return f"all of them print at 5 pt or more only from {least_width(room, Labels(most)):g} mm wide"
