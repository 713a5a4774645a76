"""The kit split for a digital tabletop (print.split: pieces): the board, and Red's and Blue's stone (pnp/boards/split.py)."""

from __future__ import annotations

from collections.abc import Collection

from pnp.boards.split import stone_kit_cutouts
from pnp.games.starstar.assets.board import drawn_board
from pnp.games.starstar.plan import KitPlan
from pnp.scene.cutout import Cutout


def split_kit(plan: KitPlan, assets: Collection[str]) -> list[Cutout]:
    """The images of the outputs in `assets`: the board as its page draws it, each player's stone as printed."""
    return stone_kit_cutouts(plan, assets, lambda: drawn_board(plan.board, plan.style))
