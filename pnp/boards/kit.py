"""The plan of a kit played with red and blue stones on a printed board (Hex, Y): board page, stone sheets, pad.

    KitPlan = StonesKit[HexStyle, LatticeBoard, bool]      # a game's plan type: its style, board, board extras
    stones_kit(title, style, board, stones, pad)           # the plan, or PlanError with every problem the parts found

The parts are the layer's (placement.plan_board_page, cutouts.fit_stones,
pad.plan_pad), each planned only when the spec asks for it (None otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pnp.boards.cutouts import StoneSheets
from pnp.boards.pad import PadSheet
from pnp.boards.placement import BoardKit, BoardPage
from pnp.spec.problems import PlanError, Unplanned

S = TypeVar("S")   # the game's resolved style
B = TypeVar("B")   # its placed board
E = TypeVar("E")   # what else it draws on a board (coordinates, marks)


@dataclass(frozen=True)
class StonesKit(BoardKit, Generic[S, B, E]):
    """Everything a build of one stone game's spec draws, decided."""

    title: str
    style: S
    board: BoardPage[B, E]
    stones: StoneSheets | None = None
    pad: PadSheet[B, E] | None = None   # type: ignore[type-var]  # a pad board is any placed board


def stones_kit(title: str, style: S, board: BoardPage[B, E] | Unplanned, stones: StoneSheets | Unplanned | None,
               pad: PadSheet[B, E] | Unplanned | None) -> StonesKit[S, B, E]:  # type: ignore[type-var]
    """The kit from its planned parts; PlanError with every part's problem, all at once."""
    found = [part for part in (board, stones, pad) if isinstance(part, Unplanned)]
    if found:
        raise PlanError(found)
    assert isinstance(board, BoardPage) and not isinstance(stones, Unplanned) and not isinstance(pad, Unplanned)
    return StonesKit(title, style, board, stones, pad)
