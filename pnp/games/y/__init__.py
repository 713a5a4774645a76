"""Y (Claude Shannon; Craige Schensted and Charles Titus) and Mudcrack Y: connect all three sides of a triangle.

This folder holds everything pnp knows of the game:
- rules.py: the facts (sides, the one goal, board sizes);
- board.py: the lattice triangle, and a Mudcrack Y board: the layer's mudcrack board (pnp/boards/mudcrack/: grown
  from a seed by each version of the generator, its board codes, its print's least room and edge);
- spec.py: the spec model; style.py: the game's named colours;
- plan.py: sizes and placements (board, stones, pencil pad) and the checks they imply;
- look.py: the boards' drawn proportions; draw.py: board drawing;
- assets/: one module per output (board, stones, pad); graph.py: `pnp graph`;
- position.py (position files), score.py (`pnp score` through the connection referee),
  diagram.py (`pnp diagram`).
GAME below is what the registry hands the rest of the program.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.games.y.spec import ASSETS, YSpec
from pnp.registry import Alias, Game

MUDCRACK = Alias("mudcrack", called="Mudcrack Y", setting="{mudcrack: {cells: N, seed: S}}", option="--code CODE")
GAME = Game.of(__name__, "y", YSpec, ASSETS, position="YPosition",
               aliases=(MUDCRACK, replace(MUDCRACK, name="mudcrack-y"), replace(MUDCRACK, name="mudcracky")))
