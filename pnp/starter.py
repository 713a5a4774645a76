"""`pnp init GAME`: a starter spec written from the game's spec model, and the JSON Schema its first line names.

Nothing here is written per game: every key, its default and its one-line comment come from the pydantic
model (field descriptions, or a block's docstring; ranges and choices from the field's constraints), so a
key added to a model shows up in `pnp init` by itself. `game` and `name` are written out; every other key is
commented out at its default, so the file builds exactly the defaults until a line is uncommented. A style
colour's default is the game's own colour (the resolved style of a default plan), not the spec's "unset".
"""

from __future__ import annotations

import os
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from annotated_types import Ge, Le
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pnp import __version__, registry
from pnp.resources import SCHEMA_NAME, packaged, schema_file, templates
from pnp.texts import say

SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_NAME}"
INDENT = "  "
COMMENT_COLUMN = (30, 48)   # comments line up past the longest key and value, within these columns
HUGE = 10**9                # a bound this large is no real limit: shown as "0 or more"
EXAMPLES = "examples"       # `pnp init --examples` writes OUT/examples/: the package's examples (the files the docs use)


@dataclass(frozen=True)
class Entry:
    """One key of the starter spec: its depth, key, value as YAML (blank: none), comment, and whether it is live."""

    depth: int
    key: str
    value: str
    comment: str
    live: bool

    def head(self) -> str:
        text = f"{INDENT * self.depth}{self.key}:{' ' + self.value if self.value else ''}"
        return text if self.live else f"# {text}"


def games() -> list[tuple[str, str]]:
    """(name, what it is) for every game, in alphabetical order, as `pnp init` lists them."""
    return [(name, registry.game(name).summary_line()) for name in sorted(registry.names())]


def write_starter(game_name: str, name: str, out: Path, force: bool = False) -> list[Path]:
    """OUT/NAME.yaml and the schema it names beside it (replaced: it is this pnp's); the two paths. An existing
    NAME.yaml is kept unless `force`: OutputPlaceError, and nothing written."""
    from pnp.writers.atomic import Folder, OutputPlaceError
    from pnp.writers.onefile import replace_files

    spec_file = f"{name}.yaml"
    exists = f"{out / spec_file} exists; pass --force to replace it, or choose another --name or --out"
    if not force and os.path.lexists(out / spec_file):
        raise OutputPlaceError(exists)
    text, schema = starter_spec(game_name, name).encode("utf-8"), schema_file().read_bytes()
    # Both or neither: a full disk, or a spec that appeared meanwhile, changes nothing. The folder is locked as
    # a build locks OUT/NAME, in case --out names one a build is replacing.
    with Folder.held(out, chosen=True) as folder:
        replace_files(folder, {spec_file: text, SCHEMA_NAME: schema}, refusals={} if force else {spec_file: exists})
    return [out / spec_file, out / SCHEMA_NAME]


DEFINITION_SCHEMA = "pnp-game.schema.json"   # what a starter definition's first line names


def definition_schema() -> str:
    """The JSON Schema of a game definition (pnp/definitions/model.py), as an editor reads it."""
    import json

    from pnp.definitions.model import GameDefinition

    body = GameDefinition.model_json_schema(by_alias=True)
    return json.dumps({"$schema": "https://json-schema.org/draft/2020-12/schema", **body,
                       "title": "pnp game definition"}, indent=2) + "\n"


