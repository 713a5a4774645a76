"""Y's referee as a user meets it: on thousands of random full boards (the triangle and Mudcrack Y) exactly one
player wins, as a brute-force flood fill over `pnp graph`'s cells says; `pnp score --json` agrees; position files
refuse what no board holds, by name; `pnp diagram` draws both boards."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec

from pnp.boards.mudcrack.code import encode
from pnp import registry
from pnp.games.stones.score import score

SIDES = {"left", "right", "bottom"}
GRAPHS: dict[str, dict] = {}


def graph(board: str) -> dict:
    """`pnp graph` of a Y board written as a spec's board block, once per board."""
    if board not in GRAPHS:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            spec = write_spec(Path(folder), f"game: y\nname: g\noutputs: [board]\npaper: a3\nboard: {board}\n")
            done = run_pnp("graph", str(spec))
            assert done.returncode == 0, done.stderr
            GRAPHS[board] = json.loads(done.stdout)
    return GRAPHS[board]


def flood_winner(cells: list[dict], owner: Mapping[str, str]) -> set[str]:
    """Every player with a group touching all three sides: a plain flood fill, nothing of the referee's."""
    near = {c["id"]: c["neighbors"] for c in cells}
    sides = {c["id"]: set(c["sides"]) for c in cells}
    winners, seen = set(), set()
    for start in near:
        if start in seen or start not in owner:
            continue
        group, todo = set(), [start]
        while todo:
            cell = todo.pop()
            if cell in group:
                continue
            group.add(cell)
            todo += [n for n in near[cell] if owner.get(n) == owner[start] and n not in group]
        seen |= group
        if set().union(*(sides[c] for c in group)) == SIDES:
            winners.add(owner[start])
    return winners


def random_full(cells: list[dict], rng: random.Random) -> dict[str, str]:
    ids = [c["id"] for c in cells]
    rng.shuffle(ids)
    return {cell: ("red" if k % 2 == 0 else "blue") for k, cell in enumerate(ids)}


def position(board: Mapping, owner: Mapping[str, str], numbers: bool = False) -> Any:
    def ids(player: str) -> list:
        return [int(c) if numbers else c for c, p in owner.items() if p == player]

    return registry.game("y").position_model().model_validate({"game": "y", "board": dict(board), "stones": {"red": ids("red"), "blue": ids("blue")}})


def check_path(cells: list[dict], owner: Mapping[str, str], verdict: dict) -> None:
    """The path is the winner's, connected, touches all three sides and runs in board order."""
    order = {c["id"]: k for k, c in enumerate(cells)}
    by_id = {c["id"]: c for c in cells}
    path = verdict["path"]
    assert all(owner[c] == verdict["winner"] for c in path)
    assert [order[c] for c in path] == sorted(order[c] for c in path)
    assert set().union(*(set(by_id[c]["sides"]) for c in path)) == SIDES
    reached, todo = {path[0]}, [path[0]]
    while todo:
        for n in by_id[todo.pop()]["neighbors"]:
            if n in path and n not in reached:
                reached.add(n)
                todo.append(n)
    assert reached == set(path), "the chain is one group"


@pytest.mark.parametrize("side", range(2, 16))
def test_every_full_triangle_has_exactly_one_winner_the_flood_fill_agrees(side: int) -> None:
    cells, rng = graph(f"{{side: {side}}}")["cells"], random.Random(side)
    for _ in range(150):
        owner = random_full(cells, rng)
        winners = flood_winner(cells, owner)
        verdict = score(position({"side": side}, owner)).as_json()
        assert len(winners) == 1 and verdict["full"] and {verdict["winner"]} == winners
        check_path(cells, owner, verdict)


@pytest.mark.parametrize("cells,seed", [(3, 0), (10, 1), (40, 2), (120, 7), (200, 3)])
def test_every_full_mudcrack_board_has_exactly_one_winner_the_flood_fill_agrees(cells: int, seed: int) -> None:
    found, rng = graph(f"{{mudcrack: {{cells: {cells}, seed: {seed}}}}}")["cells"], random.Random(seed)
    for k in range(200):
        owner = random_full(found, rng)
        winners = flood_winner(found, owner)
        verdict = score(position({"mudcrack": {"cells": cells, "seed": seed}}, owner, numbers=k % 2 == 0)).as_json()
        assert len(winners) == 1 and {verdict["winner"]} == winners
        check_path(found, owner, verdict)


