"""Stand-in modules for imports that cost start-up time and do nothing for pnp.

A stand-in answers the few names pnp's dependencies ask of it; anything else
is looked up in the real module, imported at that moment. Used for svgwrite's
validator grammar and pydantic's plugin discovery, which together take about
a fifth of a small build's wall time and never do anything in pnp.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any


def real_module(name: str) -> types.ModuleType:
    """Import the real module behind a stand-in, leaving the stand-in installed."""
    stand_in = sys.modules.pop(name, None)
    try:
        return importlib.import_module(name)
    finally:
        if stand_in is not None:
            sys.modules[name] = stand_in


def install(name: str, doc: str, **names: Any) -> None:
    """Put a module named `name` in sys.modules with `names`, unless the real one is loaded."""
    if name in sys.modules:
        return
    module = types.ModuleType(name, doc)
    for key, value in names.items():
        setattr(module, key, value)
    def forward(attr: str) -> Any:
        if attr.startswith("__"):  # the import system probes __path__ and friends
            raise AttributeError(attr)
        return getattr(real_module(name), attr)

    module.__getattr__ = forward  # type: ignore[method-assign]
    sys.modules[name] = module
