"""A definition by its key: a shipped game's name, or the absolute path of a designer's own file.

The key is what the registry's Game, the spec and position models and the plan
carry instead of the definition itself: a short string that crosses to the
build's worker process as it is and reads back to the same definition there.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from pnp.definitions.engine import StoneGame


ON = "|"   # a key of the game on one of its alternative boards: "y|mudcrack" (no game's name or path holds it)


def is_file_key(key: str) -> bool:
    return key.startswith("/")


def on_board(key: str, name: str | None) -> str:
    """The key of the game `key` names on its alternative board `name` (None: its own board)."""
    return key if name is None else f"{key}{ON}{name}"


def base_key(key: str) -> str:
    """The key of the game itself, whichever board `key` names it on."""
    return key.split(ON)[0]


@lru_cache(maxsize=32)
def stone_game(key: str) -> StoneGame:
    """The definition a key names (on an alternative board: the game on it, model.GameDefinition.on); SpecError
    (file:line) for a file that fails its checks."""
    if ON in key:
        base, name = key.split(ON)
        game = stone_game(base)
        return replace(game, definition=game.definition.on(name))
    if is_file_key(key):
        from pnp.definitions.read import read_definition

        return read_definition(Path(key))
    from pnp.definitions.shipped import shipped

    return shipped(key)
