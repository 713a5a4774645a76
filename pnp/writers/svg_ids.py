"""Readable, stable ids for an SVG page's things, so a designer finds them by name in Inkscape.

    layer-board, layer-cut-guides     each layer (pnp/writers/svg_layers.py)
    board, cell-a1                    a board and each cell, by its id in the game's notation
    piece-12, stone-3                 pieces and stones numbered down the page (a `stone-*` data-piece is a stone)
    marker-dark-hexagon-asterisk      a goal marker, by its type
    card-4, sky-2, star-2-17          a reference card down the sheet; a sky; a star of a sky (data-star 2:17)
    pad-2, pad-2-cell-a1              a pad's board N; what is inside it is named within it

An id holds only letters, digits, `-` and `.` of the value it names; any other character becomes `_` and its
two hex digits (`_u` and six for one past ASCII), `_` itself included: *Star's cell `*10` is `cell-_2a10`. So
different values never share an id, and every id is a valid XML id. Should two things still come to one id, the
later gets `-2`, `-3`, ... Ids follow the page's order, so the same spec gives the same ids.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from pnp.scene import Shape

_PLAIN = re.compile(r"[A-Za-z0-9.-]*").fullmatch   # kept as they are; `_` is not: it starts an escape
_SCOPE = "board"    # data-board: a pad's board, numbered; the things inside it are named within it
_STONE = "stone-"   # data-piece values of stones start so (stone-red, stone-blue)
NUMBERED_BY_CLASS = {"card": "card"}   # groups named by their place down the page, by first class word
NAMED_BY_CLASS = {"board": "board"}    # one to a page (or to a pad's board)


@lru_cache(maxsize=1 << 16)
def escaped(value: str) -> str:
    """The value with every character an id may not hold written as `_` and its hex code (cached: cell ids recur)."""
    if _PLAIN(value):
        return value
    return "".join(ch if _PLAIN(ch) else _code(ch) for ch in value)


def _code(ch: str) -> str:
    return f"_{ord(ch):02x}" if ord(ch) < 0x80 else f"_u{ord(ch):06x}"


def layer_id(name: str) -> str:
    return "layer-" + escaped(name.replace(" ", "-"))


class Ids:
    """One page's ids: each given once, numbered things counted down the page, a pad board's things within it."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.counts: Counter[str] = Counter()
        self.prefix = ""

    def of(self, shape: Shape) -> str:
        """The shape's id, or "" for a shape nothing names (a line, a glyph, a piece's parts)."""
        name = ""
        for key, value in shape.data:
            name = self._by_data(key, value)
            if name:
                break
        else:
            word = shape.cls.split(" ", 1)[0]
            if word in NAMED_BY_CLASS:
                name = NAMED_BY_CLASS[word]
            elif word in NUMBERED_BY_CLASS:
                name = self._numbered(NUMBERED_BY_CLASS[word])
        return self.unique(self.prefix + name) if name else ""

    def _by_data(self, key: str, value: str) -> str:
        if key == "cell":
            return "cell-" + escaped(value)
        if key == "piece":
            return self._numbered("stone" if value.startswith(_STONE) else "piece")
        if key == "marker":
            return "marker-" + escaped(value)
        if key == "star":
            sky, _, index = value.rpartition(":")
            return f"star-{escaped(sky)}-{escaped(index)}"
        if key == "sky":
            return "sky-" + escaped(value)
        if key == _SCOPE:
            return "pad-" + escaped(value)
        return ""

    def _numbered(self, kind: str) -> str:
        self.counts[kind] += 1
        return f"{kind}-{self.counts[kind]}"

    def unique(self, name: str) -> str:
        """`name`, or `name-2`, `name-3`, ... where it is taken on this page."""
        found, n = name, 1
        while found in self.used:
            n += 1
            found = f"{name}-{n}"
        self.used.add(found)
        return found

    @staticmethod
    def scopes(shape: Shape) -> bool:
        """Whether the things inside the shape are named within it: a pad's board (data-board)."""
        return any(key == _SCOPE for key, _ in shape.data)

    @contextmanager
    def within(self, ident: str) -> Iterator[None]:
        """Names given inside a pad's board start with its id (pad-2-cell-a1): each pad board has the same cells."""
        before, self.prefix = self.prefix, f"{ident}-"
        try:
            yield
        finally:
            self.prefix = before
