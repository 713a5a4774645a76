"""The board page without any game: a hand-made board group on one page under its title, or tiled over pages
that each carry the cells they show, clipped to their window, with the page furniture and the seams' marks."""

from __future__ import annotations

from pnp.boards.pages import board_document
from pnp.boards.placement import BoardPage, BoardWords, place_board
from pnp.geometry.rect import Rect
from pnp.layout.paper import paper
from pnp.scene import Group, Paint, Polygon, Text
from pnp.style import BaseStyle

A4 = paper("a4")
STYLE = BaseStyle()
CELLS = 8            # a board of 8 x 8 square cells
TITLE, FACTS = "Test board", "8 x 8 cells"


def _board(cell_mm: float, origin: tuple[float, float] = (0.0, 0.0)) -> Group:
    """Square cells named by data-cell, and one text, with the board's top-left corner at `origin`."""
    x0, y0 = origin
    cells = tuple(Polygon(((x0 + c * cell_mm, y0 + r * cell_mm), (x0 + (c + 1) * cell_mm, y0 + r * cell_mm),
                           (x0 + (c + 1) * cell_mm, y0 + (r + 1) * cell_mm), (x0 + c * cell_mm, y0 + (r + 1) * cell_mm)),
                          Paint(stroke=STYLE.grid, width=0.2), data=(("cell", f"{r},{c}"),))
                  for r in range(CELLS) for c in range(CELLS))
    return Group((*cells, Text((x0, y0), "corner", 3.0)), cls="board")


def _cells(shapes) -> set[str]:
    found = set()
    for shape in shapes:
        if isinstance(shape, Group):
            found |= _cells(shape.children)
        elif isinstance(shape, Polygon) and dict(shape.data).get("cell"):
            found.add(dict(shape.data)["cell"])
    return found


def _placed(cell_mm: float):
    return place_board(A4, Rect(0.0, 0.0, CELLS, CELLS), cell_mm, "auto", 10.0,
                       BoardWords("an 8 x 8 board", "board.size"))


def test_a_board_that_fits_is_one_page_under_its_title_with_its_facts():
    placed = _placed(20.0)
    drawn = _board(20.0, placed.origin(Rect(0.0, 0.0, CELLS, CELLS)))
    doc = board_document(BoardPage(placed.sheet, "board", None, placed.tiling), TITLE, FACTS, STYLE, drawn)
    (page,) = doc.pages
    assert (doc.asset, doc.title, page.title) == ("board", TITLE, TITLE)
    assert (page.width, page.height) == (placed.sheet.width, placed.sheet.height)
    assert page.children[-1] is drawn                       # the board as placed, over the furniture
    texts = [s for s in page.children if isinstance(s, Text)]
    assert [t.text for t in texts if t.cls == "title"] == [TITLE] and [t.text for t in texts if t.cls == "facts"] == [FACTS]
    assert any(isinstance(s, Group) and s.cls == "calibration" for s in page.children)


def test_a_board_larger_than_its_sheet_is_a_page_per_tile_each_with_the_cells_it_shows():
    placed = _placed(40.0)
    assert placed.tiling is not None
    doc = board_document(BoardPage(placed.sheet, "board", None, placed.tiling), TITLE, FACTS, STYLE, _board(40.0))
    tiles = placed.tiling.tiles
    assert len(doc.pages) == len(tiles) > 1
    shown = []
    for number, (page, tile) in enumerate(zip(doc.pages, tiles), 1):
        assert page.title == f"{TITLE} ({number}/{len(tiles)})"
        (part,) = [s for s in page.children if isinstance(s, Group) and s.cls == "tile"]
        assert part.clip == (tile.at[0], tile.at[1], tile.window.width, tile.window.height)
        assert dict(part.data)["tile"] == f"{tile.row},{tile.col}"
        cells = _cells(part.children)
        assert 0 < len(cells) < CELLS * CELLS                    # culled: not the whole board on every page
        shown.append(cells)
        assert any(isinstance(s, Group) and s.cls == "tile-map" for s in page.children)
    assert set().union(*shown) == {f"{r},{c}" for r in range(CELLS) for c in range(CELLS)}   # every cell somewhere
    marks = [s for s in doc.pages[0].children if isinstance(s, Group) and s.cls == "tile"][0]
    assert "alignment-marks" in {g.cls for g in _groups(marks)}


def _groups(group: Group):
    for child in group.children:
        if isinstance(child, Group):
            yield child
            yield from _groups(child)
