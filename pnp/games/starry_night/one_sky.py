"""`pnp sky CODE`: the one sky a code names, rebuilt on a sheet of its own.

The code gives the recipe (stars, frame, gap, in-line rule, seed); the paper
and grid size are the caller's, since they change only how the sky prints.
Left out, the grid is the spec's default (5 mm), or the largest below it at
which the sky fits the paper. The sky is planned and built the way a pad is,
through the same spec model, planner and build, so it is the same sky.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from pnp.games.starry_night.code import CodeError, decode, normal
from pnp.games.starry_night.pad import largest_grid
from pnp.games.starry_night.rules import Recipe
from pnp.games.starry_night.spec import DEFAULT_GRID_MM, GRID_MM, StarryNightSpec
from pnp.layout.paper import PAPERS, paper
from pnp.spec.problems import PlanError
from pnp.spec.suggest import closest
from pnp.texts import article

if TYPE_CHECKING:
    from pnp.spec import Kit

PAPER_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)")


class SkyError(ValueError):
    """Bad input to `pnp sky`: the code, the paper or the grid; the message says what would be right."""


def sky_kit(code: str, paper_text: str = "a4", grid_mm: float | None = None) -> Kit:
    """The planned one-sky kit, named sky-CODE (a spec's `name`, checked as every spec's is); nothing written
    yet, so the caller can check --out first. SkyError for bad input."""
    from pnp import registry
    from pnp.spec import Kit

    spec = sky_spec(code, paper_text, grid_mm)
    game = registry.game(spec.game)
    try:
        plan = game.make_plan(spec)
    except PlanError as exc:
        reasons = "; ".join(u.message for u in exc.found)
        raise SkyError(f"{normal(code)}: this code names a sky that cannot be made: {reasons}") from None
    return Kit(Path(spec.name), spec, game, plan)


def sky_spec(code: str, paper_text: str, grid_mm: float | None) -> StarryNightSpec:
    """The spec of a one-sky pad for `code`, checked like any spec, its grid fitted to the paper."""
    try:
        recipe, shown = decode(code), normal(code)
    except CodeError as exc:
        raise SkyError(f"{code.strip()}: {exc}") from None
    sheet = paper_value(paper_text)
    low, high = GRID_MM
    if grid_mm is not None and not low <= grid_mm <= high:  # also nan: 0 is a size given, never "the default"
        raise SkyError(f"--grid-mm: {grid_mm:g} mm is outside {low:g} to {high:g} mm; give a square size in that "
                       f"range, or leave --grid-mm out for {DEFAULT_GRID_MM:g} mm (less where the sky needs it)")
    spec = _validated(shown, recipe, sheet, DEFAULT_GRID_MM if grid_mm is None else grid_mm)
    best = largest_grid(paper(spec.paper), recipe.width, recipe.height, spec.skies.grid_mm)
    if best is not None and best >= spec.skies.grid_mm:
        return spec
    if grid_mm is None and best is not None and best >= GRID_MM[0]:
        return _validated(shown, recipe, sheet, best)
    size = f"{article(recipe.width)} {recipe.width} x {recipe.height} sky"
    if grid_mm is None:
        raise SkyError(f"--paper: {size} does not fit {paper_text} paper even with {GRID_MM[0]:g} mm squares; choose larger paper")
    fits = f"the largest grid that fits is {best:g} mm" if best and best >= GRID_MM[0] else "no grid fits"
    raise SkyError(f"--grid-mm: {size} with {grid_mm:g} mm squares does not fit {paper_text} paper; {fits} "
                   "(or choose larger --paper)")


def paper_value(text: str) -> Any:
    """A paper name, or WIDTHxHEIGHT in mm (e.g. 105x148) as the spec's custom paper."""
    name = text.strip().lower()
    if name in PAPERS:
        return name
    size = PAPER_SIZE.fullmatch(name)
    if not size:
        guess = closest(name, list(PAPERS))
        meant = f"did you mean {guess}? " if guess else ""
        raise SkyError(f"--paper: {text!r} is not a paper; {meant}use one of {', '.join(PAPERS)} or WIDTHxHEIGHT in mm, e.g. 105x148")
    return {"width_mm": float(size[1]), "height_mm": float(size[2])}


def _validated(shown: str, recipe: Recipe, sheet: Any, grid_mm: float) -> StarryNightSpec:
    data = {"game": "starry-night", "name": f"sky-{shown}", "title": f"Starry Night, sky {shown}", "paper": sheet,
            "skies": {"count": 1, "per_page": 1, "stars": recipe.stars, "width": recipe.width, "height": recipe.height,
                      "grid_mm": grid_mm, "min_gap": recipe.min_gap, "no_three_in_line": recipe.no_three_in_line,
                      "seed": recipe.seed}}
    try:
        return StarryNightSpec.model_validate(data)
    except ValidationError as exc:
        from pnp.spec.messages import message

        # A custom paper fails the names branch of `paper` too; report the branch that was meant.
        error = next(e for e in exc.errors() if not any(str(part).startswith("literal[") for part in e["loc"]))
        option = "--paper" if error["loc"][0] == "paper" else "--grid-mm"
        raise SkyError(f"{option}: {message(error, StarryNightSpec)}") from None
