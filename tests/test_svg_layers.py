"""SVGs that edit well: every page's drawing sits in Inkscape layers with labels, its things carry readable ids
that are unique and valid (a *Star cell `*10` escaped to `cell-_2a10`), the same spec writes the same bytes,
and Inkscape itself (when installed) finds the layers and exports the page at its stated size."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import ROOT, SVG_NS, parse_svg, run_pnp, write_spec

from pnp.scene import Group, Paint, Polygon, Text
from pnp.writers.svg_ids import escaped
from pnp.writers.svg_layers import layers

INK = "{http://www.inkscape.org/namespaces/inkscape}"
NCNAME = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*")   # an XML id, in the ASCII the ids use
PT_MM = 25.4 / 72
SPECS = {   # small kits of every game, every output that is drawn (booklets write no SVG)
    "a": "game: asterisk\nboard: {side: 8}\noutputs: [board, pieces, markers, solitaire, card]\n",
    "s": "game: starstar\nboard: {rings: 3}\noutputs: [board, stones, pad, scoresheet]\n",
    "h": "game: hex\nboard: {size: 5}\noutputs: [board, stones, pad]\n",
    "y": "game: y\nboard: {side: 5}\noutputs: [board, stones, pad]\n",
    "m": "game: y\nboard: {mudcrack: {cells: 20, seed: 3}}\noutputs: [board, stones, pad]\n",
    "n": "game: starry-night\nskies: {count: 2}\noutputs: [skies]\n",
}
LAYERS_OF = {   # each asset's layers, bottom first
    "board": ["furniture", "board", "labels"], "solitaire": ["furniture", "board", "labels"],
    "pieces": ["furniture", "pieces", "cut guides"], "stones": ["furniture", "pieces", "cut guides"],
    "markers": ["furniture", "markers"], "pad": ["furniture", "board"], "skies": ["furniture", "skies"],
    "scoresheet": ["furniture", "forms"], "card": ["furniture", "cut guides", "cards"],
}
DIAGRAMS = {   # example positions: *Star's ids need escaping, Starry Night draws no cells
    "starstar-4-red-wins": ["board", "labels", "pieces", "stars", "marks", "furniture"],
    "asterisk-8-light-wins": ["board", "labels", "pieces", "marks", "furniture"],
    "starry-night-tie": ["board", "pieces", "stars", "furniture"],
}


def _build(folder: Path, out: str) -> Path:
    paths = [write_spec(folder, f"name: {name}\nformats: [svg]\n{body}", f"{name}.yaml") for name, body in SPECS.items()]
    done = run_pnp("build", *map(str, paths), "--out", str(folder / out))
    assert done.returncode == 0, done.stderr
    return folder / out


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("layers"), "out")


@pytest.fixture(scope="module")
def diagrams(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("diagrams")
    for stem in DIAGRAMS:
        done = run_pnp("diagram", str(ROOT / "examples" / "positions" / f"{stem}.yaml"), "--out", str(folder / f"{stem}.svg"))
        assert done.returncode == 0, done.stderr
    return folder


def _svgs(built: Path) -> list[Path]:
    found = sorted(built.glob("*/*.svg"))
    assert len(found) >= 20
    return found


def _asset(svg: Path) -> str:
    return re.sub(r"-\d+$", "", svg.stem)


def _layers(root: ET.Element) -> list[ET.Element]:
    """The root's layers; nothing drawn stands outside them."""
    tags = [child.tag for child in root]
    assert set(tags) <= {f"{SVG_NS}defs", f"{SVG_NS}title", f"{SVG_NS}g"}, tags
    found = [child for child in root if child.tag == f"{SVG_NS}g"]
    assert all(layer.get(f"{INK}groupmode") == "layer" for layer in found)
    return found


def _label(layer: ET.Element) -> str:
    return layer.get(f"{INK}label") or ""


# --- layers ---------------------------------------------------------------------------------------------


def test_every_page_of_every_game_is_in_labelled_layers(built: Path) -> None:
    for svg in _svgs(built):
        assert 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"' in svg.read_text(encoding="utf-8")[:1000]
        found = _layers(parse_svg(svg))
        assert [_label(layer) for layer in found] == LAYERS_OF[_asset(svg)], svg
        assert all(layer.get("id") == "layer-" + _label(layer).replace(" ", "-") and len(layer) for layer in found)


def test_a_board_s_cells_are_in_its_layer_and_its_labels_in_theirs(built: Path) -> None:
    for name in ("a", "s", "h", "y", "m"):
        root = parse_svg(built / name / "board.svg")
        board, labels = (layer for layer in _layers(root) if _label(layer) in ("board", "labels"))
        cells = [el for el in root.iter() if el.get("data-cell")]
        assert cells and len(cells) == len([el for el in board.iter() if el.get("data-cell")]), name
        texts = [el for el in root.iter(f"{SVG_NS}text") if el.get("class") == "label"]
        assert texts and all(any(el is t for el in labels.iter()) for t in texts), name
        (drawn,) = [g for g in board if g.get("class") == "board"]
        assert drawn.get("data-cell-mm"), "the board keeps its data"


