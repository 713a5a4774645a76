"""The documentation pages written from the code, so they cannot drift from it (`make docs-reference`).

- docs/reference/commands.md: every command, argument and option of the Typer app, with its type, default and
  help, and the examples its --help ends with;
- docs/reference/spec-keys/*.md: every key of every game's spec from the JSON Schema (`pnp schema`): its type,
  default, range and one-line meaning; keys every game shares on the index page, each game's own on its page;
- docs/reference/template-sandbox.md: the template sandbox's bounds, from pnp/booklet/limits.py (each constant
  and its comment) and the filters and globals of pnp/booklet/sandbox.py;
- docs/gallery/*.md: a page per game with each shipped config's YAML and a picture of every asset it builds.

The pictures themselves are not committed: scripts/docs_hooks.py has mkdocs render them (render_images) before
it reads the docs. tests/test_docs_reference.py writes every page in memory and fails on one that differs from
the file. `python scripts/docs_reference.py` writes them; `--check` only says which are out of date.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CONFIGS = ROOT / "configs"
GENERATED = "<!-- Written by scripts/docs_reference.py from the code: do not edit; `make docs-reference` rewrites it. -->"
THUMB_PX = 320        # a gallery picture's longer side
COORDS_PX = 360       # a coordinate scheme's picture: its width at most
STAMP = ".inputs"     # beside the pictures: the hash of what they were rendered from


# --- small Markdown helpers --------------------------------------------------------------------------------------

def cell(text: Any) -> str:
    """Text for one table cell: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def code(text: Any) -> str:
    return f"`{text}`" if text not in ("", None) else ""


def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]


def page(title: str, *blocks: list[str] | str) -> str:
    lines = [GENERATED, "", f"# {title}", ""]
    for block in blocks:
        lines += ([block] if isinstance(block, str) else block) + [""]
    return "\n".join(lines).rstrip() + "\n"


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
                   _examples(command.epilog)]
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


def _default_text(node: dict[str, Any], required: bool) -> str:
    if required:
        return "required"
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
        found.append(Key(path, _kind(prop), _default_text(prop, name in required), _allowed(prop), meaning))
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


