"""The Y spec: the board (a lattice triangle, or a Mudcrack Y board), stones and pad on the shared base.

    board: {side: 13, cell_mm: 12, coordinates: true}         # the triangle
    board: {mudcrack: {cells: 120, seed: 7}}                   # a Mudcrack Y board (seed omitted: 1)
    board: {mudcrack: {code: 2R0C-YR1Y}}                       # the same board, by the code printed on it

A Mudcrack Y board is as large as the paper allows, so `side`, `cell_mm` and
`coordinates` are for the triangle only; `BoardChoice.mix` names any given
beside `mudcrack` (the plan and the position file report it at the key's line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from pnp.boards.blocks import PadSpec, StonesSpec
from pnp.boards.mudcrack.grow import MudName
from pnp.boards.mudcrack.spec import MudcrackSpec, mudcrack_block
from pnp.games.y.rules import DEFAULT_SIDE, LARGEST_SIDE, SMALLEST_SIDE
from pnp.games.y.style import YStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SMALLEST_CELL_MM, SpecBase, Strict
from pnp.spec.fields import UniqueList
from pnp.spec.problems import Unplanned

ASSETS = ("board", "stones", "pad")
OUTPUTS = ASSETS + SHARED_ASSETS
YOutput = Literal[OUTPUTS]  # type: ignore[valid-type]
TRIANGLE_ONLY = ("side", "cell_mm", "coordinates")   # board keys that mean nothing on a Mudcrack Y board


class YStyleSpec(BaseStyleSpec, style=YStyle):
    """Y's own colours (see pnp/games/y/style.py)."""


class BoardChoice(Strict):
    """What a spec's and a position file's board block share: the triangle's side, or a written `mudcrack` block."""

    side: Annotated[int, Field(ge=SMALLEST_SIDE, le=LARGEST_SIDE, description="Cells along each side of the triangle.")] = DEFAULT_SIDE
    if TYPE_CHECKING:
        mudcrack: MudcrackSpec   # declared last by each block, after the triangle's own keys

    def named(self) -> MudName | None:
        """The Mudcrack Y board written, None for the triangle (or a block naming no board)."""
        return self.mudcrack.named() if "mudcrack" in self.model_fields_set else None

    def mix(self, loc: tuple[str, ...] = ("board",)) -> list[Unplanned]:
        """What the block asks that cannot be: triangle keys beside `mudcrack`, or a mudcrack block naming no board."""
        if "mudcrack" not in self.model_fields_set:
            return []
        found = [Unplanned((*loc, key), "is for the triangle; a Mudcrack Y board is as large as the paper allows and "
                           "numbers its cells, so leave it out (or leave out board.mudcrack)")
                 for key in TRIANGLE_ONLY if key in self.model_fields_set]
        return found + self.mudcrack.mix((*loc, "mudcrack"))


class YBoardSpec(BoardChoice):
    """The board: a triangle of hexagons of side `side`, or a Mudcrack Y board (`mudcrack`)."""

    cell_mm: Annotated[float | None, Field(ge=SMALLEST_CELL_MM, le=200, description=(
        "Cell size across flats; omitted: the largest that fits the paper."))] = None
    coordinates: Annotated[bool, Field(description="Row numbers and letters along the edges.")] = True
    mudcrack: MudcrackSpec = mudcrack_block()


class YSpec(SpecBase):
    """A Y print-and-play kit."""

    game: Literal["y"]
    outputs: UniqueList[YOutput] = list(OUTPUTS)
    style: YStyleSpec = EMPTY
    board: YBoardSpec = EMPTY
    stones: StonesSpec = EMPTY
    pad: PadSpec = EMPTY

    @property
    def display_title(self) -> str:
        if self.title:
            return self.title
        named = self.board.named()
        if named is not None:
            return f"Mudcrack Y, {named[0]} cells"
        return f"Y, side {self.board.side}"
