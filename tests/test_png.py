"""PNG export: one picture per page, at the asked dpi, showing exactly what the PDF prints."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from conftest import ROOT, ShippedBuild, run_pnp, write_spec

MM_PER_INCH = 25.4


def _build(tmp_path: Path, spec: Path, *args: str) -> Path:
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), *args)
    assert done.returncode == 0, done.stderr
    return tmp_path / "out"


@pytest.mark.parametrize("paper, dpi, size_mm", [("a4", 150, (210, 297)), ("a4", 300, (210, 297)),
                                                 ("letter", 150, (215.9, 279.4))])
def test_png_pixels_follow_the_dpi(tmp_path: Path, paper: str, dpi: int, size_mm: tuple[float, float]):
    spec = write_spec(tmp_path, f"game: asterisk\nname: p\npaper: {paper}\noutputs: [pieces, markers]\n")
    folder = _build(tmp_path, spec, "-f", "png", "--dpi", str(dpi)) / "p"
    assert sorted(p.name for p in folder.iterdir()) == ["markers.png", "pieces.png"]
    portrait = tuple(round(mm / MM_PER_INCH * dpi) for mm in size_mm)
    with Image.open(folder / "pieces.png") as image:
        assert image.size == portrait
        assert round(image.info["dpi"][0]) == dpi


def test_png_shows_what_the_pdf_prints(tmp_path: Path):
    folder = _build(tmp_path, ROOT / "configs" / "starstar-beginner.yaml", "-f", "pdf", "-f", "png") / "starstar-beginner"
    page = pdfium.PdfDocument(folder / "board.pdf")[0]
    expected = page.render(scale=150 / 72).to_pil().convert("RGB")
    with Image.open(folder / "board.png") as image:
        assert abs(image.size[0] - expected.size[0]) <= 1 and abs(image.size[1] - expected.size[1]) <= 1
        expected = expected.crop((0, 0, *image.size))
        difference = ImageChops.difference(image.convert("RGB"), expected).convert("L")
        assert sum(difference.histogram()[25:]) < 0.001 * image.size[0] * image.size[1]
        # and it is a real picture: the board's ink covers a good part of the page
        assert sum(image.convert("L").histogram()[:128]) > 0.01 * image.size[0] * image.size[1]


def test_png_pages_of_a_booklet_and_same_bytes(tmp_path: Path, shipped_build: ShippedBuild):
    spec = ROOT / "configs" / "starry-night.yaml"
    first = _build(tmp_path / "a", spec, "-f", "png", "--dpi", "72") / "starry-night"
    second = _build(tmp_path / "b", spec, "-f", "png", "--dpi", "72") / "starry-night"
    names = sorted(p.name for p in first.iterdir())
    reading = len(pdfium.PdfDocument(shipped_build.out / "starry-night" / "rules.pdf"))   # the booklet's pages
    assert [n for n in names if n.startswith("rules-") and not n.startswith("rules-booklet")] == \
        sorted(f"rules-{k}.png" for k in range(1, reading + 1))
    assert names == sorted(p.name for p in second.iterdir())
    assert all((first / n).read_bytes() == (second / n).read_bytes() for n in names)


@pytest.mark.parametrize("dpi", ["0", "35", "1201", "lots"])
def test_a_bad_dpi_is_refused(tmp_path: Path, dpi: str):
    done = run_pnp("build", str(ROOT / "configs" / "asterisk-8.yaml"), "--out", str(tmp_path / "out"), "-f", "png", "--dpi", dpi)
    assert done.returncode == 2 and "--dpi" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_png_is_not_a_default_format(shipped_build: ShippedBuild):
    folder = shipped_build.out / "asterisk-8"   # `pnp build` of the shipped configs, the spec's formats
    assert not list(folder.glob("*.png")) and list(folder.glob("*.svg")) and list(folder.glob("*.pdf"))


def test_a_diagram_as_png(tmp_path: Path):
    done = run_pnp("diagram", str(ROOT / "examples" / "positions" / "asterisk-8-light-wins.yaml"), "--out", "d.png",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    with Image.open(tmp_path / "d.png") as image:
        assert image.size[0] == round(80 / MM_PER_INCH * 150)
