"""Styles as data: frozen defaults every game shares, overridable from a spec's `style` block.

Each game subclasses BaseStyle with its own named colours (Asterisk's side and
piece colours, say). A style is resolved once per build, in the game's plan,
and passed down to whatever draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

SPEC_KEY = "spec"  # in a style field's metadata: what the value does, for a value a spec's style block may set


def setting(default: Any, what: str) -> Any:
    """A style value a spec may set: its default, and `what` it does (the schema's and `pnp init`'s words).

    The game's spec model is made from these fields (pnp/spec/base.py), so a new colour is one line here.
    """
    return field(default=default, metadata={SPEC_KEY: what})


@dataclass(frozen=True)
class BaseStyle:
    """Colours (hex #rrggbb) and line weights (mm) of every page of every game."""

    ink: str = setting("#1a1a1a", "Text and main lines.")
    grid: str = setting("#4d4d4d", "Cell outlines.")
    grid_width: float = 0.25
    cell_fill: str = setting("#ffffff", "Inside the cells.")
    cut: str = setting("#8c8c8c", "Cut guides on the paper.")   # thin, mid grey
    cut_width: float = 0.2
    # A cut between two pieces is drawn over them as a white core in a dark casing: the casing shows on light
    # pieces, the core on dark ones, so every cut shows whatever the colours either side.
    cut_core: str = "#ffffff"
    cut_casing_width: float = 0.6
    crop: str = "#808080"           # crop marks outside each block of pieces: 0.25 pt
    crop_width: float = 0.25 * 25.4 / 72
    fold: str = "#6b6b6b"           # fold lines (dashed): darker than cuts, so the two never mix
    fold_width: float = 0.3
    muted: str = "#6b6b6b"          # secondary text
    # print.ink: saver: no large dark fills. Dark things become hatching inside a thick rim on white paper.
    saver: bool = False
    hatch_pitch: float = 1.1        # mm between hatch lines: dense enough to read as dark, a quarter of the ink
    hatch_width: float = 0.28
    rim_share: float = 0.08         # a saver rim, per mm of the shape's size
    rim_max: float = 1.4
    bleed: float = 0.0              # print.bleed_mm: a cut-out's colour runs this far past its cut line
    registration: bool = False      # formats hold cut: sheets of cut-out things print the cutter's registration marks
    # The spec's own TTF (an absolute path once read) for text the shipped faces cannot draw.
    font: str = setting("", "A TrueType font (.ttf), relative to this spec, for text the shipped fonts cannot draw.")


class StoneStyle(BaseStyle):
    """The style of a game played with red and blue stones: its dataclass declares these, with their defaults."""

    red: str        # Red's stones: the light ones
    blue: str       # Blue's: the dark ones, hatched by the ink saver
    outline: str    # a stone's rim, dark so its edge shows on white paper
    # The players whose stones these are, the light one's first: a game of other players (a definition's) names its
    # own, and its stones still take the `red` (light) and `blue` (dark) colours in that order.
    players: tuple[str, str] = ("red", "blue")


S = TypeVar("S", bound=BaseStyle)


def settable(kind: type[BaseStyle]) -> dict[str, str]:
    """The keys a spec may set on `kind`, in field order, each with what it does.

    A game that only changes a shared value's default (*Star's cell_fill) keeps the shared description.
    """
    found: dict[str, str] = {}
    for f in fields(kind):
        own = (vars(c).get("__dataclass_fields__", {}).get(f.name) for c in kind.__mro__)
        what = next((d.metadata[SPEC_KEY] for d in own if d is not None and SPEC_KEY in d.metadata), None)
        if what is not None:
            found[f.name] = what
    return found


def resolve_style(kind: type[S], overrides: Mapping[str, Any] | None, ink: str = "full", bleed: float = 0.0) -> S:
    """`kind`'s defaults with the spec's overrides applied (unset keys keep their default); `ink` and `bleed`
    come from the spec's print block. A key `kind` does not let a spec set is an error, never dropped."""
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    unknown = sorted(set(given) - set(settable(kind)))
    if unknown:
        raise ValueError(f"{kind.__name__} has no style key {unknown[0]!r} a spec may set")
    return replace(kind(saver=ink == "saver", bleed=bleed), **given)


def saver_fill(points: tuple[tuple[float, float], ...], size: float, ink: str, style: BaseStyle, cls: str = "") -> list:
    """A dark area as the ink saver prints it: white inside, hatched, with a thick rim in `ink` (a convex outline)."""
    from pnp.geometry.hatch import hatch
    from pnp.scene import Paint, Path, Polygon

    rim = min(style.rim_max, style.rim_share * size)
    return [Polygon(points, Paint(fill="#ffffff"), cls=cls),
            Path(hatch(points, style.hatch_pitch), Paint(stroke=ink, width=style.hatch_width), cls="hatch"),
            Polygon(_inset(points, rim / 2), Paint(stroke=ink, width=rim, join="round"), cls="rim")]


def _inset(points: tuple[tuple[float, float], ...], by: float) -> tuple[tuple[float, float], ...]:
    """A convex outline pulled towards its centre by about `by` (exact for regular shapes), so a stroke stays inside."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    import math

    reach = max(math.dist((cx, cy), p) for p in points)
    k = (reach - by) / reach
    return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points)
