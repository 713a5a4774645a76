"""kit.pdf: a cover whose contents match the bookmarks, then every other output's pages, copied as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import ROOT, run_pnp, write_spec


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    done = run_pnp("build", str(ROOT / "configs" / "asterisk-11.yaml"), str(ROOT / "configs" / "starstar-tournament.yaml"),
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def _text(pdf, index: int) -> str:
    return re.sub(r"\s+", " ", pdfium.PdfDocument(pdf)[index].get_textpage().get_text_range())


@pytest.mark.parametrize("name, parts", [
    ("asterisk-11", ["board", "pieces", "markers", "solitaire", "rules", "rules-booklet", "card"]),
    ("starstar-tournament", ["board", "pad", "scoresheet", "stones", "rules", "rules-booklet", "card"]),
])
def test_kit_is_the_cover_then_every_part_with_a_bookmark_each(built: Path, name: str, parts: list[str]):
    folder = built / name
    kit = PdfReader(folder / "kit.pdf")
    counts = [len(PdfReader(folder / f"{part}.pdf").pages) for part in parts]
    assert len(kit.pages) == 1 + sum(counts)
    marks = [(item.title, kit.get_destination_page_number(item)) for item in kit.outline]
    assert len(marks) == 1 + len(parts) and marks[0] == ("Contents", 0)
    cover = _text(folder / "kit.pdf", 0)
    start = 1
    for (title, page), part, count in zip(marks[1:], parts, counts):
        assert page == start, (part, page, start)
        shown = f"page {start + 1}" if count == 1 else f"pages {start + 1}–{start + count}"
        assert f"{title} {shown}" in cover, (title, shown)
        # the part's first page, as it is in its own file: same size, same words
        own = PdfReader(folder / f"{part}.pdf").pages[0]
        assert [round(float(v), 2) for v in kit.pages[start].mediabox] == [round(float(v), 2) for v in own.mediabox]
        assert _text(folder / "kit.pdf", start) == _text(folder / f"{part}.pdf", 0)
        start += count


def test_the_cover_says_how_to_print(built: Path):
    cover = _text(built / "asterisk-11" / "kit.pdf", 0)
    for words in ("100 %", "50 mm", "A4", "card stock", "short edge", "either flip"):
        assert words in cover, words
    assert "several pages" not in cover   # the side-11 board fits one sheet: no assembly advice


def test_no_kit_without_pdf_and_same_bytes(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: k\nboard: {side: 8}\n")
    svg_only = run_pnp("build", str(spec), "--out", str(tmp_path / "svg"), "-f", "svg")
    assert svg_only.returncode == 0 and not (tmp_path / "svg" / "k" / "kit.pdf").exists()
    for folder in ("a", "b"):
        assert run_pnp("build", str(spec), "--out", str(tmp_path / folder)).returncode == 0
    assert (tmp_path / "a" / "k" / "kit.pdf").read_bytes() == (tmp_path / "b" / "k" / "kit.pdf").read_bytes()
    assert (tmp_path / "a" / "k" / "board.svg").exists()   # drawn assets still get their SVG


def test_a_tiled_board_gets_assembly_advice(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: k\nboard: {side: 20, cell_mm: 20}\noutputs: [board, kit]\n")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out")).returncode == 0
    cover = _text(tmp_path / "out" / "k" / "kit.pdf", 0)
    assert "Board pages 2–7" in cover and "The board (pages 2–7) is printed over several pages" in cover
