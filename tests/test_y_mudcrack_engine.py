"""Mudcrack Y on the engine: Y's definition on its mudcrack board (y.yaml's `board.alternatives.mudcrack`)
referees every position as the connection referee (pnp/boards/connect.py) does on the generator's own board, on
random full and partial boards of both generator versions; its board is the one Y's board code names, with the same
cells, numbers and sides."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from pnp.boards.connect import CellGraph, cell_graph
from pnp.boards.connect import judge as y_judge
from pnp.boards.mudcrack.code import decode
from pnp.boards.mudcrack.grow import mudcrack
from pnp.boards.mudcrack.names import SIDES
from pnp.definitions.shipped import shipped

BOARDS = [(20, 1, 2), (60, 3, 2), (120, 7, 2), (30, 7, 1), (90, 2, 1)]
CODES = ["2R0C-YR1Y"]
GOALS = {player: SIDES for player in ("red", "blue")}   # each player's one goal: all three sides


@lru_cache(maxsize=16)
def mudcrack_graph(cells: int, seed: int, version: int) -> CellGraph:
    """The generator's board (cells, seed, version) indexed for the connection referee: ids "1" to "N"."""
    board = mudcrack(cells, seed, version).cells
    return cell_graph([c.id for c in board], {c.id: c.neighbours for c in board}, {c.id: c.sides for c in board})


@pytest.fixture(scope="module")
def mudcrack_y():
    """Y's shipped definition on its mudcrack board."""
    y = shipped("y")
    return replace(y, definition=y.definition.on("mudcrack"))


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
