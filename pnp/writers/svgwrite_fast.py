"""Import svgwrite without paying for its validator.

svgwrite compiles the regular expressions of its SVG validator when imported
(about 85 ms, a fifth of a small build). pnp always draws with debug=False, so
the validator never runs; a lazy stand-in module loads the real one only if a
validator function is ever called.
"""

from __future__ import annotations

import importlib
import sys
import types

_PARSER = "svgwrite.data.svgparser"
_NAMES = ("is_valid_transferlist", "is_valid_pathdata", "is_valid_animation_timing")


def _forwarder(name: str):
    def call(term: str) -> bool:
        stub = sys.modules.pop(_PARSER)
        try:
            real = importlib.import_module(_PARSER)
        finally:
            sys.modules.setdefault(_PARSER, stub)
        return getattr(real, name)(term)

    return call


def _install_stub() -> None:
    if _PARSER in sys.modules:
        return
    stub = types.ModuleType(_PARSER, "lazy stand-in for svgwrite's validator grammar")
    for name in _NAMES:
        setattr(stub, name, _forwarder(name))
    sys.modules[_PARSER] = stub


_install_stub()
import svgwrite  # noqa: E402

__all__ = ["svgwrite"]
