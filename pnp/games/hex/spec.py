"""The Hex spec: the board (a rhombus of size x size cells), and the stones and pad blocks every stone game shares
(pnp/boards/blocks.py).

    board: {size: 11, cell_mm: 12, coordinates: true}
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pnp.boards.blocks import StoneGameSpec
from pnp.games.hex.rules import CLASSIC_SIZE, LARGEST_SIZE, SMALLEST_SIZE
from pnp.games.hex.style import HexStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SMALLEST_CELL_MM, Strict

ASSETS = ("board", "stones", "pad")
OUTPUTS = ASSETS + SHARED_ASSETS


class HexStyleSpec(BaseStyleSpec, style=HexStyle):
    """Hex's own colours (see pnp/games/hex/style.py)."""


class HexBoardSpec(Strict):
    """The rhombus of cells, Red's sides at the top and bottom, Blue's at the left and right."""

    size: Annotated[int, Field(ge=SMALLEST_SIZE, le=LARGEST_SIZE, description=(
        "Cells along each side: 11 classic, 13, 14 tournament, 19; past 26 the columns run on aa, ab, ..."))] = CLASSIC_SIZE
    cell_mm: Annotated[float | None, Field(ge=SMALLEST_CELL_MM, le=200, description=(
        "Cell size across flats; omitted: the largest that fits the paper."))] = None
    coordinates: Annotated[bool, Field(description="Column letters and row numbers along all four edges.")] = True


class HexSpec(StoneGameSpec, game="hex", outputs=OUTPUTS):
    """A Hex print-and-play kit: the board, and the stones and pad blocks every stone game has."""

    style: HexStyleSpec = EMPTY
    board: HexBoardSpec = EMPTY

    def default_title(self) -> str:
        return f"Hex, {self.board.size} × {self.board.size}"
