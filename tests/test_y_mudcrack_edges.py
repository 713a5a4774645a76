"""Mudcrack Y edges a player can see (shared/GAMES.md): every edge of every cell at least 1.5 mm as printed, and
every edge between two cells at least a tenth of the board's median one.

Measured where a player meets them: the board page and the pad of each shipped
config (read back from the SVG files a build writes), 50 random boards at the
size a default spec prints them, the largest board each paper holds, and the Y
booklet's example at its diagram's width. In shares of the side, the generator
keeps every edge of 50 more random boards at least EDGE_SHARE of an average
cell's width. A pad too small for this board's shortest edge is refused, naming
the pad.cell_mm that works. (Version 1 boards, named by old codes, print as they
always did: tests/test_y_mudcrack_versions.py.)
"""

from __future__ import annotations

import random
import re
import statistics
from math import dist, sqrt
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, SVG_NS, parse_svg, run_pnp, write_spec
from test_y_mudcrack import board_facts

from pnp import registry
from pnp.boards.mudcrack.look import mudcrack_side_extent
from pnp.boards.mudcrack.grow import EDGE_SHARE, MEDIAN_SHARE, MIN_CELLS, largest_cells, mudcrack
from pnp.boards.mudcrack.placed import MIN_EDGE_MM, MIN_ROOM_MM
from pnp.layout.fit import largest_fit
from pnp.layout.paper import paper as paper_named

SHIPPED = sorted((ROOT / "configs").glob("y-mudcrack-*.yaml"))
SVG_ROUNDING_MM = 1e-3      # SVG points are written to the micrometre
Polygon = list[tuple[float, float]]


def edges(polygons: list[Polygon]) -> tuple[list[float], list[float]]:
    """Every edge's length once, and the lengths of those two cells share (ends matched to the micrometre)."""
    count: dict[tuple, int] = {}
    length: dict[tuple, float] = {}
    for polygon in polygons:
        for p, q in zip(polygon, polygon[1:] + polygon[:1]):
            key = tuple(sorted((tuple(round(v, 3) for v in p), tuple(round(v, 3) for v in q))))
            count[key] = count.get(key, 0) + 1
            length[key] = dist(p, q)
    return list(length.values()), [length[k] for k, n in count.items() if n == 2]


def check_seen(polygons: list[Polygon], where: str, slack: float = 0.0) -> float:
    """Every edge 1.5 mm or more and every shared edge a tenth of the median shared edge or more; the shortest."""
    every, shared = edges(polygons)
    assert len(shared) >= len(polygons) - 1, f"{where}: cells share edges"
    shortest, median = min(every), statistics.median(shared)
    assert shortest >= MIN_EDGE_MM - slack, f"{where}: an edge prints {shortest:.3f} mm"
    assert min(shared) >= float(MEDIAN_SHARE) * median - slack, f"{where}: an edge under a tenth of the median"
    return shortest


