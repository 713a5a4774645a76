"""A definition's other boards (`board.alternatives`, pnp/definitions/model.py): a designer's triangle game that is
also played on a board grown from a seed, read from a temporary folder. A spec or a position picks the other board
by its key under `board:`; the kit, `pnp score` and `pnp diagram` are the game's on that board; the game's own keys
beside it, and an alternative on which the goals mean nothing, are refused with file:line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import parse_svg, run_pnp
from test_definitions import refusals, write

GAME = """\
pnp-game: 1
name: cracked
title: Three Sides
designer: A. Designer
board:
  shape: triangle
  size: {key: side, default: 5, min: 2, max: 19}
  alternatives:
    cracks:
      title: Cracked Sides
      shape: mudcrack
      size: {key: cells, default: 40, min: 12, max: 200}
      look: {board: "{size} cells"}
players: [red, blue]
pie: take-over
goals:
  - connect: [sides]
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    here = tmp_path_factory.mktemp("alternatives")
    write(here, GAME, "cracked.yaml")
    return here


def test_a_spec_that_names_the_other_board_gets_a_kit_of_it(folder: Path):
    write(folder, "game: ./cracked.yaml\nname: kit\noutputs: [board, pad]\nboard: {cracks: {cells: 30, seed: 2}}\n",
          "kit.yaml")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", "-f", "svg", cwd=folder)
    assert done.returncode == 0, done.stderr
    root = parse_svg(folder / "out" / "kit" / "board.svg")
    board = next(el for el in root.iter() if el.attrib.get("class") == "board")
    assert (board.attrib["data-cells"], board.attrib["data-seed"]) == ("30", "2")
    numbers = sorted(int(el.text) for el in root.iter() if "data-number" in el.attrib)
    assert numbers == list(range(1, 31))
    titles = [el.text for el in root.iter() if el.attrib.get("class") == "title"]
    assert titles == ["Cracked Sides, 30 cells"]


def test_the_game_s_own_keys_beside_the_other_board_are_refused_at_their_line(folder: Path):
    write(folder, "game: ./cracked.yaml\nname: mixed\nboard:\n  side: 7\n  cracks: {cells: 30}\n", "mixed.yaml")
    done = run_pnp("build", "mixed.yaml", "--out", "out", "-q", cwd=folder)
    assert done.returncode == 2
    assert "mixed.yaml:4: board.side: is for the triangle; a Cracked Sides board is as large as the paper allows" \
        in done.stderr, done.stderr
    assert not (folder / "out" / "mixed").exists()


def test_a_position_on_the_other_board_is_refereed_and_drawn_there(folder: Path):
    write(folder, "game: ./cracked.yaml\nboard: {cracks: {cells: 30, seed: 2}}\nstones: {red: [1, 2], blue: [3]}\n",
          "pos.yaml")
    done = run_pnp("score", "pos.yaml", "--json", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "cracked"
    drawn = run_pnp("diagram", "pos.yaml", "-o", "pos.svg", cwd=folder)
    assert drawn.returncode == 0, drawn.stderr
    root = parse_svg(folder / "pos.svg")
    assert {el.attrib["data-number"] for el in root.iter() if el.attrib.get("class") == "label" and "data-number" in el.attrib} == {
        str(n) for n in range(1, 31)}   # numbered as printed; stones stand over their cells' numbers


def test_a_cell_past_the_other_board_is_named_with_that_board(folder: Path):
    write(folder, "game: ./cracked.yaml\nboard: {cracks: {cells: 30}}\nstones: {red: [31]}\n", "far.yaml")
    done = run_pnp("score", "far.yaml", cwd=folder)
    assert done.returncode == 2 and "far.yaml:3: stones.red[0]: '31' is not a cell of" in done.stderr, done.stderr


def test_an_alternative_on_which_a_goal_names_no_group_is_refused(tmp_path: Path):
    text = GAME.replace("shape: triangle", "shape: hexagon").replace("connect: [sides]", "connect: [side-1, side-4]")
    found = refusals(tmp_path, text)
    assert found and all("on board.alternatives.cracks:" in line for line in found), found
    assert any("side-1" in line for line in found), found


def test_an_alternative_named_as_a_key_of_the_board_block_is_refused(tmp_path: Path):
    found = refusals(tmp_path, GAME.replace("    cracks:", "    cell_mm:"))
    assert any("board.alternatives.cell_mm: 'cell_mm' is already a key of the board block" in line
               for line in found), found
