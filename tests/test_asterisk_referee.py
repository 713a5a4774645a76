"""The Asterisk referee on positions with known answers, and on many random boards against an independent check.

Hand-made positions (a win, two goals, one each, none, all three), the JSON of
DESIGN.md exactly, and random full boards, where exactly one player has two
goals and each pair of opposite aspects has exactly one connecting, the latter
checked against Schensted's Y-reduction (a different algorithm); partial boards
never give two winners; and the referee's speed on a full side-20 board.
"""

from __future__ import annotations

import random
import time

from hypothesis import given, settings, strategies as st

from conftest import ROOT, judged

from pnp.games.asterisk.referee import ASPECTS, GOALS, judge, topology
from pnp.games.asterisk.rules import PIECE_TYPES
from pnp.games.asterisk.score import AsteriskVerdict

HERE = ROOT / "tests" / "positions"
EXAMPLES = ROOT / "examples" / "positions"
OPPOSITE = (("dark", "light"), ("hexagon", "circle"), ("asterisk", "empty"))


# --- Asterisk: known answers ------------------------------------------------------------------------


def test_a_finished_game_light_wins():
    found = judged(EXAMPLES / "asterisk-8-light-wins.yaml")
    data = found.as_json()
    assert data["winner"] == "light-circle-empty" and not data["full"]
    assert [a for a, met in data["goals"].items() if met] == ["light", "circle"]
    assert found.caption() == "Light wins: light and circle connect all three sides"


def test_two_goals_win_and_the_json_is_designs_form():
    data = judged(HERE / "asterisk-dark-two.yaml").as_json()
    assert list(data) == ["game", "full", "goals", "paths", "winner"]
    assert list(data["goals"]) == list(ASPECTS)
    assert data["goals"] == {"dark": True, "light": False, "hexagon": False, "circle": True, "asterisk": True, "empty": False}
    assert data["paths"]["dark"] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b8", "c8", "d8"]
    assert data["paths"]["circle"] == ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]
    assert set(data["paths"]) == {"dark", "circle", "asterisk"}
    assert data["winner"] == "dark-hexagon-asterisk"


def test_one_goal_each_is_no_winner_yet():
    found = judged(HERE / "asterisk-one-each.yaml")
    assert found.as_json()["winner"] is None
    assert found.caption() == "No winner yet: dark and circle connect all three sides"


def test_an_empty_board_has_nothing():
    found = judged(HERE / "asterisk-empty.yaml")
    assert found.as_json() == {"game": "asterisk", "full": False, "goals": dict.fromkeys(ASPECTS, False),
                               "paths": {}, "winner": None}
    assert found.caption() == "No winner yet: no chain connects all three sides"


def test_all_three_goals_and_a_group_of_one_corner():
    """On side 3 the apex touches left and right; a column to the bottom makes every aspect of its pieces connect."""
    found = AsteriskVerdict(judge(3, {"a1": "dark-circle-asterisk", "a2": "dark-hexagon-empty", "a3": "dark-circle-asterisk"}))
    assert found.referee.met == ("dark",)
    three = AsteriskVerdict(judge(3, {"a1": "light-circle-asterisk", "b2": "light-circle-asterisk", "c3": "light-circle-asterisk"}))
    assert three.referee.met == ("light", "circle", "asterisk") and three.referee.winner == "light-circle-empty"
    assert three.caption() == "Light wins: light and circle connect all three sides"


# --- Asterisk: random boards ---------------------------------------------------------------------------


def y_reduction(side: int, colour: dict[str, bool]) -> bool:
    """Which of two colours wins a full board of Y, by Schensted's reduction: side n -> n - 1 by majority of each
    upward triangle of three cells, down to one cell. Independent of any search for groups."""
    rows = [[colour[topology(side).ids[r * (r + 1) // 2 + p]] for p in range(r + 1)] for r in range(side)]
    while len(rows) > 1:
        rows = [[(rows[r][p] + rows[r + 1][p] + rows[r + 1][p + 1]) >= 2 for p in range(r + 1)] for r in range(len(rows) - 1)]
    return rows[0][0]


def random_full_board(side: int, rng: random.Random) -> dict[str, str]:
    bag = [kind for kind in PIECE_TYPES for _ in range(len(topology(side).ids) // 6)]
    rng.shuffle(bag)
    return dict(zip(topology(side).ids, bag))


@settings(max_examples=300, deadline=None)
@given(side=st.sampled_from([8, 11, 12, 15, 20]), seed=st.integers(0, 2**32))
def test_a_full_board_has_exactly_one_winner(side: int, seed: int):
    pieces = random_full_board(side, random.Random(seed))
    referee = judge(side, pieces)
    assert referee.full
    assert sum(len(referee.goals_of(p)) >= 2 for p in GOALS) == 1
    for one, other in OPPOSITE:
        assert (one in referee.met) != (other in referee.met), (one, other)
        assert (one in referee.met) == y_reduction(side, {c: one in kind.split("-") for c, kind in pieces.items()})
    for aspect in referee.met:
        group = referee.chain(aspect)
        assert group and all(aspect in pieces[c].split("-") for c in group.cells)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), share=st.floats(0, 1))
def test_a_partial_board_never_has_two_winners(seed: int, share: float):
    rng = random.Random(seed)
    pieces = random_full_board(11, rng)
    kept = dict(list(pieces.items())[: int(share * len(pieces))])
    referee = judge(11, kept)
    assert sum(len(referee.goals_of(p)) >= 2 for p in GOALS) <= 1
    for one, other in OPPOSITE:
        assert not (one in referee.met and other in referee.met)


def test_scoring_a_full_side_20_board_is_fast():
    """The referee alone (no start-up): best of 20 runs on a full side-20 board, a fresh board each time."""
    rng = random.Random(20)
    boards = [random_full_board(20, rng) for _ in range(20)]
    judge(20, boards[0])  # the board's topology is built once per side
    best = min(_timed(lambda b=b: AsteriskVerdict(judge(20, b)).as_json()) for b in boards)
    assert best < 0.005, f"{best * 1000:.2f} ms"


def _timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started
