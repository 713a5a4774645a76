"""The pad: pages of skies, each with its graph paper, stars, label, code and score box."""

from __future__ import annotations

from pnp.games.starry_night.draw import sky_group
from pnp.games.starry_night.plan import SkiesPlan
from pnp.games.starry_night.rules import Recipe
from pnp.games.starry_night.style import StarryStyle
from pnp.layout.furniture import furniture, mm_text
from pnp.scene import Document, Page, Shape
from pnp.texts import say


def compose_skies(plan: SkiesPlan, title: str, style: StarryStyle) -> Document:
    """Each page: furniture with the pad's facts, then its skies where the plan put them."""
    pages, sheet, grid_mm, scale = plan.pages, plan.sheet, plan.grid_mm, plan.band_scale
    heading_of = say("starry-night", "pages.heading", title=title)
    facts = pad_facts(pages[0][0].numbered.sky.recipe, grid_mm)
    out = []
    for number, page in enumerate(pages, 1):
        heading = heading_of + (say("starry-night", "pages.page_of", page=number, pages=len(pages)) if len(pages) > 1 else "")
        children: list[Shape] = [*furniture(sheet, heading, facts, style)]
        children.extend(sky_group(p.numbered, p.frame, p.band, grid_mm, scale, style) for p in page)
        out.append(Page(sheet.width, sheet.height, tuple(children), heading))
    return Document("skies", heading_of, tuple(out))


def pad_facts(recipe: Recipe, grid_mm: float) -> str:
    """What every sky of the pad shares, for the foot of each page."""
    rule = say("starry-night", "pages.no_three") if recipe.no_three_in_line else ""
    return say("starry-night", "pages.facts", width=recipe.width, height=recipe.height,
               grid=mm_text(grid_mm), gap=recipe.min_gap, rule=rule)
