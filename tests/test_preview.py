"""The preview gallery (`pnp preview`): what index.html links and shows, checked against the built files, and
the page opened in headless Chromium (skipped, naming `make browser`, where Chromium is absent)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import ROOT, ShippedBuild, files_under, run_pnp, write_spec

CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
SMALL = [ROOT / "configs" / "asterisk-8.yaml", ROOT / "configs" / "starstar-beginner.yaml"]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# As root, in a sandbox with no network: no setuid sandbox, and none of Chromium's own calls home.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class Page(HTMLParser):
    """Every element's attributes, and the text of the figure captions, of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}))

    def all(self, tag: str, attribute: str | None = None) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag and (attribute is None or attribute in a)]


def _page(out: Path) -> tuple[str, Page]:
    text = (out / "index.html").read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    return text, page


def _preview(out: Path, *specs: Path, extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    done = run_pnp("preview", *map(str, specs), "--out", str(out), *extra)
    assert done.returncode == 0, done.stderr
    return done


def test_every_output_is_shown_and_every_link_and_picture_is_a_built_file(tmp_path: Path):
    from pnp.spec.base import writes
    from pnp.spec import read_kits

    out = tmp_path / "out"
    _preview(out, *SMALL)
    text, page = _page(out)
    for kit in read_kits(SMALL):
        section = text.split(f'data-spec="{kit.spec.name}"', 1)[1].split("</section>", 1)[0]
        assets = re.findall(r'data-asset="([^"]+)"', section)
        assert assets == list(dict.fromkeys(a for a, _ in writes(kit.spec.outputs, kit.spec.formats)))
        assert f"pnp build {kit.path} --out {out}" in section
    for img in page.all("img"):
        assert (out / img["src"]).is_file() and img["alt"], img
    ids = {a["id"] for _, a in page.elements if "id" in a}
    for link in page.all("a", "href"):
        href = link["href"]
        assert href.startswith("#") and href[1:] in ids or (out / href).is_file(), href
        assert not urlparse(href).scheme and not href.startswith("/"), f"{href}: not relative, breaks a moved folder"
    assert "<script" not in text and "http" not in text.replace('name="generator"', "")


def test_the_facts_are_the_files_own(tmp_path: Path):
    """Page count from pypdf, paper from the PDF's media box, the facts line as the SVG prints it."""
    from pypdf import PdfReader

    out = tmp_path / "out"
    _preview(out, SMALL[0])
    text, _ = _page(out)
    figures = re.findall(r'<figure class="output" data-asset="([^"]+)" data-pages="(\d+)">(.*?)</figure>', text, re.S)
    assert len(figures) >= 8
    for asset, pages, body in figures:
        reader = PdfReader(out / "asterisk-8" / f"{asset}.pdf")
        assert int(pages) == len(reader.pages)
        box = reader.pages[0].mediabox
        width, height = round(float(box.width) * 25.4 / 72, 1), round(float(box.height) * 25.4 / 72, 1)
        caption = re.sub(r"<[^>]+>", " ", body)
        assert f"{width:g} × {height:g} mm" in caption
        assert ("A4 landscape" if width > height else "A4 portrait") in caption or (width, height) == (148.5, 210)
    board = next(body for asset, _, body in figures if asset == "board")
    printed = re.search(r'class="facts"[^>]*>([^<]+)<', (out / "asterisk-8" / "board.svg").read_text()).group(1)
    assert "cells 20.9 mm across flats" in printed and printed in board


def test_only_what_is_missing_or_older_than_its_spec_is_built(tmp_path: Path):
    out = tmp_path / "out"
    specs = [shutil.copy(path, tmp_path / path.name) for path in SMALL]
    first = _preview(out, *map(Path, specs))
    assert {line.split(":")[0] for line in first.stderr.splitlines()} == {"asterisk-8", "starstar-beginner"}
    before = {p: p.stat().st_mtime_ns for p in files_under(out) if "index" not in str(p)}
    html = (out / "index.html").read_bytes()
    second = _preview(out, *map(Path, specs))
    assert second.stderr == "" and {p: p.stat().st_mtime_ns for p in before} == before
    assert (out / "index.html").read_bytes() == html, "same files, same page"
    (out / "starstar-beginner" / "stones.svg").unlink()
    third = _preview(out, *map(Path, specs))
    assert [line.split(":")[0] for line in third.stderr.splitlines()] == ["starstar-beginner"]
    assert (out / "starstar-beginner" / "stones.svg").is_file()
    assert all(p.stat().st_mtime_ns == t for p, t in before.items() if "asterisk-8" in str(p))
    os.utime(specs[0])  # the spec changed after its files were made
    fourth = _preview(out, *map(Path, specs))
    assert [line.split(":")[0] for line in fourth.stderr.splitlines()] == ["asterisk-8"]
    assert _preview(out, *map(Path, specs), extra=("--rebuild",)).stderr.count("files in") == 2


def test_the_rebuild_command_rebuilds_the_same_files(tmp_path: Path):
    out = tmp_path / "out"
    _preview(out, SMALL[0])
    text, _ = _page(out)
    command = shlex.split(re.search(r"Rebuild: <code>([^<]+)</code>", text).group(1).replace("&#39;", "'"))
    assert command[:2] == ["pnp", "build"]
    before = {p: p.read_bytes() for p in files_under(out / "asterisk-8")}
    shutil.rmtree(out / "asterisk-8")
    done = run_pnp(*command[1:], cwd=ROOT)   # the command as shown, run where preview ran (the CLI in process)
    assert done.returncode == 0, done.stderr
    assert {p: p.read_bytes() for p in files_under(out / "asterisk-8")} == before


def test_outputs_without_svg_get_a_thumbnail_of_their_first_page(tmp_path: Path):
    import pypdfium2 as pdfium
    from PIL import Image

    spec = write_spec(tmp_path, """
        game: asterisk
        name: only-pdf
        board: {side: 8}
        outputs: [board, rules]
        formats: [pdf]
    """)
    out = tmp_path / "out"
    _preview(out, spec)
    _, page = _page(out)
    sources = [img["src"] for img in page.all("img")]
    assert sources == ["index.files/only-pdf/board.png", "index.files/only-pdf/rules.png"]
    for src in sources:
        thumb = Image.open(out / src)
        first = pdfium.PdfDocument(str(out / "only-pdf" / Path(src).with_suffix(".pdf").name))[0]
        width, height = first.get_size()
        assert abs(thumb.width / thumb.height - width / height) < 0.01
        assert thumb.convert("L").getextrema()[0] < 100, f"{src}: blank"


def test_bad_input_writes_no_gallery(tmp_path: Path):
    bad = write_spec(tmp_path, "game: asterisk\nname: bad\nboard: {side: 7}\n")
    out = tmp_path / "out"
    done = run_pnp("preview", str(bad), "--out", str(out))
    assert done.returncode == 2 and "bad" in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()
    (tmp_path / "file").write_text("x")
    done = run_pnp("preview", str(SMALL[0]), "--out", str(tmp_path / "file"))
    assert done.returncode == 2 and "is a file" in done.stderr and (tmp_path / "file").read_text() == "x"


@pytest.mark.parametrize("case", ["a file", "a link", "a picture's folder"])
def test_every_place_the_gallery_writes_is_checked_before_anything_is_built(tmp_path: Path, case: str):
    """The issue's case: `touch pv/index.files/h5` made preview build the kit, then refuse --out. A file or a link
    where a spec's thumbnail folder goes, or a folder where a thumbnail goes: exit 2 naming it, nothing built."""
    spec = write_spec(tmp_path, "game: hex\nname: h5\nboard: {size: 5}\noutputs: [board, rules]\n", "h5.yaml")
    thumbs = tmp_path / "pv" / "index.files"
    thumbs.mkdir(parents=True)
    if case == "a file":
        (thumbs / "h5").touch()
        said = f"{thumbs / 'h5'} is a file, not a folder; remove it or choose another --out"
    elif case == "a link":
        (thumbs / "h5").symlink_to(tmp_path)
        said = f"{thumbs / 'h5'} is a symbolic link; pnp writes only into a real folder: remove the link or choose another --out"
    else:
        (thumbs / "h5" / "rules.png").mkdir(parents=True)
        said = f"{thumbs / 'h5' / 'rules.png'} is a folder where pnp writes a file; remove it or choose another --out"
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    done = run_pnp("preview", str(spec), "--out", str(tmp_path / "pv"))
    assert (done.returncode, done.stderr) == (2, f"pnp: {said}\n")
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before, "something was built"


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory, shipped_build: ShippedBuild) -> Path:
    """`pnp preview` of every shipped config, over a copy of the session's build of them (conftest.shipped_build).
    Preview builds only what is missing or older than its spec
    (test_only_what_is_missing_or_older_than_its_spec_is_built), so it writes the gallery of the files a build
    writes (test_jobs.py holds their bytes) and builds nothing again."""
    out = tmp_path_factory.mktemp("gallery") / "out"
    shutil.copytree(shipped_build.out, out)
    _preview(out, *CONFIGS)
    return out


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed: run `make browser` (optional, see docs/contributing/tests.md) "
                                             "to open the preview gallery in a real browser")
