"""A game pnp has never seen, written down by a designer in a temporary folder: `pnp init --new-game`, then build,
score, diagram, text and YAML records and the booklet, all from the definition file beside the spec; and its
refusals, each naming the file and line."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import parse_svg, run_pnp, svg_elements_with

DEFINITION = """\
pnp-game: 1
name: three-corners
title: Three Corners
designer: A. Designer
board:
  shape: triangle
  size: {key: side, default: 7, min: 4, max: 12}
  ids: a1
players: [green, purple]
pie: take-over
goals:
  - connect: {any: 2, of: corners}
    name: span
  - ring: true
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("own")
    write(folder, "three.yaml", DEFINITION)
    write(folder, "kit.yaml", "game: ./three.yaml\nname: three\nboard: {side: 7}\n")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder


def test_a_spec_naming_a_definition_file_builds_its_whole_kit(own: Path):
    kit = own / "out" / "three"
    assert {p.name for p in kit.iterdir()} >= {"board.svg", "stones.svg", "pad.svg", "rules.pdf", "card.pdf", "kit.pdf"}
    cells = {el.attrib["data-cell"] for el in svg_elements_with(parse_svg(kit / "board.svg"), "data-cell")}
    assert len(cells) == 7 * 8 // 2 and {"a1", "a7", "g7"} <= cells
    stones = [el.attrib["data-piece"] for el in svg_elements_with(parse_svg(kit / "stones.svg"), "data-piece")]
    assert stones.count("stone-green") == stones.count("stone-purple") == 14 + 2
    words = " ".join(el.text or "" for el in parse_svg(kit / "pad.svg").iter() if el.text)
    assert "Green" in words and "Purple" in words and "--game three.yaml --side 7" in words


def test_the_booklet_is_written_from_the_definition_with_a_checked_game_of_each_goal(own: Path):
    pdf = pdfium.PdfDocument(str(own / "out" / "three" / "rules.pdf"))
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)
    assert "A game by A. Designer" in text and "Three Corners" in text
    assert "Green wins with a span" in text and "wins with a ring" in text
    assert "any 2 of the 3 corners" in text and "the first stone becomes theirs, on its own cell" in text


def test_positions_and_records_of_the_game_are_refereed_by_its_definition(own: Path):
    write(own, "pos.yaml", "game: three.yaml\nboard: {side: 7}\nstones: {green: [a1, a2, a3, a4, a5, a6, a7]}\n")
    done = run_pnp("score", "pos.yaml", "--json", cwd=own)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["game"], found["winner"], found["goal"], found["goal_name"]) == ("three-corners", "green", "connect", "span")
    assert found["path"] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]
    write(own, "game.txt", "1. d5 swap  2. c4 e6\n")
    typed = run_pnp("score", "game.txt", "--game", "./three.yaml", "--side", "7", "--json", cwd=own)
    assert typed.returncode == 0, typed.stderr
    assert json.loads(typed.stdout)["winner"] is None
    write(own, "rec.yaml", "game: ./three.yaml\nboard: {side: 7}\nmoves: [d5, swap, c4, e6]\n")
    drawn = run_pnp("diagram", "rec.yaml", "--out", "rec.svg", cwd=own)
    assert drawn.returncode == 0, drawn.stderr
    moves = {el.attrib["data-move"] for el in svg_elements_with(parse_svg(own / "rec.svg"), "data-move")}
    assert moves == {"1", "3", "4"}   # the swap places nothing: stone 1 is the second player's now


def test_a_move_on_a_taken_cell_and_a_cell_the_board_lacks_are_refused_by_move(own: Path):
    write(own, "bad.yaml", "game: ./three.yaml\nboard: {side: 7}\nmoves: [d5, d5, z9]\n")
    done = run_pnp("score", "bad.yaml", cwd=own)
    assert done.returncode == 2
    assert "bad.yaml:3: moves[1]: move 2: d5 is taken already" in done.stderr
    assert "move 3: 'z9' is not a cell" in done.stderr


def test_a_broken_definition_is_every_problem_with_its_file_and_line(tmp_path: Path):
    write(tmp_path, "g.yaml", DEFINITION.replace("min: 4", "min: 40").replace("of: corners", "of: edges"))
    write(tmp_path, "kit.yaml", "game: ./g.yaml\nname: g\n")
    done = run_pnp("build", "kit.yaml", "--out", "out", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert any(line.startswith(f"{tmp_path / 'g.yaml'}:7:") for line in lines), lines
    assert any(line.startswith(f"{tmp_path / 'g.yaml'}:12:") and "edges" in line for line in lines), lines
    assert not (tmp_path / "out").exists()
    write(tmp_path, "kit2.yaml", "game: ./missing.yaml\nname: g\n")
    missing = run_pnp("build", "kit2.yaml", "--out", "out", cwd=tmp_path)
    assert missing.returncode == 2 and "missing.yaml" in missing.stderr and "Traceback" not in missing.stderr


def test_a_template_outside_the_definitions_folder_is_refused(tmp_path: Path):
    write(tmp_path, "g.yaml", DEFINITION + "rules: ../elsewhere.md\n")
    write(tmp_path, "kit.yaml", "game: ./g.yaml\nname: g\n")
    done = run_pnp("build", "kit.yaml", "--out", "out", cwd=tmp_path)
    assert done.returncode == 2 and "g.yaml:15: rules" in done.stderr, done.stderr


def test_pnp_init_new_game_writes_a_definition_its_schema_and_a_spec_that_builds(tmp_path: Path):
    done = run_pnp("init", "--new-game", "my-game", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert {p.name for p in tmp_path.iterdir()} == {"my-game.yaml", "pnp-game.schema.json", "my-game-kit.yaml",
                                                  "pnp-spec.schema.json"}
    schema = json.loads((tmp_path / "pnp-game.schema.json").read_text())
    assert "pnp-game" in schema["properties"] and "goals" in schema["required"]
    assert (tmp_path / "my-game.yaml").read_text().startswith("# yaml-language-server: $schema=pnp-game.schema.json")
    built = run_pnp("build", "my-game-kit.yaml", "--out", "out", "-q", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "my-game-kit" / "rules.pdf").is_file()
    again = run_pnp("init", "--new-game", "my-game", "--out", str(tmp_path))
    assert again.returncode == 2 and "exists" in again.stderr
    bad = run_pnp("init", "--new-game", "My Game", "--out", str(tmp_path))
    assert bad.returncode == 2 and "is not a game's id" in bad.stderr


def test_goals_naming_single_sides_and_corners_are_written_into_the_booklet_and_card(tmp_path: Path):
    """A goal that names groups one by one (not a whole set) is put in words: each side and corner by its name."""
    write(tmp_path, "named.yaml", """\
        pnp-game: 1
        name: named-sides
        title: Named Sides
        designer: A. Designer
        board:
          shape: rhombus
          size: {key: size, default: 5, min: 3, max: 9}
          ids: a1
        players: [red, blue]
        pie: none
        goals:
          - connect: [top, bottom-left]
            players: [red]
          - connect: [left, right]
            players: [blue]
        """)
    write(tmp_path, "kit.yaml", "game: ./named.yaml\nname: named\noutputs: [rules, card]\n")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pdf = pdfium.PdfDocument(tmp_path / "out" / "named" / "rules.pdf")
    words = " ".join(page.get_textpage().get_text_range() for page in pdf).replace("\r\n", " ").replace("\n", " ")
    assert "the top side" in words and "the bottom-left corner" in words and "the left side" in words