def _title(game: str) -> str:
    from pnp.texts import say

    return say("pages", f"preview.games.{game}").replace("*", "\\*")   # *Star: Markdown's emphasis mark


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
        "`pnp schema` (the JSON Schema `pnp init` writes beside a spec).",
        "Each game's own keys: " + ", ".join(f"[{_title(game)}]({game}.md)" for game in per_game) + ".",
        "## Keys every spec takes",
        table(KEY_HEAD, [key.row() for key in shared]),
    )
    pages = {"reference/spec-keys/index.md": index}
    for game, keys in per_game.items():
        own = [key for key in keys if key not in shared]
        pages[f"reference/spec-keys/{game}.md"] = page(
            f"Spec keys: {_title(game)}",
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


# --- gallery -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Picture:
    """One picture the docs show and mkdocs renders: an asset's first page, or a board alone (split/)."""

    target: str        # under docs/
    spec: str          # the spec's YAML text, as built
    name: str          # the spec's name (its output folder)
    source: str        # the file under OUT/NAME/ it is made from ("": a diagram of the position `spec` holds)
    size: int          # its longer side (gallery) or width (boards), in pixels


def shipped_configs() -> list[Path]:
    return sorted(CONFIGS.glob("*.yaml"))


def _config(path: Path) -> tuple[str, str, list[str]]:
    """(game, name, outputs) of a shipped config, its defaults filled by the game's spec model."""
    import yaml

    from pnp import registry

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec = registry.game(data["game"]).spec.model_validate(data)
    return spec.game, spec.name, list(spec.outputs)


def _asset_name(asset: str) -> str:
    from pnp.texts import say

    return say("pages", f"kit.names.{asset}").split(":")[0]


def gallery_pictures() -> list[Picture]:
    found = []
    for path in shipped_configs():
        _game, name, outputs = _config(path)
        text = path.read_text(encoding="utf-8")
        found += [Picture(f"gallery/img/{name}/{asset}.png", text, name, f"{asset}.pdf", THUMB_PX)
                  for asset in outputs]
    return found


# Small boards whose coordinates the reference shows, each drawn alone (print.split: pieces).
COORDINATE_SPECS = {
    "asterisk": "game: asterisk\nname: coords-asterisk\nboard: {side: 8, cell_mm: 9}\n",
    "hex": "game: hex\nname: coords-hex\nboard: {size: 5, cell_mm: 10}\n",
    "y": "game: y\nname: coords-y\nboard: {side: 6, cell_mm: 10}\n",
    "y-mudcrack": "game: y\nname: coords-y-mudcrack\nboard: {mudcrack: {cells: 30, seed: 3}}\n",
    "starstar": "game: starstar\nname: coords-starstar\nboard: {rings: 3, cell_mm: 12}\n",
}
SPLIT = "outputs: [board]\nformats: [png]\nprint: {split: pieces}\n"


HOME_BOARDS = ("hex-11", "starstar-tournament", "y-mudcrack-120")   # the home page's boards: shipped configs
HOME_PX = 300


def home_pictures() -> list[Picture]:
    """The home page's boards, each a shipped config's board drawn alone (print.split: pieces)."""
    import yaml

    found = []
    for name in HOME_BOARDS:
        data = yaml.safe_load((CONFIGS / f"{name}.yaml").read_text(encoding="utf-8"))
        data.update(name=f"home-{name}", outputs=["board"], formats=["png"],
                    print={**data.get("print", {}), "split": "pieces"})
        found.append(Picture(f"img/{name}.png", yaml.safe_dump(data, sort_keys=False), f"home-{name}",
                             "split/board.png", HOME_PX))
    return found


# A sky's stars, each marked with its number (a position drawn by `pnp diagram`).
SKY_POSITION = ("game: starry-night\nstars: [[1, 1], [7, 1], [4, 6], [4, 3], [10, 5], [2, 8]]\nedges: []\n"
                "marks: {0: '0', 1: '1', 2: '2', 3: '3', 4: '4', 5: '5'}\ncaption: Stars numbered in the order given\n")


def coordinate_pictures() -> list[Picture]:
    boards = [Picture(f"reference/img/coordinates-{key}.png", text + SPLIT, f"coords-{key}", "split/board.png",
                      COORDS_PX) for key, text in COORDINATE_SPECS.items()]
    return boards + [Picture("reference/img/coordinates-starry-night.png", SKY_POSITION, "coords-starry-night", "",
                             COORDS_PX)]


def _picture_grid(name: str, outputs: list[str]) -> list[str]:
    """A table of pictures, four to a row, each under its asset's name (reads on a code host as well)."""
    lines = []
    for start in range(0, len(outputs), 4):
        row = outputs[start:start + 4]
        lines += table(tuple(f"{_asset_name(a)} (`{a}`)" for a in row),
                       [tuple(f"![{name}: {a}](img/{name}/{a}.png)" for a in row)]) + [""]
    return lines[:-1]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:].rstrip(".") + "."


def gallery_pages() -> dict[str, str]:
    from pnp.texts import say

    by_game: dict[str, list[Path]] = {}
    for path in shipped_configs():
        by_game.setdefault(_config(path)[0], []).append(path)
    pages = {}
    for game, paths in sorted(by_game.items()):
        blocks: list[list[str] | str] = [
            f"A game by {say(game, 'designer')}. {_sentence(say('pages', f'init.games.{game}').split(': ', 1)[1])}",
            f"Each kit below is a spec shipped in `configs/`, built by pnp when these pages were made; each picture "
            f"is the first page of one asset (`pnp build SPEC` writes them all). `pnp init {game}` writes a spec "
            f"to start from; the keys are in [the reference](../reference/spec-keys/{game}.md)."]
        for path in paths:
            _game, name, outputs = _config(path)
            blocks += [f"## {name}", _picture_grid(name, outputs),
                       [f"`configs/{path.name}`:", "", "```yaml", path.read_text(encoding="utf-8").rstrip(), "```"]]
        pages[f"gallery/{game}.md"] = page(f"Gallery: {_title(game)}", *blocks)
    pages["gallery/index.md"] = page(
        "Gallery",
        "What each game's kit looks like: a page per game, with every shipped spec and a picture of each asset "
        "it builds, rendered by pnp itself when the site is built.",
        [f"- [{_title(game)}]({game}.md): " + ", ".join(f"`{p.stem}`" for p in paths)
         for game, paths in sorted(by_game.items())])
    return pages


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


