"""The one table of games: a game's name -> everything the rest of pnp needs of it.

A game lives in its own folder under pnp/games/ and exposes a `GAME` there. Its
spec model is loaded with the registry (validation needs it); its planner,
assets and graph are named as "module:function" and imported on first use, so
a build imports only what it draws. Positions (`pnp score`, `pnp diagram`) are
optional: a game names its position model, its referee's score and its
diagram the same way, or leaves them None until it has them. `Game.of` names
them all from the folder's layout, so a game's GAME says only what differs.
Whatever the game, its plan is a `Plan`: shared code reads nothing else of it.
Adding a game is a folder and a line in GAMES; no writer, CLI code or shared
module changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from pnp.positions.base import PositionBase, Verdict
    from pnp.scene import Document
    from pnp.scene.cutout import Cutout
    from pnp.spec.base import SpecBase
    from pnp.style import BaseStyle

GAMES: dict[str, str] = {
    "asterisk": "pnp.games.asterisk",
    "hex": "pnp.games.hex",
    "starry-night": "pnp.games.starry_night",
    "starstar": "pnp.games.starstar",
    "y": "pnp.games.y",
}


class Plan(Protocol):
    """A game's plan as the rest of pnp reads it (the kit's cover, the booklet, the CLI's warnings)."""

    @property
    def title(self) -> str: ...

    @property
    def style(self) -> "BaseStyle": ...   # the game's colours, resolved from the spec

    @property
    def notes(self) -> tuple[tuple[str, str], ...]: ...   # (field, warning) pairs the CLI prints


@dataclass(frozen=True)
class Asset:
    """An output as data: its composer ("module:function"), called as composer(part, title, style), where `part`
    is the plan's field of that name (the plan has it whenever the spec asks for the asset), or "" the whole plan."""

    composer: str
    part: str


@dataclass(frozen=True)
class Alias:
    """Another name people give a game ("star" for *Star), or a board of it ("mudcrack": Mudcrack Y is Y on a
    board of its own). Never accepted as the game's name: pnp answers it with the name, and for a board with the
    `board:` setting (`setting`) or a text record's option (`option`) that makes it."""

    name: str
    called: str = ""    # what the board is called ("Mudcrack Y"); blank: the alias is the game itself
    setting: str = ""   # the spec's or position's `board:` value that makes it: "{mudcrack: {cells: N, seed: S}}"
    option: str = ""    # a text record's option that names such a board: "--code CODE"


@dataclass(frozen=True)
class Game:
    """What pnp needs of a game. Functions are "module:function" names, resolved on first use."""

    name: str
    spec: type["SpecBase"]
    plan: str                    # spec -> Plan (raises PlanError with every problem found)
    assets: Mapping[str, Asset]  # asset name -> how the plan is drawn into its Document
    graph: str                   # (spec, plan) -> the board graph as a dict
    position: str | None = None  # "module:Model": a position file's model (a PositionBase); None: no positions yet
    score: str | None = None     # position -> Verdict (the referee's findings: JSON, report, caption)
    diagram: str | None = None   # (position, verdict, width_mm, saver, widest_mm) -> Document of one page
    booklet: str | None = None   # (spec, plan) -> the variables of templates/rules/NAME.md and templates/cards/NAME.md
    split: str | None = None     # (plan, outputs) -> the kit's things as images of their own (print.split: pieces)
    aliases: tuple[Alias, ...] = ()   # other names people give the game or a board of it (pnp/spec/gamename.py)
    board_asset: str = "board"   # the output `graph` describes: the only one `pnp graph` plans

    @classmethod
    def of(cls, package: str, name: str, spec: type["SpecBase"], assets: Iterable[str], position: str | None = None,
           graph: str = "board_graph", parts: Mapping[str, str] | None = None,
           aliases: Iterable[Alias] = (), board_asset: str = "board") -> "Game":
        """A game laid out as the house lays one out in `package` (its __name__): plan.py's plan_kit; per asset,
        assets/ASSET.py's compose_ASSET drawing the plan's field ASSET (or `parts[ASSET]`, "" for the whole plan);
        graph.py's `graph`; booklet.py's context; split.py's split_kit; and with a `position` model (a class in
        position.py), score.py's score and diagram.py's diagram. `aliases`: names people give it (Alias);
        `board_asset`: the output its graph describes."""
        def at(module: str, function: str) -> str:
            return f"{package}.{module}:{function}"

        fields = parts or {}
        drawn = {asset: Asset(at(f"assets.{asset}", f"compose_{asset}"), fields.get(asset, asset)) for asset in assets}
        hooks = (at("position", position), at("score", "score"), at("diagram", "diagram")) if position else (None,) * 3
        return cls(name, spec, at("plan", "plan_kit"), drawn, at("graph", graph), *hooks, booklet=at("booklet", "context"),
                   split=at("split", "split_kit"), aliases=tuple(aliases), board_asset=board_asset)

    def make_plan(self, spec: "SpecBase") -> Plan:
        return _function(self.plan)(spec)

    def compose(self, asset: str, plan: Plan) -> "Document":
        drawn = self.assets[asset]
        part = getattr(plan, drawn.part) if drawn.part else plan
        assert part is not None, f"the plan has {drawn.part} whenever the spec asks for {asset}"
        return _function(drawn.composer)(part, plan.title, plan.style)

    def board_graph(self, spec: "SpecBase", plan: Plan) -> dict[str, Any]:
        return _function(self.graph)(spec, plan)

    def position_model(self) -> type["PositionBase"] | None:
        return _function(self.position) if self.position else None

    def judge(self, position: "PositionBase") -> "Verdict":
        assert self.score, f"{self.name} has a position model but no score"
        from pnp.positions.resign import resigned

        return resigned(_function(self.score)(position), position)   # a record may end with a resignation

    def draw_diagram(self, position: "PositionBase", verdict: "Verdict", width_mm: float, saver: bool = False,
                     widest_mm: float | None = None) -> "Document":
        """`saver`: drawn for the ink saver (print.ink: saver), as the kit's sheets are. `widest_mm`: how far the
        diagram may grow past `width_mm` for its labels to print at 5 pt (None: not at all; they are thinned or
        left out instead, the Document's notes saying so: pnp/boards/readable.py)."""
        assert self.diagram, f"{self.name} has a position model but no diagram"
        return _function(self.diagram)(position, verdict, width_mm, saver, widest_mm)

    def split_kit(self, plan: Plan, outputs: Iterable[str]) -> list["Cutout"]:
        """The things of these outputs as images of their own: each kind of piece or stone, the board (a digital
        tabletop's); none for a game without a split."""
        return _function(self.split)(plan, frozenset(outputs)) if self.split else []

    def booklet_context(self, spec: "SpecBase", plan: Plan) -> dict[str, Any]:
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


def canonical(written: object) -> str | None:
    """The registered name `written` means in any case (`Hex`, `HEX` are hex), or None."""
    if not isinstance(written, str):
        return None
    name = written.lower()
    return name if name in GAMES else None
