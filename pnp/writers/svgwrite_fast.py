"""Import svgwrite without paying for its validator.

svgwrite compiles the regular expressions of its SVG validator when imported
(about 85 ms). pnp always draws with debug=False, so the validator never runs;
a stand-in forwards to the real grammar only if a validator is ever called.
"""

from __future__ import annotations

from pnp import standin

_PARSER = "svgwrite.data.svgparser"


def _forwarder(name: str):
    def call(term: str) -> bool:
        return getattr(standin.real_module(_PARSER), name)(term)

    return call


standin.install(
    _PARSER,
    "stand-in for svgwrite's validator grammar",
    **{name: _forwarder(name) for name in ("is_valid_transferlist", "is_valid_pathdata", "is_valid_animation_timing")},
)
import svgwrite  # noqa: E402

__all__ = ["svgwrite"]