def test_diagrams_are_in_layers_too(diagrams: Path) -> None:
    for stem, expected in DIAGRAMS.items():
        root = parse_svg(diagrams / f"{stem}.svg")
        assert [_label(layer) for layer in _layers(root)] == expected, stem
        _check_ids(root, stem)


def test_the_rule_splits_a_board_s_labels_and_keeps_a_clipped_window_whole() -> None:
    ink = Paint(fill="#000000")
    cell = Polygon(((0, 0), (1, 0), (0, 1)), ink, cls="cell", data=(("cell", "a1"),))
    label = Text((0, 0), "1", 2.0, cls="label")
    board = Group((cell, label), cls="board", data=(("side", "3"),))
    result = layers([Text((0, 0), "T", 5.0, cls="title"), board])
    assert [name for name, _ in result] == ["furniture", "board", "labels"]
    (_, (drawn,)), (_, (text,)) = result[1:]
    assert drawn.cls == "board" and drawn.data == board.data and drawn.children == (cell,) and text is label
    window = Group((board,), cls="tile", clip=(0, 0, 5, 5))
    assert layers([window]) == [("board", (window,))]
    assert layers([Group((), cls="no-such-class")])[0][0] == "drawing"


# --- ids ------------------------------------------------------------------------------------------------


def _check_ids(root: ET.Element, where: str) -> None:
    """Ids unique and valid; every cell `cell-<id>` (within its pad board's name); pieces and stones numbered."""
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), where
    assert all(NCNAME.fullmatch(i) for i in ids), where
    _check_cells(root, "", where)
    for kind in ("piece", "stone"):
        numbered = [el.get("id") for el in root.iter() if (el.get("id") or "").startswith(f"{kind}-")]
        assert numbered == [f"{kind}-{n}" for n in range(1, len(numbered) + 1)], where


def _check_cells(el: ET.Element, prefix: str, where: str) -> None:
    for child in el:
        if child.get("data-cell"):
            assert child.get("id") == f"{prefix}cell-{escaped(child.get('data-cell'))}", where
        inner = f"{child.get('id')}-" if child.get("data-board") else prefix
        _check_cells(child, inner, where)


def test_ids_are_unique_valid_and_name_every_cell(built: Path) -> None:
    for svg in _svgs(built):
        _check_ids(parse_svg(svg), str(svg))
    root = parse_svg(built / "s" / "board.svg")
    assert root.find(f".//*[@id='cell-_2a10']").get("data-cell") == "*10", "*Star's * escaped"
    pad = parse_svg(built / "h" / "pad.svg")
    assert pad.find(".//*[@id='pad-2-cell-a1']") is not None, "each pad board names its own cells"
    assert parse_svg(built / "n" / "skies.svg").find(".//*[@id='star-2-0']").get("data-star") == "2:0"
    assert parse_svg(built / "a" / "markers.svg").find(".//*[@id='marker-dark-hexagon-asterisk']") is not None


def test_escaping_keeps_different_values_apart() -> None:
    assert [escaped(v) for v in ("a1", "*10", "_2a10", "A-1.5", "é")] == ["a1", "_2a10", "_5f2a10", "A-1.5", "_u0000e9"]


def test_the_same_spec_writes_the_same_bytes(built: Path, tmp_path: Path) -> None:
    again = _build(tmp_path, "again")
    for svg in _svgs(built):
        assert (again / svg.relative_to(built)).read_bytes() == svg.read_bytes(), svg


# --- Inkscape -------------------------------------------------------------------------------------------


def test_inkscape_finds_the_layers_and_exports_the_page_at_its_size(built: Path, tmp_path: Path) -> None:
    if shutil.which("inkscape") is None:
        pytest.skip("Inkscape is not installed (Debian: apt-get install inkscape)")
    svg = built / "s" / "board.svg"
    root = parse_svg(svg)
    pdf = tmp_path / "board.pdf"
    env = {**os.environ, "HOME": str(tmp_path), **{f"XDG_{kind}_HOME": str(tmp_path / kind) for kind in ("CONFIG", "CACHE", "DATA")}}
    # Inkscape's preferences, caches and recent files go under tmp_path, not the user's home
    actions = f"select-all:layers;select-list;export-type:pdf;export-filename:{pdf};export-do"
    done = subprocess.run(["inkscape", f"--actions={actions}", str(svg)], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    listed = [line.split()[0] for line in done.stdout.splitlines() if line.startswith("layer-")]
    assert listed == [layer.get("id") for layer in _layers(root)] == ["layer-furniture", "layer-board", "layer-labels"]
    width, height = (float(root.get(k).removesuffix("mm")) for k in ("width", "height"))
    document = pdfium.PdfDocument(str(pdf))
    try:
        (page,) = document
        assert [round(v * PT_MM, 2) for v in page.get_size()] == [width, height]
    finally:
        document.close()
