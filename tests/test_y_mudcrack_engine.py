"""Mudcrack Y on the engine: Y's definition with `shape: mudcrack` referees every position as Y's own code does
(pnp/games/y/score.py on pnp/boards/connect.py), on random full and partial boards of both generator versions; its
board is the one Y's board code names, with the same cells, numbers and sides."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.boards.connect import judge as y_judge
from pnp.boards.mudcrack.code import decode
from pnp.definitions.read import read_definition
from pnp.definitions.shipped import games_folder
from pnp.games.y.rules import GOALS
from pnp.games.y.score import mudcrack_graph

BOARDS = [(20, 1, 2), (60, 3, 2), (120, 7, 2), (30, 7, 1), (90, 2, 1)]
CODES = ["2R0C-YR1Y"]


@pytest.fixture(scope="module")
def mudcrack_y(tmp_path_factory: pytest.TempPathFactory):
    """Y's shipped definition on a mudcrack board: only its shape and size change (its templates and look, which
    name pnp's own files and the triangle's coordinates, are left out)."""
    text = (games_folder() / "y.yaml").read_text(encoding="utf-8").split("\nrules:")[0] + "\n"
    for old, new in (("shape: triangle", "shape: mudcrack"), ("  ids: a1\n", ""),
                     ("{key: side, default: 13, min: 2, max: 40}", "{key: cells, default: 120, min: 12, max: 500}")):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path_factory.mktemp("mudcrack-y") / "mudcrack-y.yaml"
    path.write_text(text.replace("name: y\n", "name: mudcrack-y\n"), encoding="utf-8")
    return read_definition(path)


@pytest.mark.parametrize(("cells", "seed", "version"), BOARDS)
def test_the_engine_judges_as_y_does(mudcrack_y, cells: int, seed: int, version: int):
    theirs = mudcrack_graph(cells, seed, version)
    board = mudcrack_y.board(cells, seed, version)
    assert board.ids == theirs.ids
    assert [set(groups) for groups in board.graph.groups if groups & {"left", "right", "bottom"}] and all(
        set(ours) & {"left", "right", "bottom"} == set(y) for ours, y in zip(board.graph.groups, theirs.sides))
    rng = random.Random(f"{cells}-{seed}-{version}")
    won = 0
    for share in [1.0] * 10 + [0.3, 0.5, 0.7, 0.9] * 10:
        cells_taken = list(board.ids)
        rng.shuffle(cells_taken)
        owners = {cell: ("red", "blue")[k % 2] for k, cell in enumerate(cells_taken[: round(len(cells_taken) * share)])}
        stones = {player: [c for c, who in owners.items() if who == player] for player in ("red", "blue")}
        expected = y_judge(theirs, stones, GOALS)
        verdict = mudcrack_y.judge(owners, cells, seed, version)
        assert (verdict.winner, verdict.full, verdict.path) == (expected.winner, expected.full, expected.path)
        won += verdict.winner is not None
        if verdict.winner:
            assert mudcrack_y.score_json(owners, cells, seed, version)["goal"] == "connect"
    assert 0 < won < 50


@pytest.mark.parametrize("code", CODES)
def test_a_board_code_names_the_same_board_for_the_engine(mudcrack_y, code: str):
    name = decode(code)
    board = mudcrack_y.board(name.cells, name.seed, name.version)
    assert board.code == code and board.graph.ids == mudcrack_graph(*name).ids


def test_the_definitions_seed_picks_its_board(mudcrack_y, tmp_path: Path):
    assert mudcrack_y.board().name == (120, 1, 2)
    text = mudcrack_y.definition.model_dump_json()
    assert '"shape":"mudcrack"' in text and '"ids":"numbers"' in text
