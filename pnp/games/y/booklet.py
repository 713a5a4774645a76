"""The numbers Y's rule booklet and card are written with (templates/rules/y.md, templates/cards/y.md).

On a Mudcrack Y board the cells are numbered and there is no side: `mudcrack`
is true, `side` and `last_cell` are None, `code` is the board code printed on
the board, and `fewest_neighbours` and `most_neighbours` say how the cells
differ; on the triangle `code` and `seed` are None.
"""

from __future__ import annotations

from typing import Any

from pnp.boards.booklet import stone_kit_numbers
from pnp.boards.lattice.ids import a1_id
from pnp.boards.lattice.shapes import triangle
from pnp.boards.mudcrack.code import encode
from pnp.games.y.plan import KitPlan
from pnp.games.y.spec import YSpec


def context(spec: YSpec, plan: KitPlan) -> dict[str, Any]:
    named = spec.board.named()
    if named is not None:
        cells, seed, _ = named
        degrees = [len(cell.neighbours) for cell in plan.board.board.cells]
        return {**stone_kit_numbers(spec, plan.title, cells), "game": "y", "mudcrack": True, "side": None,
                "last_cell": None, "code": encode(*named), "seed": seed,
                "fewest_neighbours": min(degrees), "most_neighbours": max(degrees)}
    side = spec.board.side
    return {**stone_kit_numbers(spec, plan.title, triangle(side).count), "game": "y", "mudcrack": False,
            "side": side, "last_cell": a1_id(side, side), "code": None, "seed": None}
