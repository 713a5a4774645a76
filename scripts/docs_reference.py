"""The documentation's reference pages written from the code, so they cannot drift from it (`make docs-reference`).

- docs/reference/commands.md: every command, argument and option of the Typer app, with its type, default and
  help, and the examples its --help ends with;
- docs/reference/spec-keys/*.md: every key of every game's spec from the JSON Schema (`pnp schema`): its type,
  default, range and one-line meaning; keys every game shares on the index page, each game's own on its page;
- docs/reference/template-sandbox.md: the template sandbox's bounds, from pnp/booklet/limits.py (each constant
  and its comment) and the filters and globals of pnp/booklet/sandbox.py;
- docs/gallery/*.md, from scripts/docs_gallery.py: a page per game with each shipped config's YAML and a picture
  of every asset it builds (the pictures are rendered when mkdocs builds the site: scripts/docs_hooks.py).

tests/test_docs_reference.py writes every page in memory and fails on one that differs from the file.
`python scripts/docs_reference.py` writes them; `--check` only says which are out of date.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docs_gallery import gallery_pages
from docs_markdown import code, game_title, page, table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


# --- commands ------------------------------------------------------------------------------------------------------

def _number(value: float) -> str:
    return f"{value:,}" if float(value).is_integer() and abs(value) >= 10_000 else f"{value:g}"


def _span(low: float | None, high: float | None) -> str:
    """A range as the pages say it: 1 to 64, 0 or more, up to 5."""
    if low is not None and high is not None:
        return f"{_number(low)} to {_number(high)}"
    return f"{_number(low)} or more" if low is not None else f"up to {_number(high)}" if high is not None else ""


def _type_name(param: Any) -> str:
    """A click parameter's type as a user reads it: choices, ranges, number, text, path, flag. (Typer ships its own
    copy of click, so the types are told apart by what they hold, not by their classes.)"""
    kind = param.type
    if getattr(param, "is_flag", False):
        return "flag"
    if getattr(kind, "choices", None):
        return " | ".join(map(str, kind.choices))
    base = {"int": "whole number", "int range": "whole number", "float": "number", "float range": "number",
            "path": "path"}.get(kind.name, "text")
    span = _span(getattr(kind, "min", None), getattr(kind, "max", None))
    return f"{base}, {span}" if span else base


def _default(param: Any) -> str:
    """The default as the help would show it; one that depends on the machine is stated in the help instead."""
    help_text = getattr(param, "help", "") or ""
    if "default" in help_text.lower() or param.default in (None, False, ()) or param.required:
        return ""
    return code(param.default)


def _param_row(param: Any) -> tuple[str, ...]:
    if param.param_type_name == "argument":
        many = " ..." if param.nargs == -1 else ""
        name = param.name.upper() + many
        return (code(name if param.required else f"[{name}]"), _type_name(param), "", param.help or "")
    long = next((opt for opt in param.opts if opt.startswith("--")), param.opts[0])
    metavar = "" if getattr(param, "is_flag", False) else " " + long.lstrip("-").upper().replace("-", "_")
    names = ", ".join(code(opt + (metavar if i == 0 else "")) for i, opt in enumerate(param.opts))
    repeat = " Repeat it for more." if param.multiple and "repeat" not in (param.help or "").lower() else ""
    return (names, _type_name(param), _default(param), (param.help or "") + repeat)


def _usage(name: str, command: Any) -> str:
    """The command's synopsis: its arguments (optional ones in brackets, `...` for several), then [OPTIONS]."""
    words = [f"pnp {name}"]
    for param in command.params:
        if param.param_type_name == "argument":
            word = param.name.upper() + (" ..." if param.nargs == -1 else "")
            words.append(word if param.required else f"[{word}]")
    return " ".join(words + ["[OPTIONS]"])


def _examples(epilog: str | None) -> list[str]:
    lines = [line.strip() for line in (epilog or "").splitlines()]
    shown = [line for line in lines if line.startswith("pnp")]
    return ["Examples (as `--help` shows them):", "", "```text", *shown, "```"] if shown else []


def _game_options(command: Any) -> list[Any]:
    """A command that reads records takes the named game's own options too: each game's, from the games."""
    from pnp.cli import GameOptionsCommand, game_options

    if not isinstance(command, GameOptionsCommand):
        return []
    return ["The game's own options (a text record's, or an SGF file's that does not say them), after `--game`; "
            "`--KEY VALUE` or `--KEY=VALUE`:",
            table(("game", "options"), [(code(game), said) for game, said in game_options()])]


