"""A definition in words: its players, its board's groups, its goals (templates/texts/stones.yaml).

    player_name("white")           "White"
    goal_words(goal, kind)         "one group touching any 3 of the 6 sides"
    goal_title(goal, kind)         "a fork" where the goal has a name, else its words
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pnp.cellboard.goals import RING, Goal
from pnp.cellboard.shapes import CORNERS, SIDES, ShapeKind
from pnp.texts import say

if TYPE_CHECKING:
    from pnp.definitions.engine import StoneGame

TEXTS = "stones"
NUMBERED = re.compile(r"(side|corner)-([0-9]+)")


def _say(path: str, **fields: object) -> str:
    return say(TEXTS, path, **fields)


def player_name(player: str) -> str:
    """A player id as players say it: white -> White, dark-green -> Dark green."""
    return player.replace("-", " ").capitalize()


def listed(words: Sequence[str], joined: str = "and") -> str:
    """"a", "a and b", "a, b and c" ("" for none)."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {_say(f'goal.{joined}')} {words[-1]}"


def group_words(name: str, kind: ShapeKind) -> str:
    """One named group: "the top side", "side 2", "the top-left corner", "corner 3"."""
    numbered = NUMBERED.fullmatch(name)
    if numbered:
        return _say(f"goal.numbered_{numbered[1]}", number=numbered[2])
    return _say("goal.corner" if name in kind.corner_names else "goal.side", name=name)


def groups_words(groups: Sequence[str], kind: ShapeKind) -> str:
    """A goal's groups: a whole set as "the 6 sides", else each one."""
    for name, members in ((SIDES, kind.sides), (CORNERS, kind.corner_names)):
        if tuple(groups) == tuple(members):
            return _say("goal.the_set", count=len(members), set=name)
    return listed([group_words(g, kind) for g in groups])


def goal_words(goal: Goal, kind: ShapeKind) -> str:
    """What meets a goal, in a few words."""
    if goal.kind == RING:
        return _say("goal.short.ring")
    if goal.least == len(goal.groups):
        return _say("goal.short.all", groups=groups_words(goal.groups, kind))
    return _say("goal.short.any", count=goal.least, groups=groups_words(goal.groups, kind))


def goal_title(goal: Goal, kind: ShapeKind) -> str:
    """The goal as a result names it: "a fork" where the definition names it, else its words."""
    if goal.name:
        return f"{'an' if goal.name[0] in 'aeiou' else 'a'} {goal.name}"
    return goal_words(goal, kind)


def goals_line(game: "StoneGame") -> str:
    """"a ring, a bridge or a fork wins"; a player's own goal names the player."""
    kind = game.definition.board.kind
    said = []
    for goal in game.goals:
        words = goal_title(goal, kind)
        said.append(words if not goal.players else f"{listed([player_name(p) for p in goal.players])}: {words}")
    return listed(said, "or") + " wins"
