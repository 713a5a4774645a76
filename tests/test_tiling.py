"""Boards larger than their paper, tiled over pages: the pages put every cell back where the board has it,
in as few pages as the paper allows, none a sliver, nothing in the margins; or, with print.tile: never,
one page at a smaller cell size and a warning that says so."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec

MARGIN_MM, HEADER_MM, FOOTER_MM, OVERLAP_MM = 10.0, 12.0, 10.0, 10.0   # the defaults a printed page keeps
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SAME_PLACE_MM = 0.1


def _build(tmp_path: Path, body: str, name: str = "t") -> tuple[Path, str]:
    spec = write_spec(tmp_path, f"name: {name}\noutputs: [board]\n{body}", name=f"{name}.yaml")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    return tmp_path / "out" / name, done.stderr


def _centre(points: str) -> tuple[float, float]:
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    return (sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy))


def _cells(svg: Path) -> dict[str, tuple[float, float]]:
    return {el.get("data-cell"): _centre(el.get("points")) for el in parse_svg(svg).iter(f"{SVG_NS}polygon")
            if el.get("data-cell")}


def _tiles(folder: Path) -> list[tuple[Path, dict]]:
    """Each tile page with its tile attributes and clip rectangle."""
    found = []
    for svg in sorted(folder.glob("board-*.svg"), key=lambda p: int(p.stem.split("-")[1])):
        root = parse_svg(svg)
        (group,) = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-tile")]
        (rect,) = [r for c in root.iter(f"{SVG_NS}clipPath") for r in c.iter(f"{SVG_NS}rect")]
        clip = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
        offset = tuple(map(float, group.get("data-tile-offset-mm").split(",")))
        found.append((svg, {"tile": group.get("data-tile"), "clip": clip, "offset": offset}))
    return found


def _board_size(tiles: list[tuple[Path, dict]]) -> tuple[float, float]:
    """The whole board's size, as the tiles' windows cover it (the last window ends at the board's far edge)."""
    return (max(t["offset"][0] + t["clip"][2] for _, t in tiles), max(t["offset"][1] + t["clip"][3] for _, t in tiles))


def _expected_pages(paper: str, width: float, height: float) -> int:
    """Fewest pages over both orientations: each page after the first in a direction adds its room less the overlap."""
    best = None
    for w, h in (PAPERS[paper], PAPERS[paper][::-1]):
        room_w, room_h = w - 2 * MARGIN_MM, h - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM
        count = lambda total, room: 1 if total <= room else math.ceil((total - OVERLAP_MM) / (room - OVERLAP_MM))
        pages = count(width, room_w) * count(height, room_h)
        best = pages if best is None else min(best, pages)
    return best


@pytest.mark.parametrize("game, body, paper, pages", [
    ("asterisk", "board: {side: 20, cell_mm: 20}\n", "a4", 6),
    ("starstar", "board: {rings: 10, cell_mm: 16}\n", "letter", 4),
])
def test_tiled_pages_put_every_cell_back_in_place(tmp_path: Path, game: str, body: str, paper: str, pages: int):
    tiled, _ = _build(tmp_path, f"game: {game}\npaper: {paper}\n{body}")
    whole, _ = _build(tmp_path, f"game: {game}\npaper: {{width_mm: 1200, height_mm: 1200}}\n{body}", name="whole")
    tiles = _tiles(tiled)
    assert len(tiles) == pages == _expected_pages(paper, *_board_size(tiles))
    reference = _cells(whole / "board.svg")
    placed: dict[str, list[tuple[float, float]]] = {}
    for svg, tile in tiles:
        cx, cy, cw, ch = tile["clip"]
        ox, oy = tile["offset"]
        for cell, (x, y) in _cells(svg).items():
            if cx <= x <= cx + cw and cy <= y <= cy + ch:   # the centre shows on this page
                placed.setdefault(cell, []).append((x - cx + ox, y - cy + oy))
    assert set(placed) == set(reference), "every cell's centre shows on some page"
    anchor = next(iter(sorted(placed)))
    for cell, spots in placed.items():
        want = (reference[cell][0] - reference[anchor][0], reference[cell][1] - reference[anchor][1])
        for x, y in spots:
            got = (x - placed[anchor][0][0], y - placed[anchor][0][1])
            assert math.dist(got, want) <= SAME_PLACE_MM, (cell, got, want)


def test_no_tile_is_a_sliver_and_the_map_names_each_page(tmp_path: Path):
    folder, _ = _build(tmp_path, "game: asterisk\nboard: {side: 20, cell_mm: 20}\n")
    tiles = _tiles(folder)
    sizes = {(round(t["clip"][2], 3), round(t["clip"][3], 3)) for _, t in tiles}
    assert len(sizes) == 1, "every tile shows the same share of the board"
    (w, h), = sizes
    assert w > 0.6 * (297 - 2 * MARGIN_MM) or h > 0.6 * (297 - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM)
    for number, (svg, tile) in enumerate(tiles, 1):
        row, col = map(int, tile["tile"].split(","))
        words = " ".join(t.text or "" for t in parse_svg(svg).iter(f"{SVG_NS}text"))
        assert f"page {number} of {len(tiles)}: row {row + 1}, column {col + 1}" in words


def test_nothing_but_paper_inside_the_margins(tmp_path: Path):
    folder, _ = _build(tmp_path, "game: asterisk\nboard: {side: 20, cell_mm: 20}\n")
    scale = 4
    for page in pdfium.PdfDocument(folder / "board.pdf"):
        image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
        band = round(MARGIN_MM * 72 / 25.4 * scale) - 1
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] >= 250, box


def test_tile_never_shrinks_with_a_warning(tmp_path: Path):
    folder, stderr = _build(tmp_path, "game: asterisk\nboard: {side: 20, cell_mm: 20}\nprint: {tile: never}\n")
    assert sorted(p.name for p in folder.iterdir()) == ["board.pdf", "board.svg"]
    shown = re.search(r"printed at ([0-9.]+) mm cells", stderr)
    assert shown and "warning" in stderr and "board.cell_mm" in stderr, stderr
    cells = _cells(folder / "board.svg")
    a, b = cells["a2"], cells["b2"]
    assert math.dist(a, b) == pytest.approx(float(shown.group(1)), abs=0.05)


@pytest.mark.parametrize("body, field", [("print: {overlap_mm: -3}\n", "print.overlap_mm"),
                                         ("print: {tile: sometimes}\n", "print.tile"),
                                         ("print: {margin_mm: 1}\n", "print.margin_mm")])
def test_bad_print_values_are_refused(tmp_path: Path, body: str, field: str):
    spec = write_spec(tmp_path, f"game: asterisk\nname: t\n{body}")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and f"{spec}:3: {field}" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()
