"""Specs: YAML files validated whole, up front, into frozen models and planned by their game.

The names below are imported on first use (PEP 562): a module that needs only pnp.spec.problems (the CLI's every
line printed, `pnp --version`) then loads no pydantic model, YAML reader or game registry with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.spec.kit import Kit
    from pnp.spec.problems import Problem, SpecError
    from pnp.spec.read import read_kit, read_kits

_HOMES = {"Kit": "pnp.spec.kit", "Problem": "pnp.spec.problems", "SpecError": "pnp.spec.problems",
          "read_kit": "pnp.spec.read", "read_kits": "pnp.spec.read"}
__all__ = list(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