def write_new_game(name: str, out: Path, force: bool = False) -> list[Path]:
    """`pnp init --new-game NAME`: OUT/NAME.yaml (a commented starter definition), its schema, and OUT/NAME-kit.yaml
    (a spec building its kit) with the spec schema; all four or none. Existing files are kept unless `force`."""
    from pnp.writers.atomic import Folder, OutputPlaceError
    from pnp.writers.onefile import replace_files

    game_file, spec_name = f"{name}.yaml", f"{name}-kit"
    spec_file = f"{spec_name}.yaml"
    title = name.replace("-", " ").capitalize()
    refusals = {} if force else {file: f"{out / file} exists; pass --force to replace it, or choose another name "
                                       "or --out" for file in (game_file, spec_file)}
    for file, said in refusals.items():
        if os.path.lexists(out / file):
            raise OutputPlaceError(said)
    template = templates("definitions", "starter.yaml").read_text(encoding="utf-8")
    definition = template.format(name=name, version=__version__, spec=spec_file, kit=spec_name,
                                 name_line=_commented(f"name: {name}"), title_line=_commented(f"title: {title}"))
    spec = starter_spec_text(f"./{game_file}", spec_name, name)
    files = {game_file: definition.encode("utf-8"), DEFINITION_SCHEMA: definition_schema().encode("utf-8"),
             spec_file: spec.encode("utf-8"), SCHEMA_NAME: schema_file().read_bytes()}
    with Folder.held(out, chosen=True) as folder:
        replace_files(folder, files, refusals=refusals)
    return [out / game_file, out / DEFINITION_SCHEMA, out / spec_file, out / SCHEMA_NAME]


DEFINITION_COMMENTS = 33  # where the starter definition's comments start, as its other lines have them


def _commented(line: str) -> str:
    """A key's line padded to the comment column (at least one space before the `#`)."""
    return line.ljust(DEFINITION_COMMENTS - 1) + " "


def starter_spec_text(game: str, spec_name: str, title: str) -> str:
    """A short spec for a game of one's own: the definition's path and the kit's name."""
    return "\n".join([SCHEMA_LINE, f"# The kit of {title}, defined in {game}: `pnp build {spec_name}.yaml` builds it.",
                      f"game: {game}", f"name: {spec_name}", "# board: {size: 6}     # the definition's size key",
                      "# outputs: [board, stones, pad, rules, rules-booklet, card, kit]", ""])


def example_files() -> list[str]:
    """Every example the package holds, as its path under examples/ (`positions/hex-7-red-wins.yaml`, ...), sorted."""
    root = packaged("data", EXAMPLES)
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*")
                  if path.is_file() and not any(part.startswith((".", "__")) for part in path.relative_to(root).parts))


def write_examples(out: Path, force: bool = False) -> list[Path]:
    """OUT/examples/ as the package holds it (position files, game records, a house-rules template), each file
    replaced in one step; the paths written. An example already there is kept unless `force`: OutputPlaceError
    naming it, and nothing written."""
    from pnp.writers.atomic import Folder, OutputPlaceError
    from pnp.writers.onefile import replace_file

    root, names, target = packaged("data", EXAMPLES), example_files(), out / EXAMPLES
    there = [name for name in names if os.path.lexists(target / name)]
    if there and not force:
        more = f" (and {len(there) - 1} more)" if len(there) > 1 else ""
        raise OutputPlaceError(f"{target / there[0]} exists{more}; pass --force to replace the examples, or choose "
                               "another --out")
    for folder in dict.fromkeys(str(Path(name).parent) for name in names):
        with Folder.create(target / folder) as into:   # never through a link where pnp makes a folder
            for name in (name for name in names if str(Path(name).parent) == folder):
                replace_file(into, Path(name).name, (root / name).read_bytes())
    return [target / name for name in names]


def starter_spec(game_name: str, name: str) -> str:
    """The text of NAME.yaml for `game_name`: every key of its spec model at its default, with a comment."""
    game = registry.game(game_name)
    spec = game.spec.model_validate({"game": game_name, "name": name})
    style = game.make_plan(spec).style   # the game's own colours: what an unset style key prints with
    entries = list(_entries(spec, 0, {"style": vars(style)}))
    width = max(COMMENT_COLUMN[0], *(n for entry in entries if (n := len(entry.head()) + 2) <= COMMENT_COLUMN[1]))
    words = {"game": registry.game(game_name).display_name(), "spec": name, "version": __version__,
             "block": _own_block(game.spec)}
    lines = [SCHEMA_LINE, *(say("pages", f"init.header.{line}", **words) for line in ("written", "build", "change", "keep"))]
    lines += [f"{entry.head():<{width - 2}}  # {entry.comment}" for entry in entries]
    return "\n".join(lines) + "\n"


