"""Asterisk's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.asterisk.rules import GOAL_SETS
from pnp.positions.page import LineLook
from pnp.style import BaseStyle, setting


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


@dataclass(frozen=True)
class DiagramStyle:
    """Position diagrams: tinted cells, and each connecting group in its aspect's colour.

    The chain colours are mid-tone Okabe-Ito hues on a white casing, so they
    read over light and dark pieces alike. In grey a player's colours come out
    like the other's (dark and light 162 and 158 of 255), so the second goal
    set's chains (light, circle, empty) are hollow: a white core in the colour.
    """

    highlight: str = "#ffe98a"
    casing: str = "#ffffff"
    dark: str = "#e69f00"
    light: str = "#56b4e9"
    hexagon: str = "#cc79a7"
    circle: str = "#009e73"
    asterisk: str = "#d55e00"
    empty: str = "#0072b2"

    def chain(self, aspect: str) -> str:
        colour: str = getattr(self, aspect)
        return colour

    def line(self, aspect: str) -> LineLook:
        """How `aspect`'s chain is drawn: solid for the first goal set, hollow for the second."""
        return LineLook(self.chain(aspect), hollow=aspect in GOAL_SETS[1].split("-"))
