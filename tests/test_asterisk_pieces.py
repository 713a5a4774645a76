"""Piece sheets: the right pieces, at the right size, laid out for cutting, on few pages."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import build_asterisk, ROOT, SVG_NS, parse_svg, run_pnp, svg_elements_with
from printed import distance_to_segment, guide_segments, silhouette

FORBIDDEN = {"dark-hexagon-asterisk", "light-circle-empty"}
SIX_TYPES = {
    "dark-hexagon-empty", "dark-circle-asterisk", "dark-circle-empty",
    "light-hexagon-asterisk", "light-hexagon-empty", "light-circle-asterisk",
}


def build(spec_file, tmp_path: Path, body: str, name: str = "p") -> Path:
    return build_asterisk(spec_file, tmp_path / "out", "[board, pieces]", body, name)


def piece_svgs(folder: Path) -> list[Path]:
    one = folder / "pieces.svg"
    return [one] if one.exists() else sorted(folder.glob("pieces-*.svg"), key=lambda p: int(p.stem.split("-")[1]))


def pieces_in(svg: Path) -> list:
    return svg_elements_with(parse_svg(svg), "data-piece")


def board_cell_mm(folder: Path) -> float:
    """The printed board's cell size, measured from one cell polygon (pointy-top: width = across flats)."""
    cell = svg_elements_with(parse_svg(folder / "board.svg"), "data-cell")[0]
    xs = [float(pair.split(",")[0]) for pair in cell.get("points").split()]
    return max(xs) - min(xs)


