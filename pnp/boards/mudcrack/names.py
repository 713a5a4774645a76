"""What names a mudcrack board, without the generator: the ranges of cells and seeds, the generator's versions, the
sides. Light to import (grow.py, which holds the generator, imports these from here): a definition of a game on a
mudcrack board is read and checked without loading the generator, which is loaded when a board is grown."""

from __future__ import annotations

from typing import NamedTuple

MIN_CELLS, MAX_CELLS = 3, 500
SEED_BITS = 21
MAX_SEED = (1 << SEED_BITS) - 1    # seeds 0..MAX_SEED: with cells, 30 bits, six code characters
DEFAULT_SEED = 1                   # the board of N cells named without a seed: (N, 1)
VERSIONS = (1, 2)                  # every generator a board code may name, kept as it was
LATEST = VERSIONS[-1]              # the one new boards are grown by
SIDES = ("left", "right", "bottom")
GROWTH_STEPS = 2_500               # growing a board and judging on it, per cell, in a booklet's diagram steps (about
                                   # 0.4 ms; pnp/booklet/limits.py)


class MudName(NamedTuple):
    """What names one board for ever: what its board code holds."""

    cells: int
    seed: int
    version: int = LATEST
