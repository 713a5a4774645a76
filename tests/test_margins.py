"""Nothing but the page edge falls inside print.margin_mm: every page of every shipped output, and of kits printed
with a wider margin, rendered and looked at along its four edges."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import run_pnp, write_spec

SCALE = 1.5
WHITE = 250


@pytest.fixture(scope="module")
def built(tmp_path_factory, shipped_build) -> list[Path]:
    """The kit folders: every shipped config's, and two kits with a wider margin."""
    out = tmp_path_factory.mktemp("margins")
    specs = []
    for game, body in (("asterisk", "board: {side: 12}\n"), ("starstar", "board: {rings: 6}\n")):
        specs.append(str(write_spec(out, f"game: {game}\nname: wide-{game}\n{body}print: {{margin_mm: 20}}\n",
                                    name=f"wide-{game}.yaml")))
    done = run_pnp("build", *specs, "--out", str(out / "out"))
    assert done.returncode == 0, done.stderr
    return sorted([*shipped_build.out.iterdir(), *(out / "out").iterdir()])


def _inked_edges(pdf: Path, margin_mm: float) -> list[int]:
    """Pages with anything but white in the band of `margin_mm` along any edge (less half a pixel for rounding)."""
    inked = []
    for number, page in enumerate(pdfium.PdfDocument(pdf), 1):
        image = page.render(scale=SCALE, grayscale=True).to_pil().convert("L")
        band = int(margin_mm * 72 / 25.4 * SCALE) - 1
        w, h = image.size
        if any(image.crop(box).getextrema()[0] < WHITE
               for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h))):
            inked.append(number)
    return inked


def test_every_page_keeps_its_margin_clear(built: list[Path]):
    checked = 0
    for folder in built:
        margin = 20.0 if folder.name.startswith("wide-") else 10.0
        for pdf in sorted(folder.glob("*.pdf")):
            assert _inked_edges(pdf, margin) == [], pdf.relative_to(folder.parent)
            checked += 1
    assert checked >= 10 * 7 + 2 * 7


def test_a_wider_margin_moves_the_ink_inwards(shipped_build):
    """The same board with the default margin does put ink between 10 and 20 mm from the edge: the check can fail."""
    assert _inked_edges(shipped_build.out / "asterisk-12" / "pieces.pdf", 20.0) != []
