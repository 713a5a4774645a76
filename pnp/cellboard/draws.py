"""Whether a full board always has a winner, by one of the two theorems about boards whose cells meet three at a
corner (every hex lattice board, every mudcrack board), with each corner cell on the sides it joins:

- a rhombus: once full, it holds a group joining its top and bottom sides or one joining its left and right, never
  both; so where one player wins by the first and the other by the second, nobody can fill it without winning;
- a triangle: once full, it holds exactly one group touching all three sides; so where both players win by one.

Any other goal a player has as well only ends a game sooner. For any other game pnp cannot tell, and the rules
say what a full board with no winner is (a draw). The rules booklet and card ask here which to say.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.cellboard.goals import CONNECT, Goal
from pnp.cellboard.kinds import KINDS

JOINED = {"rhombus": (("top", "bottom"), ("left", "right"))}   # each player needs one of these pairs
TOUCHED = ("triangle", "mudcrack")   # each player needs all of the shape's sides


def never_drawn(shape: str, corners_on_sides: bool, goals: Sequence[Goal], players: Sequence[str]) -> bool:
    """Whether every full board of this game has a winner, by the theorems above."""
    if not corners_on_sides:
        return False
    if shape in JOINED:
        one, other = JOINED[shape]
        first, second = players
        return any(_wins_by(goals, a, one) and _wins_by(goals, b, other) for a, b in ((first, second), (second, first)))
    if shape in TOUCHED:
        return all(_wins_by(goals, player, KINDS[shape].sides) for player in players)
    return False


def _wins_by(goals: Sequence[Goal], player: str, groups: tuple[str, ...]) -> bool:
    """Whether a group of `player`'s stones touching every one of `groups` meets a goal of theirs."""
    return any(goal.kind == CONNECT and goal.of(player) and len(set(goal.groups) & set(groups)) >= goal.least
               for goal in goals)
