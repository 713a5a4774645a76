"""The Starry Night spec: a pad of seeded skies on the shared base."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.games.starry_night.rules import DEFAULT_GAP, DEFAULT_SEED, DEFAULT_STARS, FRAME, GAP, MAX_SEED, STARS
from pnp.games.starry_night.style import StarryStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SpecBase, Strict

ASSETS = ("skies",)
OUTPUTS = ASSETS + SHARED_ASSETS
PER_PAGE = (1, 2, 4, 6)
MAX_COUNT = 200
GRID_MM = (2.0, 20.0)      # graph-paper squares: smaller are hard to draw on, larger waste the page
DEFAULT_GRID_MM = 5.0

FrameUnits = Annotated[int | None, Field(ge=FRAME[0], le=FRAME[1],
                                         description="Frame size in grid units; omitted: the largest that fits a slot.")]


class StarryStyleSpec(BaseStyleSpec, style=StarryStyle):
    """Starry Night's own colours (see pnp/games/starry_night/style.py)."""


class SkiesSpec(Strict):
    """The pad of skies: how many, how many to a page, and how each is drawn (stars, frame, seed)."""

    count: Annotated[int, Field(ge=1, le=MAX_COUNT, description="Skies in the pad.")] = 8
    per_page: Annotated[Literal[PER_PAGE], Field(description="Skies on each page.")] = 2  # type: ignore[valid-type]
    stars: Annotated[int, Field(ge=STARS[0], le=STARS[1], description="Stars in each sky.")] = DEFAULT_STARS
    width: FrameUnits = None
    height: FrameUnits = None
    grid_mm: Annotated[float, Field(ge=GRID_MM[0], le=GRID_MM[1],
                                    description="Graph-paper square size; prints only, not in the code.")] = DEFAULT_GRID_MM
    min_gap: Annotated[int, Field(ge=GAP[0], le=GAP[1], description="Least distance between two stars, in grid units.")] = DEFAULT_GAP
    no_three_in_line: Annotated[bool, Field(description="No star on the segment between two others.")] = True
    seed: Annotated[int, Field(ge=0, le=MAX_SEED, description="Sky k uses seed + k - 1.")] = DEFAULT_SEED


class StarryNightSpec(SpecBase, game="starry-night", outputs=OUTPUTS):
    """A Starry Night pad: skies to play on with pencils."""

    style: StarryStyleSpec = EMPTY
    skies: SkiesSpec = EMPTY

    def default_title(self) -> str:
        return "Starry Night"
