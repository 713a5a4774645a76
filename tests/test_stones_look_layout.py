"""A definition's look keys for a triangle's kit (pnp/definitions/model.py, LookDefinition): `coordinates.layout`
(the lattice triangle's own names: rows on one edge, turned letters with guides below), `facts` and `pad_facts`
(the pages' facts lines, their fields filled in), `pad_colours` (the pad's own colours) and `saver_band` (the ink
saver's side bands); read from a designer's file in a temporary folder and checked on the SVGs a build writes, and
each key's refusals with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import parse_svg, run_pnp
from test_definitions import refusals, write

SIDE, CELL_MM = 6, 12.0
TRIANGLE = """\
pnp-game: 1
name: three-sides
title: Three Sides
designer: A. Designer
board:
  shape: triangle
  size: {key: side, default: 5, min: 2, max: 19}
players: [red, blue]
pie: take-over
goals:
  - connect: [sides]
"""
LOOK = TRIANGLE + """\
look:
  board: "side {size}"
  facts: "{board} / {cells} cells / {cell} mm / {goals}"
  pad_facts: "{boards}, {board}, {cell} mm"
  goals: all three sides
  coordinates: {layout: triangle}
  pad_colours: {label: "#123456"}
  saver_band: 1.0
"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("layout")
    write(folder, LOOK, "sides.yaml")
    write(folder, f"game: ./sides.yaml\nname: sides\noutputs: [board, pad]\nprint: {{ink: saver}}\n"
                  f"board: {{side: {SIDE}, cell_mm: {CELL_MM}}}\n", "kit.yaml")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", "-f", "svg", cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder / "out" / "sides"


def by_class(root, cls: str) -> list:
    return [el for el in root.iter() if el.attrib.get("class") == cls]


def test_the_triangle_layout_numbers_each_row_once_and_letters_each_diagonal_once_with_a_guide(kit: Path):
    root = parse_svg(kit / "board.svg")
    labels = by_class(root, "label")
    rows = [el.text for el in labels if "data-row" in el.attrib]
    letters = [el for el in labels if "data-diagonal" in el.attrib]
    assert rows == [str(row) for row in range(1, SIDE + 1)]
    assert [el.text for el in letters] == list("abcdef")
    assert all("rotate(-60" in el.attrib.get("transform", "") for el in letters)
    assert len(by_class(root, "label-guide")) == SIDE
    # every row's number stands left of the row's first cell
    cells = {el.attrib["data-cell"]: el for el in root.iter() if "data-cell" in el.attrib}
    for el in labels:
        if "data-row" in el.attrib:
            first = cells[f"a{el.attrib['data-row']}"]
            xs = [float(p.split(",")[0]) for p in first.attrib["points"].split()]
            assert float(el.attrib["x"]) < min(xs)


def test_the_facts_lines_are_the_definition_s_and_the_board_names_its_size_key(kit: Path):
    board, pad = parse_svg(kit / "board.svg"), parse_svg(kit / "pad.svg")
    cells = SIDE * (SIDE + 1) // 2
    assert by_class(board, "facts")[0].text == f"side {SIDE} / {cells} cells / {CELL_MM:g} mm / all three sides"
    assert by_class(pad, "facts")[0].text.split(", ")[1] == f"side {SIDE}"
    group = by_class(board, "board")[0]
    assert group.attrib["data-side"] == str(SIDE) and "data-size" not in group.attrib


def test_the_pad_s_own_colours_and_the_saver_s_whole_bands(kit: Path):
    pad, board = parse_svg(kit / "pad.svg"), parse_svg(kit / "board.svg")
    assert {el.attrib["fill"] for el in by_class(pad, "label")} == {"#123456"}
    assert {el.attrib["fill"] for el in by_class(board, "label")} != {"#123456"}
    widths = [float(el.attrib["stroke-width"]) for el in board.iter() if el.attrib.get("class", "").startswith("side ")]
    assert len(widths) == 3   # a full band: 0.18 of a cell shows outside the cells
    assert widths == pytest.approx([2 * 0.18 * CELL_MM] * 3, abs=0.01)


@pytest.mark.parametrize(("look", "key", "says"), [
    ('facts: "{board} · {size}"', "look.facts", "names 'size'; a field is one of {board}, {cells}, {cell}, {goals}, {code}, {article}"),
    ('pad_facts: "{goals}"', "look.pad_facts", "a field is one of {boards}, {board}, {cell}, {cells}, {code}"),
    ("saver_band: 0", "look.saver_band", "must be at least 0.1"),
])
def test_a_facts_line_naming_another_field_or_a_band_out_of_range_is_refused_at_its_line(tmp_path: Path, look: str,
                                                                                          key: str, says: str):
    found = refusals(tmp_path, TRIANGLE + f"look:\n  {look}\n")
    assert len(found) == 1 and key in found[0] and says in found[0], found
    assert ":13:" in found[0]


def test_the_triangle_layout_on_another_board_is_refused(tmp_path: Path):
    text = TRIANGLE.replace("shape: triangle", "shape: rhombus").replace("connect: [sides]", "connect: [top, bottom]")
    found = refusals(tmp_path, text + "look:\n  coordinates: {layout: triangle}\n")
    assert len(found) == 1 and "look.coordinates.layout" in found[0] and "triangle of a1 ids" in found[0], found
