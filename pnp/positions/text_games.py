"""The games that have text records, and the options each takes: found through the registry, never listed here.

A text record (or an SGF file that does not say its board) is read with the command's options: `--game`, then
the game's own, as its Form names them (pnp/positions/text_form.py: the board's size key first, `--size 11`,
`--base 8`, a designer's `--rings 5`), and `--first` where its position names who moves first. What each option
takes, a whole number and its range, one of some words, or text, is what the game's position model says of the
field the option sets, so an option is checked, and its message worded, before any record is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pnp import registry
from pnp.positions.text_form import Form
from pnp.spec import gamename
from pnp.spec.problems import Problem, SpecError, clip

FIRST = "first"                 # the option naming who makes move 1, where the game's position has that key
OPTION_CHARS = 100              # an option's value: far beyond any board code, player or opening
NUMBER = re.compile(r"[+-]?\d{1,9}")


@dataclass(frozen=True)
class Header:
    """What a text record cannot say itself: its game, and the game's own options as given (option name without
    its dashes -> value, as typed on the command line or as a number): `{"size": "11"}`, `{"first": "blue"}`."""

    game: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def given(self) -> list[str]:
        """The options given, by name, game first."""
        return [*(["game"] if self.game is not None else []), *self.options]


@dataclass(frozen=True)
class Takes:
    """What an option takes, as the position model's field at its path says: a whole number (within `low` to
    `high` where the model bounds it), one of `choices`, or text."""

    number: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()

    def said(self) -> str:
        """"a whole number from 2 to 40", "red or blue", "text"."""
        if self.choices:
            return _listed(list(self.choices))
        if not self.number:
            return "text"
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"a whole number of at least {self.low}"
        return "a whole number" if self.high is None else f"a whole number of at most {self.high}"

    def read(self, value: Any) -> tuple[Any, bool]:
        """The value as the position holds it, and whether it is one this option takes."""
        if self.number:
            if isinstance(value, str):
                if not NUMBER.fullmatch(value.strip()):
                    return value, False
                value = int(value)
            fits = isinstance(value, int) and not isinstance(value, bool)
            return value, fits and (self.low is None or value >= self.low) and (self.high is None or value <= self.high)
        text = str(value)
        return text, not self.choices or text in self.choices


def form_of(game: str) -> Form:
    """The text form of a game, as the game says it (its Game's `text_form`: found by name, or a definition by its
    path from here); KeyError for a game without records."""
    found = registry.find(game, Path.cwd())
    if found.text_form is None:
        raise KeyError(game)
    return registry._function(found.text_form)()


def has_records(game: str) -> bool:
    try:
        form_of(game)
    except KeyError:
        return False
    return True


def games_with_records() -> list[str]:
    return [name for name in registry.names() if has_records(name)]


def registered(header: Header) -> Header:
    """The options with --game as the registry names it, in whatever case it was typed (`--game Hex`)."""
    return replace(header, game=registry.canonical(header.game) or header.game)


def option_paths(game: str) -> dict[str, tuple[str, ...]]:
    """The options a record of `game` takes besides --game, each with the position's key it sets: the Form's, then
    --first where the position names who moves first."""
    paths = dict(form_of(game).options)
    if players(game):
        paths[FIRST] = (FIRST,)
    return paths


def options_for(game: str) -> list[str]:
    """The options a text record of `game` takes besides --game."""
    return list(option_paths(game))


def takes(game: str) -> dict[str, Takes]:
    """What each option of `game` takes, read from its position model."""
    model = registry.find(game, Path.cwd()).position_model()
    return {name: _takes(model, path) for name, path in option_paths(game).items()}


def described(game: str, names: Sequence[str] | None = None) -> str:
    """The options of `game` (or those of `names`) with what each takes: "--size (a whole number from 2 to 40)
    or --first (red or blue)"."""
    found = takes(game)
    return _listed([f"--{name} ({found[name].said()})" for name in (names if names is not None else found)])


