"""A game definition on a mudcrack board (`shape: mudcrack`, sized by its cells, grown from a seed): read and played
from a file in a temporary folder, and every refusal its board adds, with file, line, field and what would be
right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import parse_svg, run_pnp
from test_definitions import edited, line_of, refusals, write

from pnp.boards.mudcrack.grow import LATEST, MAX_SEED
from pnp.cellboard.mudcrack import mudcrack_board
from pnp.definitions.read import read_definition

MUD = """\
pnp-game: 1
name: cracked
title: Cracked
designer: A. Designer
board:
  shape: mudcrack
  size: {key: cells, default: 60, min: 12, max: 300}
  seed: 7
players: [north, south]
pie: take-over
goals:
  - connect: [sides]
"""


def test_a_mudcrack_game_reads_and_plays(tmp_path: Path):
    game = read_definition(write(tmp_path, MUD))
    board = game.definition.board
    assert (board.shape, board.ids, board.seed, game.size_key) == ("mudcrack", "numbers", 7, "cells")
    assert game.board().name == (60, 7, LATEST), "the definition's default cells and seed"
    assert game.board(40, 3, 1).name == (40, 3, 1)
    graph = game.graph()
    assert graph.ids == tuple(str(k) for k in range(1, 61))
    corner = game.board().corner_cells["top"]
    assert {"left", "right", "top"} <= graph.groups[corner]
    owners = {cell: "north" for cell in graph.ids}
    verdict = game.score_json(owners)
    assert verdict["winner"] == "north" and verdict["goal"] == "connect" and verdict["full"]
    assert set(verdict["path"]) <= set(graph.ids)
    assert game.played(["17", "swap", "3"]) == [(0, "17", "south"), (2, "3", "north")]
    with pytest.raises(ValueError, match="give 12 to 300"):
        game.board(301)


def test_a_ring_on_a_mudcrack_board(tmp_path: Path):
    text = edited(MUD, "  - connect: [sides]\n", "  - connect: [sides]\n  - ring: true\n")
    game = read_definition(write(tmp_path, text))
    graph = game.graph()
    inner = next(i for i, edge in enumerate(graph.border) if not edge)
    fence = {graph.ids[j]: "south" for j in graph.neighbours[inner]}
    verdict = game.judge(fence)
    assert verdict.winner == "south" and verdict.kind == "ring"
    assert set(verdict.path) == set(fence)


# (what is wrong, the edit to MUD, the text of the line the problem points at, the path, what it says; and a second
# edit, where one is needed to reach the problem)
REFUSED = [
    ("fewer cells than a board has", "min: 12", "min: 2", "size:", "board.size.min",
     "min 2 is below the smallest mudcrack board (cells 3); give a min of 3 or more"),
    ("more cells than a board has", "max: 300", "max: 600", "size:", "board.size.max",
     "max 600 is beyond the largest mudcrack board (cells 500); give a max of 500 or less"),
    ("more cells than pnp draws", "max: 300", "max: 20000", "size:", "board.size.max",
     "must be at most 1000, got 20000"),
    ("a negative seed", "seed: 7", "seed: -1", "seed:", "board.seed", "must be at least 0, got -1"),
    ("a seed beyond a code's", "seed: 7", f"seed: {MAX_SEED + 1}", "seed:", "board.seed",
     f"must be at most {MAX_SEED}, got {MAX_SEED + 1}"),
    ("a seed that is no number", "seed: 7", "seed: seven", "seed:", "board.seed", "expected a whole number"),
    ("a seed for a lattice shape", "shape: mudcrack", "shape: triangle", "seed:", "board.seed",
     "a triangle is made from its size alone; only a mudcrack board is grown from a seed, so leave seed out"),
    ("names other than numbers", "  seed: 7", "  seed: 7\n  ids: a1", "ids:", "board.ids",
     "a mudcrack board's cells are numbered 1 up as it is grown and have no other names; write ids: numbers"),
    ("the seed as the size key", "key: cells", "key: seed", "size:", "board.size.key",
     "'seed' is already a board key of every mudcrack spec (which board it is)"),
    ("the code as the size key", "key: cells", "key: code", "size:", "board.size.key",
     "'code' is already a board key of every mudcrack spec"),
    ("a mirror", "pie: take-over", "pie: mirror", "pie:", "pie",
     "mirror reflects the first stone in a rhombus's long diagonal, and a mudcrack has none"),
    ("a ring on boards too small for one", "  - connect: [sides]\n", "  - connect: [sides]\n  - ring: true\n",
     "ring: true", "goals[1].ring", "a mudcrack of cells 8 has no cell off its sides for a ring to surround (cells "
                                    "12 is the first that has); give board.size a min of 12", ("min: 12", "min: 8")),
    ("a goal a corner cell meets alone", "connect: [sides]", "connect: {any: 2, of: sides}", "connect:", "goals[0]",
     "one stone on a cell in left, right, top meets this goal alone"),
    ("sides with no cell apart from the corners", "min: 12", "min: 3", "connect:", "goals[0]",
     "left, right, bottom hold no cell on the mudcrack of cells 3 (corners apart)", ("  seed: 7", "  seed: 7\n  corners: apart")),
]


@pytest.mark.parametrize(("old", "new", "at", "path", "says", "also"), [(*case[1:6], case[6:]) for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_every_refusal_names_its_file_line_and_field(tmp_path: Path, old: str, new: str, at: str, path: str,
                                                     says: str, also: tuple[tuple[str, str], ...]):
    text = edited(MUD, old, new)
    for before, after in also:
        text = edited(text, before, after)
    found = refusals(tmp_path, text)
    expected = f"{tmp_path / 'game.yaml'}:{line_of(text, at)}: {path}: "
    assert any(line.startswith(expected) and says in line for line in found), (expected, says, found)


# --- positions and records on a mudcrack board, through the command ------------------------------------------------


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    write(tmp_path, MUD, "cracked.yaml")
    return tmp_path


def test_a_position_names_its_board_by_cells_and_seed_or_by_code(folder: Path):
    board = read_definition(folder / "cracked.yaml").board(40, 9)
    corner = board.ids[board.corner_cells["bottom-left"]]
    others = [cell for cell in board.ids if cell != corner][:3]
    for written in ("{cells: 40, seed: 9}", f"{{code: {board.code.lower()}}}"):
        write(folder, f"game: ./cracked.yaml\nboard: {written}\nstones: {{north: [{corner}], south: {others}}}\n",
              "pos.yaml")
        done = run_pnp("score", "pos.yaml", cwd=folder)
        assert done.returncode == 0, done.stderr
        assert f"Cracked, cells 40, board {board.code}: 4 of 40 cells played" in done.stdout
    full = {cell: "north" for cell in board.ids}
    write(folder, f"game: ./cracked.yaml\nboard: {{code: {board.code}}}\nstones: {{north: {list(full)}}}\n", "won.yaml")
    done = run_pnp("score", "won.yaml", "--json", cwd=folder)
    # every player's one goal joins all of its groups: a connection game, whose Score JSON is Y's (no `goal`)
    judged = read_definition(folder / "cracked.yaml").score_json(full, 40, 9)
    assert json.loads(done.stdout) == {key: value for key, value in judged.items() if key != "goal"}


def test_a_text_record_takes_the_boards_code(folder: Path):
    board = read_definition(folder / "cracked.yaml").board(40, 9)
    write(folder, "1. 17 swap\n2. 4 30\n", "game.txt")
    done = run_pnp("score", "game.txt", "--game", "./cracked.yaml", "--code", board.code, cwd=folder)
    assert done.returncode == 0, done.stderr
    assert f"board {board.code}: 3 of 40 cells played" in done.stdout
    write(folder, "1. 17 swap\n2. 4 41\n", "off.txt")
    done = run_pnp("score", "off.txt", "--game", "./cracked.yaml", "--code", board.code, cwd=folder)
    assert done.returncode == 2 and "off.txt:2: move 4: '41' is not a cell of the Cracked board of cells 40" in done.stderr


@pytest.mark.parametrize(("board", "says"), [
    ("{code: 2X9A-415K, cells: 60}", "pos.yaml:2: board.cells: a board code names the cells and the seed already"),
    ("{code: 2X9A-415K, seed: 3}", "pos.yaml:2: board.seed: a board code names the cells and the seed already"),
    ("{code: 2X9A-415X}", "pos.yaml:2: board.code: '2X9A-415X' is not a board code"),
    ("{code: 3000-0002}", "is not a board code"),
    ("{seed: -4}", "pos.yaml:2: board.seed: must be at least 0, got -4"),
])
def test_a_board_that_cannot_be_named_is_refused_at_its_key(folder: Path, board: str, says: str):
    write(folder, f"game: ./cracked.yaml\nboard: {board}\nstones: {{north: ['1']}}\n", "pos.yaml")
    done = run_pnp("score", "pos.yaml", cwd=folder)
    assert done.returncode == 2 and says in done.stderr, done.stderr


def test_a_code_of_a_board_the_game_is_not_played_on(folder: Path):
    code = mudcrack_board(400, 2).code
    write(folder, f"game: ./cracked.yaml\nboard: {{code: {code}}}\n", "pos.yaml")
    done = run_pnp("score", "pos.yaml", cwd=folder)
    assert done.returncode == 2
    assert f"pos.yaml:2: board.code: {code} names a board of 400 cells; Cracked is played on 12 to 300" in done.stderr


def test_the_kit_graph_and_diagrams_of_a_mudcrack_game_are_drawn_on_its_board(folder: Path):
    """The definition's board (cells and seed as written, else its own), drawn as Mudcrack Y's: numbered cells, its
    code in the graph; a record's diagram on it."""
    write(folder, "game: ./cracked.yaml\nname: cracked\noutputs: [board, stones, pad]\nboard: {cells: 40}\n",
          "kit.yaml")
    done = run_pnp("build", "kit.yaml", "--out", "out", "-q", "-f", "svg", cwd=folder)
    assert done.returncode == 0, done.stderr
    root = parse_svg(folder / "out" / "cracked" / "board.svg")
    board = next(el for el in root.iter() if el.attrib.get("class") == "board")
    assert (board.attrib["data-cells"], board.attrib["data-seed"]) == ("40", "7")
    assert sorted(int(el.text) for el in root.iter() if "data-number" in el.attrib) == list(range(1, 41))
    graph = run_pnp("graph", "kit.yaml", cwd=folder)
    assert graph.returncode == 0, graph.stderr
    assert json.loads(graph.stdout)["code"] == read_definition(folder / "cracked.yaml").board(40).code
    write(folder, "game: ./cracked.yaml\nmoves: [1, swap, 2]\n", "rec.yaml")
    done = run_pnp("diagram", "rec.yaml", "-o", "rec.svg", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert sum(1 for el in parse_svg(folder / "rec.svg").iter() if el.attrib.get("class") == "label"
               and "data-number" in el.attrib) == 60   # every cell numbered, under the stones


def test_a_record_on_a_board_named_by_its_code_is_played_to_its_first_win(folder: Path):
    """Moves after the game is won are refused by number, on the board the code names (not the definition's)."""
    game = read_definition(folder / "cracked.yaml")
    board = game.board(40, 9)
    moves = sorted(board.ids, key=lambda cell: (int(cell) * 7) % 41)
    won = game.first_win(moves, 40, seed=9)
    assert won is not None and won.move < len(moves)
    write(folder, f"game: ./cracked.yaml\nboard: {{code: {board.code}}}\nmoves: [{', '.join(moves)}]\n", "rec.yaml")
    done = run_pnp("score", "rec.yaml", cwd=folder)
    assert done.returncode == 2
    assert f"moves[{won.move}]: move {won.move + 1} comes after the game ended: move {won.move} won it" in done.stderr
    write(folder, f"game: ./cracked.yaml\nboard: {{code: {board.code}}}\nmoves: [{', '.join(moves[:won.move])}]\n",
          "rec.yaml")
    for at, winner in ((won.move - 1, None), (won.move, won.player)):
        done = run_pnp("score", "rec.yaml", "--at", str(at), "--json", cwd=folder)
        assert done.returncode == 0 and json.loads(done.stdout)["winner"] == winner
