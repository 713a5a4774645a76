"""Packing items onto sheets and their cut guides, without any game: names in, places and cut lines out."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from pnp.geometry.hexagon import circumradius
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES
from pnp.layout.packing import (CIRCLE_MARGIN, CROP_GAP_MM, CROP_MM, Apart, Sheet, TooManyPages, cut_guides,
                                largest_circle, pack, rows)

AREA = Rect(10.0, 22.0, 190.0, 238.0)
REACH = CROP_GAP_MM + CROP_MM   # crop marks stand this far outside a block


def names(**counts: int) -> list[str]:
    return [name for name, n in counts.items() for _ in range(n)]


def test_rows_split_at_the_row_length_and_with_by_type_at_each_new_name() -> None:
    items = names(a=5, b=2)
    assert rows(items, 3, by_type=False) == [["a", "a", "a"], ["a", "a", "b"], ["b"]]
    assert rows(items, 3, by_type=True) == [["a", "a", "a"], ["a", "a"], ["b", "b"]]


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_every_item_is_placed_once_in_its_order_inside_the_area(bleed: float) -> None:
    hexes, circles = names(h=40, k=9), names(c=33, d=4)
    sheets = pack(AREA, hexes, circles, 20.0, by_type=True, apart=Apart(bleed))
    assert [p.name for s in sheets for p in s.hexes] == hexes
    assert [p.name for s in sheets for p in s.circles] == circles
    inner = Rect(AREA.x + REACH, AREA.y, AREA.width - 2 * REACH, AREA.height)
    for sheet in sheets:
        for p in sheet.hexes:
            half_w, half_h = 10.0 + bleed, circumradius(20.0 + 2 * bleed)
            assert inner.contains(Rect(p.center[0] - half_w, p.center[1] - half_h, 2 * half_w, 2 * half_h), 1e-6)
        for p in sheet.circles:
            half = 10.0 + max(CIRCLE_MARGIN, bleed)
            assert inner.contains(Rect(p.center[0] - half, p.center[1] - half, 2 * half, 2 * half), 1e-6)


@pytest.mark.parametrize("bleed, kerf, hex_gap, circle_room", [
    (0.0, 0.0, 0.0, 2 * CIRCLE_MARGIN), (1.5, 0.0, 3.0, 3.0),
    (0.0, 2.0, 2.0, 2 * CIRCLE_MARGIN + 2.0),   # a kerf apart: each piece cut alone, its cut moved out half a kerf
    (0.5, 2.0, 2.0, 3.0), (1.5, 2.0, 3.0, 5.0),   # a kerf within the bleeds' gap adds nothing between hexagons
])
def test_no_two_items_come_closer_than_their_size_bleed_and_kerf(bleed: float, kerf: float, hex_gap: float,
                                                                circle_room: float) -> None:
    size = 18.0
    for sheet in pack(AREA, names(h=30), names(c=30), size, by_type=False, apart=Apart(bleed, kerf)):
        hexes = [p.center for p in sheet.hexes]
        closest = min(math.dist(a, b) for i, a in enumerate(hexes) for b in hexes[i + 1:])
        assert closest == pytest.approx(size + hex_gap)
        circles = [p.center for p in sheet.circles]
        pitch = size + circle_room
        assert min(math.dist(a, b) for i, a in enumerate(circles) for b in circles[i + 1:]) == pytest.approx(pitch)
        columns = sorted({a[0] for a, b in cut_guides(sheet, size).grid if a[0] == b[0]})   # the grid's own pitch
        assert {round(b - a, 6) for a, b in zip(columns, columns[1:])} == {round(pitch, 6)}


def test_with_by_type_each_row_holds_one_name() -> None:
    for sheet in pack(AREA, [], names(a=7, b=7, c=7), 30.0, by_type=True):
        by_row: dict[float, set[str]] = {}
        for p in sheet.circles:
            by_row.setdefault(round(p.center[1], 6), set()).add(p.name)
        assert all(len(found) == 1 for found in by_row.values())


def test_more_than_the_most_pages_stops_packing() -> None:
    one_sheet = len(pack(AREA, [], names(c=1000), 40.0, by_type=False)[0].circles)
    assert len(pack(AREA, [], names(c=one_sheet * MOST_PAGES), 40.0, by_type=False)) == MOST_PAGES
    with pytest.raises(TooManyPages):
        pack(AREA, [], names(c=one_sheet * MOST_PAGES + 1), 40.0, by_type=False)


def test_nothing_to_pack_is_one_empty_sheet() -> None:
    assert pack(AREA, [], [], 10.0, by_type=True) == [Sheet()]


@pytest.mark.parametrize("apart", [Apart(), Apart(3.0), Apart(0.0, 2.0), Apart(3.0, 2.0)])
def test_the_largest_circle_packs_inside_the_area_and_one_larger_does_not(apart: Apart) -> None:
    size = largest_circle(AREA, apart)
    (sheet,) = pack(AREA, [], ["c"], size, by_type=True, apart=apart)
    (x, y), half = sheet.circles[0].center, (size + apart.circle_room) / 2
    assert AREA.contains(Rect(x - half - REACH, y - half - REACH, 2 * (half + REACH), 2 * half + REACH), 1e-6)
    (x, y), = [p.center for s in pack(AREA, [], ["c"], size + 1.0, by_type=True, apart=apart) for p in s.circles]
    half += 0.5
    assert not AREA.contains(Rect(x - half - REACH, y - half - REACH, 2 * (half + REACH), 2 * half + REACH), 1e-6)


def test_cut_guides_outline_each_hexagon_and_rule_each_circle() -> None:
    (sheet,) = pack(AREA, names(h=12), names(c=10), 20.0, by_type=True)
    guides = cut_guides(sheet, 20.0)
    assert len(guides.honeycomb) == 12 and all(len(outline) == 6 for outline in guides.honeycomb)
    xs = {round(x, 6) for line in guides.grid for x, _ in line if line[0][0] == line[1][0]}   # the vertical rules
    for p in sheet.circles:   # each circle's square has its left and right rules
        assert {round(p.center[0] - 10.5, 6), round(p.center[0] + 10.5, 6)} <= xs


def test_crop_marks_stay_off_every_item() -> None:
    (sheet,) = pack(AREA, names(h=12), names(c=10), 20.0, by_type=True)
    guides = cut_guides(sheet, 20.0)
    assert guides.crops
    boxes = [Rect(p.center[0] - 10, p.center[1] - circumradius(20), 20, 2 * circumradius(20)) for p in sheet.hexes]
    boxes += [Rect(p.center[0] - 10, p.center[1] - 10, 20, 20) for p in sheet.circles]
    for (ax, ay), (bx, by) in guides.crops:
        mark = Rect.from_edges(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)).grown(1e-3)
        assert not any(mark.intersects(box) for box in boxes)


def test_the_circle_grid_cuts_run_the_full_length_of_each_row() -> None:
    """A guillotine cuts whole rows: each horizontal rule spans its row, and the block's count of rules is rows + 1."""
    (sheet,) = pack(AREA, [], names(c=11), 30.0, by_type=False)
    guides = cut_guides(sheet, 30.0)
    horizontal = [line for line in guides.grid if line[0][1] == line[1][1]]
    row_count = len(Counter(round(p.center[1], 6) for p in sheet.circles))
    assert len(horizontal) == row_count + 1
    widest = max(b[0] - a[0] for a, b in horizontal)
    per_row = max(Counter(round(p.center[1], 6) for p in sheet.circles).values())
    assert widest == pytest.approx(per_row * (30.0 + 2 * CIRCLE_MARGIN))
