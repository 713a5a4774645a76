"""Tiling a board over pages and fitting content to paper, without any game: sizes in, pages and windows out."""

from __future__ import annotations

import math

import pytest

from pnp.layout.fit import content_area, fixed_fit, largest_fit
from pnp.layout.paper import Paper
from pnp.layout.tiles import plan_tiles, tile_count, tile_grid

A4 = Paper("a4", 210, 297)


def test_tile_count_adds_a_page_for_each_room_less_overlap() -> None:
    assert tile_count(100, 100, 10) == 1
    assert tile_count(100.5, 100, 10) == 2
    assert tile_count(190, 100, 10) == 2 and tile_count(190.5, 100, 10) == 3
    assert tile_count(300, 10, 10) is None   # each page would add nothing


@pytest.mark.parametrize("width,height", [(400.0, 300.0), (600.0, 900.0), (250.0, 100.0)])
def test_the_tiles_cover_the_board_and_neighbours_share_the_overlap(width: float, height: float) -> None:
    overlap = 10.0
    grid = tile_grid(A4, width, height, overlap)
    assert grid is not None
    tiling = plan_tiles(grid, width, height, overlap)
    assert len(tiling.tiles) == grid.pages == grid.rows * grid.cols
    area = content_area(tiling.sheet)
    for tile in tiling.tiles:
        w = tile.window
        assert w.width <= area.width + 1e-9 and w.height <= area.height + 1e-9
        assert w.x >= -1e-9 and w.right <= width + 1e-9 and w.y >= -1e-9 and w.bottom <= height + 1e-9
        assert area.contains(type(w)(tile.at[0], tile.at[1], w.width, w.height), 1e-9)
    last = tiling.tiles[-1].window
    assert last.right == pytest.approx(width) and last.bottom == pytest.approx(height)
    by_place = {(t.row, t.col): t.window for t in tiling.tiles}
    for (r, c), w in by_place.items():
        if (r, c + 1) in by_place:
            assert w.right - by_place[(r, c + 1)].x == pytest.approx(overlap)
        if (r + 1, c) in by_place:
            assert w.bottom - by_place[(r + 1, c)].y == pytest.approx(overlap)


def test_the_grid_takes_the_orientation_with_fewer_pages() -> None:
    """A wide board: 3 pages across an upright A4 page, 2 across it on its side."""
    grid = tile_grid(A4, 500.0, 150.0, 10.0)
    assert grid is not None and grid.sheet == A4.landscape() and grid.pages == 2
    count = {s: math.prod(tile_count(d, r, 10.0) or 0 for d, r in ((500.0, content_area(s).width),
                                                                    (150.0, content_area(s).height)))
             for s in A4.orientations()}
    assert grid.pages == min(count.values())


def test_no_grid_when_a_page_holds_no_more_than_the_overlap() -> None:
    tiny = Paper("custom", 100, 100, 10)
    assert tile_grid(tiny, 1000.0, 1000.0, content_area(tiny).height) is None


def test_largest_fit_turns_the_sheet_for_wide_content_and_centres_it() -> None:
    fit = largest_fit(A4, 3.0, 1.0)
    area = content_area(A4.landscape())
    assert fit.sheet == A4.landscape() and fit.scale == pytest.approx(min(area.width / 3, area.height))
    assert fit.x - area.x == pytest.approx(area.right - (fit.x + fit.width))
    assert fit.y - area.y == pytest.approx(area.bottom - (fit.y + fit.height))


def test_fixed_fit_keeps_the_scale_or_says_none() -> None:
    area = content_area(A4)
    fit = fixed_fit(A4, 10.0, 10.0, area.width / 10)
    assert fit is not None and fit.sheet == A4 and fit.width == pytest.approx(area.width)
    assert fixed_fit(A4, 10.0, 10.0, area.width / 10 + 1.0) is None
