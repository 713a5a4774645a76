"""`pnp graph` for Hex: the board's cells at the cell size the plan chose, so they match the printed board; each
cell's sides are `top` and `bottom` (Red's), `left` and `right` (Blue's)."""

from __future__ import annotations

from typing import Any

from pnp.boards.cells import board_graph as cell_board_graph
from pnp.boards.lattice import LatticeBoard, rhombus
from pnp.games.hex.plan import KitPlan
from pnp.games.hex.spec import HexSpec


def board_graph(spec: HexSpec, plan: KitPlan) -> dict[str, Any]:
    return cell_board_graph(spec.game, spec.name, LatticeBoard(rhombus(spec.board.size), plan.board.board.cell_mm))
