"""The Hex referee as a user meets it: `pnp score` against a brute-force search, position errors, `pnp diagram`."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, svg_elements_with
from test_positions_cli import _inside, _polygon, _refused, refused_everywhere

from pnp import registry
from pnp.boards.lattice.ids import letters
from pnp.positions.caption import caption_problem

STEPS = ((-1, 0), (1, 0), (0, -1), (1, -1), (-1, 1), (0, 1))   # shared/GAMES.md's neighbours of (column, row)
GAME = registry.game("hex")


def cid(column: int, row: int) -> str:
    return f"{letters(column)}{row}"


def random_full_board(n: int, rng: random.Random) -> dict[str, str]:
    """Every cell taken: Red (first) holds one more stone than Blue on an odd board, as many on an even one."""
    cells = [cid(c, r) for r in range(1, n + 1) for c in range(1, n + 1)]
    rng.shuffle(cells)
    red = (len(cells) + 1) // 2
    return {cell: "red" if i < red else "blue" for i, cell in enumerate(cells)}


def connects(owner: dict[str, str], n: int, player: str) -> bool:
    """Brute force from the rules alone: a flood from the player's first side over their stones reaches the other."""
    start = [(c, 1) for c in range(1, n + 1)] if player == "red" else [(1, r) for r in range(1, n + 1)]
    frontier = deque(p for p in start if owner.get(cid(*p)) == player)
    seen = set(frontier)
    while frontier:
        c, r = frontier.popleft()
        if (r if player == "red" else c) == n:
            return True
        for dc, dr in STEPS:
            near = (c + dc, r + dr)
            if near not in seen and 1 <= near[0] <= n and 1 <= near[1] <= n and owner.get(cid(*near)) == player:
                seen.add(near)
                frontier.append(near)
    return False


def judged(owner: dict[str, str], n: int) -> dict:
    stones = {p: [c for c, o in owner.items() if o == p] for p in ("red", "blue")}
    model = GAME.position_model().model_validate({"game": "hex", "board": {"size": n}, "stones": stones})
    assert model.problems() == []
    return GAME.judge(model).as_json()


def assert_a_winning_chain(record: dict, owner: dict[str, str], n: int) -> None:
    """The path: the winner's stones only, in board order, joined, touching both of the winner's sides."""
    path, player = record["path"], record["winner"]
    assert path and all(owner[c] == player for c in path)
    order = {cid(c, r): (r, c) for r in range(1, n + 1) for c in range(1, n + 1)}
    assert path == sorted(path, key=order.__getitem__)
    assert connects({c: player for c in path}, n, player), "the path itself joins the two sides"


def test_thousands_of_random_full_boards_have_exactly_one_winner_the_brute_force_one():
    rng = random.Random(25)
    for trial in range(3000):
        n = rng.randint(1, 19) if trial % 3 else rng.randint(2, 6)
        n = max(n, 2)
        owner = random_full_board(n, rng)
        red, blue = connects(owner, n, "red"), connects(owner, n, "blue")
        assert red != blue, "the Hex theorem: a full board holds exactly one winning chain"
        record = judged(owner, n)
        assert record["full"] is True and record["winner"] == ("red" if red else "blue"), (n, owner)
        assert_a_winning_chain(record, owner, n)


def write_position(folder: Path, name: str, n: int, owner: dict[str, str], more: str = "") -> Path:
    red = ", ".join(c for c, o in owner.items() if o == "red")
    blue = ", ".join(c for c, o in owner.items() if o == "blue")
    path = folder / f"{name}.yaml"
    path.write_text(f"game: hex\nboard: {{size: {n}}}\nstones:\n  red: [{red}]\n  blue: [{blue}]\n{more}", encoding="utf-8")
    return path


def test_pnp_score_json_agrees_with_the_brute_force_search(tmp_path: Path):
    rng = random.Random(11)
    for trial in range(150):
        n = rng.choice([2, 3, 5, 8, 11, 13, 19]) if trial % 2 else rng.randint(2, 19)
        owner = random_full_board(n, rng)
        done = run_pnp("score", str(write_position(tmp_path, f"p{trial}", n, owner)), "--json")
        assert done.returncode == 0, done.stderr
        record = json.loads(done.stdout)
        assert list(record) == ["game", "full", "winner", "path"] and record["game"] == "hex"
        assert record["winner"] == ("red" if connects(owner, n, "red") else "blue")
        assert_a_winning_chain(record, owner, n)


def test_partial_boards_name_a_winner_only_once_a_chain_joins_the_sides():
    rng = random.Random(3)
    for _ in range(500):
        n = rng.randint(2, 11)
        owner = random_full_board(n, rng)
        kept = dict(rng.sample(sorted(owner.items()), rng.randint(0, n * n - 1)))
        record = judged(kept, n)
        expected = [p for p in ("red", "blue") if connects(kept, n, p)]
        assert record["full"] is False and record["winner"] == (expected[0] if expected else None)
        assert bool(record["path"]) == bool(expected)


