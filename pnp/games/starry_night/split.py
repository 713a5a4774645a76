"""Starry Night's kit split for a digital tabletop (print.split: pieces): it has no pieces and no board, but skies.

Each sky of the pad is one image, as the pad prints it (graph paper, stars,
its number, code and score box) on its paper: the board the players draw on.
"""

from __future__ import annotations

from collections.abc import Collection

from pnp.boards.split import drawing_cutout
from pnp.games.starry_night.draw import sky_group
from pnp.games.starry_night.plan import SkiesPlan
from pnp.scene.cutout import Cutout

SKIES = "skies"


def split_kit(plan: SkiesPlan, assets: Collection[str]) -> list[Cutout]:
    """`sky-N` for every sky N of the pad (when `assets` holds the skies), where it lies on its page, cut out."""
    if SKIES not in assets:
        return []
    return [drawing_cutout(f"sky-{placed.numbered.number}",
                           sky_group(placed.numbered, placed.frame, placed.band, plan.grid_mm, plan.band_scale, plan.style))
            for page in plan.pages for placed in page]
