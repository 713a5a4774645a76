"""A spec's inputs: every file whose save changes what the spec builds, so `pnp watch` knows what to watch.

The spec itself, and what it names: its own font (`style.font`), a game definition of its own (`game:
./my-game.yaml`), and the rules and card templates that definition names beside it. They are found in the
files as written, not in a validated kit, so that a spec or definition with an error still has its inputs
watched: the save that mends it is seen. Each finder takes a spec's file and its YAML and gives paths; a new
kind of input is one more finder in FINDERS.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

DEFINITION_SUFFIX = ".yaml"                # `game:` naming a file, not a game, ends so
DEFINITION_TEMPLATES = ("rules", "card")   # a definition's keys that name templates beside it

Finder = Callable[[Path, dict[str, Any]], Iterable[Path]]


def spec_inputs(spec: Path) -> tuple[Path, ...]:
    """The spec's file and every file it names that exists or may yet (absolute paths, the spec first, no
    repeats). A spec that cannot be read as YAML names nothing yet: its file alone."""
    data = _mapping(spec)
    found = [absolute(spec), *(path for finder in FINDERS for path in finder(spec, data))]
    return tuple(dict.fromkeys(found))


def _own_font(spec: Path, data: dict[str, Any]) -> Iterator[Path]:
    """`style.font`: a TrueType file relative to the spec (as pnp/fonts/own.py finds it)."""
    written = _at(data, "style", "font")
    if isinstance(written, str) and written.strip():
        from pnp.fonts.own import font_path

        yield font_path(written, spec.parent)


def _own_game(spec: Path, data: dict[str, Any]) -> Iterator[Path]:
    """`game: ./my-game.yaml`: the definition (relative to the spec), and the templates it names (relative to it)."""
    game = data.get("game")
    if not (isinstance(game, str) and game.lower().endswith(DEFINITION_SUFFIX)):
        return
    definition = absolute(spec.parent / game)
    yield definition
    named = _mapping(definition)
    for key in DEFINITION_TEMPLATES:
        if isinstance(named.get(key), str) and named[key].strip():
            yield absolute(definition.parent / named[key])


FINDERS: tuple[Finder, ...] = (_own_font, _own_game)


def _mapping(path: Path) -> dict[str, Any]:
    """The file's YAML read as pnp reads a spec (bounded, safe); {} for one that is missing, unreadable or wrong."""
    from pnp.spec import yamlsafe
    from pnp.spec.problems import YamlProblem
    from pnp.spec.source import read_spec_bytes

    try:
        data = yamlsafe.load(read_spec_bytes(path)).data
    except YamlProblem:
        return {}
    return data if isinstance(data, dict) else {}


def _at(data: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def absolute(path: Path) -> Path:
    """An absolute path with `..` folded but links kept: the name the user's editor saves under."""
    return Path(os.path.abspath(path))
