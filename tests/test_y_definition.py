"""Y's shipped definition as the engine holds it (pnp/definitions/engine.py), against Y as the kit and the referee
serve it (`pnp graph`, a position's verdict): the same triangle as `pnp graph` prints (ids, neighbours, sides,
centres), the same verdicts and chains."""

from __future__ import annotations

import json
import random

import pytest

from conftest import run_pnp
from test_hex_definition import assert_the_same_cells, cell_mm_of

from pnp import registry
from pnp.boards.cells import board_graph
from pnp.definitions.shipped import shipped

GAME = shipped("y")


@pytest.mark.parametrize(("config", "side"), [("configs/y-13.yaml", 13), ("configs/y-19.yaml", 19)])
def test_the_board_graph_is_pnp_graphs(config: str, side: int):
    done = run_pnp("graph", config)
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    made = board_graph("y", printed["name"], GAME.placed(cell_mm_of(printed), side))
    assert len(made["cells"]) == side * (side + 1) // 2
    assert_the_same_cells(printed, made)


def test_verdicts_and_chains_are_ys():
    y_game = registry.game("y")
    rng = random.Random(13)
    cells = list(GAME.graph(8).ids)
    assert GAME.swapped("c5") == "c5"
    for _ in range(60):
        rng.shuffle(cells)
        owners = {cell: ("red", "blue")[i % 2] for i, cell in enumerate(cells[: rng.randint(8, len(cells))])}
        stones = {p: [c for c, who in owners.items() if who == p] for p in ("red", "blue")}
        model = y_game.position_model().model_validate({"game": "y", "board": {"side": 8}, "stones": stones})
        before = y_game.judge(model).as_json()
        now = GAME.score_json(owners, 8)
        assert {k: now[k] for k in ("full", "winner", "path")} == {k: before[k] for k in ("full", "winner", "path")}
