"""Both writers draw the same picture: every SVG page, rendered by resvg, against the same page of the PDF,
rendered by pdfium, at the same dpi. At least 99 % of pixels must agree.

The two renderers differ in ways no writer controls: anti-aliased edges may fall a pixel apart, glyphs are
hinted a little differently, and pdfium widens hairlines to a full pixel. So a pixel agrees when it lies
within TOLERANCE grey levels of the range the other picture shows in its 3 x 3 neighbourhood. A shape
missing, moved, recoloured or unclipped in one writer fails at once. On failure a difference image is
written and named in the message.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter

from conftest import ROOT, ShippedBuild, run_pnp, write_spec
from printed import within

resvg = pytest.importorskip("resvg_py")

DPI = 150
TOLERANCE = 40          # grey levels, of 255
LEAST_AGREEMENT = 0.99
EXTRA = {   # beyond the shipped configs: a tiled board (clipping) and the ink saver (hatching)
    "tiled": "game: asterisk\nboard: {side: 20, cell_mm: 20}\noutputs: [board]\n",
    "saver": "game: starstar\nboard: {rings: 6}\noutputs: [board, stones]\nprint: {ink: saver}\n",
}


def _fonts() -> list[str]:
    """The faces the PDF embeds, given to resvg by file, so neither side falls back to a system font."""
    import reportlab

    shipped = Path(reportlab.__file__).parent / "fonts"
    return [str(shipped / "Vera.ttf"), str(shipped / "VeraBd.ttf"),
            *map(str, sorted((ROOT / "pnp" / "fonts" / "dejavu").glob("*.ttf")))]


@pytest.fixture(scope="module")
def built(tmp_path_factory, shipped_build: ShippedBuild) -> list[Path]:
    """The folders of built kits: the shipped configs' and EXTRA's."""
    out = tmp_path_factory.mktemp("agree")
    specs = [str(write_spec(out, f"name: {name}\n{body}", name=f"{name}.yaml")) for name, body in EXTRA.items()]
    done = run_pnp("build", *specs, "--out", str(out / "out"))
    assert done.returncode == 0, done.stderr
    return [shipped_build.out, out / "out"]


def _pairs(built: list[Path]) -> list[tuple[Path, Path, int]]:
    """(svg page, its pdf, page index) for every asset written in both formats."""
    found = []
    for pdf in sorted(pdf for out in built for pdf in out.glob("*/*.pdf")):
        asset, folder = pdf.stem, pdf.parent
        pages = [folder / f"{asset}.svg"] if (folder / f"{asset}.svg").exists() else \
            sorted(folder.glob(f"{asset}-*.svg"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        found += [(svg, pdf, index) for index, svg in enumerate(pages)]
    return found


def agreement(a: Image.Image, b: Image.Image) -> float:
    """The share of a's pixels within TOLERANCE of the range b shows around them."""
    low, high = around(b, ImageChops.darker), around(b, ImageChops.lighter)
    off = ImageChops.lighter(ImageChops.subtract(low, a), ImageChops.subtract(a, high)).histogram()
    return sum(off[:TOLERANCE + 1]) / (a.size[0] * a.size[1])


def around(image: Image.Image, pick) -> Image.Image:
    """Each pixel's darkest (pick: ImageChops.darker) or lightest (lighter) neighbour in its 3 x 3 square, the
    square cut at the edge: ImageFilter.MinFilter(3) and MaxFilter(3), five times quicker (printed.within;
    test_around_is_the_3_by_3_filter holds them equal)."""
    return within(image, 1, pick)


SHARDS = 4   # the pages in four tests, so the two test workers share the longest check in the suite


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_svg_page_looks_like_its_pdf_page(built: list[Path], shard: int, tmp_path: Path):
    pairs, fonts, failed = _pairs(built), _fonts(), []
    assert len(pairs) >= 60
    documents: dict[Path, pdfium.PdfDocument] = {}
    for svg, pdf, index in pairs[shard::SHARDS]:
        png = resvg.svg_to_bytes(svg_path=str(svg), dpi=DPI, background="#ffffff", skip_system_fonts=True, font_files=fonts)
        a = Image.open(io.BytesIO(bytes(png))).convert("L")
        document = documents.setdefault(pdf, pdfium.PdfDocument(pdf))
        b = document[index].render(scale=DPI / 72).to_pil().convert("L")
        assert abs(a.size[0] - b.size[0]) <= 1 and abs(a.size[1] - b.size[1]) <= 1, (svg, a.size, b.size)
        b = b.crop((0, 0, *a.size))
        share = min(agreement(a, b), agreement(b, a))
        if share < LEAST_AGREEMENT:   # the shared build stays as built: the difference goes to tmp_path
            page = f"{svg.parent.name}/{svg.name}"
            diff = tmp_path / f"{svg.parent.name}-{svg.stem}.diff.png"
            ImageChops.difference(a, b).point(lambda v: 255 - v).save(diff)
            failed.append(f"{page}: {share:.2%} agree; see {diff}")
    assert failed == [], "\n".join(failed)


def test_around_is_the_3_by_3_filter():
    """The quick neighbourhood extremes are exactly PIL's rank filters, edges and corners included."""
    rnd = random.Random(7)
    image = Image.frombytes("L", (67, 41), bytes(rnd.randrange(256) for _ in range(67 * 41)))
    assert around(image, ImageChops.darker).tobytes() == image.filter(ImageFilter.MinFilter(3)).tobytes()
    assert around(image, ImageChops.lighter).tobytes() == image.filter(ImageFilter.MaxFilter(3)).tobytes()


def test_the_comparison_sees_a_missing_shape(shipped_build: ShippedBuild):
    """A page with one cell left out of the SVG no longer agrees with its PDF: the check can fail."""
    svg = shipped_build.out / "starstar-beginner" / "board.svg"
    text = svg.read_text()
    start = text.index("<polygon class=\"cell\"")
    broken = text[:start] + text[text.index("/>", start) + 2:]
    broken = broken.replace('fill="#fbf6ea"', 'fill="#202020"', 5)   # and a few cells darkened
    png = resvg.svg_to_bytes(svg_string=broken, dpi=DPI, background="#ffffff", skip_system_fonts=True, font_files=_fonts())
    a = Image.open(io.BytesIO(bytes(png))).convert("L")
    b = pdfium.PdfDocument(svg.with_suffix(".pdf"))[0].render(scale=DPI / 72).to_pil().convert("L")
    assert min(agreement(a, b.crop((0, 0, *a.size))), agreement(b.crop((0, 0, *a.size)), a)) < LEAST_AGREEMENT
