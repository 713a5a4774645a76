"""*Star stones as a user gets them: counts, sizes against the board's cells, cut guides, black-and-white contrast."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from printed import distance_to_segment, guide_segments

from pnp.geometry.polygon import segment_distance

SPEC = "game: starstar\nname: {name}\noutputs: [board, stones]\nboard: {{rings: {rings}}}\n{more}"


def build(tmp_path: Path, rings: int = 10, more: str = "", name: str = "s") -> Path:
    spec = write_spec(tmp_path, SPEC.format(name=name, rings=rings, more=more))
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    return tmp_path / "out" / name


def stones_in(svg: Path) -> list[tuple[str, tuple[float, float], float]]:
    """(player, centre, outer diameter) of every stone: the disc's radius plus half its rim."""
    found = []
    for group in parse_svg(svg).iter(f"{SVG_NS}g"):
        piece = group.get("data-piece")
        if piece and piece.startswith("stone-"):
            (disc,) = group.iter(f"{SVG_NS}circle")
            r, rim = float(disc.get("r")), float(disc.get("stroke-width"))
            found.append((piece, (float(disc.get("cx")), float(disc.get("cy"))), 2 * r + rim))
    return found


@pytest.mark.parametrize("rings,cells", [(4, 50), (10, 275)])
def test_half_the_cells_and_the_spares_per_colour(tmp_path: Path, rings: int, cells: int) -> None:
    folder = build(tmp_path, rings, "stones: {spares: 3}\n")
    stones = stones_in(folder / "stones.svg")
    for player in ("stone-red", "stone-blue"):
        assert sum(s[0] == player for s in stones) == math.ceil(cells / 2) + 3


def test_stones_fit_the_smallest_cell_with_their_clearance(tmp_path: Path) -> None:
    """Measured from the graph: every cell, less its edges with the bridge, holds a stone plus its clearance."""
    folder = build(tmp_path)
    graph = json.loads(run_pnp("graph", str(tmp_path / "spec.yaml")).stdout)
    stones = stones_in(folder / "stones.svg")
    size = stones[0][2]
    assert all(abs(s[2] - size) < 1e-6 for s in stones)

    def key(a, b) -> frozenset:
        return frozenset((tuple(round(v, 2) for v in a), tuple(round(v, 2) for v in b)))

    owners: dict[frozenset, int] = {}
    for cell in graph["cells"]:
        poly = cell["polygon"]
        for a, b in zip(poly, poly[1:] + poly[:1]):
            owners[key(a, b)] = owners.get(key(a, b), 0) + 1
    narrowest = math.inf
    for cell in graph["cells"]:
        poly, ring_one = cell["polygon"], cell["id"][1] == "1"
        for a, b in zip(poly, poly[1:] + poly[:1]):
            if ring_one and owners[key(a, b)] == 1:
                continue  # an edge with the bridge: a stone may cover the tip of its point
            narrowest = min(narrowest, 2 * segment_distance(tuple(cell["center"]), tuple(a), tuple(b)))
    assert size == pytest.approx(narrowest - 1.5, abs=0.05)


def test_size_mm_sets_the_stone_and_too_large_is_refused(tmp_path: Path) -> None:
    folder = build(tmp_path, 4, "stones: {size_mm: 7}\n")
    assert {round(s[2], 3) for s in stones_in(folder / "stones.svg")} == {7.0}
    page = pdfium.PdfDocument(folder / "stones.pdf")[0]
    widths = [obj.get_bounds()[2] - obj.get_bounds()[0] for obj in page.get_objects(max_depth=8) if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH]
    rim = 0.04 * 7.0  # the SVG's stroke-width for a 7 mm stone; pdfium's bounds add a whole stroke width each side
    assert sum(abs(w * 25.4 / 72 - (7.0 - rim + 2 * rim)) < 0.05 for w in widths) == 2 * (25 + 2), "7 mm discs in the PDF"
    spec = write_spec(tmp_path, SPEC.format(name="big", rings=10, more="stones: {size_mm: 40}\n"), "big.yaml")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out2"))
    assert result.returncode == 2 and "stones.size_mm" in result.stderr and "at most" in result.stderr
    assert not (tmp_path / "out2").exists()


def test_cut_guides_never_enter_a_stone(tmp_path: Path) -> None:
    svg = build(tmp_path, 6) / "stones.svg"
    segments = guide_segments(svg)
    assert segments
    for player, centre, size in stones_in(svg):
        assert min(distance_to_segment(centre, a, b) for a, b in segments) >= size / 2 - 0.01, (player, centre)


def test_red_and_blue_read_apart_in_black_and_white(tmp_path: Path) -> None:
    """Rendered in greyscale, every red stone is far lighter than every blue one."""
    folder = build(tmp_path, 4)
    page = pdfium.PdfDocument(folder / "stones.pdf")[0]
    scale = 4
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    greys: dict[str, list[int]] = {"stone-red": [], "stone-blue": []}
    for player, (x, y), _ in stones_in(folder / "stones.svg"):
        greys[player].append(image.getpixel((round(x * 72 / 25.4 * scale), round(y * 72 / 25.4 * scale))))
    assert min(greys["stone-red"]) - max(greys["stone-blue"]) > 100, greys


def test_stones_every_sheet_and_the_pdf_agree(tmp_path: Path) -> None:
    """Enough spares to need two sheets: stones-1.svg, stones-2.svg and one two-page stones.pdf."""
    folder = build(tmp_path, 4, "stones: {spares: 100, size_mm: 15}\npaper: letter\n")
    svgs = sorted(folder.glob("stones-*.svg"))
    assert [p.name for p in svgs] == ["stones-1.svg", "stones-2.svg"]
    assert len(pdfium.PdfDocument(folder / "stones.pdf")) == 2
    assert sum(len(stones_in(p)) for p in svgs) == 2 * (25 + 100)
