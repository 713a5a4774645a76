"""Cut lines as a user sees them on the printed sheet: every cut shows against the pieces on both sides of it,
and each block of pieces has thin grey crop marks outside it that touch no piece.

Measured on the rendered PDF page (pypdfium2), at the places the SVG says the pieces are.
"""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, ShippedBuild, parse_svg, run_pnp, svg_elements_with
from printed import distance_to_segment, silhouette

SCALE = 6                 # render at 6 px per pt: a 0.2 mm core is about 3.4 px wide
LEAST_CONTRAST = 0.3      # of full scale: what a cut line must differ from the faces beside it, at least
PT_PER_MM = 72 / 25.4
CROP_WIDTH_MM = 0.25 / PT_PER_MM


@pytest.fixture(scope="module")
def sheet(shipped_build: ShippedBuild) -> tuple[Path, Path]:
    """asterisk-11's piece sheet, read from the session's build of every shipped config (conftest.shipped_build:
    test_jobs.py holds its bytes to a build of each config in one process)."""
    out = shipped_build.out
    return out / "asterisk-11" / "pieces.svg", out / "asterisk-11" / "pieces.pdf"


def luminance(image, point_mm: tuple[float, float]) -> float:
    x, y = (round(c * PT_PER_MM * SCALE) for c in point_mm)
    return image.getpixel((x, y)) / 255


def across(image, a: tuple[float, float], b: tuple[float, float], reach: float) -> list[float]:
    """Luminance along a short line through the cut's middle, at right angles to it, `reach` mm each side."""
    (ax, ay), (bx, by) = a, b
    mx, my, length = (ax + bx) / 2, (ay + by) / 2, math.dist(a, b)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    steps = 40
    return [luminance(image, (mx + nx * reach * (k / steps * 2 - 1), my + ny * reach * (k / steps * 2 - 1)))
            for k in range(steps + 1)]


def neighbours(hexes, size: float, kinds: tuple[str, str]):
    """Pairs of hexagon pieces of the two kinds that share an edge."""
    for kind_a, _, ca in hexes:
        for kind_b, _, cb in hexes:
            if (kind_a, kind_b) == kinds and ca < cb and abs(math.dist(ca, cb) - size) < 0.01:
                yield ca, cb


def test_every_shared_cut_shows_against_both_pieces(sheet):
    svg, pdf = sheet
    image = pdfium.PdfDocument(pdf)[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
    pieces = [(g.get("data-piece"), *silhouette(g)[1:]) for g in svg_elements_with(parse_svg(svg), "data-piece")]
    hexes = [p for p in pieces if "hexagon" in p[0]]
    size = hexes[0][1]
    cases = [("dark-hexagon-empty", "dark-hexagon-empty"), ("light-hexagon-empty", "light-hexagon-empty"),
             ("dark-hexagon-empty", "light-hexagon-asterisk"), ("light-hexagon-asterisk", "light-hexagon-empty")]
    checked = 0
    for kinds in cases:
        pairs = list(neighbours(hexes, size, kinds)) or list(neighbours(hexes, size, kinds[::-1]))
        assert pairs, kinds
        for ca, cb in pairs[:3]:
            # The shared edge runs at right angles to the line between the centres, through its middle.
            mid, half = ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2), size / 2
            ux, uy = (cb[0] - ca[0]) / size, (cb[1] - ca[1]) / size
            a, b = (mid[0] - uy * half * 0.5, mid[1] + ux * half * 0.5), (mid[0] + uy * half * 0.5, mid[1] - ux * half * 0.5)
            profile = across(image, a, b, 0.6)
            for face in (luminance(image, (mid[0] - ux * size * 0.12, mid[1] - uy * size * 0.12)),
                         luminance(image, (mid[0] + ux * size * 0.12, mid[1] + uy * size * 0.12))):
                assert max(abs(v - face) for v in profile) >= LEAST_CONTRAST, (kinds, ca, cb, face, profile)
            checked += 1
    assert checked >= 8