def commands_page() -> str:
    import typer.main

    from pnp.cli import app

    group = typer.main.get_command(app)
    blocks: list[list[str] | str] = [
        "Every command and option of `pnp`, as `pnp COMMAND --help` gives it. Options that name a default in "
        "their help (such as `--jobs`, whose default is the number of cores) leave the default column empty.",
        table(("option", "type", "default", "what it does"), [_param_row(p) for p in group.params]),
    ]
    for name, command in group.commands.items():
        blocks += [f"## pnp {name}", command.help or "", ["```text", _usage(name, command), "```"],
                   table(("argument or option", "type", "default", "what it does"),
                         [_param_row(p) for p in command.params if p.name != "help"]),
                   *_game_options(command), _examples(command.epilog)]
    return page("Commands", *blocks)


# --- spec keys -----------------------------------------------------------------------------------------------------

def _base_meaning(name: str) -> str:
    """A top-level key's meaning where a game's schema leaves it out (a game narrows `game` and `outputs` to its
    own values, and the narrowed field has no description): the one every spec's base model gives."""
    from pnp.spec.base import SpecBase

    field = SpecBase.model_fields.get(name)
    return field.description or "" if field else ""


@dataclass(frozen=True)
class Key:
    """One key of a spec as the reference lists it."""

    path: str
    kind: str
    default: str
    allowed: str
    meaning: str

    def row(self) -> tuple[str, ...]:
        return (code(self.path), self.kind, self.default, self.allowed, self.meaning)


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    return schema["$defs"][ref.rsplit("/", 1)[1]] if ref else node


def _kind(node: dict[str, Any]) -> str:
    if "const" in node:
        return "text"
    if "anyOf" in node:
        return " or ".join(dict.fromkeys(_kind(option) for option in node["anyOf"]))
    if "$ref" in node or node.get("type") == "object":
        return "mapping"
    if node.get("type") == "array":
        return f"list of {_kind(node.get('items', {}))}"
    if node.get("pattern") == "^#[0-9a-fA-F]{6}$":
        return "colour"
    return {"integer": "whole number", "number": "number", "boolean": "true or false", "string": "text"}.get(
        node.get("type", ""), "any")


def _allowed(node: dict[str, Any]) -> str:
    """Range, choices or form of a value (of a list: of its items, and how many)."""
    parts = []
    if "const" in node:
        parts.append(code(node["const"]))
    for option in node.get("anyOf", ()):
        if "enum" in option:
            parts.append(", ".join(map(code, option["enum"])))
    if "enum" in node:
        parts.append(", ".join(map(code, node["enum"])))
    parts.append(_span(node.get("minimum"), node.get("maximum")))
    if node.get("pattern") == "^#[0-9a-fA-F]{6}$":
        parts.append("`#rrggbb`")
    elif "pattern" in node:
        parts.append(f"matches {code(node['pattern'])}")
    if "maxLength" in node:
        parts.append(f"up to {node['maxLength']} characters")
    if node.get("type") == "array":
        items = _allowed(node.get("items", {}))
        parts += [f"each {items}"] if items else []
        if node.get("maxItems"):
            parts.append(f"at most {node['maxItems']}")
        if node.get("uniqueItems"):
            parts.append("each once")
    if "propertyNames" in node:
        names = node["propertyNames"].get("enum", [])
        parts.append("keys: " + ", ".join(map(code, names)))
    if isinstance(node.get("additionalProperties"), dict):
        parts.append("values: " + _allowed(node["additionalProperties"]))
    return "; ".join(part for part in parts if part)


def _default_text(node: dict[str, Any], required: bool, block: str = "") -> str:
    """The default as a spec would write it; a required key says so (inside a block: when the block is given)."""
    if required:
        return f"required in `{block}`" if block else "required"
    if "default" not in node:
        return ""
    return code(json.dumps(node["default"], ensure_ascii=False).replace('"', "")) if node["default"] is not None else ""


def _keys(schema: dict[str, Any], node: dict[str, Any], prefix: str = "") -> list[Key]:
    """Every key under an object node, blocks before their keys, depth first in the schema's order."""
    found = []
    required = set(node.get("required", ()))
    for name, prop in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        target = _resolve(schema, prop)
        meaning = prop.get("description") or target.get("description") or (_base_meaning(name) if not prefix else "")
        found.append(Key(path, _kind(prop), _default_text(prop, name in required, prefix.rstrip(".")), _allowed(prop), meaning))
        nested = [target] if target.get("properties") else [
            _resolve(schema, option) for option in prop.get("anyOf", ()) if "$ref" in option]
        for block in nested:
            found += _keys(schema, block, f"{path}.")
    return found


def _schema() -> dict[str, Any]:
    from pnp.spec.schema import schema_json

    return json.loads(schema_json())


def _game_keys(schema: dict[str, Any]) -> dict[str, list[Key]]:
    """Each game's name -> its spec's keys, in the schema's order."""
    games = {}
    for option in schema["anyOf"]:
        node = _resolve(schema, option)
        games[node["properties"]["game"]["const"]] = _keys(schema, node)
    return dict(sorted(games.items()))