@pytest.mark.parametrize("board", ["{side: 7}", "{mudcrack: {cells: 50, seed: 9}}"])
def test_pnp_score_json_agrees_with_the_flood_fill_on_part_filled_boards(tmp_path: Path, board: str) -> None:
    cells, rng = graph(board)["cells"], random.Random(5)
    for k in range(25):
        owner = dict(list(random_full(cells, rng).items())[:rng.randrange(len(cells) + 1)])
        red = [c for c, p in owner.items() if p == "red"]
        blue = [c for c, p in owner.items() if p == "blue"]
        file = write_spec(tmp_path, f"game: y\nboard: {board}\nstones: {{red: {json.dumps(red)}, blue: {json.dumps(blue)}}}\n",
                          f"p{k}.yaml")
        done = run_pnp("score", "--json", str(file))
        assert done.returncode == 0, done.stderr   # two groups cannot both join all three sides
        verdict = json.loads(done.stdout)
        winners = flood_winner(cells, owner)
        assert verdict["game"] == "y" and verdict["winner"] == (winners.pop() if winners else None)
        assert verdict["full"] == (len(owner) == len(cells))
        if verdict["winner"]:
            check_path(cells, owner, verdict)


def test_mudcrack_cells_as_numbers_or_text_and_by_code(tmp_path: Path) -> None:
    code = encode(30, 3)
    for board in ("{mudcrack: {cells: 30, seed: 3}}", f"{{mudcrack: {{code: {code}}}}}"):
        file = write_spec(tmp_path, f"game: y\nboard: {board}\nstones: {{red: [1, '2', 3], blue: ['4']}}\n")
        done = run_pnp("score", str(file))
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"Mudcrack Y {code} (30 cells): 4 of 30 cells played")


@pytest.mark.parametrize("board,stones,field,words", [
    ("{side: 5}", "{red: [a6], blue: []}", "stones.red[0]", "'a6' is not a cell of the side-5 triangle"),
    ("{side: 5}", "{red: [A1], blue: []}", "stones.red[0]", "did you mean 'a1'?"),
    ("{side: 5}", "{red: [a1, a1], blue: []}", "stones.red[1]", "a1 is also stones.red[0]"),
    ("{side: 5}", "{red: [a1], blue: [a1]}", "stones.blue[0]", "a1 is also one of Red's"),
    ("{mudcrack: {cells: 30, seed: 3}}", "{red: [31], blue: []}", "stones.red[0]", "1 to 30"),
    ("{mudcrack: {cells: 30, seed: 3}}", "{red: [7], blue: ['7']}", "stones.blue[0]", "7 is also one of Red's"),
    ("{mudcrack: {cells: 30, seed: 3}}", "{red: [true], blue: []}", "stones.red[0]", "expected text"),
    ("{side: 5, mudcrack: {cells: 30}}", "{red: [], blue: []}", "board.side", "is for the triangle"),
])
def test_a_bad_position_is_refused_at_its_key(tmp_path: Path, board: str, stones: str, field: str, words: str) -> None:
    file = write_spec(tmp_path, f"game: y\nboard: {board}\nstones: {stones}\n")
    done = run_pnp("score", str(file))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert any(f": {field}: " in line and words in line for line in done.stderr.splitlines()), done.stderr


@pytest.mark.parametrize("board,marks", [("{side: 5}", "{}"), ("{mudcrack: {cells: 30, seed: 3}}", "{'5': a}")])
def test_pnp_diagram_draws_the_stones_and_the_winning_chain(tmp_path: Path, board: str, marks: str) -> None:
    """Red holds every cell but two, so Red has won; the diagram shows every stone and Red's chain."""
    cells = [c["id"] for c in graph(board)["cells"]]
    red, blue = cells[:-2], cells[-2:]
    file = write_spec(tmp_path, f"game: y\nboard: {board}\nstones: {{red: {json.dumps(red)}, blue: {json.dumps(blue)}}}\n"
                                f"marks: {marks}\n")
    out = tmp_path / "d.svg"
    done = run_pnp("diagram", str(file), "-o", str(out))
    assert done.returncode == 0, done.stderr
    root = parse_svg(out)
    stones = [g for g in root.iter(f"{SVG_NS}g") if (g.get("data-piece") or "").startswith("stone-")]
    assert len(stones) == len(cells)
    assert any(g.get("data-chain") == "red" for g in root.iter(f"{SVG_NS}g"))
    assert {el.get("data-cell") for el in root.iter() if el.get("data-cell")} == set(cells)
    if "mudcrack" in board:
        numbers = {el.get("data-number") for el in root.iter(f"{SVG_NS}text") if el.get("data-number")}
        assert "5" not in numbers and "6" in numbers, "a marked cell's number gives way to its letter"
