"""The *Star referee on positions with known answers, on random full boards, and as `pnp score`/`pnp diagram` give it.

Hand-made positions: a finished beginner game, a spark enclosed by a star, a
star joined only through the bridge, the quark point deciding a game, an
undecided mid-game region. Random full boards of every size: the two standard
scores add up to 5R + 1, nothing is undecided, the alternative scores are each
other's negatives and name the same winner with the same margin; every spark
sits in a region bordered by one opposing star only. The diagram's stones lie
inside the cells the position names. Scoring a full tournament board is timed.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conftest import ROOT, SVG_NS, judged, parse_svg, run_pnp, svg_elements_with
from test_positions_cli import _inside, _polygon, _refused, refused_everywhere

from pnp.games.starstar.referee import PLAYERS, cells_of, components, judge
from pnp.games.starstar.rules import LARGEST_RINGS, SMALLEST_RINGS, score_total

HERE = ROOT / "tests" / "positions"
EXAMPLE = ROOT / "examples" / "positions" / "starstar-4-red-wins.yaml"


# --- known answers ------------------------------------------------------------------------------------


def test_a_finished_beginner_game_red_wins_by_one():
    found = judged(EXAMPLE)
    data = found.as_json()
    assert data == {"game": "starstar", "full": True, "undecided": [], "winner": "red", "players": {
        "red": {"stars": 2, "peries": 12, "quarks": 3, "quark_point": 1, "reward": -2, "score": 11, "alternative": 1},
        "blue": {"stars": 1, "peries": 8, "quarks": 2, "quark_point": 0, "reward": 2, "score": 10, "alternative": -1}}}
    assert found.caption() == "Red 11, Blue 10: Red wins"


def test_a_spark_inside_a_star_belongs_to_the_star_and_open_ground_is_undecided():
    j = judged(HERE / "starstar-spark-enclosed.yaml").judgement
    assert [sorted(s) for s in j.stars["red"]] == [["*32", "S20", "S21", "S32"]]
    assert [sorted(s) for s in j.stars["blue"]] == [["A30", "A31"]]
    assert {p: j.owner_of_peri[p] for p in ("S30", "S31", "*32", "S32")} == dict.fromkeys(("S30", "S31", "*32", "S32"), "red")
    assert j.undecided == ("*30", "*31", "A32", "R30", "R31", "R32", "T30", "T31", "T32")
    assert j.winner is None and not j.full
    assert judged(HERE / "starstar-spark-enclosed.yaml").caption() == "Red 4, Blue 2 so far; 9 peries undecided"


def test_ring_one_cells_join_through_the_bridge():
    j = judged(HERE / "starstar-bridge.yaml").judgement
    assert [sorted(s) for s in j.stars["red"]] == [["A10", "A20", "A30", "S10", "S20", "S30"]]
    assert "A10" not in [n for n in cells_of(3).near["S10"] if n in ("S20", "*21", "*10", "T10", "S21")]
    # Without the bridge link the same stones are two sparks: the star needs it.
    board_only = {c: tuple(n for n in near if not (c[1] == n[1] == "1")) for c, near in cells_of(3).near.items()}
    assert len(components(["S30", "S20", "S10", "A10", "A20", "A30"], board_only)) == 2


def test_the_quark_point_decides_a_close_game():
    verdict = judged(HERE / "starstar-quark-point.yaml")
    red, blue = (verdict.judgement.players[p] for p in PLAYERS)
    assert (red.peries, red.quarks, red.quark_point, red.score) == (5, 3, 1, 6)
    assert (blue.peries, blue.quarks, blue.quark_point, blue.score) == (5, 2, 0, 5)
    assert verdict.judgement.winner == "red" and red.score + blue.score == score_total(2) == 11


def test_equal_scores_on_an_odd_board_are_a_draw():
    # 3 rings, total 16. Red: the S and * sectors' edge cells; Blue: the rest of the perimeter and all inside.
    found = None
    for seed in range(200):
        j = judge(3, _full_board(3, seed))
        if j.drawn:
            found = j
            break
    assert found is not None and found.winner is None and found.players["red"].score == found.players["blue"].score == 8
    from pnp.games.starstar.score import StarVerdict
    assert StarVerdict(found).caption() == "Red 8, Blue 8: a draw"
    assert StarVerdict(found).report()[-1] == "winner: none, a draw"


def test_the_reward_is_two_points_per_star_of_difference():
    # Red: two separate stars on opposite edges; Blue: one. Nothing else on a 3-ring board.
    j = judge(3, {**dict.fromkeys(("S30", "S31", "A30", "A31"), "red"), "T31": "blue", "T32": "blue"})
    assert (len(j.stars["red"]), len(j.stars["blue"])) == (2, 1)
    assert (j.players["red"].reward, j.players["blue"].reward) == (-2, 2)


# --- random full boards -------------------------------------------------------------------------------


def _full_board(rings: int, seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    return {c: rng.choice(PLAYERS) for c in cells_of(rings).ids}


@settings(max_examples=150, deadline=None)
@given(rings=st.integers(SMALLEST_RINGS, LARGEST_RINGS), seed=st.integers(0, 2**32))
def test_full_boards_sum_to_5r_plus_1_and_the_alternative_agrees(rings: int, seed: int):
    stones = _full_board(rings, seed)
    j = judge(rings, stones)
    red, blue = (j.players[p] for p in PLAYERS)
    assert j.full and j.undecided == ()
    assert red.score + blue.score == 5 * rings + 1 == j.total
    assert set(j.owner_of_peri) == cells_of(rings).peries
    assert red.quark_point + blue.quark_point == 1, "five quarks: exactly one player has three or more"
    alternative = {p: j.players[p].peries + j.players[p].quark_point for p in PLAYERS}
    alt_red = alternative["red"] - alternative["blue"] + 4 * (blue.stars - red.stars)
    assert alt_red == red.score - blue.score, "GAMES.md's alternative score is the standard margin"
    assert j.winner == ("red" if alt_red > 0 else "blue" if alt_red < 0 else None)
    assert j.drawn == (alt_red == 0) and (rings % 2 == 1 or not j.drawn), "an even total only on odd rings"


@settings(max_examples=60, deadline=None)
@given(rings=st.integers(SMALLEST_RINGS, LARGEST_RINGS), seed=st.integers(0, 2**32))
def test_on_full_boards_every_spark_is_inside_one_opposing_star(rings: int, seed: int):
    stones = _full_board(rings, seed)
    facts, j = cells_of(rings), judge(rings, stones)
    for player in PLAYERS:
        same = {c: tuple(n for n in facts.near[c] if stones[n] == player) for c in facts.ids if stones[c] == player}
        for group in components(same, same):
            peries = [c for c in group if c in facts.peries]
            if len(peries) == 1:
                (peri,) = peries
                assert j.owner_of_peri[peri] != player, (player, group)


@settings(max_examples=60, deadline=None)
@given(rings=st.integers(SMALLEST_RINGS, LARGEST_RINGS), seed=st.integers(0, 2**32), share=st.floats(0, 1))
def test_partial_boards_never_name_a_winner_while_peries_are_undecided(rings: int, seed: int, share: float):
    rng = random.Random(seed)
    stones = {c: p for c, p in _full_board(rings, seed).items() if rng.random() < share}
    j = judge(rings, stones)
    decided = len(j.owner_of_peri) + len(j.undecided)
    assert decided == len(cells_of(rings).peries)
    if j.undecided:
        assert j.winner is None
    else:
        assert sum(j.players[p].score for p in PLAYERS) == 5 * rings + 1


def test_scoring_a_full_tournament_board_is_quick():
    boards = [_full_board(10, seed) for seed in range(40)]
    judge(10, boards[0])
    start = time.perf_counter()
    for stones in boards:
        judge(10, stones)
    per_board = (time.perf_counter() - start) / len(boards)
    assert per_board < 0.020, f"{per_board * 1000:.1f} ms per board; the issue asks under 20 ms"


# --- the CLI ------------------------------------------------------------------------------------------


def test_pnp_score_reports_and_prints_designs_json():
    report = run_pnp("score", str(EXAMPLE))
    assert report.returncode == 0, report.stderr
    assert "Red   stars 2, peries 12, quarks 3 (point 1), reward -2: score 11" in report.stdout
    assert report.stdout.rstrip().endswith("winner: Red")
    data = json.loads(run_pnp("score", str(EXAMPLE), "--json").stdout)
    assert list(data) == ["game", "full", "undecided", "players", "winner"]
    assert list(data["players"]["red"]) == ["stars", "peries", "quarks", "quark_point", "reward", "score", "alternative"]
    mid = run_pnp("score", str(HERE / "starstar-spark-enclosed.yaml")).stdout
    assert "undecided peries: *30 *31 A32" in mid and "winner: none yet" in mid


R4 = "game: starstar\nboard: {rings: 4}\n"
BAD = [
    ("rings-11", "game: starstar\nboard: {rings: 11}\n", 2, "board.rings", "at most 10"),
    ("no-such-cell", R4 + "stones:\n  red: [S40, S50]\n", 4, "stones.red[1]", "'S50' is not a cell of the 4-ring board"),
    ("number-not-id", R4 + "stones:\n  red: [S40]\n  blue: [T10, 10]\n", 5, "stones.blue[1]", "expected text, got 10"),
    ("cell-twice", R4 + "stones:\n  red: [S40, S41, S40]\n", 4, "stones.red[2]", "stones.red[0]"),
    ("cell-both", R4 + "stones:\n  red: [S40]\n  blue: [S40]\n", 5, "stones.blue[0]", "also one of Red's"),
    ("green-player", R4 + "stones:\n  green: [S40]\n", 4, "stones.green", "unknown key"),
    ("mark-off-board", R4 + "marks: {Z40: a}\n", 3, "marks.Z40", "not a cell"),
]


@pytest.mark.parametrize("name, text, line, field, must", BAD, ids=[b[0] for b in BAD])
def test_bad_star_positions_are_refused(name: str, text: str, line: int, field: str, must: str, tmp_path: Path):
    refused_everywhere(text, line, field, must, tmp_path)


def test_an_unquoted_star_id_is_explained(tmp_path: Path):
    path = tmp_path / "position.yaml"
    path.write_text(R4 + "stones:\n  red: [*10, S40]\n", encoding="utf-8")
    (line,) = _refused(run_pnp("score", str(path), cwd=tmp_path), path, tmp_path, [path])
    assert line.startswith(f"{path}:4: ") and 'needs quotes, e.g. "*10"' in line


def test_the_diagram_puts_every_stone_in_its_cell_and_outlines_each_star(tmp_path: Path):
    import yaml

    done = run_pnp("diagram", str(EXAMPLE), "--out", "d.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    root = parse_svg(tmp_path / "d.svg")
    cells = {el.get("data-cell"): _polygon(el) for el in svg_elements_with(root, "data-cell")
             if el.tag == f"{SVG_NS}polygon"}
    assert len(cells) == len(cells_of(4).ids) == 50
    given = yaml.safe_load(EXAMPLE.read_text())["stones"]
    stones = [(g.get("data-piece").removeprefix("stone-"), (float(g[0].get("cx")), float(g[0].get("cy"))))
              for g in svg_elements_with(root, "data-piece")]
    assert len(stones) == 50
    for player, centre in stones:
        (cell,) = [c for c, polygon in cells.items() if _inside(centre, polygon)]
        assert cell in given[player], (cell, player)
    stars = sorted(len(g.get("data-cells").split()) for g in root.iter() if g.get("class") == "star")
    assert stars == sorted(len(s) for p in PLAYERS for s in judge(4, {c: p for p in PLAYERS for c in given[p]}).stars[p])
    owned = {el.get("data-peri") for el in root.iter() if el.get("class") == "owned"}
    assert owned == set(cells_of(4).peries)
    caption = [t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "caption"]
    assert caption == ["Red 11, Blue 10: Red wins"]