# --- pictures, rendered when the site is built (scripts/docs_hooks.py) ---------------------------------------------

def pictures() -> list[Picture]:
    return gallery_pictures() + coordinate_pictures() + home_pictures()


def _inputs_hash(wanted: list[Picture]) -> str:
    """What the pictures depend on: the specs, and pnp's code, templates and this script."""
    digest = hashlib.sha256()
    for picture in wanted:
        digest.update(f"{picture.target}\0{picture.spec}\0{picture.size}\0".encode())
    for path in sorted([*(ROOT / "pnp").rglob("*.py"), *(ROOT / "templates").rglob("*"), Path(__file__)]):
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def render_images(docs: Path = DOCS) -> int:
    """Build every spec the pictures need and render them under `docs` (skipped when their inputs have not
    changed since the last time); the number of pictures rendered."""
    wanted = pictures()
    stamp = docs / "gallery" / "img" / STAMP
    key = _inputs_hash(wanted)
    if stamp.is_file() and stamp.read_text() == key and all((docs / p.target).is_file() for p in wanted):
        return 0
    with tempfile.TemporaryDirectory(prefix="pnp-docs-") as scratch:
        folder = Path(scratch)
        _build(folder, [p for p in wanted if p.source.endswith(".pdf")], "-f", "pdf")   # a first page each
        _build(folder, [p for p in wanted if p.source.endswith(".png")], "--dpi", "100")   # as the spec says
        for picture in wanted:
            made = _diagram(folder, picture) if not picture.source else folder / "out" / picture.name / picture.source
            _render(made, docs / picture.target, picture.size)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)
    return len(wanted)


def _build(folder: Path, wanted: list[Picture], *options: str) -> None:
    """`pnp build` of the specs the pictures come from, into FOLDER/out/, in a process of its own."""
    if not wanted:
        return
    specs = {}
    for picture in wanted:
        specs.setdefault(picture.name, picture.spec)
    for name, text in specs.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pnp", "build", *(f"{name}.yaml" for name in specs), "--out", "out",
                    "-q", *options], check=True, cwd=folder)


def _diagram(folder: Path, picture: Picture) -> Path:
    """`pnp diagram` of the position a picture's spec holds, as a PNG."""
    (folder / f"{picture.name}.yaml").write_text(picture.spec, encoding="utf-8")
    made = folder / "out" / f"{picture.name}.png"
    made.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pnp", "diagram", f"{picture.name}.yaml", "-o", str(made),
                    "--width-mm", "60", "--dpi", "150"], check=True, cwd=folder, stdout=subprocess.DEVNULL)
    return made


def _render(source: Path, target: Path, size: int) -> None:
    """A PDF's first page, or a PNG, scaled to `size` pixels on its longer side (a PNG: its width at most)."""
    from PIL import Image

    if source.suffix == ".pdf":
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(str(source))
        first = document[0]
        scale = size / max(first.get_width(), first.get_height())
        image = first.render(scale=scale).to_pil().convert("RGB")
        document.close()
    else:
        image = Image.open(source).convert("RGB")
        if image.width > size:
            image = image.resize((size, round(image.height * size / image.width)), Image.LANCZOS)
    target.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    target.write_bytes(buffer.getvalue())


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