@pytest.mark.parametrize("side", [8, 11, 12, 15, 20])
def test_shipped_sizes_print_a_full_set(side: int, tmp_path: Path) -> None:
    """Each shipped config: cells/6 of each of the six types, nothing forbidden, total = cells."""
    out = tmp_path / "out"
    result = run_pnp("build", str(ROOT / "configs" / f"asterisk-{side}.yaml"), "--out", str(out), "--format", "svg")
    assert result.returncode == 0, result.stderr
    folder = out / f"asterisk-{side}"
    counts = Counter(g.get("data-piece") for svg in piece_svgs(folder) for g in pieces_in(svg))
    cells = side * (side + 1) // 2
    assert set(counts) == SIX_TYPES
    assert not FORBIDDEN & set(counts)
    assert all(n == cells // 6 for n in counts.values()), counts
    assert sum(counts.values()) == cells
    assert {p.name for p in folder.iterdir()} >= {"board.svg", "markers.svg", "solitaire.svg"}


def test_piece_size_is_cell_minus_clearance(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "board: {side: 11}\npieces: {clearance_mm: 2}\n")
    cell = board_cell_mm(folder)
    shapes = [silhouette(g) for g in pieces_in(folder / "pieces.svg")]
    assert {kind for kind, _, _ in shapes} == {"circle", "hexagon"}
    for _, size, _ in shapes:
        assert size == pytest.approx(cell - 2, abs=0.05)


def test_set_cell_and_piece_sizes(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "board: {side: 8, cell_mm: 18}\n")
    assert board_cell_mm(folder) == pytest.approx(18, abs=0.05)
    assert all(silhouette(g)[1] == pytest.approx(16.5, abs=0.05) for g in pieces_in(folder / "pieces.svg"))
    custom = build(spec_file, tmp_path, "board: {side: 8}\npieces: {size_mm: 22.5}\n", name="q")
    assert all(silhouette(g)[1] == pytest.approx(22.5, abs=0.05) for g in pieces_in(custom / "pieces.svg"))


def test_counts_spares_and_mismatch(spec_file, tmp_path: Path) -> None:
    body = "board: {side: 8}\npieces:\n  counts: {dark-hexagon-empty: 4, light-circle-asterisk: 8}\n  spares: 2\n"
    folder = build(spec_file, tmp_path, body)
    counts = Counter(g.get("data-piece") for g in pieces_in(folder / "pieces.svg"))
    assert counts["dark-hexagon-empty"] == 6 and counts["light-circle-asterisk"] == 10
    assert counts["dark-circle-empty"] == 8  # 36 / 6 + 2 spares


def test_counts_that_do_not_fill_the_board_are_refused(spec_file, tmp_path: Path) -> None:
    spec = spec_file("game: asterisk\nname: m\noutputs: [pieces]\nboard: {side: 8}\npieces:\n  counts: {dark-hexagon-empty: 7}\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "pieces.counts" in result.stderr and "37" in result.stderr and "36" in result.stderr
    assert "allow_mismatch" in result.stderr
    assert not (tmp_path / "out").exists()
    spec.write_text(spec.read_text() + "  allow_mismatch: true\n")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "--format", "svg").returncode == 0


def test_many_pieces_spread_over_numbered_pages(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "board: {side: 11}\npieces: {size_mm: 30, spares: 10}\n")
    pages = piece_svgs(folder)
    assert len(pages) >= 2 and pages[0].name == "pieces-1.svg"
    assert len(PdfReader(folder / "pieces.pdf").pages) == len(pages)
    per_page = [Counter(g.get("data-piece") for g in pieces_in(p)) for p in pages]
    total = sum(per_page, Counter())
    assert all(n == 21 for n in total.values())
    for svg, counts in zip(pages, per_page):
        legend = " ".join(t.text or "" for t in parse_svg(svg).iter(f"{SVG_NS}text"))
        for kind, n in counts.items():
            assert f"{n} × {kind.replace('-', ' ')}" in legend


def test_pages_are_packed(spec_file, tmp_path: Path) -> None:
    """A side-20 set (210 pieces) of default size fits one A4 sheet."""
    folder = build(spec_file, tmp_path, "board: {side: 20}\n")
    assert piece_svgs(folder) == [folder / "pieces.svg"]
    assert len(PdfReader(folder / "pieces.pdf").pages) == 1


def test_cut_guides_never_cross_a_piece(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "board: {side: 11}\n")
    svg = folder / "pieces.svg"
    segments = guide_segments(svg)
    assert segments, "the sheet has cut guides"
    for group in pieces_in(svg):
        kind, size, center = silhouette(group)
        inner = size / 2 if kind == "circle" else size / 2  # inscribed radius for both
        nearest = min(distance_to_segment(center, a, b) for a, b in segments)
        assert nearest >= inner - 0.01, (group.get("data-piece"), center, nearest)


def test_hexagon_guides_are_shared_edges(spec_file, tmp_path: Path) -> None:
    """Neighbouring hexagon pieces touch: centre distance equals the piece size (one cut serves both)."""
    folder = build(spec_file, tmp_path, "board: {side: 11}\n")
    hexes = [silhouette(g) for g in pieces_in(folder / "pieces.svg")]
    hexes = [(size, c) for kind, size, c in hexes if kind == "hexagon"]
    size = hexes[0][0]
    touching = 0
    for i, (_, a) in enumerate(hexes):
        for _, b in hexes[i + 1:]:
            d = math.dist(a, b)
            assert d >= size - 0.01  # never overlapping
            touching += abs(d - size) < 0.01
    assert touching >= len(hexes)  # a honeycomb: most pieces share several edges


def luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_light_and_dark_read_in_greyscale(spec_file, tmp_path: Path) -> None:
    """Rendered in greyscale, every light piece's body is far lighter than every dark piece's."""
    folder = build(spec_file, tmp_path, "board: {side: 8}\n")
    groups = pieces_in(folder / "pieces.svg")
    fills = {g.get("data-piece").split("-")[0]: list(g)[0].get("fill") for g in groups}
    assert luminance(fills["light"]) - luminance(fills["dark"]) > 0.6
    page = pdfium.PdfDocument(folder / "pieces.pdf")[0]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    height_pt = page.get_size()[1]
    for group in groups:
        kind, size, (x, y) = silhouette(group)
        # sample a point inside the body but off the asterisk's bars
        sx, sy = x + size * 0.33, y + size * 0.05
        grey = image.getpixel((round(sx * 72 / 25.4 * scale), round(sy * 72 / 25.4 * scale)))
        colour = group.get("data-piece").split("-")[0]
        assert (grey > 200) if colour == "light" else (grey < 80), (group.get("data-piece"), grey)
    assert height_pt == pytest.approx(841.89, abs=0.3)


def test_asterisk_marking_is_geometry(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "board: {side: 8}\n")
    for group in pieces_in(folder / "pieces.svg"):
        marked = group.get("data-piece").endswith("-asterisk")
        bars = [el for el in group if "marking" in (el.get("class") or "")]
        assert len(bars) == (1 if marked else 0)
        assert not list(group.iter(f"{SVG_NS}text"))
        if marked:
            assert bars[0].get("d").count("M") == 3  # three bars, six arms
            body = list(group)[0].get("fill")
            assert abs(luminance(bars[0].get("stroke")) - luminance(body)) > 0.6
