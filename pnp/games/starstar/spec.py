"""The *Star spec: its board block, and the pad and stones blocks of every stone game (pnp/boards/blocks.py), on the
shared base; the score sheet needs no keys of its own."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pnp.boards.blocks import PadSpec, StonesSpec
from pnp.games.starstar.rules import BOARD_NAMES, LARGEST_RINGS, SMALLEST_RINGS, default_outline_rings
from pnp.games.starstar.style import StarStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SMALLEST_CELL_MM, SpecBase, Strict
from pnp.spec.fields import Unique

ASSETS = ("board", "pad", "scoresheet", "stones")
OUTPUTS = ASSETS + SHARED_ASSETS
OutlineRing = Annotated[int, Field(ge=SMALLEST_RINGS, le=LARGEST_RINGS - 1)]


class StarStyleSpec(BaseStyleSpec, style=StarStyle):
    """*Star's own colours (see pnp/games/starstar/style.py)."""


class StarBoardSpec(Strict):
    """The pentagon of rings around the bridge, and what is printed on it."""

    rings: Annotated[int, Field(ge=SMALLEST_RINGS, le=LARGEST_RINGS,
                                description="Rings around the bridge: 10 tournament, 8 medium, 6 junior, 4 beginner.")] = 10
    cell_mm: Annotated[
        float | None,
        Field(ge=SMALLEST_CELL_MM, le=200, description="Distance between neighbouring centres along a ray; omitted: the largest that fits the paper."),
    ] = None
    labels: Annotated[bool, Field(description="Print each cell's id in it, light grey.")] = True
    outline_rings: Annotated[
        Unique[OutlineRing] | None,
        Field(max_length=LARGEST_RINGS, description="Outline the smaller boards of these rings inside this one; "
                                                    "omitted: [6] on the 10-ring board, none on the others."),
    ] = None
    handicap_points: Annotated[bool, Field(description="Mark the handicap cells with their order.")] = True

    def outlines(self) -> tuple[int, ...]:
        """The smaller boards to outline, inside out, each once."""
        chosen = default_outline_rings(self.rings) if self.outline_rings is None else self.outline_rings
        return tuple(sorted(set(chosen)))


class StarSpec(SpecBase, game="starstar", outputs=OUTPUTS):
    """A *Star print-and-play kit."""

    style: StarStyleSpec = EMPTY
    board: StarBoardSpec = EMPTY
    pad: PadSpec = EMPTY
    stones: StonesSpec = EMPTY

    def default_title(self) -> str:
        rings = self.board.rings
        return f"*Star, {BOARD_NAMES[rings]} board" if rings in BOARD_NAMES else f"*Star, {rings} rings"
