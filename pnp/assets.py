"""Which compose function makes which asset, per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.scene import Document


def composer(game: str, asset: str) -> Callable[[Any], Document]:
    """The function that turns a spec into the named asset's Document."""
    if game == "asterisk":
        if asset == "board":
            from pnp.compose.asterisk_board import compose_board

            return compose_board
    raise KeyError(f"no composer for {game} {asset}")
