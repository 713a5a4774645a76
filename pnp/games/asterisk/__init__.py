"""Asterisk (David Vander Laan): a triangle of hexagons, six piece types, two goal markers.

This folder holds everything pnp knows of the game:
- rules.py: the facts (piece set, playable sides, solitaire setup and deal);
- board.py: the board, the lattice's triangle (ids, cell count; neighbours, sides, rings are the lattice's);
- spec.py: the spec model; style.py: the game's named colours;
- plan.py and solitaire_layout.py: sizes, fits and placements, and the checks they imply;
- look.py: the board's drawn proportions; draw.py: board and piece drawing;
- assets/: one module per output; graph.py: `pnp graph`;
- position.py (position files), referee.py (groups, goals, winner), score.py
  (`pnp score` and captions), diagram.py (`pnp diagram`).
GAME below is what the registry hands the rest of the program.
"""

from __future__ import annotations

from pnp.games.asterisk.spec import ASSETS, AsteriskSpec
from pnp.registry import Game

GAME = Game.of(__name__, "asterisk", AsteriskSpec, ASSETS, position="AsteriskPosition")
