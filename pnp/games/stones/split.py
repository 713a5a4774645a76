"""The kit split for a digital tabletop (print.split: pieces): the board, and each player's stone."""

from __future__ import annotations

from collections.abc import Collection

from pnp.boards.split import stone_kit_cutouts
from pnp.games.stones.assets import drawn_board
from pnp.games.stones.plan import KitPlan
from pnp.scene.cutout import Cutout


def split_kit(plan: KitPlan, assets: Collection[str]) -> list[Cutout]:
    return stone_kit_cutouts(plan, assets, lambda: drawn_board(plan.board, plan.style))
