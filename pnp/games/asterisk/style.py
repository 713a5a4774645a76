"""Asterisk's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.asterisk.rules import GOAL_SETS
from pnp.style import BaseStyle, setting

if TYPE_CHECKING:
    from pnp.positions.page import LineLook


@dataclass(frozen=True)
class AsteriskStyle(BaseStyle):
    # Side bands in Okabe-Ito vermillion, blue and bluish green; light pieces near white with a dark outline,
    # dark ones near black.
    left: str = setting("#d55e00", "The left side's band.")
    right: str = setting("#0072b2", "The right side's band.")
    bottom: str = setting("#009e73", "The bottom side's band.")
    light_piece: str = setting("#f2eee3", "Light pieces.")
    dark_piece: str = setting("#262626", "Dark pieces.")
    fill_mark: str = setting("#d9d9d9", "Solitaire: the cells to fill.")

    def side_color(self, side: str) -> str:
        return {"left": self.left, "right": self.right, "bottom": self.bottom}[side]


# The three pairs of goals, one goal of each set: (dark, light), (hexagon, circle), (asterisk, empty). A full board
# meets one goal of each pair (its pieces are dark or light, hexagons or circles, marked or empty), so a diagram shows
# at most one chain of each: the pairs' chains differ in line and in grey, the two of a pair in hue.
PAIRS: tuple[tuple[str, ...], ...] = tuple(zip(*(goals.split("-") for goals in GOAL_SETS)))
# Each pair's line, dashes per line width (the round caps add a width to each dash): solid, long dashes, short ones.
PAIR_DASHES: tuple[tuple[float, ...], ...] = ((), (2.5, 2.5), (0.3, 2.3))


@dataclass(frozen=True)
class DiagramStyle:
    """Position diagrams: tinted cells, and each connecting group in its goal's colour and its pair's line.

    On a white casing, so they read over light and dark pieces alike. Each pair
    has its own band of grey (ITU-R 601 luma: dark and light about 45 of 255,
    hexagon and circle about 103, asterisk and empty about 160, the bands at
    least 51 apart, a fifth of the scale) and its own line, so any two chains of
    one diagram differ in hue, in grey and in line.
    """

    highlight: str = "#ffe98a"
    casing: str = "#ffffff"
    dark: str = "#2d1e78"       # indigo
    light: str = "#561838"      # wine
    hexagon: str = "#2a8f4a"    # green
    circle: str = "#a33e92"     # magenta
    asterisk: str = "#e69f00"   # orange
    empty: str = "#56b4e9"      # sky blue

    def chain(self, aspect: str) -> str:
        colour: str = getattr(self, aspect)
        return colour

    def line(self, aspect: str) -> LineLook:
        """How `aspect`'s chain is drawn: its colour, in its pair's line."""
        from pnp.positions.page import LineLook   # diagrams only: a kit's build loads no diagram page

        pair = next(k for k, goals in enumerate(PAIRS) if aspect in goals)
        return LineLook(self.chain(aspect), PAIR_DASHES[pair])
