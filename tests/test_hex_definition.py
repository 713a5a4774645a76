"""Hex's shipped definition, read on its own (pnp/definitions/shipped.py), against what `pnp graph` prints and what
the registry's Hex (the definition engine's game, pnp/games/stones) answers: the same board graph (ids, neighbours,
sides, centres), the same mirror for the swap, the same verdicts."""

from __future__ import annotations

import json
import random

import pytest

from conftest import run_pnp

from pnp import registry
from pnp.boards.cells import board_graph
from pnp.definitions.shipped import shipped
from pnp.positions.base import ImpossiblePosition

GAME = shipped("hex")
CENTRE_MM = 0.0015   # `pnp graph` writes mm to a thousandth


def cell_mm_of(graph: dict) -> float:
    """The cell size a printed graph was drawn at: the last row's first and last centres, a whole cell per step."""
    cells = graph["cells"]
    row = [c for c in cells if c["center"][1] == cells[-1]["center"][1]]
    return (row[-1]["center"][0] - row[0]["center"][0]) / (len(row) - 1)


def assert_the_same_cells(printed: dict, made: dict) -> None:
    """Cell by cell in board order: the same ids, neighbours and sides, the centres within the printed precision."""
    assert len(made["cells"]) == len(printed["cells"])
    for old, new in zip(printed["cells"], made["cells"]):
        assert (new["id"], new["neighbors"], new["sides"]) == (old["id"], old["neighbors"], old["sides"])
        assert all(abs(a - b) <= CENTRE_MM for a, b in zip(new["center"], old["center"]))


@pytest.mark.parametrize(("config", "size"), [("configs/hex-11.yaml", 11), ("configs/hex-19.yaml", 19)])
def test_the_board_graph_is_pnp_graphs(config: str, size: int):
    done = run_pnp("graph", config)
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    made = board_graph("hex", printed["name"], GAME.placed(cell_mm_of(printed), size))
    assert len(made["cells"]) == size * size
    assert_the_same_cells(printed, made)
    assert [c["tags"] for c in made["cells"] if c["tags"]] == [["top-left"], ["top-right"], ["bottom-left"],
                                                               ["bottom-right"]]


def test_the_swap_mirrors_as_hex_does():
    position = registry.game("hex").position_model().model_validate({"game": "hex", "board": {"size": 11}})
    assert all(GAME.swapped(cell) == position.swapped(cell) for cell in GAME.graph().ids)


def test_verdicts_and_chains_are_hexs():
    hex_game = registry.game("hex")
    rng = random.Random(11)
    cells = list(GAME.graph(9).ids)
    for _ in range(60):
        rng.shuffle(cells)
        owners = {cell: ("red", "blue")[i % 2] for i, cell in enumerate(cells[: rng.randint(10, len(cells))])}
        stones = {p: [c for c, who in owners.items() if who == p] for p in ("red", "blue")}
        model = hex_game.position_model().model_validate({"game": "hex", "board": {"size": 9}, "stones": stones})
        try:
            before = hex_game.judge(model).as_json()
        except ImpossiblePosition:
            continue
        now = GAME.score_json(owners, 9)
        assert {k: now[k] for k in ("full", "winner", "path")} == {k: before[k] for k in ("full", "winner", "path")}
        assert now["goal"] == ("connect" if now["winner"] else None)
