"""Cut-out sheets without any game: hand-made round and hexagonal things packed, counted and drawn, and stones.

What a player gets from a sheet: a legend that counts what is on that very sheet, every item inside the room
above the legend and clear of every other, and no more sheets than the best orientation and row grouping need.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import pytest

from pnp.layout.packing import Apart
from pnp.boards.cutouts import (CutSheets, Legend, StoneSheets, compose_stones, cutout_document, fewest_sheets,
                                item_room, pack_stones, stone, stones_each)
from pnp.geometry.hexagon import Point, pointy_hexagon
from pnp.layout.fit import MOST_PAGES, content_area
from pnp.layout.packing import Sheet, TooManyPages, pack
from pnp.layout.paper import Paper
from pnp.scene import Circle, Document, Group, Paint, Polygon, Shape, Text
from pnp.scene.bounds import bounds
from pnp.spec.problems import Unplanned
from pnp.style import BaseStyle, StoneStyle

A4 = Paper("a4", 210, 297)
BAND_MM = 17.0
WORDS = {"cell": "honeycomb cell", "disc": "red disc", "coin": "blue coin", "never": "never packed"}


def draw(kind: str, at: Point, size: float, tagged: bool) -> Shape:
    """A hand-made thing: a hexagon for `cell`, a disc for the others, tagged like a game's pieces."""
    paint = Paint(fill="#808080")
    shape = Polygon(pointy_hexagon(at, size), paint) if kind == "cell" else Circle(at, size / 2, paint)
    return Group((shape,), cls="thing", data=(("thing", kind),) if tagged else ())


def hint(sheet: Sheet) -> str:
    return f"{len(sheet.hexes)} hexagons and {len(sheet.circles)} circles here"


LEGEND = Legend(WORDS, hint, BAND_MM, 4.5)


def things(cells: int, discs: int, coins: int) -> tuple[list[str], list[str]]:
    return ["cell"] * cells, ["disc"] * discs + ["coin"] * coins


def sheets_of(doc: Document) -> list[tuple[list[Group], Group]]:
    """Per page: the tagged items, and the legend group."""
    found = []
    for page in doc.pages:
        items = [c for c in page.children if isinstance(c, Group) and c.data and c.data[0][0] == "thing"]
        (legend,) = [c for c in page.children if isinstance(c, Group) and c.cls == "legend"]
        found.append((items, legend))
    return found


def built(cells: int = 30, discs: int = 25, coins: int = 7, size: float = 24.0) -> tuple[CutSheets, Document]:
    packed = fewest_sheets(A4.orientations(), things(cells, discs, coins), size, Apart(), BAND_MM)
    assert packed is not None
    return packed, cutout_document("things", packed, BaseStyle(), "Things", "hand-made", LEGEND, draw)


def test_the_legend_counts_what_each_sheet_holds() -> None:
    packed, doc = built()
    assert len(doc.pages) > 1, "the test wants several sheets, each with its own counts"
    for (items, legend), sheet in zip(sheets_of(doc), packed.pages):
        texts = [t.text for t in legend.children if isinstance(t, Text)]
        counts = {kind: sum(g.data[0][1] == kind for g in items) for kind in WORDS}
        lines = [f"{n} × {WORDS[kind]}" for kind, n in counts.items() if n]
        assert texts == ["On this sheet", *lines, hint(sheet)]
        icons = [c for c in legend.children if isinstance(c, Group)]
        assert len(icons) == len(lines) and all(not icon.data for icon in icons), "one untagged icon per count"
    assert sum(len(items) for items, _ in sheets_of(doc)) == packed.count() == 62
    assert packed.count("coin") == 7


def test_several_sheets_are_numbered_and_one_is_not() -> None:
    _, doc = built()
    total = len(doc.pages)
    assert [p.title for p in doc.pages] == [f"Things (sheet {n} of {total})" for n in range(1, total + 1)]
    _, one = built(cells=3, discs=2, coins=0)
    assert [p.title for p in one.pages] == ["Things"]


def test_every_item_lies_above_the_legend_inside_the_content_area() -> None:
    packed, doc = built()
    room, area = item_room(packed.paper, BAND_MM), content_area(packed.paper)
    for items, legend in sheets_of(doc):
        for item in items:
            assert room.contains(bounds(item), tolerance=1e-6), bounds(item)
        drawn = bounds(legend)
        assert drawn.y >= room.bottom - 1e-6 and area.contains(drawn, tolerance=1e-6)


def test_no_two_items_overlap() -> None:
    packed, _ = built()
    for sheet in packed.pages:
        for a, b in combinations(sheet.items, 2):
            assert math.dist(a.center, b.center) >= packed.size - 1e-6, (a, b)
        for h in sheet.hexes:   # the honeycomb and the circle grid are separate blocks
            box = bounds(draw("cell", h.center, packed.size, True))
            assert not any(box.intersects(bounds(draw("disc", c.center, packed.size, True))) for c in sheet.circles)


