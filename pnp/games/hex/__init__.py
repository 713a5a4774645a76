"""Hex (Piet Hein; John Nash): join your two sides of a rhombus of hexagons with a chain of your stones.

This folder holds only what is Hex's own; the rest is the board layer's (pnp/boards/):
- rules.py: the facts (sides and whose they are, sizes, designers);
- spec.py: the spec model; style.py: the game's named colours;
- plan.py: the board page, stones and pencil pad planned; look.py: the board's drawn proportions and
  coordinates; draw.py: board drawing;
- position.py (position files), score.py (`pnp score` and captions), diagram.py (`pnp diagram`);
- assets/: one module per output (board, stones, pad); graph.py: `pnp graph`.
GAME below is what the registry hands the rest of the program.
"""

from __future__ import annotations

from pnp.games.hex.spec import ASSETS, HexSpec
from pnp.registry import Game

GAME = Game.of(__name__, "hex", HexSpec, ASSETS, position="HexPosition", graph="board_graph")
