"""Which compose function makes which asset, per game.

Entries name a module and function so only the composers a build uses are imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pnp.scene import Document

COMPOSERS: dict[tuple[str, str], str] = {
    ("asterisk", "board"): "pnp.compose.asterisk_board:compose_board",
    ("asterisk", "pieces"): "pnp.compose.asterisk_pieces:compose_pieces",
    ("asterisk", "markers"): "pnp.compose.asterisk_markers:compose_markers",
    ("asterisk", "solitaire"): "pnp.compose.asterisk_solitaire:compose_solitaire",
}


def composer(game: str, asset: str) -> Callable[[Any], Document]:
    """The function that turns a spec into the named asset's Document."""
    module, function = COMPOSERS[(game, asset)].split(":")
    return getattr(importlib.import_module(module), function)
