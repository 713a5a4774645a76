"""A face as pnp names it, apart from choosing one, so own.py (a spec's own font) needs nothing else of fonts."""

from __future__ import annotations

from typing import NamedTuple

OWN_PREFIX = "own-"  # reportlab's name for the spec's own font: this and a hash of its path


class Face(NamedTuple):
    """One TrueType face: its name in reportlab's registry, its file, and its family for SVG ('' = the page default).

    Vera's file is found inside reportlab when it is registered, so choosing Vera imports nothing.
    """

    name: str
    file: str = ""
    family: str = ""
