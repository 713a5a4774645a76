"""The shared diagram layer that keeps a board's labels readable (pnp/boards/readable.py), on its own: a diagram
grows for its labels, or prints them larger, thinned, or not at all, never under 5 pt; and the triangle's
coordinates (pnp/boards/labels.py), drawn larger or on every other line, keep clear of each other and of the board."""

from __future__ import annotations

import math

import pytest

from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import triangle
from pnp.boards.move_numbers import READABLE_MM
from pnp.boards.label_room import EVERY, EVERY_OTHER, NONE, LabelRoom, Labels
from pnp.boards.readable import choose_labels, least_width, readable_frame
from pnp.fonts import ASCENT, DESCENT, text_width
from pnp.geometry.rect import Rect
from pnp.positions.page import drawing_box
from pnp.scene import Text

BOARD = 10.0     # a made-up board: 10 cells square, and a label's share of room on each side of it
SIDE_BAND = 0.18 # the band a triangle's sides are drawn in, outside its cells, per cell
CELL_MM = 2.0    # a cell small enough that a label at the most a diagram gives it is under the largest labels print


def made_up(name: str = "coordinates", steps: tuple[int, ...] = (EVERY, EVERY_OTHER)) -> LabelRoom:
    def extent(labels: Labels) -> Rect:
        reach = 3 * labels.share if labels.shown else 0.0   # labels stand beside the board, as wide as 3 of their size
        return Rect.from_edges(-reach, -reach, BOARD + reach, BOARD + reach)

    return LabelRoom(name, 0.3, extent, lambda step: 0.4 * step, steps)


def printed_mm(room: LabelRoom, framed) -> float:
    return framed.labels.share * framed.frame.cell_mm


def width_of(framed) -> float:
    return round(framed.frame.box.width + 2 * framed.frame.box.x, 6)


def test_a_wide_diagram_keeps_the_boards_own_labels():
    room = made_up()
    framed = readable_frame(room, 200.0)
    assert framed.labels == Labels(0.3) and framed.notes == () and width_of(framed) == 200.0
    assert printed_mm(room, framed) > READABLE_MM


def test_the_default_grows_to_where_the_boards_own_labels_print_at_5_pt_and_no_further():
    room = made_up()
    least = least_width(room, Labels(0.3))
    grown = readable_frame(room, 40.0, widest_mm=180.0)
    assert width_of(grown) == least > 40.0 and grown.labels == Labels(0.3) and grown.notes == ()
    assert READABLE_MM <= printed_mm(room, grown) < READABLE_MM * 1.01
    capped = readable_frame(room, 40.0, widest_mm=least - 5)
    assert width_of(capped) == least - 5 and capped.labels.share > 0.3, "past the widest: the labels print larger"
    assert readable_frame(room, least + 20, widest_mm=180.0).frame == readable_frame(room, least + 20).frame


def test_a_narrow_diagram_prints_its_labels_larger_then_thinned_then_not_at_all_never_under_5_pt():
    room = made_up()
    seen = {}
    for tenth in range(300, 1200):
        width = tenth / 10
        labels, notes = choose_labels(room, width)
        seen.setdefault(labels.step, width)
        if labels.shown:
            cell = drawing_box(width, 0.0).width / room.extent(Labels(labels.share)).width
            assert labels.share * cell >= READABLE_MM - 1e-9, (width, labels)
            assert 0.3 <= labels.share <= room.most(labels.step)
            if labels.share > 0.3:   # the least share that reads: a hair less would not
                assert (labels.share - 1e-6) * cell * 0.999 < READABLE_MM
        said = " ".join(notes)
        assert ("every other line" in said) == (labels.step == EVERY_OTHER), (width, notes)
        assert ("left out" in said) == (labels.step == NONE), (width, notes)
    assert seen[NONE] < seen[EVERY_OTHER] < seen[EVERY], "narrower, fewer labels"


def test_a_note_names_the_width_from_which_every_line_prints():
    room = made_up()
    labels, notes = choose_labels(room, 40.0)
    assert labels.step != EVERY
    from_mm = float(notes[0].split(" from ")[1].split(" mm")[0])
    assert choose_labels(room, from_mm)[0].step == EVERY
    assert choose_labels(room, from_mm - 0.1)[0].step != EVERY
    assert notes[0].startswith("coordinates ")


def test_labels_of_their_own_cells_are_left_out_not_thinned():
    room = made_up("cell ids", (EVERY,))
    assert {choose_labels(room, w / 10)[0].step for w in range(300, 1200)} == {EVERY, NONE}


def test_labels_the_board_prints_at_5_pt_anyway_only_grow_the_diagram():
    room = made_up("cell numbers", ())
    assert choose_labels(room, 30.0) == (Labels(0.3), ())
    assert width_of(readable_frame(room, 40.0, widest_mm=180.0)) == least_width(room, Labels(0.3))