def test_the_report_and_the_caption(tmp_path: Path):
    owner = {"c1": "red", "c2": "red", "b3": "red", "b4": "red", "a5": "red", "a1": "blue", "d2": "blue", "d4": "blue"}
    path = write_position(tmp_path, "won", 5, owner)
    done = run_pnp("score", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Hex, 5 × 5: 8 of 25 cells played",
        "  Red   1 group; one joins top and bottom",
        "  Blue  3 groups; the best touches left",
        "winner: Red",
        "winning chain (5 cells): c1 c2 b3 b4 a5",
    ]
    model = GAME.position_model().model_validate({"game": "hex", "board": {"size": 5},
                                                  "stones": {"red": ["c3"], "blue": ["a1", "b1"]}})
    verdict = GAME.judge(model)
    assert verdict.caption() == "No winner yet: 3 of 25 cells played"
    for stated in (verdict.caption(), "Red 1 stone, Blue 2 stones", "No winner yet"):
        assert caption_problem(stated, verdict.standing(), verdict.caption()) is None, stated
    assert caption_problem("Red wins", verdict.standing(), verdict.caption()), "a win the referee does not find"


def test_a_stated_caption_is_checked_against_the_referee(tmp_path: Path):
    path = write_position(tmp_path, "claim", 3, {"a1": "red", "a2": "red", "a3": "red"}, "caption: Blue wins\n")
    lines = _refused(run_pnp("score", str(path), cwd=tmp_path), path, tmp_path, [path])
    assert lines[0].startswith(f"{path}:6: caption: ") and "Red wins" in lines[0]


H11 = "game: hex\nboard: {size: 11}\n"
BAD = [
    ("size-41", "game: hex\nboard: {size: 41}\n", 2, "board.size", "at most 40"),
    ("past-the-edge", H11 + "stones:\n  red: [f6, l1]\n", 4, "stones.red[1]",
     "'l1' is not a cell of the 11 × 11 board; did you mean 'k1'? (a cell is a column letter (a on the left) and a "
     "row number (1 at the top), columns leaning down to the right; a to k, 1 to 11, e.g. f6)"),
    ("row-0", H11 + "stones:\n  blue: [f0]\n", 4, "stones.blue[0]", "did you mean 'f1'?"),
    ("capitals", H11 + "stones:\n  red: [F6]\n", 4, "stones.red[0]", "did you mean 'f6'? ids are lower case"),
    ("twice", H11 + "stones:\n  red: [f6, e5, f6]\n", 4, "stones.red[2]", "f6 is also stones.red[0]; give each once"),
    ("both", H11 + "stones:\n  red: [f6]\n  blue: [e5, f6]\n", 5, "stones.blue[1]", "f6 is also one of Red's; a cell holds one stone"),
    ("number", H11 + "stones:\n  red: [6]\n", 4, "stones.red[0]", "expected text, got 6"),
    ("green", H11 + "stones:\n  green: [f6]\n", 4, "stones.green", "unknown key"),
    ("highlight", H11 + "highlight: [z9]\n", 3, "highlight[0]", "did you mean 'k9'?"),
    ("mark", H11 + "marks: {m2: a}\n", 3, "marks.m2", "did you mean 'k2'?"),
]


@pytest.mark.parametrize("name, text, line, field, must", BAD, ids=[b[0] for b in BAD])
def test_bad_hex_positions_are_refused(name: str, text: str, line: int, field: str, must: str, tmp_path: Path):
    refused_everywhere(text, line, field, must, tmp_path)


def test_the_diagram_puts_every_stone_in_its_cell_and_draws_the_winning_chain(tmp_path: Path):
    owner = {"c1": "red", "c2": "red", "b3": "red", "b4": "red", "a5": "red", "a1": "blue", "d2": "blue"}
    path = write_position(tmp_path, "won", 5, owner, "marks: {e5: a}\nhighlight: [e1]\n")
    out = tmp_path / "d.svg"
    done = run_pnp("diagram", str(path), "--out", str(out))
    assert done.returncode == 0, done.stderr
    root = parse_svg(out)
    cells = {el.get("data-cell"): _polygon(el) for el in svg_elements_with(root, "data-cell")}
    assert len(cells) == 25
    stones = [g for g in root.iter(f"{SVG_NS}g") if (g.get("data-piece") or "").startswith("stone-")]
    assert len(stones) == len(owner)
    for group in stones:
        disc = next(group.iter(f"{SVG_NS}circle"))
        centre = (float(disc.get("cx")), float(disc.get("cy")))
        (inside,) = [c for c, poly in cells.items() if _inside(centre, poly)]
        assert group.get("data-piece") == f"stone-{owner[inside]}"
    (chain,) = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-chain")]
    assert chain.get("data-chain") == "red"
    texts = "".join(el.text or "" for el in root.iter(f"{SVG_NS}text"))
    assert "Red wins: a chain of 5 joins top and bottom" in texts and "Red's winning chain" in texts
    plain = write_position(tmp_path, "plain", 5, owner, "chain: false\n")
    run_pnp("diagram", str(plain), "--out", str(tmp_path / "plain.svg"))
    assert not [g for g in parse_svg(tmp_path / "plain.svg").iter(f"{SVG_NS}g") if g.get("data-chain")]
