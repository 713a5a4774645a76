"""Read a game definition: YAML -> the validated model -> its checks, or every problem at once, file:line each.

A definition from a stranger is input like a spec: read by the same safe YAML
loader (size-limited, no tags, no alias bombs), its keys checked by pydantic
and worded by the same messages; checks.py then says what they cannot mean
together, in the same pass even where pydantic refused some keys. Nothing is
run, and no file outside the definition's folder is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pnp.definitions.checks import Parts, problems
from pnp.definitions.engine import StoneGame
from pnp.definitions.model import MARKER, TAGS, GameDefinition
from pnp.spec import yamlsafe
from pnp.spec.comments import cut_by_comments
from pnp.spec.problems import Problem, SpecError, YamlProblem
from pnp.spec.source import read_spec_bytes
from pnp.spec.validation import validation_problems
from pnp.spec.yamltree import located

WANTED = "a game definition; name a .yaml file"
START = f"a game definition starts with `{MARKER}: 1`"


def read_definition(path: Path, template_folders: Mapping[str, Path] | None = None) -> StoneGame:
    """The game defined in `path`; SpecError listing every problem (file:line: field: what would be right).
    `template_folders`: where each template key's file is (rules, card); None: beside the definition."""
    file = str(path)
    try:
        loaded = yamlsafe.load(read_spec_bytes(path, WANTED))
    except YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None
    return definition_from(file, loaded, path.parent, template_folders)


def definition_from(file: str, loaded: yamlsafe.Loaded, folder: Path | None,
                    template_folders: Mapping[str, Path] | None = None) -> StoneGame:
    """The game defined by an already loaded document; `folder` holds its templates (None: none are looked for),
    or `template_folders` each template key's."""
    where: Path | Mapping[str, Path] | None = template_folders or folder
    data = loaded.data
    if data is None:
        raise SpecError([Problem(file, None, "", f"the file is empty; {START}")])
    if not isinstance(data, dict):
        raise SpecError([Problem(file, 1, "", f"the top level is not a mapping of keys; {START}")])
    if MARKER not in data:
        raise SpecError([Problem(file, 1, MARKER, f"required but missing: this is not a game definition; {START}")])
    try:
        model = GameDefinition.model_validate(data)
    except ValidationError as exc:
        refused = validation_problems(file, loaded, GameDefinition, [_untagged(error) for error in exc.errors()])
        meaning = [located(file, loaded.node, found) for found in problems(Parts.of_data(data), where)]
        raise SpecError(sorted([*map(_keyed, refused), *meaning], key=lambda p: p.line or 0)) from None
    found = problems(Parts.of(model), where)
    if found:
        raise SpecError([located(file, loaded.node, problem) for problem in found])
    return StoneGame(model, folder, tuple(sorted((template_folders or {}).items())), cut_by_comments(loaded))


def _untagged(error: Any) -> Any:
    """A pydantic error without the tags that tell `connect`'s two readings apart: its location is the file's."""
    return {**error, "loc": tuple(part for part in error["loc"] if part not in TAGS)}


def _keyed(problem: Problem) -> Problem:
    """The marker key as written (`pnp-game`), where a message lists the keys by their Python names."""
    return replace(problem, message=problem.message.replace(MARKER.replace("-", "_"), MARKER))
