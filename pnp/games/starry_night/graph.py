"""`pnp graph` for Starry Night: the pad's skies as data (stars in grid units, x right, y down from the frame's corner)."""

from __future__ import annotations

from typing import Any

from pnp.games.starry_night.plan import SkiesPlan
from pnp.games.starry_night.spec import StarryNightSpec


def sky_graph(spec: StarryNightSpec, plan: SkiesPlan) -> dict[str, Any]:
    skies = [{"number": s.number, "seed": s.sky.recipe.seed, "code": s.code, "stars": [list(star) for star in s.sky.stars]}
             for s in plan.skies]
    return {"game": spec.game, "name": spec.name, "grid_mm": plan.grid_mm, "skies": skies}
