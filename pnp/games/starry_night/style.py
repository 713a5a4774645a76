"""Starry Night's named colours on top of the shared style."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.style import BaseStyle


@dataclass(frozen=True)
class StarryStyle(BaseStyle):
    star: str = "#000000"           # stars: solid black, the boldest thing on the page
    graph: str = "#c4c4c4"          # graph-paper lines: faint, yet countable for the area variant
    graph_width: float = 0.12
    major_width: float = 0.22       # every fifth line, for counting areas in fives
    frame_width: float = 0.35       # the sky's edge
