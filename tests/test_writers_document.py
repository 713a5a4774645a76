"""The writers on a Document built by hand: no game, no spec, just primitives on pages of two sizes."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import PT_PER_MM, SVG_NS, parse_svg

from pnp.scene import Circle, Document, Group, Page, Paint, Path as Run, Polygon, Polyline, Text
from pnp.writers import WRITERS
from pnp.writers.files import file_names

SIZES = ((210.0, 297.0), (150.0, 100.0))


def hand_made() -> Document:
    """Two pages: a square, a tagged disc, a line, a path of two runs and a word on each."""
    pages = []
    for n, (w, h) in enumerate(SIZES, 1):
        square = Polygon(((10.0, 10.0), (40.0, 10.0), (40.0, 40.0), (10.0, 40.0)), Paint(fill="#ff0000"), cls="square")
        disc = Group((Circle((w / 2, h / 2), 12.5, Paint(fill="#0000ff", stroke="#000000", width=0.5)),),
                     cls="thing", data=(("thing", f"disc-{n}"),))
        line = Polyline(((0.0, h - 5.0), (w, h - 5.0)), Paint(stroke="#00ff00", width=1.0))
        runs = Run((((5.0, 5.0), (15.0, 5.0)), ((5.0, 8.0), (15.0, 8.0))), Paint(stroke="#000000", width=0.2))
        word = Text((10.0, h - 10.0), f"Page {n} by hand", 5.0, "#000000", bold=n == 2)
        pages.append(Page(w, h, (square, disc, line, runs, word), f"sheet {n}"))
    return Document("sample", "A hand-made document", tuple(pages))


def written(tmp_path: Path, fmt: str) -> list[Path]:
    writer, doc = WRITERS[fmt], hand_made()
    blobs = writer.render(doc)
    paths = [tmp_path / name for name in file_names(doc.asset, writer, len(blobs))]
    for path, blob in zip(paths, blobs):
        path.write_bytes(blob)
    return paths


def test_svg_one_file_per_page_at_true_size(tmp_path: Path) -> None:
    paths = written(tmp_path, "svg")
    assert [p.name for p in paths] == ["sample-1.svg", "sample-2.svg"]
    for n, (path, (w, h)) in enumerate(zip(paths, SIZES), 1):
        root = parse_svg(path)
        assert (root.get("width"), root.get("height")) == (f"{w:g}mm", f"{h:g}mm")
        assert root.get("viewBox") == f"0 0 {w:g} {h:g}"
        assert root.find(f"{SVG_NS}title").text == f"sheet {n}"
        (thing,) = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-thing")]
        assert thing.get("data-thing") == f"disc-{n}"
        (disc,) = thing.iter(f"{SVG_NS}circle")
        assert (float(disc.get("cx")), float(disc.get("cy")), float(disc.get("r"))) == (w / 2, h / 2, 12.5)
        (square,) = [p for p in root.iter(f"{SVG_NS}polygon") if p.get("class") == "square"]
        assert square.get("fill") == "#ff0000"
        assert [t.text for t in root.iter(f"{SVG_NS}text")] == [f"Page {n} by hand"]


def test_pdf_one_file_with_each_page_at_its_own_size(tmp_path: Path) -> None:
    (path,) = written(tmp_path, "pdf")
    assert path.name == "sample.pdf"
    reader = PdfReader(path)
    assert reader.metadata.title == "A hand-made document"
    assert len(reader.pages) == len(SIZES)
    for n, (page, (w, h)) in enumerate(zip(reader.pages, SIZES), 1):
        box = page.mediabox
        assert float(box.width) == pytest.approx(w * PT_PER_MM, abs=0.01)
        assert float(box.height) == pytest.approx(h * PT_PER_MM, abs=0.01)
        assert f"Page {n} by hand" in page.extract_text()


def test_pdf_draws_the_shapes_where_the_scene_puts_them(tmp_path: Path) -> None:
    """Rendered at 72 dpi per mm-in-points: the disc's centre is blue and the square red, y measured down."""
    (path,) = written(tmp_path, "pdf")
    pdf = pdfium.PdfDocument(str(path))
    scale = 4.0
    for index, (w, h) in enumerate(SIZES):
        image = pdf[index].render(scale=scale).to_pil().convert("RGB")
        assert image.size[0] == pytest.approx(w * PT_PER_MM * scale, abs=1)
        assert image.size[1] == pytest.approx(h * PT_PER_MM * scale, abs=1)

        def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
            return image.getpixel((int(x_mm * PT_PER_MM * scale), int(y_mm * PT_PER_MM * scale)))

        assert at(w / 2, h / 2) == (0, 0, 255)
        assert at(25.0, 25.0) == (255, 0, 0)
        assert at(w - 20.0, h - 30.0) == (255, 255, 255)   # nothing drawn there
    pdf.close()
