"""The numbers Hex's rule booklet and card are written with (templates/rules/hex.md, templates/cards/hex.md)."""

from __future__ import annotations

from typing import Any

from pnp.boards.booklet import stone_kit_numbers
from pnp.boards.lattice import letters
from pnp.games.hex.plan import KitPlan
from pnp.games.hex.rules import COMMON_SIZES, cell_count
from pnp.games.hex.spec import HexSpec


def context(spec: HexSpec, plan: KitPlan) -> dict[str, Any]:
    size = spec.board.size
    return {**stone_kit_numbers(spec, plan.title, cell_count(size)), "game": "hex", "size": size,
            "last": letters(size), "common_sizes": list(COMMON_SIZES)}
