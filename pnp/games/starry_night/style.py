"""Starry Night's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.style import BaseStyle, setting

if TYPE_CHECKING:
    from pnp.positions.page import LineLook


@dataclass(frozen=True)
class StarryStyle(BaseStyle):
    star: str = setting("#000000", "Stars.")                  # solid black, the boldest thing on the page
    graph: str = setting("#c4c4c4", "Graph-paper lines.")     # faint, yet countable for the area variant
    graph_width: float = 0.12
    major_width: float = 0.22       # every fifth line, for counting areas in fives
    frame_width: float = 0.35       # the sky's edge


@dataclass(frozen=True)
class DiagramStyle:
    """Position diagrams: each player's edges in their colour, the seas they captured in a tint of it.

    In grey the two colours come out alike (87 and 119 of 255), and so do the tints: so Second's edges are
    dashed, and each player's seas are hatched their own way (First's rising, Second's falling).
    """

    first: str = "#0072b2"          # Okabe-Ito blue and vermillion: apart for every kind of colour vision
    second: str = "#d55e00"
    second_dash: tuple[float, ...] = (1.4, 2.0)   # per edge width; round caps add one width to each dash
    first_sea: str = "#cfe3f2"
    second_sea: str = "#f8dcc6"
    open_sea: str = "#e6e6e6"       # a sea still holding islands
    island: str = "#4d4d4d"         # the dashed ring round each island star
    highlight: str = "#e6b800"

    def edge(self, player: str) -> str:
        colour: str = getattr(self, player)
        return colour

    def line(self, player: str) -> LineLook:
        """A player's edges: First's solid, Second's dashed."""
        from pnp.positions.page import LineLook   # diagrams only: a kit's build loads no diagram page

        return LineLook(self.edge(player), self.second_dash if player == "second" else ())

    def sea_hatch(self, player: str) -> float:
        """The angle (degrees, y down) of the hatching on a sea `player` captured."""
        return -45.0 if player == "first" else 45.0

    def sea(self, player: str | None) -> str:
        colour: str = getattr(self, f"{player}_sea") if player else self.open_sea
        return colour
