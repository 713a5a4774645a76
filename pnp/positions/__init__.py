"""Positions: one game position per YAML file, read like a spec, scored by the game's referee, drawn as a diagram.

The names below are imported on first use (PEP 562): a game's style that takes pnp.positions.page (a diagram's
look) loads no position reader with it, so a build reads no more than it draws.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.positions.read import Position, read_position

_HOMES = {"Position": "pnp.positions.read", "read_position": "pnp.positions.read"}
__all__ = list(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
