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
module changes. A game written as data (a definition, pnp/definitions/) needs
no line: the shipped ones are found by listing their folder, a designer's own
by its path (`find`), and pnp/games/stones/ makes each one's Game, its hooks
bound to the definition (picklable partials, so a kit still crosses to the
build's worker process).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Union

if TYPE_CHECKING:
    from pnp.positions.base import PositionBase, Verdict
    from pnp.scene import Document
    from pnp.scene.cutout import Cutout
    from pnp.spec.base import SpecBase
    from pnp.style import BaseStyle

GAMES: dict[str, str] = {
    "asterisk": "pnp.games.asterisk",
    "starry-night": "pnp.games.starry_night",
    "starstar": "pnp.games.starstar",
}


class Plan(Protocol):
    """A game's plan as the rest of pnp reads it (the kit's cover, the booklet, the CLI's warnings)."""

    @property
    def title(self) -> str: ...

    @property
    def style(self) -> "BaseStyle": ...   # the game's colours, resolved from the spec

    @property
    def notes(self) -> tuple[tuple[str, str], ...]: ...   # (field, warning) pairs the CLI prints


Hook = Union[str, Callable[..., Any]]   # "module:function", resolved on first use, or the function itself


@dataclass(frozen=True)
class Asset:
    """An output as data: its composer ("module:function"), called as composer(part, title, style), where `part`
    is the plan's field of that name (the plan has it whenever the spec asks for the asset), or "" the whole plan."""

    composer: Hook
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
    plan: Hook                   # spec -> Plan (raises PlanError with every problem found)
    assets: Mapping[str, Asset]  # asset name -> how the plan is drawn into its Document
    graph: Hook                  # (spec, plan) -> the board graph as a dict
    position: Hook | None = None  # "module:Model": a position file's model (a PositionBase); None: no positions yet
    score: Hook | None = None    # position -> Verdict (the referee's findings: JSON, report, caption)
    diagram: Hook | None = None  # (position, verdict, width_mm, saver, widest_mm) -> Document of one page
    booklet: Hook | None = None  # (spec, plan) -> the variables of templates/rules/NAME.md and templates/cards/NAME.md
    split: Hook | None = None    # (plan, outputs) -> the kit's things as images of their own (print.split: pieces)
    aliases: tuple[Alias, ...] = ()   # other names people give the game or a board of it (pnp/spec/gamename.py)
    board_asset: str = "board"   # the output `graph` describes: the only one `pnp graph` plans
    # `which` ("rules" | "card") -> the template (a Path, or booklet/template.py's Written text); None: the shipped
    # templates/rules/NAME.md and templates/cards/NAME.md
    templates: Hook | None = None
    designer: str | None = None  # the credit's name; None: templates/texts/NAME.yaml's `designer`
    title: str | None = None     # as players name it; None: templates/texts/NAME.yaml's `title`
    summary: str | None = None   # `pnp init`'s line for it; None: templates/texts/NAME.yaml's `summary`
    text_form: Hook | None = None   # () -> the text records' Form (pnp/positions/text_record.py); None: no text records
    notes: tuple[tuple[str, str], ...] = ()   # (field, warning) reading a definition's file left, for each spec of it

    @classmethod
    def of(cls, package: str, name: str, spec: type["SpecBase"], assets: Iterable[str], position: str | None = None,
           graph: str = "board_graph", parts: Mapping[str, str] | None = None,
           aliases: Iterable[Alias] = (), board_asset: str = "board") -> "Game":
        """A game laid out as the house lays one out in `package` (its __name__): plan.py's plan_kit; per asset,
        assets/ASSET.py's compose_ASSET drawing the plan's field ASSET (or `parts[ASSET]`, "" for the whole plan);
        graph.py's `graph`; booklet.py's context; split.py's split_kit; and with a `position` model (a class in
        position.py), score.py's score, diagram.py's diagram and position.py's text_form (its text records).
        `aliases`: names people give it (Alias); `board_asset`: the output its graph describes."""
        def at(module: str, function: str) -> str:
            return f"{package}.{module}:{function}"

        fields = parts or {}
        drawn = {asset: Asset(at(f"assets.{asset}", f"compose_{asset}"), fields.get(asset, asset)) for asset in assets}
        hooks = (at("position", position), at("score", "score"), at("diagram", "diagram")) if position else (None,) * 3
        return cls(name, spec, at("plan", "plan_kit"), drawn, at("graph", graph), *hooks, booklet=at("booklet", "context"),
                   split=at("split", "split_kit"), aliases=tuple(aliases), board_asset=board_asset,
                   text_form=at("position", "text_form") if position else None)

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
        """The position model: named as "module:Model", or made by the hook (a definition's, per definition)."""
        if not self.position:
            return None
        found = _function(self.position)
        return found if isinstance(self.position, str) else found()

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


    def display_name(self) -> str:
        """The game as players name it ("Hex", "*Star")."""
        from pnp.texts import say

        return self.title or say(self.name, "title")

    def summary_line(self) -> str:
        """`pnp init`'s line for the game."""
        from pnp.texts import say

        return self.summary or say(self.name, "summary")

    def template(self, which: str) -> Any:
        """The rules or card template: the game's own hook's, else the shipped file named for the game."""
        if self.templates is not None:
            return _function(self.templates)(which)
        from pnp.resources import templates

        return templates("rules" if which == "rules" else "cards", f"{self.name}.md")


def _function(name: Hook) -> Callable[..., Any]:
    if not isinstance(name, str):
        return name
    module, function = name.split(":")
    return getattr(importlib.import_module(module), function)


@lru_cache(maxsize=None)
def game(name: str) -> Game:
    """The registered game called `name`, a Python game's or a shipped definition's (KeyError if there is none)."""
    if name in GAMES:
        return importlib.import_module(GAMES[name]).GAME
    if name in _defined():
        return _defined_game(name)
    raise KeyError(name)


DEFINITIONS = "pnp.definitions.shipped"   # the shipped definitions, and the one game that plays them all: named, as
DEFINED_GAMES = "pnp.games.stones"        # GAMES names the Python games, and imported on first use


def _defined_game(key: str) -> Game:
    return importlib.import_module(DEFINED_GAMES).defined_game(key)


def _defined() -> tuple[str, ...]:
    """The shipped definitions that no Python game of the same name stands in for."""
    return tuple(name for name in importlib.import_module(DEFINITIONS).shipped_names() if name not in GAMES)


def names() -> tuple[str, ...]:
    """Every game's name: the Python games', then the shipped definitions'."""
    return (*GAMES, *_defined())


def known(name: str) -> bool:
    return name in GAMES or name in _defined()


def canonical(written: object) -> str | None:
    """The registered name `written` means in any case (`Hex`, `HEX` are hex), or None."""
    if not isinstance(written, str):
        return None
    name = written.lower()
    return name if known(name) else None


DEFINITION_SUFFIX = ".yaml"   # `game:` naming a file, a designer's own definition, ends so


def is_path(name: str) -> bool:
    """Whether a `game:` value names a definition file rather than a game."""
    return name.lower().endswith(DEFINITION_SUFFIX)


def find(name: str, folder: Path) -> Game:
    """The game a spec, position or --game names: a game by name, or a definition's path relative to `folder`.
    KeyError for an unknown name; SpecError (file:line) for a definition that is missing or fails its checks."""
    if not is_path(name):
        return game(name)
    return _defined_game(str((folder / name).resolve()))
