"""The facts of Hex (shared/GAMES.md, "The Y family"): the sides and whose they are, the board sizes, the designers.

Piet Hein (1942) and John Nash (1948), independently. A rhombus of n x n cells;
Red owns the top and bottom rows, Blue the left and right columns (a corner cell
lies on one side of each). Players alternately place a stone of their colour on
any empty cell; the first to join their two sides with a chain of their stones
wins. A full board always holds exactly one such chain: there are no draws.
The pie rule keeps colours with the players: a swap replaces the first stone by
one of the second player's on its mirror cell (`mirror`). The designers as the
pages credit them: templates/texts/hex.yaml.
"""

from __future__ import annotations

from pnp.boards.lattice import RHOMBUS_SIDES, TYPO, a1_id, column_of

SIDES = RHOMBUS_SIDES                          # top, bottom (Red's), left, right (Blue's)
PLAYERS = ("red", "blue")                      # Red moves first; the pie rule lets Blue take that move over
GOALS: dict[str, tuple[str, ...]] = dict(zip(PLAYERS, (SIDES[:2], SIDES[2:])))   # the sides each must join
OWNER = {side: player for player, sides in GOALS.items() for side in sides}   # side -> the player who joins it
CLASSIC_SIZE = 11
COMMON_SIZES = (11, 13, 14, 19)                # the sizes players use most ...
SIZE_NAMES: dict[int, str] = {11: "classic", 14: "tournament"}   # ... two of them with names
SMALLEST_SIZE = 2
LARGEST_SIZE = 40                              # 1,600 cells, ids up to an40: tiled over pages at any playable size


def cell_count(size: int) -> int:
    return size * size


def mirror(cell: str) -> str:
    """The cell a swap moves the first stone to: its mirror in the long diagonal from a1 (column and row trade
    places, c2 <-> b3), where it serves Blue's left and right sides as it served Red's top and bottom. An id that is
    no cell stays as it is (its own problem is said where it is read)."""
    found = TYPO.fullmatch(cell)
    return a1_id(column_of(found[1]), int(found[2])) if found else cell