def _entries(values: BaseModel, depth: int, effective: dict[str, Any]) -> typing.Iterator[Entry]:
    """The keys of `values`' model in its order, each block followed by its own keys one level in. A required key
    is written with its value; every other is commented out at its default (or the `effective` value an unset
    key stands for)."""
    model = type(values)
    for key, field in model.model_fields.items():
        block = _block(field.annotation)
        comment = _comment(model, key, field, block)
        if block is not None:
            yield Entry(depth, key, "", comment, live=False)
            inner = effective.get(key)
            yield from _entries(getattr(values, key), depth + 1, inner if isinstance(inner, dict) else {})
        elif field.is_required():
            yield Entry(depth, key, _yaml(getattr(values, key)), comment, live=True)
        else:
            yield Entry(depth, key, _default(field, effective.get(key)), comment, live=False)


def _own_block(model: type[BaseModel]) -> str:
    """The game's first block of its own (`board`, `skies`), to name in the header."""
    from pnp.spec.base import SpecBase

    return next((key for key, field in model.model_fields.items()
                 if _block(field.annotation) and key not in SpecBase.model_fields), "print")


def _block(annotation: Any) -> type[BaseModel] | None:
    """The model of a block of keys (`board:`), or None for a plain value (a model inside a union is a value)."""
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None


def _default(field: FieldInfo, effective: Any) -> str:
    """The default as YAML; blank where the key is simply left out, unless an effective value stands for that."""
    value = field.get_default(call_default_factory=True)
    if value is None:
        value = effective if isinstance(effective, str) and effective else None
    if isinstance(value, float) and value.is_integer():
        value = int(value)   # 10, as people write it; a float key takes it
    return "" if value is None else _yaml(value)


def _yaml(value: Any) -> str:
    """One value in YAML flow style: `a4`, `[svg, pdf]`, `'#1a1a1a'` (quoted: a bare # starts a comment)."""
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True).strip()
    return text.removesuffix("\n...").strip()


def _comment(model: type[BaseModel], key: str, field: FieldInfo, block: type[BaseModel] | None) -> str:
    """What the key is, from its description (or the first one up the model's bases), else its block's docstring;
    then its range or choices where the description leaves them out."""
    described = next((base.model_fields[key].description for base in model.__mro__
                      if isinstance(base, type) and issubclass(base, BaseModel) and key in base.model_fields
                      and base.model_fields[key].description), None)
    text = described or (_first_line(block.__doc__) if block is not None else "")
    extra = _limits(field) or _choices(field.annotation, text)
    return f"{text} ({extra})" if extra and text else text or extra


def _first_line(doc: str | None) -> str:
    """A docstring's first line: a block's one-line comment when its key has no description."""
    return (doc or "").strip().split("\n")[0]


def _limits(field: FieldInfo) -> str:
    """`3 to 200` from a number's bounds."""
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if low is None or high is None:
        return ""
    return f"{low:,} or more" if high >= HUGE else f"{low:,} to {high:,}"


def _choices(annotation: Any, described: str) -> str:
    """`one of: ...` for a choice the description does not already spell out; `any of: ...` for a list of them."""
    for kind, inner in (("one of", annotation), ("any of", _item(annotation))):
        options = _literal(inner)
        if len(options) > 1 and not all(str(option) in described for option in options):
            return f"{kind}: {', '.join(map(str, options))}"
    return ""


def _item(annotation: Any) -> Any:
    """A list's item type or a mapping's key type (through Annotated and Optional), or None."""
    for arg in _flat(annotation):
        if typing.get_origin(arg) is list:
            return typing.get_args(arg)[0]
        if typing.get_origin(arg) is dict:
            return typing.get_args(arg)[0]
    return None


def _literal(annotation: Any) -> tuple[Any, ...]:
    """The choices of a Literal (through Annotated and Optional); none for any other type."""
    for arg in _flat(annotation):
        if typing.get_origin(arg) is Literal:
            return typing.get_args(arg)
    return ()


def _flat(annotation: Any) -> list[Any]:
    """The annotation with Annotated unwrapped and a union spread into its members."""
    if annotation is None:
        return []
    if typing.get_origin(annotation) is typing.Annotated:
        return _flat(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [flat for arg in typing.get_args(annotation) for flat in _flat(arg)]
    return [annotation]