def all_ways(papers: tuple[Paper, ...], items: tuple[list[str], list[str]], size: float) -> list[CutSheets]:
    """Every way fewest_sheets weighs, in the order it tries them (own rows first, then shared; each paper)."""
    ways = []
    for by_type in (True, False):
        for paper in papers:
            try:
                ways.append(CutSheets(paper, size, tuple(pack(item_room(paper, BAND_MM), *items, size, by_type))))
            except TooManyPages:
                pass
    return ways


@pytest.mark.parametrize("cells,discs,coins,size", [(0, 24, 0, 60.0), (0, 3, 3, 60.0), (30, 25, 7, 24.0),
                                                     (9, 0, 0, 70.0)])
def test_the_fewest_sheets_are_chosen_the_first_tried_among_equals(cells: int, discs: int, coins: int,
                                                                   size: float) -> None:
    items = things(cells, discs, coins)
    chosen = fewest_sheets(A4.orientations(), items, size, Apart(), BAND_MM)
    ways = all_ways(A4.orientations(), items, size)
    fewest = min(len(w.pages) for w in ways)
    assert chosen == next(w for w in ways if len(w.pages) == fewest)


def test_a_wider_sheet_wins_when_it_needs_fewer_sheets() -> None:
    """24 discs of 60 mm: six to an A4 page upright, eight on its side."""
    chosen = fewest_sheets(A4.orientations(), things(0, 24, 0), 60.0, Apart(), BAND_MM)
    assert chosen is not None and chosen.paper == A4.landscape() and len(chosen.pages) == 3


def test_without_mixed_rows_each_row_holds_one_kind() -> None:
    chosen = fewest_sheets(A4.orientations(), things(0, 5, 5), 60.0, Apart(), BAND_MM, mixed_rows=False)
    assert chosen is not None
    for sheet in chosen.pages:
        rows: dict[float, set[str]] = {}
        for p in sheet.circles:
            rows.setdefault(round(p.center[1], 6), set()).add(p.name)
        assert all(len(kinds) == 1 for kinds in rows.values())


def test_more_than_the_most_pages_in_every_way_is_none() -> None:
    assert fewest_sheets(A4.orientations(), things(0, 8 * MOST_PAGES + 1, 0), 60.0, Apart(), BAND_MM) is None


# --- stones ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoColours(StoneStyle):
    """A game's stone colours, made up here."""

    red: str = "#ff8080"
    blue: str = "#000080"
    outline: str = "#202020"


def test_stones_for_half_the_cells_each_and_spares() -> None:
    assert stones_each(61, 0) == 31 and stones_each(121, 4) == 65


def test_stones_are_packed_and_counted_per_player() -> None:
    stones = pack_stones(A4, 20.0, 31, Apart(), 22.5)
    assert isinstance(stones, StoneSheets) and stones.cell_mm == 22.5
    assert stones.count("red") == stones.count("blue") == 31
    doc = compose_stones(stones, "Any board", TwoColours())
    assert doc.asset == "stones" and doc.pages[0].title.startswith("Any board: stones")
    drawn = [g for page in doc.pages for g in page.children if isinstance(g, Group) and g.cls == "stone"]
    assert sorted(dict(g.data)["piece"] for g in drawn) == ["stone-blue"] * 31 + ["stone-red"] * 31
    lines = [t.text for page in doc.pages for g in page.children if isinstance(g, Group) and g.cls == "legend"
             for t in g.children if isinstance(t, Text) and " × " in t.text]
    for words in ("Red (light)", "Blue (dark)"):
        assert sum(int(line.split(" × ")[0]) for line in lines if line.endswith(words)) == 31


def test_a_stone_in_its_players_colour_and_hatched_for_the_saver() -> None:
    style = TwoColours()
    (disc,) = stone("red", (10.0, 10.0), 20.0, style).children
    assert isinstance(disc, Circle) and disc.paint.fill == "#ff8080" and disc.paint.stroke == "#202020"
    saver = stone("blue", (10.0, 10.0), 20.0, TwoColours(saver=True))
    assert saver.cls == "stone saver" and any(c.cls == "hatch" for c in saver.children)


def test_a_stone_larger_than_the_paper_names_the_largest_that_fits() -> None:
    small = Paper("custom", 100, 100, 10)
    found = pack_stones(small, 60.0, 5, Apart(), 70.0)
    assert isinstance(found, Unplanned) and found.loc == ("stones", "size_mm")
    assert found.message.startswith("60.0 mm stones do not fit custom paper; set stones.size_mm to at most ")


def test_too_many_stones_for_the_most_pages() -> None:
    found = pack_stones(A4, 60.0, 8 * MOST_PAGES, Apart(), 70.0)
    assert isinstance(found, Unplanned) and f"more than the {MOST_PAGES} pages" in found.message
