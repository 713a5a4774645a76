"""The gallery's pages and every picture the docs show, rendered by pnp itself when the site is built.

A page per game (docs/gallery/GAME.md): each shipped config's YAML and the first page of every asset it builds.
The pictures (the gallery's, the coordinate schemes' small boards and a sky, the home page's boards) are not
committed: render_images builds what they need in a scratch folder and renders them under docs/, in folders git
ignores; scripts/docs_hooks.py calls it before mkdocs reads the pages, and it does nothing when pnp's code, its
templates and the specs are as they were at the last rendering.
"""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from docs_markdown import game_title, page, table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CONFIGS = ROOT / "configs"
THUMB_PX = 320        # a gallery picture's longer side
COORDS_PX = 360       # a coordinate scheme's picture: its width at most
STAMP = ".inputs"     # beside the pictures: the hash of what they were rendered from


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
    "havannah": "game: havannah\nname: coords-havannah\nboard: {base: 4, cell_mm: 10}\n",
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
    from pnp import registry
    from pnp.booklet.kit import game_credit

    by_game: dict[str, list[Path]] = {}
    for path in shipped_configs():
        by_game.setdefault(_config(path)[0], []).append(path)
    pages = {}
    for game, paths in sorted(by_game.items()):
        blocks: list[list[str] | str] = [
            f"{game_credit(registry.game(game))}. {_sentence(registry.game(game).summary_line().split(': ', 1)[1])}",
            f"Each kit below is a spec shipped in `configs/`, built by pnp when these pages were made; each picture "
            f"is the first page of one asset (`pnp build SPEC` writes them all). `pnp init {game}` writes a spec "
            f"to start from; the keys are in [the reference](../reference/spec-keys/{game}.md)."]
        for path in paths:
            _game, name, outputs = _config(path)
            blocks += [f"## {name}", _picture_grid(name, outputs),
                       [f"`configs/{path.name}`:", "", "```yaml", path.read_text(encoding="utf-8").rstrip(), "```"]]
        pages[f"gallery/{game}.md"] = page(f"Gallery: {game_title(game)}", *blocks)
    pages["gallery/index.md"] = page(
        "Gallery",
        "What each game's kit looks like: a page per game, with every shipped spec and a picture of each asset "
        "it builds, rendered by pnp itself when the site is built.",
        [f"- [{game_title(game)}]({game}.md): " + ", ".join(f"`{p.stem}`" for p in paths)
         for game, paths in sorted(by_game.items())])
    return pages


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