def test_a_records_numbers_widen_the_diagram_past_its_labels_and_the_default_says_so():
    room = made_up()
    alone = readable_frame(room, 80.0, widest_mm=180.0)
    numbered = readable_frame(room, 80.0, widest_mm=180.0, longest=999, number_share=0.2)
    assert width_of(numbered) > width_of(alone)
    assert numbered.notes == (f"drawn {width_of(numbered):g} mm wide, not 80: move numbers up to 999 print at 5 pt "
                              f"or more only from {width_of(numbered):g} mm",)
    asked = readable_frame(room, 80.0, longest=999, number_share=0.2)
    assert width_of(asked) == width_of(numbered) and asked.notes == (), "an asked width: the command refuses it"
    assert width_of(readable_frame(room, width_of(numbered) - 0.1, longest=999, number_share=0.2)) == width_of(numbered)


# --- the triangle's coordinates ---------------------------------------------------------------------------------

def text_corners(text: Text, grow: float = 0.0) -> list[tuple[float, float]]:
    """The corners of a text's box (its advance, ascender to descender), turned with it, grown by `grow` mm."""
    width = text_width(text.text, text.size, text.bold)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    box = [(start - grow, -ASCENT * text.size - grow), (start + width + grow, -ASCENT * text.size - grow),
           (start + width + grow, DESCENT * text.size + grow), (start - grow, DESCENT * text.size + grow)]
    turn = math.radians(text.rotate)
    return [(text.at[0] + x * math.cos(turn) - y * math.sin(turn), text.at[1] + x * math.sin(turn) + y * math.cos(turn))
            for x, y in box]


def meet(a: list[tuple[float, float]], b: list[tuple[float, float]], clear: float = 1e-9) -> bool:
    """Whether two convex polygons share area (separating axes)."""
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y2, x2 - x1
            pa, pb = [nx * x + ny * y for x, y in a], [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + clear * math.hypot(nx, ny) or max(pb) <= min(pa) + clear * math.hypot(nx, ny):
                return False
    return True


def clashes(board, shapes, band: float) -> list[tuple[str, str]]:
    """Labels whose boxes meet each other, or meet a cell grown by the side band (`band`, per cell)."""
    texts = [s for s in shapes if isinstance(s, Text)]
    boxes = [text_corners(t) for t in texts]
    found = [(a.text, b.text) for i, (a, box) in enumerate(zip(texts, boxes)) for b, other in zip(texts[i + 1:], boxes[i + 1:])
             if meet(box, other)]
    outer = [c for c in board.cells if c.sides]
    for text, box in zip(texts, boxes):
        for cell in outer:
            cx, cy = cell.center
            grown = [(cx + (x - cx) * (1 + 2 * band), cy + (y - cy) * (1 + 2 * band)) for x, y in cell.polygon]
            if meet(box, grown):
                found.append((text.text, cell.id))
    return found


@pytest.mark.parametrize("side", [4, 9, 13, 30])
def test_the_triangles_coordinates_keep_clear_at_every_size_a_diagram_may_give_them(side: int):
    from pnp.boards.labels import LABEL_MAX_MM, triangle_labels, triangle_room

    board = LatticeBoard(triangle(side), CELL_MM)
    room = triangle_room(lambda labels: Rect(0.0, 0.0, 1.0, 1.0))
    assert room.most(EVERY_OTHER) * CELL_MM < LABEL_MAX_MM
    for labels in (None, Labels(room.share), Labels(room.most(EVERY)), Labels(room.most(EVERY_OTHER), EVERY_OTHER)):
        shapes = triangle_labels(board, "#000000", labels)
        assert sum(isinstance(s, Text) for s in shapes) == (2 * side if labels is None or labels.step == EVERY
                                                           else 2 * ((side + 1) // 2))
        found = clashes(board, shapes, SIDE_BAND)
        assert not found, (labels, found[:6])


def test_a_board_that_needs_large_cells_grows_the_default_and_notes_a_width_given_too_narrow():
    """A board whose own lines read only from a cell size (LabelRoom.least_cell: a Mudcrack board's shortest edge)
    grows the default past what its labels need, no further than `widest_mm`; a width given stays, with a note."""
    plain = made_up()
    labels_only = least_width(plain, Labels(0.3))
    room = LabelRoom("coordinates", 0.3, plain.extent, plain.most, plain.steps, least_cell=1.5 * labels_only / BOARD,
                     cell_note="lines too thin")
    grown = readable_frame(room, 40.0, widest_mm=400.0)
    assert width_of(grown) > labels_only and grown.frame.cell_mm >= room.least_cell and grown.notes == ()
    assert readable_frame(room, width_of(grown) - 1).frame.cell_mm < room.least_cell, "grown no further than it needs"
    given = readable_frame(room, 40.0)
    assert width_of(given) == 40.0 and given.notes[-1].startswith("lines too thin at 40 mm wide; every one does from ")
    capped = readable_frame(room, 40.0, widest_mm=labels_only + 1)
    assert width_of(capped) == labels_only + 1 and capped.notes and "lines too thin" in capped.notes[-1]
