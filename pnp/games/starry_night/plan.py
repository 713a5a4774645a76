"""The pad planned before anything is drawn: the arrangement, every sky and its code, or why not.

`plan_kit` turns a validated spec into a SkiesPlan, once per build: the
frame each sky gets, every sky generated from its seed (sky k uses
skies.seed + k - 1) with its code, and each sky's place on its page. The
checks run cheapest first (the page, the seeds, a counting bound on the
stars) and the search only when they pass, so a spec that cannot work is
refused at once, naming the fields to change.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.starry_night.code import encode
from pnp.games.starry_night.look import band_width
from pnp.games.starry_night.pad import MIN_BAND_SCALE, Layout, arrangements, choose, frame_and_band, readable
from pnp.games.starry_night.rules import FRAME, MAX_SEED, Recipe
from pnp.games.starry_night.sky import NoSky, Sky, capacity, make_sky
from pnp.games.starry_night.spec import SkiesSpec, StarryNightSpec
from pnp.games.starry_night.style import StarryStyle
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper, spec_paper
from pnp.spec.problems import PlanError, Unplanned
from pnp.texts import article
from pnp.style import resolve_style


@dataclass(frozen=True)
class NumberedSky:
    """Sky `number` of the pad, with the code that rebuilds it."""

    number: int
    sky: Sky
    code: str


@dataclass(frozen=True)
class PlacedSky:
    """A sky on its page: its frame (grid squares) and its band (label, score box) below."""

    numbered: NumberedSky
    frame: Rect
    band: Rect


@dataclass(frozen=True)
class SkiesPlan:
    """Everything a build of one Starry Night spec draws, decided."""

    title: str
    style: StarryStyle
    grid_mm: float
    band_scale: float
    sheet: Paper
    skies: tuple[NumberedSky, ...]
    pages: tuple[tuple[PlacedSky, ...], ...]

    @property
    def notes(self) -> tuple[tuple[str, str], ...]:
        """(field, warning) pairs the CLI prints: none, as a pad that cannot be made as asked is an error."""
        return ()


def plan_kit(spec: StarryNightSpec) -> SkiesPlan:
    """Plan the pad; raise PlanError naming the fields to change when it cannot be made."""
    skies, sheet = spec.skies, spec_paper(spec)
    layout = choose(sheet, skies.per_page, skies.grid_mm, skies.width, skies.height)
    frame_problem = _check_capacity(recipe(skies, layout, skies.seed)) if layout else unfit(sheet, skies)
    raise_if([frame_problem, _check_seeds(skies)])
    assert layout is not None
    recipes = [recipe(skies, layout, skies.seed + k) for k in range(skies.count)]
    numbered = []
    for number, each in enumerate(recipes, 1):
        try:
            numbered.append(NumberedSky(number, make_sky(each), encode(each)))
        except NoSky as failed:
            raise PlanError([_not_found(number, each, failed.most)]) from None
    return SkiesPlan(spec.display_title, resolve_style(StarryStyle, spec.style.model_dump(), spec.print.ink), skies.grid_mm,
                     layout.arrangement.band_scale, layout.arrangement.sheet, tuple(numbered),
                     place(numbered, layout, skies.per_page, skies.grid_mm))


def recipe(skies: SkiesSpec, layout: Layout, seed: int) -> Recipe:
    return Recipe(skies.stars, layout.width, layout.height, skies.min_gap, skies.no_three_in_line, seed)


def place(numbered: list[NumberedSky], layout: Layout, per_page: int, grid_mm: float) -> tuple[tuple[PlacedSky, ...], ...]:
    """Skies in order, `per_page` to a page, each at its slot's frame and band."""
    pages = []
    for first in range(0, len(numbered), per_page):
        page = numbered[first:first + per_page]
        pages.append(tuple(PlacedSky(sky, *frame_and_band(layout, k, grid_mm)) for k, sky in enumerate(page)))
    return tuple(pages)


def raise_if(found: list[Unplanned | None]) -> None:
    problems = [u for u in found if u is not None]
    if problems:
        raise PlanError(problems)


# --- why not -----------------------------------------------------------------------------------


def unfit(base: Paper, skies: SkiesSpec) -> Unplanned:
    """No arrangement holds the skies: the band does not fit, or the frame asked for is too large."""
    on = f"{skies.per_page} {'sky' if skies.per_page == 1 else 'skies'} a page on {base.name} paper"
    usable = readable(base, skies.per_page)
    if not usable:
        widest = max(a.slot_width for a in arrangements(base, skies.per_page))
        return Unplanned(("skies", "per_page"),
                         f"{on} leave slots at most {widest:.0f} mm wide; a sky's label and score box need "
                         f"{band_width() * MIN_BAND_SCALE:.0f} mm: put fewer skies on a page or choose larger paper")
    rooms = sorted({a.room(skies.grid_mm) for a in usable if min(a.room(skies.grid_mm)) >= FRAME[0]},
                   key=lambda r: min(r), reverse=True)
    if not rooms:
        return Unplanned(("skies", "grid_mm"),
                         f"{on} leave no room for a frame of even {FRAME[0]} x {FRAME[0]} squares of {skies.grid_mm:g} mm; "
                         f"make skies.grid_mm smaller, skies.per_page smaller, or choose larger paper")
    largest = " or ".join(f"{w} x {h}" for w, h in rooms[:2])
    return Unplanned(("skies", _frame_field(skies, rooms)),
                     f"a frame of {skies.width or 'any'} x {skies.height or 'any'} squares of {skies.grid_mm:g} mm "
                     f"does not fit: {on} hold at most {largest}; make skies.width or skies.height smaller, "
                     f"skies.grid_mm smaller, skies.per_page smaller, or choose larger paper")


def _frame_field(skies: SkiesSpec, rooms: list[tuple[int, int]]) -> str:
    """The field most to blame: a size larger than any slot, else the one given, else the grid."""
    if skies.width and skies.width > max(w for w, _ in rooms):
        return "width"
    if skies.height and skies.height > max(h for _, h in rooms):
        return "height"
    return "width" if skies.width else ("height" if skies.height else "grid_mm")


def _check_seeds(skies: SkiesSpec) -> Unplanned | None:
    last = skies.seed + skies.count - 1
    if last <= MAX_SEED:
        return None
    return Unplanned(("skies", "seed"), f"sky {skies.count} would use seed {last}, beyond the largest a sky code holds "
                                        f"({MAX_SEED}); use a seed of at most {MAX_SEED - skies.count + 1}")


def _rules_text(each: Recipe) -> str:
    return f"min_gap {each.min_gap}" + (" and no three in line" if each.no_three_in_line else "")


def _fixes(each: Recipe) -> str:
    rule = ", or no_three_in_line: false" if each.no_three_in_line else ""
    return f"use fewer skies.stars, a larger frame (skies.width, skies.height), a smaller skies.min_gap{rule}"


def _check_capacity(each: Recipe) -> Unplanned | None:
    room = capacity(each)
    if each.stars <= room:
        return None
    return Unplanned(("skies", "stars"), f"{each.stars} stars cannot fit {article(each.width)} {each.width} x {each.height} frame with "
                                         f"{_rules_text(each)}: it holds at most {room}; {_fixes(each)}")


def _not_found(number: int, each: Recipe, most: int) -> Unplanned:
    return Unplanned(("skies", "stars"), f"sky {number} (seed {each.seed}): no sky of {each.stars} stars found in a "
                                         f"{each.width} x {each.height} frame with {_rules_text(each)} (the search "
                                         f"placed at most {most}); {_fixes(each)}")