def test_grid_cuts_show_on_the_paper(sheet):
    svg, pdf = sheet
    image = pdfium.PdfDocument(pdf)[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
    lines = [el for el in parse_svg(svg).iter(f"{SVG_NS}path") if el.get("class") == "cut-guide" and "Z" not in el.get("d")]
    assert len(lines) == 1
    first = lines[0].get("d").split("M")[1].split("L")
    a, b = (tuple(map(float, p.split())) for p in first[:2])
    assert 1 - min(across(image, a, b, 0.4)) >= LEAST_CONTRAST


def test_crop_marks_are_thin_grey_and_clear_of_every_piece(sheet):
    svg, _ = sheet
    root = parse_svg(svg)
    marks = [el for el in root.iter(f"{SVG_NS}path") if el.get("class") == "crop-mark"]
    assert len(marks) == 1
    assert float(marks[0].get("stroke-width")) == pytest.approx(CROP_WIDTH_MM, abs=1e-3)
    grey = marks[0].get("stroke").lstrip("#")
    assert len(set(grey[i:i + 2] for i in (0, 2, 4))) == 1 and 0x60 <= int(grey[:2], 16) <= 0xb0
    segments = []
    for run in marks[0].get("d").split("M")[1:]:
        pts = [tuple(map(float, p.split())) for p in ("L" + run).split("L")[1:]]
        segments += list(zip(pts, pts[1:]))
    assert len(segments) >= 8   # four corners of the honeycomb, two marks each, and the grid's line ends
    for group in svg_elements_with(root, "data-piece"):
        kind, size, centre = silhouette(group)
        reach = size / math.sqrt(3) if kind == "hexagon" else size / 2   # the hexagon's corner, the circle's edge
        assert min(distance_to_segment(centre, a, b) for a, b in segments) > reach, group.get("data-piece")


@pytest.mark.parametrize("bleed", [0, 2])
def test_bleed_runs_the_colour_past_the_cut(tmp_path: Path, bleed: int):
    spec = tmp_path / "b.yaml"
    spec.write_text(f"game: asterisk\nname: b\nboard: {{side: 11}}\noutputs: [pieces]\nprint: {{bleed_mm: {bleed}}}\n")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    svg, pdf = tmp_path / "out" / "b" / "pieces.svg", tmp_path / "out" / "b" / "pieces.pdf"
    image = pdfium.PdfDocument(pdf)[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
    root = parse_svg(svg)
    dark = [silhouette(g) for g in svg_elements_with(root, "data-piece") if g.get("data-piece") == "dark-hexagon-empty"]
    kind, size, (x, y) = dark[0]
    beyond = luminance(image, (x, y - size / math.sqrt(3) - 1.0))   # 1 mm past the top corner, outside the cut
    assert (beyond < 0.3) is (bleed > 0), beyond
    # the cut is still the true outline: cased lines along each piece's edge, none through a face
    lines = [el for el in root.iter(f"{SVG_NS}path") if el.get("class") == "cut-guide" and "Z" in el.get("d")]
    runs = [[tuple(map(float, p.split())) for p in ("L" + r).replace("Z", "").split("L")[1:]] for r in lines[0].get("d").split("M")[1:]]
    assert any(max(math.dist(p, (x, y)) for p in run) == pytest.approx(size / math.sqrt(3), abs=0.01)
               and math.dist((sum(p[0] for p in run) / len(run), sum(p[1] for p in run) / len(run)), (x, y)) < 0.01
               for run in runs)
    for group in svg_elements_with(root, "data-piece"):
        kind, s, centre = silhouette(group)
        segments = [(a, b) for run in runs for a, b in zip(run, run[1:] + run[:1])]
        assert min(distance_to_segment(centre, a, b) for a, b in segments) >= s / 2 - 0.01
