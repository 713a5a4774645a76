"""Board placement without any game: a board of some unit extent fits one sheet, is shrunk with a note, or is
tiled over pages; what cannot be printed is refused naming the key to change and the largest size that works."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from pnp.boards.placement import (
    LARGEST_TILED_MM, BoardKit, BoardPage, BoardWords, Placement, place_board, plan_board_page,
)
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES, content_area
from pnp.layout.paper import paper
from pnp.layout.tiles import tile_grid
from pnp.spec.base import SMALLEST_CELL_MM, PrintSpec
from pnp.spec.problems import Unplanned

A4 = paper("a4")
SQUARE = Rect(0.0, 0.0, 10.0, 10.0)      # a board ten cells across and down
HUGE = Rect(0.0, 0.0, 100.0, 100.0)      # a hundred: one sheet gives cells too small to play on
BOARD = BoardWords("a side-9 board", "board.side")
OVERLAP = 10.0


def _place(extent: Rect, cell_mm: float | None, tile: str = "auto", sheet=A4, overlap: float = OVERLAP,
           printed: bool = True) -> Placement:
    return place_board(sheet, extent, cell_mm, tile, overlap, BOARD, printed)


def _offered(message: str, words: str) -> float:
    """The size a message offers after `words` ("at most 20 mm cells" -> 20.0)."""
    found = re.search(re.escape(words) + r" ([\d.]+)", message)
    assert found, message
    return float(found.group(1))


# --- fits ------------------------------------------------------------------------------------------


def test_a_board_that_fits_goes_on_one_sheet_centred_at_the_largest_cell_size():
    placed = _place(SQUARE, None)
    area = content_area(placed.sheet)
    assert placed.tiling is None and not placed.error and not placed.note
    assert placed.cell_mm == pytest.approx(min(area.width, area.height) / 10)
    x, y = placed.origin(SQUARE)
    size = 10 * placed.cell_mm
    assert x - area.x == pytest.approx(area.right - (x + size))      # as much room left as right
    assert y - area.y == pytest.approx(area.bottom - (y + size))


def test_a_set_cell_size_that_fits_is_kept():
    placed = _place(Rect(-2.0, -3.0, 10.0, 10.0), 12.0)
    assert placed.cell_mm == 12.0 and placed.fit is not None and placed.tiling is None and not placed.error
    x, y = placed.origin(Rect(-2.0, -3.0, 10.0, 10.0))
    area = content_area(placed.sheet)
    assert area.x <= x - 2.0 * 12.0 and x + 8.0 * 12.0 <= area.right      # the extent, not (0, 0), is centred
    assert area.y <= y - 3.0 * 12.0 and y + 7.0 * 12.0 <= area.bottom


# --- shrunk, with a note ----------------------------------------------------------------------------


def test_never_tiled_a_board_too_large_is_shrunk_onto_one_sheet_with_a_note():
    placed = _place(SQUARE, 30.0, tile="never")
    tiled = _place(SQUARE, 30.0)
    assert placed.fit is not None and placed.tiling is None and not placed.error
    assert placed.cell_mm == pytest.approx(_place(SQUARE, None).cell_mm)       # the largest that fits
    assert tiled.tiling is not None
    assert placed.note == (f"30 mm cells do not fit a4 paper, so the board is printed at {placed.cell_mm:.1f} mm cells "
                           f"(print.tile: auto would print it at 30 mm over {len(tiled.tiling.tiles)} pages)")


def test_the_note_reaches_the_board_page_and_the_kit_plan():
    spec = _spec(tile="never")
    page = plan_board_page(spec, 30.0, SQUARE, BOARD, lambda cell, origin: (cell, origin), lambda board: "extras")
    assert isinstance(page, BoardPage) and page.note
    assert page.notes == (("board.cell_mm", page.note),)
    assert _Kit(page).notes == page.notes
    assert _Kit(plan_board_page(_spec(), 10.0, SQUARE, BOARD, lambda c, o: c, lambda b: None)).notes == ()


# --- tiled ----------------------------------------------------------------------------------------------


def test_a_board_larger_than_its_sheet_is_tiled_at_its_cell_size_top_left_corner_at_the_origin():
    extent = Rect(-4.0, -1.0, 10.0, 10.0)
    placed = _place(extent, 30.0)
    assert placed.fit is None and placed.tiling is not None and not placed.error and not placed.note
    assert placed.cell_mm == 30.0
    assert (placed.tiling.width, placed.tiling.height) == (300.0, 300.0)
    assert placed.origin(extent) == (120.0, 30.0)   # the extent's top-left corner at (0, 0)
    grid = tile_grid(A4, 300.0, 300.0, OVERLAP)
    assert grid is not None and len(placed.tiling.tiles) == grid.pages > 1
    assert placed.sheet == placed.tiling.sheet


def test_a_board_not_printed_only_lends_its_cell_size():
    placed = _place(HUGE, 30.0, printed=False)
    assert placed.cell_mm == 30.0 and placed.fit is not None and placed.tiling is None and not placed.error


def test_the_planner_makes_the_board_at_the_chosen_size_and_origin_and_asks_for_its_extras():
    made = []
    page = plan_board_page(_spec(), None, SQUARE, BOARD, lambda cell, origin: made.append((cell, origin)) or len(made),
                           lambda board: f"extras of board {board}")
    placed = _place(SQUARE, None)
    assert made == [(placed.cell_mm, placed.origin(SQUARE))]
    assert page == BoardPage(placed.sheet, 1, "extras of board 1")


# --- refused, naming the key and the largest size that works ------------------------------------------


def test_cells_left_out_and_too_small_on_one_sheet_name_cell_mm():
    placed = _place(HUGE, None)
    assert placed.field == ("board", "cell_mm") and placed.fit is None
    assert placed.error.startswith(f"omitted, so a side-9 board is fitted to one a4 sheet, at 1.9 mm cells, under the "
                                   f"{SMALLEST_CELL_MM:g} mm a cell needs; set board.cell_mm")
    assert "board.side" in placed.error


def test_the_planner_turns_a_refusal_into_the_problem_of_its_field():
    refused = plan_board_page(_spec(), None, HUGE, BOARD, lambda c, o: c, lambda b: None)
    assert refused == Unplanned(("board", "cell_mm"), _place(HUGE, None).error)


def test_a_board_wider_than_a_table_offers_the_largest_cell_size_that_tiles():
    placed = _place(HUGE, 25.0)
    assert placed.field == ("board", "cell_mm")
    assert f"more than the {LARGEST_TILED_MM / 1000:g} m across" in placed.error
    best = _offered(placed.error, "at most")
    assert best == 20.0
    assert _place(HUGE, best).tiling is not None
    assert _place(HUGE, best + 0.1).error


def test_overlaps_that_leave_no_new_board_on_a_page_name_the_overlap():
    small = paper("a6", 30.0)
    placed = _place(HUGE, 10.0, sheet=small, overlap=50.0)
    assert placed.field == ("print", "overlap_mm")
    assert placed.error.startswith("50 mm overlaps leave no new board on a a6 page (its 45 x 66 mm for the board)")
    assert _place(HUGE, 10.0, sheet=small, overlap=5.0).tiling is not None   # a smaller overlap tiles


def test_never_tiled_and_too_small_when_shrunk_names_print_tile():
    placed = _place(HUGE, 10.0, tile="never")
    assert placed.field == ("print", "tile")
    assert placed.error.startswith("never: 10 mm cells do not fit a4 paper, and shrunk onto one sheet a side-9 board "
                                   f"gets 1.9 mm cells, under the {SMALLEST_CELL_MM:g} mm a cell needs")
    assert _place(HUGE, 10.0).tiling is not None   # what it suggests, print.tile: auto, works


def test_too_many_pages_offers_the_largest_cell_size_within_them():
    a6 = paper("a6")
    placed = _place(HUGE, 19.0, sheet=a6)
    grid = tile_grid(a6, 1900.0, 1900.0, OVERLAP)
    assert grid is not None and grid.pages > MOST_PAGES
    assert placed.field == ("board", "cell_mm")
    assert placed.error.startswith(f"19 mm cells make a side-9 board 1900 x 1900 mm, {grid.pages} pages of a6 paper, "
                                   f"more than the {MOST_PAGES} pages pnp prints of one asset; "
                                   "set board.cell_mm to at most ")
    assert "leave board.cell_mm out" not in placed.error     # one a6 sheet would give cells under the floor
    best = _offered(placed.error, "set board.cell_mm to at most")
    fits = _place(HUGE, best, sheet=a6)
    assert fits.tiling is not None and len(fits.tiling.tiles) <= MOST_PAGES
    assert _place(HUGE, best + 0.1, sheet=a6).error


# --- helpers -----------------------------------------------------------------------------------------


def _spec(tile: str = "auto", outputs: tuple[str, ...] = ("board",)) -> SimpleNamespace:
    """What the planner reads of a spec: its paper, its print keys and its outputs."""
    return SimpleNamespace(paper="a4", print=PrintSpec(tile=tile), outputs=list(outputs))


@dataclass(frozen=True)
class _Kit(BoardKit):
    board: BoardPage