KEY_HEAD = ("key", "type", "default", "allowed", "what it is")


def spec_key_pages() -> dict[str, str]:
    """spec-keys/index.md (the keys every game's spec takes alike) and spec-keys/GAME.md (the rest)."""
    per_game = _game_keys(_schema())
    shared = [key for key in next(iter(per_game.values())) if all(key in keys for keys in per_game.values())]
    index = page(
        "Spec keys",
        "A spec is a YAML file: `game` and `name`, and any of the keys below, every one optional with the default "
        "shown. Unknown keys are errors, and so is a key written with no value: leave a key out for its default. "
        "A dotted key is written nested: `print.margin_mm: 12` is `print: {margin_mm: 12}`. Read from "
        "`pnp schema` (the JSON Schema `pnp init` writes beside a spec). Colours are written `\"#rrggbb\"`, quoted; "
        "besides the `style` keys below, each game names colours of its own.",
        "Each game's own keys: " + ", ".join(f"[{game_title(game)}]({game}.md)" for game in per_game) + ".",
        "## Keys every spec takes",
        table(KEY_HEAD, [key.row() for key in shared]),
    )
    pages = {"reference/spec-keys/index.md": index}
    for game, keys in per_game.items():
        own = [key for key in keys if key not in shared]
        pages[f"reference/spec-keys/{game}.md"] = page(
            f"Spec keys: {game_title(game)}",
            f"A spec with `game: {game}` takes [the keys every spec takes](index.md) and these. "
            f"`pnp init {game}` writes them all, at their defaults, each with this meaning as its comment.",
            table(KEY_HEAD, [key.row() for key in own]))
    return pages


# --- the template sandbox ------------------------------------------------------------------------------------------

def _constants(path: Path) -> list[tuple[str, str, str]]:
    """(name, value as written, comment) of each upper-case constant a module defines on one line."""
    found, text = [], path.read_text(encoding="utf-8")
    for line in text.splitlines():
        match = re.match(r"^(MAX_\w+|MIN_\w+) = ([^#]+?)\s+#\s*(.*)$", line)
        if match:
            found.append(match.groups())
    return found


def _comment_meaning(comment: str) -> str:
    """The comment's first clause: what the bound is of, without the reasons that follow a semicolon."""
    return comment.split(";")[0].rstrip(" ,")


def sandbox_page() -> str:
    import pnp.booklet.limits as limits
    from pnp.booklet.sandbox import DROPPED_FILTERS, NOT_FILES

    rows = [(code(name), f"{getattr(limits, name):,}".replace(".0", ""), _comment_meaning(comment))
            for name, _value, comment in _constants(Path(limits.__file__))]
    tags = ", ".join(f"`{{% {tag} %}}`" for _verb, tag in NOT_FILES.values())
    return page(
        "Template sandbox limits",
        "A rules or card template (`pnp rules`, and the booklets pnp writes) renders in Jinja2's immutable sandbox "
        "under strict variables: it runs no code, reads no file and does bounded work. What goes past a bound "
        "exits 2 with the template's file, line and the bound. Work is counted, not timed, so a template is "
        "refused the same way, at the same line, on any machine.",
        "## Bounds",
        table(("constant", "at most", "of what"), rows),
        f"A unit of work is {limits.WORK_STEPS}.",
        "## What a template cannot use",
        [f"- the tags {tags}: a template reads no other file;",
         "- every global but `range` (at most " f"{limits.MAX_RANGE:,} numbers);",
         "- the filters " + ", ".join(map(code, sorted(DROPPED_FILTERS))) + ";",
         "- attributes that start with `_`, and changes to lists and dicts (Jinja2's immutable sandbox)."],
        "See [Share house rules safely](../how-to/house-rules.md) and "
        "[How pnp keeps strangers' files from harming you](../explanation/untrusted-files.md).",
    )


# --- all pages, written or checked ---------------------------------------------------------------------------------

def pages() -> dict[str, str]:
    """Every generated page: its path under docs/ -> its text."""
    found = {"reference/commands.md": commands_page(), "reference/template-sandbox.md": sandbox_page()}
    found.update(spec_key_pages())
    found.update(gallery_pages())
    return found


def stale() -> list[str]:
    """The generated pages whose file is missing or differs from what the code gives now."""
    return [name for name, text in pages().items()
            if not (DOCS / name).is_file() or (DOCS / name).read_text(encoding="utf-8") != text]


def write() -> list[str]:
    changed = stale()
    for name, text in pages().items():
        if name in changed:
            (DOCS / name).parent.mkdir(parents=True, exist_ok=True)
            (DOCS / name).write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    if "--check" in argv:
        out_of_date = stale()
        for name in out_of_date:
            print(f"docs/{name} is out of date; run `make docs-reference`", file=sys.stderr)
        return 1 if out_of_date else 0
    for name in write():
        print(f"docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
