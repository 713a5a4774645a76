"""Every stone connection game written as data (a definition, pnp/definitions/): one Python game for all of them.

Nothing here names a game. `defined_game(key)` makes the registry's Game of the
definition a key names (a shipped game's name, or the absolute path of a
designer's file: game.py), its hooks bound to the key as picklable partials.
The board layer (pnp/boards/) draws the pages, stones and pad; the engine
(pnp/cellboard/) referees.

- game.py: a definition by its key; spec.py: the spec model of each definition;
  style.py: colours from the players' names; words.py: players, groups and
  goals in words (templates/texts/stones.yaml);
- plan.py: board page, stones and pad planned; look.py: bands, corners,
  coordinates read from the ids, the room they take; draw.py: the board drawn;
  assets.py: board, stones and pad pages;
- position.py, verdict.py, diagram.py: positions, `pnp score`, `pnp diagram`;
- booklet.py and examples.py: rules and card written from the definition, with
  won games the engine finds and the referee checks; graph.py, split.py.
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from pnp.registry import Alias, Asset, Game


HERE = __name__


@lru_cache(maxsize=32)
def defined_game(key: str) -> Game:
    """The registry's Game of a definition; SpecError (file:line) for a designer's file that fails its checks. Its
    hooks are named as "module:function" where they need no key, so scoring a position loads no drawing code."""
    from pnp.games.stones.game import stone_game
    from pnp.games.stones.position import position_model
    from pnp.games.stones.score import text_form
    from pnp.games.stones.spec import ASSETS, spec_model
    from pnp.games.stones.words import goals_line

    game = stone_game(key)
    definition = game.definition
    drawn = {asset: Asset(f"{HERE}.assets:compose_{asset}", asset) for asset in ASSETS}
    return Game(game.name, spec_model(key), f"{HERE}.plan:plan_kit", drawn, f"{HERE}.graph:board_graph",
                partial(position_model, key), f"{HERE}.score:score", f"{HERE}.diagram:diagram",
                f"{HERE}.booklet:context", f"{HERE}.split:split_kit", templates=partial(template, key),
                designer=definition.designer, title=definition.title,
                summary=f"{definition.title} ({definition.designer}): {definition.look.summary or goals_line(game)}. "
                        "Board, stones, pencil pad",
                text_form=partial(text_form, key), aliases=board_aliases(definition),
                notes=tuple(("game", f"{Path(key).name}: {field}: {warning}") for field, warning in game.notes))


def board_aliases(definition: Any) -> tuple[Alias, ...]:
    """The names people give the game on each alternative board: its key, and its title as one word with and
    without hyphens ("mudcrack", "mudcrack-y", "mudcracky"); each answered with the board's setting (and, where it
    is grown from a seed, the records' --code option)."""
    from pnp.cellboard.kinds import seeded

    found: list[Alias] = []
    for name, other in definition.board.alternatives.items():
        words = other.title.lower().split()
        setting = f"{{{name}: {{{other.size.key}: N" + (", seed: S}}" if seeded(other.shape) else "}}")
        for said in dict.fromkeys((name, "-".join(words), "".join(words))):
            if said != definition.name:
                found.append(Alias(said, called=other.title, setting=setting,
                                   option="--code CODE" if seeded(other.shape) else ""))
    return tuple(found)


def template(key: str, which: str):  # -> Path | Written
    """The definition's rules or card template (booklet.py), imported only when a booklet is made."""
    from pnp.games.stones.booklet import template as written

    return written(key, which)


def forget() -> None:
    """Forget every definition read and what was made of it (the registry's Game, the won games a booklet shows),
    so that a designer's saved file is read again, as a new `pnp build` would read it (`pnp watch`)."""
    from pnp.games.stones.examples import examples
    from pnp.games.stones.game import stone_game

    for cached in (defined_game, stone_game, examples):
        cached.cache_clear()
