"""The games pnp ships as definitions: one YAML file each in games/ beside this module, found by listing it.

Adding a shipped definition is adding its file: no table names them. A shipped
definition's `rules` and `card` name pnp's own templates (templates/rules/,
templates/cards/), where every shipped game's are.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.resources import packaged, templates

if TYPE_CHECKING:   # listing the names (every spec read asks whether its game is one) reads no definition
    from pnp.definitions.engine import StoneGame

FOLDER = ("definitions", "games")
SUFFIX = ".yaml"


def games_folder() -> Path:
    return packaged(*FOLDER)


def shipped_names() -> tuple[str, ...]:
    """The shipped definitions' names, sorted."""
    return tuple(sorted(path.stem for path in games_folder().glob(f"*{SUFFIX}")))


@lru_cache(maxsize=16)
def shipped(name: str) -> StoneGame:
    """A shipped game by name; ValueError naming those there are. A shipped file that fails its checks is pnp's
    own fault, raised as the SpecError that says where."""
    if name not in shipped_names():
        raise ValueError(f"{name!r} is not a game pnp ships as a definition; use one of: {', '.join(shipped_names())}")
    from pnp.definitions.read import read_definition

    game = read_definition(games_folder() / f"{name}{SUFFIX}", {"rules": templates("rules"), "card": templates("cards")})
    if game.name != name:
        raise ValueError(f"{name}{SUFFIX} defines a game named {game.name!r}; a shipped file is named for its game")
    return game
