"""The numbers Asterisk's rule booklet and card are written with (templates/rules/asterisk.md, templates/cards/asterisk.md).

Every number a player reads comes from the spec through here, so the booklet
always matches the board and piece sheets of the same kit.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.boards.lattice.shapes import triangle
from pnp.games.asterisk.board import cell_count, cell_id
from pnp.games.asterisk.plan import KitPlan
from pnp.games.asterisk.rules import GOAL_SETS, PIECE_TYPES, PieceType, solitaire_fill, side_splits_six_ways
from pnp.games.asterisk.spec import AsteriskSpec

STANDARD_LARGEST = 20   # GAMES.md: the standard sizes are those up to 20 whose cells split six ways


def context(spec: AsteriskSpec, plan: KitPlan) -> dict[str, Any]:
    side, counts = spec.board.side, plan.counts
    pieces = [{"name": name, **PieceType.parse(name).__dict__, "count": counts[name]} for name in PIECE_TYPES]
    filled, empty = solitaire_rings(side)
    return {
        "game": "asterisk", "title": plan.title, "side": side, "cells": cell_count(side),
        "per_type": counts[PIECE_TYPES[0]], "pieces": pieces, "total_pieces": sum(counts.values()),
        "missing": list(GOAL_SETS), "opening": spec.rules.opening, "variants": list(spec.rules.variants),
        "solitaire_filled": filled, "solitaire_empty": empty, "last_cell": cell_id(side, side),
        "standard_sides": [s for s in range(1, STANDARD_LARGEST + 1) if s >= 8 and side_splits_six_ways(s)],
    }


def solitaire_rings(side: int) -> tuple[list[int], list[int]]:
    """Cells per ring, outermost first, split into the rings solitaire fills and those it leaves empty."""
    sizes = Counter((place.ring, solitaire_fill(place.ring)) for place in triangle(side).places.values())
    return ([n for (k, full), n in sorted(sizes.items()) if full], [n for (k, full), n in sorted(sizes.items()) if not full])
