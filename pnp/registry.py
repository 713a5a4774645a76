"""The one table of games: a game's name -> everything the rest of pnp needs of it.

A game lives in its own folder under pnp/games/ and exposes a `GAME` there. Its
spec model is loaded with the registry (validation needs it); its planner,
assets and graph are named as "module:function" and imported on first use, so
a build imports only what it draws. Positions (`pnp score`, `pnp diagram`) are
optional: a game names its position model, its referee's score and its
diagram the same way, or leaves them None until it has them. Adding a game is a
folder and a line in GAMES; no writer, CLI code or shared module changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from pnp.positions.base import PositionBase, Verdict
    from pnp.scene import Document
    from pnp.spec.base import SpecBase

GAMES: dict[str, str] = {
    "asterisk": "pnp.games.asterisk",
    "starry-night": "pnp.games.starry_night",
    "starstar": "pnp.games.starstar",
}


@dataclass(frozen=True)
class Game:
    """What pnp needs of a game. Functions are "module:function" names, resolved on first use."""

    name: str
    spec: type["SpecBase"]
    plan: str                   # spec -> plan (raises PlanError with every problem found)
    assets: Mapping[str, str]   # asset name -> plan -> Document
    graph: str                  # (spec, plan) -> the board graph as a dict
    position: str | None = None  # "module:Model": a position file's model (a PositionBase); None: no positions yet
    score: str | None = None     # position -> Verdict (the referee's findings: JSON, report, caption)
    diagram: str | None = None   # (position, verdict, width_mm, saver) -> Document of one page
    booklet: str | None = None   # (spec, plan) -> the variables of templates/rules/NAME.md and templates/cards/NAME.md

    def make_plan(self, spec: "SpecBase") -> Any:
        return _function(self.plan)(spec)

    def compose(self, asset: str, plan: Any) -> "Document":
        return _function(self.assets[asset])(plan)

    def board_graph(self, spec: "SpecBase", plan: Any) -> dict[str, Any]:
        return _function(self.graph)(spec, plan)

    def position_model(self) -> type["PositionBase"] | None:
        return _function(self.position) if self.position else None

    def judge(self, position: "PositionBase") -> "Verdict":
        assert self.score, f"{self.name} has a position model but no score"
        return _function(self.score)(position)

    def draw_diagram(self, position: "PositionBase", verdict: "Verdict", width_mm: float, saver: bool = False) -> "Document":
        """`saver`: drawn for the ink saver (print.ink: saver), as the kit's sheets are."""
        assert self.diagram, f"{self.name} has a position model but no diagram"
        return _function(self.diagram)(position, verdict, width_mm, saver)


    def booklet_context(self, spec: "SpecBase", plan: Any) -> dict[str, Any]:
        assert self.booklet, f"{self.name} has no booklet variables"
        return _function(self.booklet)(spec, plan)


def _function(name: str) -> Callable[..., Any]:
    module, function = name.split(":")
    return getattr(importlib.import_module(module), function)


@lru_cache(maxsize=None)
def game(name: str) -> Game:
    """The registered game called `name` (KeyError if there is none)."""
    return importlib.import_module(GAMES[name]).GAME


def names() -> tuple[str, ...]:
    return tuple(GAMES)