def svg_boards(svg: Path) -> list[list[Polygon]]:
    """The cells of each board drawn in an SVG file, in mm (pnp writes user units of 1 mm, no transforms)."""
    boards = []
    for group in parse_svg(svg).iter(f"{SVG_NS}g"):
        if group.get("class") == "board" and group.get("data-cells"):
            cells = [el for el in group.iter(f"{SVG_NS}polygon") if el.get("data-cell")]
            assert len(cells) == int(group.get("data-cells"))
            boards.append([[tuple(map(float, pair.split(","))) for pair in el.get("points").split()] for el in cells])
    return boards


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kits")
    done = run_pnp("build", *map(str, SHIPPED), "--out", str(out), "-f", "svg")
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("config", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_the_shipped_boards_and_pads_print_every_edge_long_enough(shipped: Path, config: Path):
    name = yaml.safe_load(config.read_text(encoding="utf-8"))["name"]
    for asset in ("board", "pad"):
        boards = svg_boards(shipped / name / f"{asset}.svg")
        assert boards, asset
        for k, cells in enumerate(boards):
            check_seen(cells, f"{name} {asset} {k + 1}", SVG_ROUNDING_MM)


def random_boards(count: int, largest: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(rng.randint(MIN_CELLS, largest), rng.randrange(1 << 21)) for _ in range(count)]


@pytest.mark.parametrize(("cells", "seed"), random_boards(50, 500, 32))
def test_every_edge_is_a_share_of_an_average_cell(cells: int, seed: int):
    """In shares of the side, whatever the paper: EDGE_SHARE of an average cell's width (the side over
    sqrt(2 cells)), and a tenth of the median edge between cells; the pushes that made it so keep every promise
    of a board (three cells at every corner: no draws)."""
    board = mudcrack(cells, seed)
    board_facts(board)
    polygons = [list(c.polygon) for c in board.cells]
    every, shared = edges(polygons)
    width = 1 / sqrt(2 * cells)
    assert min(every) >= float(EDGE_SHARE) * width * (1 - 1e-9)
    assert min(shared) >= float(MEDIAN_SHARE) * statistics.median(shared)
    assert board.shortest_edge == pytest.approx(min(every), rel=1e-12)


def planned(cells: int, seed: int, paper: str = "a4", pad: str = "{}") -> tuple[list[Polygon], list[Polygon]]:
    """The board page's cells and the first pad board's, in mm, as the plan places them for a default spec."""
    spec = registry.game("y").spec.model_validate({"game": "y", "name": "m", "paper": paper, "outputs": ["board", "pad"],
                                 "board": {"mudcrack": {"cells": cells, "seed": seed}}, "pad": yaml.safe_load(pad)})
    plan = registry.game("y").make_plan(spec)
    return ([list(c.polygon) for c in plan.board.board.cells], [list(c.polygon) for c in plan.pad.boards[0].cells])


@pytest.mark.parametrize(("cells", "seed"), random_boards(50, 148, 7))
def test_a_default_spec_prints_every_edge_long_enough(cells: int, seed: int):
    """A4, the default paper, holds at most 148 cells; the pad at its default cell size."""
    board, pad = planned(cells, seed)
    check_seen(board, "board page")
    check_seen(pad, "pad")


def most_cells(paper: str) -> int:
    """The most cells a board page on this paper holds, as the plan decides it."""
    whole = mudcrack_side_extent()
    side_mm = largest_fit(paper_named(paper), whole.width, whole.height).scale
    return largest_cells(MIN_ROOM_MM / side_mm)


@pytest.mark.parametrize("paper", ["a6", "a5", "a4", "letter", "a3"])
def test_the_largest_board_each_paper_holds_prints_every_edge_long_enough(paper: str):
    """The room rule's smallest cells: an average cell is then 2 x 3.5 mm / sqrt(0.42), 10.8 mm, wide, and its
    shortest edge a quarter of that, 2.7 mm; measured here on three seeds of it."""
    cells = most_cells(paper)
    assert cells >= 10
    for seed in (1, 2, 3):
        board, pad = planned(cells, seed, paper)
        assert check_seen(board, f"{paper} board page") >= 2.5
        check_seen(pad, f"{paper} pad")


def test_the_booklet_example_prints_every_edge_long_enough(tmp_path: Path):
    """The Y booklet's Mudcrack Y diagrams, drawn at their blocks' width as the booklet draws them."""
    text = (ROOT / "templates" / "rules" / "y.md").read_text(encoding="utf-8")
    found = re.findall(r"^```diagram (\d+)\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    muds = [(width, block) for width, block in found if "mudcrack" in block]
    assert len(muds) == 2
    for k, (width, block) in enumerate(muds):
        position = write_spec(tmp_path, block, f"mud-{k}.yaml")
        done = run_pnp("diagram", str(position), "--width-mm", width, "-o", str(tmp_path / f"mud-{k}.svg"))
        assert done.returncode == 0, done.stderr
        (cells,) = svg_boards(tmp_path / f"mud-{k}.svg")
        check_seen(cells, f"booklet diagram {k + 1}", SVG_ROUNDING_MM)


def refused(tmp_path: Path, text: str) -> str:
    done = run_pnp("validate", str(write_spec(tmp_path, text)))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    (line,) = done.stderr.strip().splitlines()
    return line


def test_a_pad_too_small_for_the_shortest_edge_is_refused_naming_the_pad_cell_that_works(tmp_path: Path):
    spec = "game: y\nname: m\noutputs: [board, pad]\nboard: {{mudcrack: {{cells: 120, seed: 7}}}}\npad: {{cell_mm: {}}}\n"
    line = refused(tmp_path, spec.format(5))
    assert ":5: pad.cell_mm: at 5.0 mm cells this board's shortest edge prints " in line, line
    assert "1.5 mm or more" in line and "or leave pad out of outputs" in line
    least = float(re.search(r"choose pad.cell_mm (\d+(?:\.\d)?) or more", line)[1])
    assert 5 < least <= 6, "a quarter of an average cell's width: 6 mm cells always do"
    assert run_pnp("validate", str(write_spec(tmp_path, spec.format(least)))).returncode == 0
    assert "pad.cell_mm" in refused(tmp_path, spec.format(round(least - 0.1, 1)))
    _, pad = planned(120, 7, pad=f"{{cell_mm: {least}}}")
    check_seen(pad, "the least pad")


def test_a_pad_shrunk_to_fit_small_paper_names_the_paper_not_the_pad_cell(tmp_path: Path):
    """pad.cell_mm left out: a pad shrunk to the most that fits, too small for the shortest edge, asks for larger
    paper or fewer cells (a larger pad.cell_mm would not fit); here the board page is refused too."""
    done = run_pnp("validate", str(write_spec(tmp_path, "game: y\nname: m\noutputs: [board, pad]\n"
                                              "paper: {width_mm: 140, height_mm: 140}\n"
                                              "board: {mudcrack: {cells: 120, seed: 1}}\n")))
    assert done.returncode == 2, done.stderr
    (pad,) = [line for line in done.stderr.splitlines() if ": pad.cell_mm: " in line]
    assert "mm cells, the most that fit custom paper, this board's shortest edge prints" in pad
    assert "choose larger paper or fewer board.mudcrack.cells, or leave pad out of outputs" in pad


@pytest.mark.parametrize("cells, seed", [(60, 3), (120, 7), (200, 11), (300, 5)])
def test_a_diagram_at_its_default_width_prints_every_edge_long_enough(tmp_path: Path, cells: int, seed: int):
    """`pnp diagram` of a position on a new board grows until its shortest edge prints MIN_EDGE_MM (it was 1.22 mm
    for 120 cells at 80 mm); a width the user gives is kept, with a note naming the width from which edges read."""
    position = write_spec(tmp_path, f"game: y\nboard: {{mudcrack: {{cells: {cells}, seed: {seed}}}}}\n"
                                    "stones: {red: [1], blue: [2]}\n", "mud.yaml")
    done = run_pnp("diagram", str(position), "-o", str(tmp_path / "grown.svg"))
    assert done.returncode == 0 and "edges under" not in done.stderr, done.stderr
    (board,) = svg_boards(tmp_path / "grown.svg")
    check_seen(board, f"{cells} cells at the default width", SVG_ROUNDING_MM)
    narrow = run_pnp("diagram", str(position), "--width-mm", "40", "-o", str(tmp_path / "narrow.svg"))
    assert narrow.returncode == 0, narrow.stderr
    found = re.search(r"edges under 1.5 mm, hard to tell apart, at 40 mm wide; every one does from ([\d.]+) mm wide",
                      narrow.stderr)
    assert found, narrow.stderr
    enough = run_pnp("diagram", str(position), "--width-mm", found[1], "-o", str(tmp_path / "enough.svg"))
    assert "edges under" not in enough.stderr, enough.stderr
    (board,) = svg_boards(tmp_path / "enough.svg")
    assert check_seen(board, f"{cells} cells at {found[1]} mm", SVG_ROUNDING_MM) < MIN_EDGE_MM * 1.05, \
        "the width named is the least that does"