def checked(file: str, header: Header, among: Sequence[str] | None = None) -> dict[str, Any]:
    """The options of `header` (its game known) as the position holds them; SpecError naming each option the
    game does not take (`among`: those taken here, default all) or a value it does not, and what would be right."""
    game = header.game or ""
    allowed = takes(game)
    if among is not None:
        allowed = {name: what for name, what in allowed.items() if name in among}
    found: list[Problem] = []
    values: dict[str, Any] = {}
    for written, value in header.options.items():
        name = written if written in allowed else written.replace("-", "_")   # --cells-per-side: a key cells_per_side
        if name not in allowed:
            right = described(game, list(allowed))
            found.append(Problem(file, None, "", f"{_whose(written, game)}; {game} takes {right}"))
        elif isinstance(value, str) and len(value) > OPTION_CHARS:
            found.append(Problem(file, None, f"--{name}", f"{len(value):,} characters; an option's value is at most "
                                                          f"{OPTION_CHARS}"))
        else:
            read, fits = allowed[name].read(value)
            values[name] = read
            if not fits:
                got = value if isinstance(read, int) else repr(clip(str(value)))
                found.append(Problem(file, None, f"--{name}", f"must be {allowed[name].said()} for {game}, got {got}"))
    if found:
        raise SpecError(found)
    return values


def form_checked(file: str, header: Header) -> tuple[Form, dict[str, Any]]:
    """The game's form and the options as the position holds them, once they fit: --game given and known, each
    option one the game takes, with a value it takes, and every option the form needs given."""
    known = ", ".join(games_with_records()) + ", or a game definition's .yaml file"
    if header.game is None:
        raise SpecError([Problem(file, None, "", f"a text record names no game; give it with --game ({known})")])
    if not has_records(header.game):
        meant = gamename.unknown(header.game, games_with_records(), gamename.RECORD)
        raise SpecError([Problem(file, None, "--game", f"{clip(header.game)!r} is not a game with records; {meant}")])
    form = form_of(header.game)
    values = checked(file, header)
    missing = [name for name in form.required if name not in values]
    if missing:
        raise SpecError([Problem(file, None, "", f"{header.game} text records need --{name} "
                                                 f"({form.helps.get(name) or described(header.game, [name])})")
                         for name in missing])
    return form, values


def games_taking(option: str) -> list[str]:
    """The games with records whose own options include `option`."""
    return [game for game in games_with_records() if option in options_for(game)]


def _whose(option: str, game: str) -> str:
    """"--rings is for starstar", or for an option no game takes, that it is none of `game`'s."""
    others = [other for other in games_taking(option) if other != game]
    return f"--{option} is for {_listed(others, 'and')}" if others else f"{game} has no option --{clip(option)}"


def players(game: str) -> tuple[str, ...]:
    """The game's players, where its position names who moves first (the stone games: red, blue; a definition's
    own, found by name or by its path from here)."""
    if not (registry.known(game) or registry.is_path(game)):
        return ()
    model = registry.find(game, Path.cwd()).position_model()
    first = model.model_fields.get(FIRST) if model is not None else None
    return tuple(get_args(first.annotation)) if first is not None else ()


def game_key(position: Any) -> str:
    """The game a position is of as the registry finds it: its name, or a designer's definition by its file's
    absolute path (the position's `game` then holds the definition's name, which no registry knows)."""
    return getattr(type(position), "definition", "") or position.game


def game_written(position: Any) -> str:
    """The game as a record's command or file names it: its name, or a designer's definition by its file's name
    (as the pad's command does: the record is read beside the definition)."""
    key = game_key(position)
    return Path(key).name if registry.is_path(key) else position.game


def _takes(model: Any, path: tuple[str, ...]) -> Takes:
    """What the model's field at `path` takes (text where the model says nothing the option can be checked by)."""
    annotation: Any = model
    info = None
    for key in path:
        fields = getattr(annotation, "model_fields", None)
        info = fields.get(key) if fields else None
        if info is None:
            return Takes()
        annotation = _plain(info.annotation)
    if get_origin(annotation) is Literal:
        return Takes(choices=tuple(str(choice) for choice in get_args(annotation)))
    if annotation is int:
        bounds = {type(rule).__name__: rule for rule in info.metadata}
        low = getattr(bounds.get("Ge"), "ge", None)
        high = getattr(bounds.get("Le"), "le", None)
        return Takes(number=True, low=low, high=high)
    return Takes()


def _plain(annotation: Any) -> Any:
    """`X | None` as X."""
    if get_origin(annotation) in (Union, UnionType):
        kept = [arg for arg in get_args(annotation) if arg is not NoneType]
        return kept[0] if len(kept) == 1 else annotation
    return annotation


def _listed(names: Sequence[str], joined: str = "or") -> str:
    if not names:
        return "no option besides --game"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joined} {names[-1]}"
