"""*Star (Ea Ea): a pentagon of cells in rings around the bridge, played with pencils or stones.

This folder holds everything pnp knows of the game:
- rules.py: the facts (sectors, board sizes, handicap order, the score's total);
- board.py: the board's geometry (ids, neighbours, sides, cell shapes, the bridge);
- spec.py: the spec model; style.py: the game's named colours;
- plan.py and scoresheet_layout.py: sizes and placements (board, pencil pad, score sheet, stones), and the checks they imply;
- look.py: the board's drawn proportions; draw.py: board drawing;
- position.py (position files), referee.py (groups, stars, owned peries, score),
  score.py (`pnp score` and captions), diagram.py (`pnp diagram`);
- assets/: one module per output (board, pad, scoresheet, stones); graph.py: `pnp graph`.
GAME below is what the registry hands the rest of the program.
"""

from __future__ import annotations

from pnp.games.starstar.spec import ASSETS, StarSpec
from pnp.registry import Alias, Game

GAME = Game.of(__name__, "starstar", StarSpec, ASSETS, position="StarPosition",
               aliases=(Alias("star"), Alias("*star"), Alias("star-star")))
