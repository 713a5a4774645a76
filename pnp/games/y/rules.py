"""The facts of Y (shared/GAMES.md, "The Y family"): the board sizes pnp prints, the sides, the one goal.

Two players, Red and Blue, place stones in turn; the first whose one group
touches all three sides wins (a corner cell touches two). The same goal holds
on the lattice triangle and on a Mudcrack Y board, whose sides have the same
names, so one referee serves both (pnp/boards/connect.py).
"""

from __future__ import annotations

from pnp.boards.lattice.shapes import TRIANGLE_SIDES

SIDES = TRIANGLE_SIDES              # left, right, bottom
PLAYERS = ("red", "blue")           # Red moves first; the pie rule lets Blue take that move over
GOALS = {player: SIDES for player in PLAYERS}
DEFAULT_SIDE = 13
SMALLEST_SIDE = 2
LARGEST_SIDE = 40                   # 820 cells: tiled over pages at any playable cell size, stones by the hundred
