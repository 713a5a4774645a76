"""The spec blocks of every game played with red and blue stones on a printed board: `stones` and `pad`.

A game's spec model takes them as they are (`stones: StonesSpec = EMPTY`, `pad:
PadSpec = EMPTY`), or subclasses StoneGameSpec, which has both after the game's
own `board` (narrowed by the game: `board: HexBoardSpec = EMPTY`):

    class HexSpec(StoneGameSpec, game="hex", outputs=OUTPUTS): style, board, default_title()

cutouts.fit_stones sizes and packs the stones a StonesSpec asks for,
pad.plan_pad lays out the pencil pad a PadSpec asks for. Pydantic only: loading
a spec imports nothing that draws.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pnp.spec.base import EMPTY, SMALLEST_CELL_MM, SpecBase, Strict

PAD_CELL_MM = 8  # a cell a pencil fills in one or two strokes
SMALLEST_STONE_MM = 5  # smaller cannot be cut out or picked up
LARGEST_STONE_MM = 100  # the largest stones.size_mm; a stone fitted to a larger cell stops here


class PadSpec(Strict):
    """The pencil pad: as many boards as fit a sheet, to colour in."""

    cell_mm: Annotated[float, Field(ge=SMALLEST_CELL_MM, le=30,
                                    description="A cell's size on the pad's boards, measured as board.cell_mm is.")] = PAD_CELL_MM

    @property
    def fitted(self) -> bool:
        """cell_mm was left out, so a board too large for the default may be drawn smaller (pad.plan_pad)."""
        return "cell_mm" not in self.model_fields_set


class StonesSpec(Strict):
    """Round stones for play on the printed board, half the cells per player and spares."""

    clearance_mm: Annotated[float, Field(ge=0, le=10, description="Stone = the smallest cell's inner circle less this.")] = 1.5
    size_mm: Annotated[float | None, Field(ge=SMALLEST_STONE_MM, le=LARGEST_STONE_MM,
                                           description="Stone diameter; omitted: fits the smallest cell with clearance.")] = None
    spares: Annotated[int, Field(ge=0, le=100, description="Extra stones per colour beyond half the cells.")] = 2


class StoneGameSpec(SpecBase):
    """A kit played with red and blue stones on a printed board: the game's `board` (each game narrows it), then
    the stones and the pencil pad."""

    board: Strict = EMPTY
    stones: StonesSpec = EMPTY
    pad: PadSpec = EMPTY
