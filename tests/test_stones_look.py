"""A definition's `look` (pnp/definitions/model.py, LookDefinition): what a kit prints that the rules leave open,
read from a designer's file in a temporary folder and checked on what the user gets: the board's title and facts,
dashed sides, guide strokes and where the names stand, the cells' colour, the spec's own names for style keys, the
words of a connection game's report and caption, and its winning line in a diagram."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from conftest import parse_svg, run_pnp, svg_elements_with
from test_definitions import HEXLIKE, write

SIZE, LETTERS_AT = 6, 1.22
# a rhombus game of two players' own sides (test_definitions.HEXLIKE, size 7 by default), with a look of its own
DEFINITION = HEXLIKE + f"""\
look:
  board: "{{size}} by {{size}}"
  goals: Red joins top and bottom, Blue left and right
  dashed: [red]
  coordinates: {{first: numbers, letters_at: {LETTERS_AT}, guides: true}}
  colours: {{cell_fill: "#fafafa"}}
  style_keys: {{first_sides: red_side, second_stones: blue}}
  group: chain
  lines: {{blue: {{colour: "#123456"}}}}
"""
WON = "game: ./sides.yaml\nboard: {size: 6}\nstones: {blue: [a2, b2, c2, d2, e2, f2], red: [a1, b1, c3]}\n"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("look")
    write(folder, DEFINITION, "sides.yaml")
    write(folder, "game: ./sides.yaml\nname: sides\noutputs: [board]\nboard: {size: 6}\nstyle: {red_side: '#aa0000'}\n",
          "kit.yaml")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder


def texts(root, cls: str) -> list[str]:
    return [el.text or "" for el in root.iter() if el.attrib.get("class") == cls]


def test_the_board_is_named_and_described_as_the_look_says(kit: Path):
    root = parse_svg(kit / "out" / "sides" / "board.svg")
    assert texts(root, "title") == [f"Diagonal Hex, {SIZE} by {SIZE}"]
    assert texts(root, "facts")[0].startswith(f"{SIZE} by {SIZE} · {SIZE * SIZE} cells")
    assert texts(root, "facts")[0].endswith("· Red joins top and bottom, Blue left and right")


def test_dashed_sides_the_spec_s_own_style_key_and_the_cells_colour(kit: Path):
    root = parse_svg(kit / "out" / "sides" / "board.svg")
    sides = {el.attrib["class"].split()[-1]: el for el in root.iter() if el.attrib.get("class", "").startswith("side ")}
    assert [s for s, el in sides.items() if "stroke-dasharray" in el.attrib] == ["side-top", "side-bottom"]
    assert sides["side-top"].attrib["stroke"] == "#aa0000" != sides["side-left"].attrib["stroke"]
    fills = {el.attrib["fill"] for el in svg_elements_with(root, "data-cell")}
    assert fills == {"#fafafa"}


def test_column_names_stand_past_their_end_cells_with_a_guide_pointing_in(kit: Path):
    root = parse_svg(kit / "out" / "sides" / "board.svg")
    centre = {el.attrib["data-cell"]: [tuple(map(float, p.split(","))) for p in el.attrib["points"].split()]
              for el in svg_elements_with(root, "data-cell")}
    middle = {cell: (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6) for cell, pts in centre.items()}
    cell_mm = middle["b1"][0] - middle["a1"][0]
    guides = [el for el in root.iter() if el.attrib.get("class") == "label-guide"]
    assert len(guides) == 2 * SIZE
    labels = [el for el in root.iter() if el.attrib.get("class") == "label"]
    assert [el.attrib.get("data-row") is not None for el in labels[:2]] == [True, True], "numbers drawn first"
    top_a = next(el for el in labels if el.attrib.get("data-column") == "a")
    x = float(top_a.attrib["x"])
    assert math.isclose(middle["a1"][0] - x, LETTERS_AT * cell_mm * 0.5, abs_tol=0.01)


def test_a_connection_game_counts_groups_and_names_its_chain(kit: Path):
    write(kit, WON, "won.yaml")
    done = run_pnp("score", "won.yaml", cwd=kit)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1:5] == ["  Red   2 groups; the best touches top", "  Blue  1 group; one joins left and right",
                          "winner: Blue", "winning chain (6 cells): a2 b2 c2 d2 e2 f2"]
    drawn = run_pnp("diagram", "won.yaml", "--out", "won.svg", cwd=kit)
    assert drawn.returncode == 0, drawn.stderr
    root = parse_svg(kit / "won.svg")
    assert texts(root, "caption") == ["Blue wins: a chain of 6 joins left and right"]
    line = next(el for el in root.iter() if el.attrib.get("class") == "chain chain-blue")
    assert {el.attrib.get("stroke") for el in line.iter()} >= {"#ffffff", "#123456"}, "casing, then the line"
    assert not any("stroke-dasharray" in el.attrib for el in line.iter()), "solid, as the look gives it"


def test_the_style_key_s_own_name_is_no_longer_the_spec_s(kit: Path):
    write(kit, "game: ./sides.yaml\nname: old\nstyle: {first_sides: '#aa0000'}\n", "old.yaml")
    done = run_pnp("validate", "old.yaml", cwd=kit)
    assert done.returncode == 2 and "old.yaml:3: style.first_sides: unknown key" in done.stderr, done.stderr