def test_the_gallery_in_chromium(gallery: Path):
    """Every picture loads, nothing goes wrong on the console, and the screenshot shows the pages."""
    from playwright.sync_api import sync_playwright
    from PIL import Image

    problems: list[str] = []
    shot = gallery / "gallery.png"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
            page.goto((gallery / "index.html").as_uri(), wait_until="load")
            images = page.evaluate("Array.from(document.images, i => [i.getAttribute('src'), i.naturalWidth, "
                                   "i.getBoundingClientRect().height])")
            page.screenshot(path=str(shot))
        finally:
            browser.close()
    _, parsed = _page(gallery)
    assert len(images) == len(parsed.all("img")) >= 90
    assert [src for src, natural, _ in images if natural <= 0] == [], "pictures that did not load"
    assert {round(shown) for _, _, shown in images} == {200}, "every thumbnail laid out 200 px high"
    assert problems == []
    picture = Image.open(shot).convert("RGB")
    assert picture.size == (1400, 1000)
    colours = picture.getcolors(1400 * 1000)
    board_edges = sum(n for n, (r, g, b) in colours if r > 150 and g < 140 and b < 80)   # the orange side
    assert board_edges > 200, f"the first board's coloured side is not in {shot}"
    print(f"screenshot: {shot}")


@pytest.mark.parametrize("formats", [["svg"], ["pdf"], ["png"], ["svg", "png"], ["png", "pdf", "svg"]])
def test_what_a_build_writes_is_what_the_gallery_looks_for(tmp_path: Path, formats: list[str]):
    """build.writes (which the gallery uses to find files and stale specs) against the files a build made."""
    from pnp.spec.base import writes
    from pnp.writers import WRITERS

    spec = write_spec(tmp_path, """
        game: asterisk
        name: kinds
        board: {side: 8}
        outputs: [board, rules, card, kit]
    """)
    flags = [part for f in formats for part in ("--format", f)]
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), *flags)
    assert done.returncode == 0, done.stderr
    extensions = {WRITERS[f].extension: f for f in formats}
    made = {(re.sub(r"-\d+$", "", p.stem), extensions[p.suffix]) for p in (tmp_path / "out" / "kinds").iterdir()}
    assert made == set(writes(["board", "rules", "card", "kit"], formats))


def test_out_may_be_a_link_to_a_folder(tmp_path: Path):
    """As for `pnp build`: the user chose OUT, so a link there is followed (OUT/NAME never is)."""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    done = _preview(tmp_path / "link", SMALL[0])
    assert (real / "index.html").is_file() and (real / "asterisk-8" / "board.svg").is_file()
    assert f"file://{real}/index.html" in done.stdout
