"""Text blocks laid out before anything is drawn: lines at their places, and slots for pictures.

A planner lays a block out at the origin to learn its size (font metrics are
all it needs), places it on the page, and hands it to the composer, which turns
each line into text and each slot into whatever picture the game draws there.
Nothing is measured twice and no drawing code runs while planning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Union

from pnp.fonts import ASCENT
from pnp.geometry.hexagon import Point
from pnp.layout.text import LEADING, wrap
from pnp.scene import Data, Group, Shape, Text
from pnp.scene.transform import shift

@dataclass(frozen=True)
class Line:
    """One line of text at its baseline point."""

    at: Point
    text: str
    size: float
    bold: bool = False
    cls: str = ""
    anchor: Literal["start", "middle", "end"] = "start"


@dataclass(frozen=True)
class Slot:
    """Room for a picture the game draws: what (`kind`, `name`), where, how big."""

    kind: str
    center: Point
    size: float
    name: str = ""


@dataclass(frozen=True)
class Bundle:
    """Items that belong together (one row of a table), drawn as one group with data."""

    items: tuple["Item", ...]
    cls: str = ""
    data: Data = ()


Item = Union[Line, Slot, Bundle]


@dataclass(frozen=True)
class Block:
    """A laid-out block at the origin: its size and its items, top to bottom."""

    width: float
    height: float
    items: tuple[Item, ...]


def lines(text_lines: list[str], x: float, top: float, size: float, bold: bool = False,
          cls: str = "") -> tuple[list[Item], float]:
    """Lines set from `top` down; returns them and the y just below the last one."""
    laid: list[Item] = []
    y = top
    for line in text_lines:
        laid.append(Line((x, y + ASCENT * size), line, size, bold, cls))
        y += size * LEADING
    return laid, y


def wrapped(text: str, x: float, top: float, size: float, width: float, bold: bool = False,
            cls: str = "") -> tuple[list[Item], float]:
    """`text` wrapped to `width` and set from `top` down."""
    return lines(wrap(text, size, width, bold), x, top, size, bold, cls)


def draw_block(block: Block, corner: Point, ink: str, picture: Callable[[Slot], Shape], cls: str = "") -> Group:
    """The block as one group with its top-left at `corner`: lines in `ink`, slots drawn by `picture`.

    Drawn at the origin, then moved whole, so every point is placed the same way.
    """
    drawn = Group(tuple(_draw(item, ink, picture) for item in block.items), cls=cls)
    moved = shift(drawn, *corner)
    assert isinstance(moved, Group)
    return moved


def _draw(item: Item, ink: str, picture: Callable[[Slot], Shape]) -> Shape:
    if isinstance(item, Line):
        return Text(item.at, item.text, item.size, ink, item.anchor, item.bold, cls=item.cls)
    if isinstance(item, Slot):
        return picture(item)
    return Group(tuple(_draw(i, ink, picture) for i in item.items), cls=item.cls, data=item.data)
