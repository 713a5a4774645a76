"""Mudcrack Y boards, tested as pure geometry: exact tilings that keep Y's no-draw promise, in every version.

For many seeds and sizes, of both generators: the cells cover the triangle
exactly (areas add up as Fractions, every point lies in the cell of its nearest
seed), every shared edge is listed by both cells, neighbours are symmetric and
at least two, every corner where cells meet joins three (two and a side on a
side, one at the triangle's corners), sides are listed and all three covered,
every cell holds the promised circle, numbers run in each version's reading
order (version 2: rows as they look, re-derived here from the page points); the
same (cells, seed, version) gives the same board here and in a fresh process;
bad sizes, seeds and versions are refused by name. Edge lengths and old codes:
tests/test_y_mudcrack_edges.py and tests/test_y_mudcrack_versions.py.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
import timeit
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import isqrt, sqrt

import pytest

from conftest import ROOT

from pnp.boards.mudcrack import grow as mc
from pnp.boards.mudcrack.order import ROW_REACH
from pnp.boards.mudcrack.grow import (GRID, HEIGHT, MAX_CELLS, MAX_SEED, MIN_CELLS, SIDES, VERSIONS, Mudcrack,
                                  MudcrackError, TooManyCells, check_fits, inradius_floor, largest_cells, mudcrack)
from pnp.geometry.polygon import signed_area
from pnp.geometry.voronoi import voronoi_cells

SEEDS = {3: range(40), 10: range(30), 50: range(10), 120: range(4), 200: range(3)}
BOARDS = [(cells, seed, version) for cells, seeds in SEEDS.items() for seed in seeds for version in VERSIONS]
ON_SIDE = {"left": lambda a, b: a == 0, "right": lambda a, b: a + b == GRID, "bottom": lambda a, b: b == 0}
CORNERS = {(Fraction(0), Fraction(0)), (Fraction(GRID), Fraction(0)), (Fraction(0), Fraction(GRID))}


@lru_cache(maxsize=None)
def grown(cells: int, seed: int, version: int) -> Mudcrack:
    """mudcrack(cells, seed, version), grown once for every test here that reads it: the generator keeps only the
    last 32 boards, and each test below walks the BOARDS from the first, so each grew them all again."""
    return mudcrack(cells, seed, version)


def cross(o, p, q) -> Fraction:
    """Twice the signed area of o, p, q in axial units: positive when they turn clockwise as seen on the page.

    (Axial b grows upwards, the page's y downwards; the picture is the same, so
    the turn that is counter-clockwise in axial terms is clockwise on the page.)
    """
    return (p[1] - o[1]) * (q[0] - o[0]) - (p[0] - o[0]) * (q[1] - o[1])


def edges(polygon):
    return list(zip(polygon, polygon[1:] + polygon[:1]))


def sides_of(v) -> set[str]:
    return {name for name, on in ON_SIDE.items() if on(*v)}


def board_facts(board: Mudcrack) -> None:
    """Every promise a board makes, checked exactly; raises AssertionError naming the first broken."""
    cells = board.cells
    assert [c.id for c in cells] == [str(k) for k in range(1, board.count + 1)]
    area = sum((sum(cross((0, 0), v, w) for v, w in edges(c.grid_polygon)) for c in cells), Fraction(0))
    assert area == GRID * GRID, "the cells' areas add up to the triangle's, exactly"
    for c in cells:
        assert all(cross(u, v, w) > 0 for u, v, w in zip(c.grid_polygon, c.grid_polygon[1:] + c.grid_polygon[:1],
                                                            c.grid_polygon[2:] + c.grid_polygon[:2])), \
            f"cell {c.id} is convex and clockwise, with no corner on a straight edge"
        assert all(0 <= a and 0 <= b and a + b <= GRID for a, b in c.grid_polygon), f"cell {c.id} is in the triangle"
    _edges_are_shared(cells)
    _corners_join_three(cells)
    _sides_are_listed(cells)


def _edges_are_shared(cells) -> None:
    owner = {(v, w): c.id for c in cells for v, w in edges(c.grid_polygon)}
    assert len(owner) == sum(len(c.grid_polygon) for c in cells), "no edge is run the same way by two cells"
    by_id = {c.id: c for c in cells}
    for c in cells:
        found = set()
        for v, w in edges(c.grid_polygon):
            if sides_of(v) & sides_of(w):
                continue  # an edge on the triangle's side
            assert (w, v) in owner, f"cell {c.id}'s edge {v}-{w} is listed by the cell beyond it"
            found.add(owner[w, v])
        assert set(c.neighbours) == found, f"cell {c.id}'s neighbours are the cells sharing its edges"
        assert len(c.neighbours) >= 2, f"cell {c.id} has at least two neighbours"
        assert all(c.id in by_id[n].neighbours for n in c.neighbours), f"cell {c.id}'s neighbours list it"
        assert list(c.neighbours) == sorted(c.neighbours, key=int)


def _corners_join_three(cells) -> None:
    meeting = Counter(v for c in cells for v in c.grid_polygon)
    assert CORNERS <= meeting.keys(), "the triangle's corners are cell corners"
    for v, count in meeting.items():
        assert count == 3 - len(sides_of(v)), f"{count} cells meet at {v} (on sides {sides_of(v)})"


def _sides_are_listed(cells) -> None:
    covered = set()
    for c in cells:
        touched = {name for v, w in edges(c.grid_polygon) for name in sides_of(v) & sides_of(w)}
        assert set(c.sides) == touched and list(c.sides) == [s for s in SIDES if s in touched], c.id
        assert len(touched) <= 2, f"cell {c.id} touches all three sides: the first stone would win"
        covered |= touched
    assert covered == set(SIDES)
    corner_cells = [c for c in cells if len(c.sides) == 2]
    assert len(corner_cells) == 3 and all(CORNERS & set(c.grid_polygon) for c in corner_cells)


@pytest.mark.parametrize(("cells", "seed", "version"), BOARDS)
def test_a_board_keeps_every_promise(cells: int, seed: int, version: int):
    board = grown(cells, seed, version)
    assert board.version == version and board.name == (cells, seed, version)
    board_facts(board)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(("cells", "seed"), [(3, 4), (10, 1), (50, 2), (120, 3)])
def test_each_cell_is_the_region_nearest_its_point(cells: int, seed: int, version: int):
    """Grid points all over the triangle lie in the cell of their nearest seed, and in no other cell's inside."""
    board = grown(cells, seed, version)
    step = GRID // 19
    for a in range(step // 2, GRID, step):
        for b in range(step // 3, GRID - a, step):
            distances = sorted((mc.norm(a - c.grid_center[0], b - c.grid_center[1]), c.id) for c in board.cells)
            if distances[0][0] == distances[1][0]:
                continue  # on an edge
            inside = [c.id for c in board.cells if all(cross(v, w, (a, b)) > 0 for v, w in edges(c.grid_polygon))]
            assert inside == [distances[0][1]], (a, b)


@pytest.mark.parametrize(("cells", "seed", "version"), BOARDS[::3])
def test_every_cell_holds_the_promised_circle_about_its_centre(cells: int, seed: int, version: int):
    """(3/4) cross^2 / |edge|^2 is the squared distance from the centre to an edge's line, in grid units."""
    board = grown(cells, seed, version)
    least = mc.SPACING * GRID * GRID / (4 * cells)   # (s / 2)^2
    for c in board.cells:
        for v, w in edges(c.grid_polygon):
            d = (w[0] - v[0], w[1] - v[1])
            assert Fraction(3, 4) * cross(v, w, c.grid_center) ** 2 >= least * mc.norm(*d), c.id
        assert c.room >= board.inradius * (1 - 1e-9)
    assert board.room >= board.inradius == inradius_floor(cells)


@pytest.mark.parametrize(("cells", "seed", "version"), BOARDS[::4])
def test_page_points_are_the_exact_ones_drawn_clockwise_in_a_side_1_triangle(cells: int, seed: int, version: int):
    board = grown(cells, seed, version)
    total = 0.0
    for c in board.cells:
        assert signed_area(c.polygon) > 0, "clockwise on a y-down page"
        for (x, y), (a, b) in zip(c.polygon, c.grid_polygon):
            assert x == pytest.approx(float((2 * a + b) / (2 * GRID)), abs=1e-12)
            assert y == pytest.approx(float((GRID - b) / GRID) * HEIGHT, abs=1e-12)
        total += signed_area(c.polygon)
    assert total == pytest.approx(HEIGHT / 2, rel=1e-9)
    assert min(y for c in board.cells for _, y in c.polygon) == 0.0, "the apex is at the top"


@pytest.mark.parametrize(("cells", "seed"), list(dict.fromkeys((c, s) for c, s, _ in BOARDS))[::2])
def test_version_1_cells_are_numbered_by_bands(cells: int, seed: int):
    """Bands of the height, top first (isqrt(2 cells) of them), then left to right, then top first."""
    board = grown(cells, seed, 1)
    bands = isqrt(2 * cells)

    def key(c):
        a, b = c.grid_center
        return (GRID - b) * bands // GRID, 2 * a + b, -b
    assert sorted(board.cells, key=key) == list(board.cells)
    assert len({key(c) for c in board.cells}) == cells
    tops = [c.center[1] for c in board.cells]
    assert sum(tops[: cells // 3]) < sum(tops[-(cells // 3):]), "low numbers at the top, high at the bottom"


def rows_on_the_page(board: Mudcrack) -> list[list[str]]:
    """Version 2's rows worked out again from what is drawn (page points, y down), not from the grid: the cell whose
    polygon holds the apex; then, among the cells off the base, the highest centre left and every centre less than
    ROW_REACH hexagonal rows below it, again and again; then the cells with an edge on the base."""
    row_height = HEIGHT / sqrt(2 * board.count)   # a row of a hexagonal triangle of as many cells, side 1
    apex = [c for c in board.cells if (0.5, 0.0) in c.polygon]
    base = [c for c in board.cells if "bottom" in c.sides]
    rest = sorted((c for c in board.cells if c not in apex + base), key=lambda c: c.center[1])
    rows = [apex]
    for c in rest:
        if len(rows) == 1 or c.center[1] - rows[-1][0].center[1] >= float(ROW_REACH) * row_height * (1 - 1e-9):
            rows.append([])
        rows[-1].append(c)
    rows.append(base)
    return [[c.id for c in sorted(row, key=lambda c: (c.center[0], c.center[1]))] for row in rows]


@pytest.mark.parametrize(("cells", "seed"), list(dict.fromkeys((c, s) for c, s, _ in BOARDS))[::2] + [(60, 11), (120, 7)])
def test_version_2_cells_are_numbered_in_rows_as_they_look(cells: int, seed: int):
    """1 holds the apex; rows of centres from the top, each left to right; the cells along the base last, left to
    right. A reader's check too: a centre a whole row or more above another always has the lower number."""
    board = grown(cells, seed, 2)
    rows = rows_on_the_page(board)
    assert [i for row in rows for i in row] == [c.id for c in board.cells]
    assert rows[0] == ["1"] and len(rows[-1]) >= 2
    row_height = HEIGHT / sqrt(2 * cells)
    for a in board.cells:
        for b in board.cells:
            if a.center[1] < b.center[1] - row_height and "bottom" not in a.sides:
                assert int(a.id) < int(b.id), f"{a.id} is a row above {b.id}"
    for row in rows[1:-1]:
        ys = [board.cells[int(i) - 1].center[1] for i in row]
        assert max(ys) - min(ys) < float(ROW_REACH) * row_height, "a row is less than a hexagonal row high"


def faults_of(points: list[tuple[int, int]]) -> tuple[set[int], Counter]:
    """The points a board of these points would throw again, and how many cells meet at each corner."""
    polygons = voronoi_cells(points, mc.TRIANGLE, GRID)
    return mc._faults(polygons, mc._neighbours(polygons)), Counter(v for p in polygons for v in p)


def test_points_on_one_circle_are_found_and_the_last_drawn_is_thrown_again():
    """Six points on a circle: six cells would meet at its centre, where Y needs three."""
    centre, radius = (GRID // 3, GRID // 3), GRID // 6
    ring = [(centre[0] + radius * a, centre[1] + radius * b) for a, b in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1),
                                                                          (1, -1))]
    faults, meeting = faults_of(ring)
    assert meeting[(*centre, 1)] == 6 and 5 in faults


def test_a_circle_centred_on_a_side_is_found():
    """Three points 7k from a point of the bottom side (5^2 + 5*3 + 3^2 = 49): three cells would meet the side there."""
    k, middle = 2000, GRID // 2
    faults, meeting = faults_of([(middle + 5 * k, 3 * k), (middle, 7 * k), (middle - 7 * k, 7 * k)])
    assert meeting[(middle, 0, 1)] == 3 and 2 in faults


def test_a_corner_cut_off_by_one_line_throws_the_cutting_point_again():
    faults, _ = faults_of([(GRID // 10, GRID // 10), (GRID // 4, GRID // 4), (GRID // 2, GRID // 3),
                           (GRID // 10, 8 * GRID // 10)])
    assert faults == {1}, "cell 0 holds the bottom-left corner with cell 1 its only neighbour"


@pytest.mark.parametrize("version", VERSIONS)
def test_the_same_seed_gives_the_same_board_and_another_seed_another(version: int):
    again = mudcrack.__wrapped__(120, 5, version)
    assert again == mudcrack(120, 5, version) and again is not mudcrack(120, 5, version)
    assert mudcrack(120, 6, version).cells != again.cells


def test_the_versions_grow_different_boards_and_new_boards_are_the_latest():
    assert mudcrack(120, 5).version == VERSIONS[-1] == 2
    assert mudcrack(120, 5, 1).cells != mudcrack(120, 5, 2).cells


def fingerprint(board: Mudcrack) -> str:
    """A hash of everything a board holds, exact corners included."""
    text = repr([(c.id, c.grid_center, c.grid_polygon, c.neighbours, c.sides, c.polygon) for c in board.cells])
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_fresh_process_grows_the_same_boards():
    boards = [(3, 0, 1), (50, 7, 1), (200, MAX_SEED, 1), (3, 0, 2), (50, 7, 2), (200, MAX_SEED, 2)]
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, "tests")
        from test_y_mudcrack import fingerprint
        from pnp.boards.mudcrack.grow import mudcrack
        print(" ".join(fingerprint(mudcrack(*b)) for b in {boards!r}))
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONHASHSEED": "12345", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [fingerprint(mudcrack(*b)) for b in boards]


def test_sizes_and_seeds_out_of_range_are_refused_by_name():
    for cells in (MIN_CELLS - 1, MAX_CELLS + 1):
        with pytest.raises(MudcrackError, match=f"{MIN_CELLS} to {MAX_CELLS} cells, not {cells}"):
            mudcrack(cells, 1)
    for seed in (-1, MAX_SEED + 1):
        with pytest.raises(MudcrackError, match=f"from 0 to {MAX_SEED}, not {seed}"):
            mudcrack(10, seed)
    for version in (0, 3):
        with pytest.raises(MudcrackError, match=f"of version 1 or 2, not {version}"):
            mudcrack(10, 1, version)
    assert len(mudcrack(MAX_CELLS, 0).cells) == MAX_CELLS and len(mudcrack(MIN_CELLS, MAX_SEED).cells) == MIN_CELLS


def test_too_many_cells_for_a_circle_names_the_most_that_fit():
    r = 0.02                                          # a 12 mm stone on a board 300 mm a side
    assert largest_cells(r) == int(mc.SPACING / (4 * Fraction(r) ** 2)) == 131
    check_fits(131, r)
    with pytest.raises(TooManyCells, match="at most 131 cells fit") as caught:
        check_fits(132, r)
    assert (caught.value.cells, caught.value.largest) == (132, 131)
    with pytest.raises(TooManyCells, match=f"not even {MIN_CELLS} cells fit"):
        check_fits(MIN_CELLS, 0.2)
    for cells in (3, 10, 50, 120, 200, 400, MAX_CELLS):
        assert largest_cells(inradius_floor(cells) * (1 - 1e-9)) >= cells
        assert largest_cells(inradius_floor(cells) * (1 + 1e-9)) < cells
    assert largest_cells(0) == MAX_CELLS


@pytest.mark.parametrize(("cells", "version", "seconds"), [(200, 1, 0.1), (120, 2, 0.25), (200, 2, 0.4)])
def test_a_board_grows_quickly(cells: int, version: int, seconds: float):
    """Cold, without the cache: the best of three runs, so a busy machine does not decide it. Version 2 pushes
    points about short edges for a few rounds, each a new Voronoi diagram: about 3 times version 1's work."""
    assert min(timeit.repeat(lambda: mudcrack.__wrapped__(cells, 11, version), number=1, repeat=3)) < seconds


@pytest.mark.parametrize("written", ["mudcrack", "Mudcrack-Y", "mudcracky", "mudcrack_y"])
def test_mudcrack_named_as_a_game_is_answered_with_y_and_its_board_key(written, tmp_path):
    """Mudcrack Y is Y on a board of its own: `pnp init mudcrack`, `game: mudcrack` and `--game mudcrack` each get
    one line saying how to ask for it."""
    from conftest import run_pnp

    said = run_pnp("init", written, "--out", str(tmp_path / "out"))
    assert said.returncode == 2 and said.stderr == (
        f"pnp init: {written!r} is not a game pnp knows; Mudcrack Y is `pnp init y`, then set "
        "`board: {mudcrack: {cells: N, seed: S}}` in the spec it writes\n")
    spec = tmp_path / "kit.yaml"
    spec.write_text(f"game: {written}\nname: kit\n", encoding="utf-8")
    done = run_pnp("validate", str(spec))
    assert done.returncode == 2 and done.stderr == (
        f"{spec}:1: game: unknown game {written!r}; Mudcrack Y is `game: y` with `board: {{mudcrack: {{cells: N, "
        "seed: S}}`\n")
    record = tmp_path / "game.txt"
    record.write_text("1. 57 swap\n", encoding="utf-8")
    done = run_pnp("score", str(record), "--game", written)
    assert done.returncode == 2 and done.stderr == (
        f"{record}: --game: {written!r} is not a game with records; Mudcrack Y is `--game y --code CODE`\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt", "kit.yaml"]
