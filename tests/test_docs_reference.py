"""The documentation's reference pages are what the code says today (scripts/docs_reference.py writes them).

Each page is written again in memory and compared with the file: a command, option, spec key, default, range,
sandbox bound or shipped config changed without `make docs-reference` fails here, naming the page.
"""

from __future__ import annotations

import json
import re
import sys

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))   # scripts/ is no package: its modules import each other by name

import docs_gallery  # noqa: E402
import docs_reference  # noqa: E402

PAGES = docs_reference.pages()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_generated_page_is_up_to_date(name: str):
    path = ROOT / "docs" / name
    assert path.is_file(), f"docs/{name} is missing: run `make docs-reference`"
    assert path.read_text(encoding="utf-8") == PAGES[name], f"docs/{name} is out of date: run `make docs-reference`"


def test_every_command_and_option_is_on_the_commands_page():
    import typer.main

    from pnp.cli import app

    text = PAGES["reference/commands.md"]
    for name, command in typer.main.get_command(app).commands.items():
        assert f"## pnp {name}\n" in text
        for param in command.params:
            for opt in param.opts if param.param_type_name == "option" else ():
                assert f"`{opt}" in text, f"pnp {name} {opt}"


def test_every_spec_key_of_every_game_is_listed_with_its_default():
    """Walk the schema apart from the generator: each key's dotted path, and each default, is on a page."""
    from pnp.spec.schema import schema_json

    schema = json.loads(schema_json())

    def walk(node, prefix=""):
        for key, prop in node.get("properties", {}).items():
            yield f"{prefix}{key}", prop
            ref = prop.get("$ref") or next((o["$ref"] for o in prop.get("anyOf", ()) if "$ref" in o), None)
            if ref:
                yield from walk(schema["$defs"][ref.rsplit("/", 1)[1]], f"{prefix}{key}.")

    for option in schema["anyOf"]:
        node = schema["$defs"][option["$ref"].rsplit("/", 1)[1]]
        game = node["properties"]["game"]["const"]
        text = PAGES["reference/spec-keys/index.md"] + PAGES[f"reference/spec-keys/{game}.md"]
        for path, prop in walk(node):
            row = re.search(rf"^\| `{re.escape(path)}` \|.*$", text, re.M)
            assert row, f"spec key {path} is on no reference page"
            if isinstance(prop.get("default"), (int, float)) and not isinstance(prop["default"], bool):
                assert f"`{json.dumps(prop['default'])}`" in row[0], (path, row[0])


def test_every_sandbox_bound_is_listed_with_its_value():
    import pnp.booklet.limits as limits

    text = PAGES["reference/template-sandbox.md"]
    bounds = [name for name in vars(limits) if re.fullmatch(r"(MAX|MIN)_[A-Z_]+", name)]
    assert len(bounds) >= 10
    for name in bounds:
        value = getattr(limits, name)
        assert re.search(rf"^\| `{name}` \| {re.escape(f'{value:,}'.removesuffix('.0'))} \|", text, re.M), name


def test_the_gallery_shows_every_shipped_config_and_each_of_its_assets():
    module = docs_gallery
    pictures = {picture.target for picture in module.gallery_pictures()}
    for config in sorted((ROOT / "configs").glob("*.yaml")):
        game, name, outputs = module._config(config)
        page = PAGES[f"gallery/{game}.md"]
        assert f"## {name}\n" in page and config.read_text(encoding="utf-8").rstrip() in page
        for asset in outputs:
            assert f"gallery/img/{name}/{asset}.png" in pictures
            assert f"](img/{name}/{asset}.png)" in page


def test_the_pictures_are_rendered_from_pdf_pages_and_boards(tmp_path, monkeypatch):
    """A PDF's first page, a board alone and a diagram, rendered as `make docs` renders the gallery and the
    coordinates (a small board spec stands in for a shipped config, whose whole kit would take seconds to build)."""
    from PIL import Image

    module = docs_gallery
    board = module.coordinate_pictures()[0]
    page = module.Picture("gallery/img/small/board.png", board.spec.replace("formats: [png]", "formats: [pdf]"),
                          board.name, "board.pdf", module.THUMB_PX)
    drawn = next(p for p in module.coordinate_pictures() if not p.source)   # a position, drawn by pnp diagram
    monkeypatch.setattr(module, "pictures", lambda: [page, board, drawn])
    assert module.render_images(tmp_path) == 3
    for picture, fits in ((page, lambda w, h: max(w, h) == module.THUMB_PX),
                          (board, lambda w, h: w <= module.COORDS_PX), (drawn, lambda w, h: w <= module.COORDS_PX)):
        with Image.open(tmp_path / picture.target) as image:
            assert fits(*image.size), (picture.target, image.size)
            assert sum(1 for count in image.convert("L").histogram() if count) > 8, f"{picture.target} is blank"
    assert module.render_images(tmp_path) == 0, "pictures of unchanged inputs are not rendered again"
