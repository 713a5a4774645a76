"""A game as people name it. Any case is the game itself (`Hex`, `HEX`); another name a game declares (its
registry entry's aliases: `star` for *Star, `mudcrack` for Y on a Mudcrack board) or a near miss gets one line
naming the right one, worded for where the name was written: a spec's or position's `game:`, `pnp init GAME`,
a text record's `--game`. The names come from the games themselves; nothing here names one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp import registry
from pnp.spec.suggest import closest


@dataclass(frozen=True)
class Where:
    """How a game is named where the name was written, and how a board of it is: `{name}` and the Alias's field
    `uses` (its `setting` or its `option`) filled in; an alias without that field is named as the game."""

    game: str
    board: str
    uses: str = "setting"


SPEC = Where("`game: {name}`", "`game: {name}` with `board: {setting}`")
INIT = Where("`pnp init {name}`", "`pnp init {name}`, then set `board: {setting}` in the spec it writes")
RECORD = Where("`--game {name}`", "`--game {name} {option}`", uses="option")


def meant(written: str, among: Sequence[str]) -> tuple[str, registry.Alias | None] | None:
    """The game of `among` that `written` (not one of them) stands for: an alias of one (any case), else the
    name or alias most like it; with the alias it went by (None: the game's own name), or None."""
    aliases = {alias.name.lower(): (game, alias) for game in among for alias in registry.game(game).aliases}
    said = written.lower()
    if said in aliases:
        return aliases[said]
    guess = closest(said, [*among, *aliases])
    if guess is None:
        return None
    return aliases.get(guess, (guess, None))


def hint(written: object, among: Sequence[str], where: Where) -> str | None:
    """One clause naming what `written` stands for ("did you mean `game: starstar`?", "Mudcrack Y is `game: y`
    with `board: {mudcrack: ...}`"), or None where nothing is close."""
    found = meant(written, among) if isinstance(written, str) else None
    if found is None:
        return None
    game, alias = found
    if alias is None or not alias.called:
        return f"did you mean {where.game.format(name=game)}?"
    form = where.board if getattr(alias, where.uses) else where.game
    return f"{alias.called} is {form.format(name=game, setting=alias.setting, option=alias.option)}"


def unknown(written: object, among: Sequence[str], where: Where) -> str:
    """What follows the words "not a game": the one meant, else every game of `among`."""
    return hint(written, among, where) or f"use one of: {', '.join(among)}"
