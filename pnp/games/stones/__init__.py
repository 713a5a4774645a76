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

from pnp.registry import Asset, Game


@lru_cache(maxsize=32)
def defined_game(key: str) -> Game:
    """The registry's Game of a definition; SpecError (file:line) for a designer's file that fails its checks."""
    from pnp.games.stones import assets, booklet, graph, split
    from pnp.games.stones.game import stone_game
    from pnp.games.stones.plan import plan_kit
    from pnp.games.stones.position import position_model
    from pnp.games.stones.spec import ASSETS, spec_model
    from pnp.games.stones.diagram import diagram
    from pnp.games.stones.score import score, text_form

    game = stone_game(key)
    drawn = {asset: Asset(getattr(assets, f"compose_{asset}"), asset) for asset in ASSETS}
    return Game(game.name, spec_model(key), plan_kit, drawn, graph.board_graph, partial(position_model, key),
                score, diagram, booklet.context, split.split_kit, templates=partial(booklet.template, key),
                designer=game.definition.designer, title=game.definition.title, summary=summary(key),
                text_form=partial(text_form, key))


def summary(key: str) -> str:
    """`pnp init`'s line: the title, the designer, how to win, what the kit holds."""
    from pnp.games.stones.assets import goals_line
    from pnp.games.stones.draw import Extras
    from pnp.games.stones.game import stone_game

    definition = stone_game(key).definition
    return f"{definition.title} ({definition.designer}): {goals_line(Extras(key, True))}. Board, stones, pencil pad"
