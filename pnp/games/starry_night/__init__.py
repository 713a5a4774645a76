"""Starry Night (Stanley, Wine Dark Sea Games): a pencil game on a random sky of stars.

This folder holds everything pnp knows of the game:
- rules.py: the facts and limits, and the Recipe that shapes a sky;
- sky.py: the seeded sky generator; code.py: sky codes (encode, decode, check);
- spec.py: the spec model; style.py: the game's named colours;
- pad.py and plan.py: skies on pages, and the checks that imply;
- look.py: drawn proportions; draw.py: one sky drawn; assets/: the pad;
- graph.py: `pnp graph`; one_sky.py: `pnp sky CODE`;
- position.py (position files), referee.py (legal edges, seas, captures, winner),
  score.py (`pnp score` and captions), diagram.py (`pnp diagram`), numbers.py (its edges' move numbers).
GAME below is what the registry hands the rest of the program.
"""

from __future__ import annotations

from pnp.games.starry_night.spec import ASSETS, StarryNightSpec
from pnp.registry import Alias, Game

GAME = Game.of(__name__, "starry-night", StarryNightSpec, ASSETS, position="StarryPosition", graph="sky_graph",
               parts={"skies": ""},   # the pad is drawn from the whole plan
               aliases=(Alias("starry"), Alias("starrynight"), Alias("starry night")), board_asset="skies")
