"""The numbers Starry Night's rule booklet and card are written with (templates/rules/starry-night.md, templates/cards/starry-night.md)."""

from __future__ import annotations

from typing import Any

from pnp.games.starry_night.plan import SkiesPlan
from pnp.games.starry_night.spec import StarryNightSpec

PLAYED_STARS = (10, 15)   # GAMES.md: a sky drawn by hand has 10 to 15 stars


def context(spec: StarryNightSpec, plan: SkiesPlan) -> dict[str, Any]:
    return {
        "game": "starry-night", "title": plan.title, "stars": spec.skies.stars, "skies": spec.skies.count,
        "per_page": spec.skies.per_page, "code": plan.skies[0].code,
        "min_stars": PLAYED_STARS[0], "max_stars": PLAYED_STARS[1],
    }
