"""The numbers *Star's rule booklet and card are written with (templates/rules/starstar.md, templates/cards/starstar.md)."""

from __future__ import annotations

from typing import Any

from pnp.games.starstar.plan import KitPlan, stones_per_colour
from pnp.games.starstar.rules import (
    BOARD_NAMES, HANDICAP_ORDER, SECTORS, can_draw, cell_count, handicap_points, perimeter_count, ring_digit, score_total,
    winning_score,
)
from pnp.games.starstar.spec import StarSpec


def context(spec: StarSpec, plan: KitPlan) -> dict[str, Any]:
    rings = spec.board.rings
    return {
        "game": "starstar", "title": plan.title, "rings": rings, "cells": cell_count(rings),
        "peries": perimeter_count(rings), "total": score_total(rings), "win": winning_score(rings),
        "draw": can_draw(rings), "half": score_total(rings) // 2,
        "corners": [f"{sector}{ring_digit(rings)}0" for sector in SECTORS],
        "handicap": list(handicap_points(rings)), "handicap_marked": spec.board.handicap_points,
        "handicap_shortened": len(handicap_points(rings)) < len(HANDICAP_ORDER), "pad": "pad" in spec.outputs,
        "sizes": [size(name, r) for r, name in BOARD_NAMES.items()],
        "stones": stones_per_colour(spec),
    }


def size(name: str, rings: int) -> dict[str, Any]:
    """One row of the table of board sizes."""
    return {"name": name, "rings": rings, "cells": cell_count(rings), "peries": perimeter_count(rings),
            "total": score_total(rings), "win": winning_score(rings)}
