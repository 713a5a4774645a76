"""pnp/cellboard/draws.py: a game whose every full board has a winner (a rhombus split between the two pairs of
opposite sides, a triangle where both players join all three sides, on a board whose corners lie on its sides)
is told apart from the rest; the rules and card pnp writes from a definition say "no draws" for it, and what a
draw is for any other game. A referee's full boards back the claim."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.cellboard.draws import never_drawn
from pnp.cellboard.goals import Goal
from pnp.definitions.read import read_definition
from pnp.games.stones.booklet import card_text, rules_text
from pnp.positions.base import ImpossiblePosition

PLAYERS = ("red", "blue")
PAIRS = [Goal.connect(("top", "bottom"), players=("red",)), Goal.connect(("left", "right"), players=("blue",))]
ALL_THREE = Goal.connect(("left", "right", "bottom"))


@pytest.mark.parametrize("shape, goals", [
    ("rhombus", PAIRS),
    ("rhombus", PAIRS[::-1]),
    ("rhombus", [Goal.connect(("top", "bottom")), Goal.connect(("left", "right"))]),   # either pair, both players
    ("rhombus", [*PAIRS, Goal.ring()]),                                                # more ways to win: sooner
    ("rhombus", [Goal.connect(("top", "bottom", "top-left"), 2, ("red",)), PAIRS[1]]),  # any 2 of them: met
    ("triangle", [ALL_THREE]),
    ("mudcrack", [Goal.connect(("left", "right", "bottom"), 3), Goal.ring()]),
])
def test_games_whose_full_boards_always_have_a_winner(shape: str, goals: list[Goal]):
    assert never_drawn(shape, True, goals, PLAYERS)


@pytest.mark.parametrize("shape, corners, goals", [
    ("rhombus", False, PAIRS),                                                       # corners apart from sides
    ("rhombus", True, [PAIRS[0], Goal.connect(("top", "bottom"), players=("blue",))]),  # both the same pair
    ("rhombus", True, [PAIRS[0], Goal.connect(("left", "right", "top"), players=("blue",))]),  # harder than a pair
    ("rhombus", True, [PAIRS[0]]),                                                   # blue cannot win at all
    ("triangle", True, [Goal.connect(("left", "right", "bottom"), players=("red",))]),
    ("triangle", True, [Goal.connect(("top", "bottom-left", "bottom-right"))]),      # the corners, not the sides
    ("hexagon", True, [Goal.connect(("side-1", "side-4")), Goal.ring()]),            # no theorem pnp knows
])
def test_games_pnp_cannot_promise_a_winner(shape: str, corners: bool, goals: list[Goal]):
    assert not never_drawn(shape, corners, goals, PLAYERS)


def _definition(folder: Path, shape: str, goals: str, name: str = "mine") -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f"pnp-game: 1\nname: {name}\ntitle: Mine\ndesigner: A. Designer\n"
                    f"board: {{shape: {shape}, size: {{key: size, default: 6, min: 3, max: 12}}}}\n"
                    f"players: [red, blue]\npie: take-over\ngoals:\n{goals}", encoding="utf-8")
    return path


EITHER_WAY = "  - connect: [top, bottom]\n  - connect: [left, right]\n"
FORK_OR_RING = "  - connect: {any: 3, of: sides}\n  - ring: true\n"


def test_the_written_rules_and_card_say_no_draws_only_where_there_are_none(tmp_path: Path):
    sure = _definition(tmp_path, "rhombus", EITHER_WAY)
    unsure = _definition(tmp_path, "hexagon", FORK_OR_RING, "other")
    assert "There are no draws" in rules_text(str(sure)) and "is a draw" not in rules_text(str(sure))
    assert "- No draws" in card_text(read_definition(sure)) and "is a draw" not in card_text(read_definition(sure))
    assert "is a draw" in rules_text(str(unsure)) and "no draws" not in rules_text(str(unsure)).lower()
    assert "is a draw" in card_text(read_definition(unsure))


def test_every_full_board_of_a_game_said_to_have_no_draws_has_a_winner(tmp_path: Path):
    """The claim checked by the referee: on random full boards of such games, a player always meets a goal."""
    for shape, goals in (("rhombus", EITHER_WAY), ("triangle", "  - connect: {any: 3, of: sides}\n")):
        game = read_definition(_definition(tmp_path, shape, goals, f"full-{shape}"))
        assert game.never_drawn
        cells = list(game.graph(6).ids)
        for seed in range(40):
            colours = [PLAYERS[random.Random(seed * 100 + i).randrange(2)] for i in range(len(cells))]
            try:
                won = game.judge(dict(zip(cells, colours)), 6).winner in PLAYERS
            except ImpossiblePosition:   # both meet a goal: a game played to it stopped at the first of them
                won = True
            assert won, (shape, seed)


def test_a_game_with_an_alternative_board_says_no_draws_only_where_every_board_has_a_winner(tmp_path: Path):
    """Its rules are written once for all its boards: a triangle where both join all three sides has no draws, but
    the same goals on a rhombus it may be played on instead can fill with no winner."""
    alone = _definition(tmp_path, "triangle", "  - connect: {any: 3, of: sides}\n", "alone")
    text = alone.read_text(encoding="utf-8").replace("name: alone", "name: both")
    both = tmp_path / "both.yaml"
    both.write_text(text.replace("size: {key: size, default: 6, min: 3, max: 12}}",
                                 "size: {key: size, default: 6, min: 3, max: 12}, alternatives: {flat: {title: Flat, "
                                 "shape: rhombus, size: {key: size, default: 6, min: 3, max: 12}}}}"), encoding="utf-8")
    assert read_definition(alone).never_drawn and "There are no draws" in rules_text(str(alone))
    assert not read_definition(both).never_drawn
    assert "is a draw" in rules_text(str(both)) and "no draws" not in rules_text(str(both)).lower()
