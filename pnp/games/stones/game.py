"""A definition by its key: a shipped game's name, or the absolute path of a designer's own file.

The key is what the registry's Game, the spec and position models and the plan
carry instead of the definition itself: a short string that crosses to the
build's worker process as it is and reads back to the same definition there.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.definitions.engine import StoneGame


def is_file_key(key: str) -> bool:
    return key.startswith("/")


@lru_cache(maxsize=32)
def stone_game(key: str) -> StoneGame:
    """The definition a key names; SpecError (file:line) for a file that fails its checks."""
    if is_file_key(key):
        from pnp.definitions.read import read_definition

        return read_definition(Path(key))
    from pnp.definitions.shipped import shipped

    return shipped(key)


def not_drawn(game: StoneGame) -> str | None:
    """Why the game's board cannot be drawn yet, or None: the kit and diagrams draw lattice shapes only, and a
    mudcrack board (which the engine referees) is not one."""
    from pnp.cellboard.kinds import seeded

    if not seeded(game.definition.board.shape):
        return None
    return (f"{game.definition.title} is played on a {game.definition.board.shape} board, which a game definition's "
            "kit, graph and diagrams do not draw yet; `pnp score` referees its positions and records")
