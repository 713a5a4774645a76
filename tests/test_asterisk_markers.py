"""Goal markers: two tent cards, each one face printed twice about a dashed fold, at the asked width."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageStat
from pypdf import PdfReader

from conftest import build_asterisk, PT_PER_MM, SVG_NS, parse_svg, run_pnp, write_spec

GOALS = {
    "dark-hexagon-asterisk": ("DARK", "HEXAGON", "ASTERISK"),
    "light-circle-empty": ("LIGHT", "CIRCLE", "EMPTY"),
}
A4_PT = sorted((210 * PT_PER_MM, 297 * PT_PER_MM))


def build(spec_file, tmp_path: Path, body: str = "", name: str = "m") -> Path:
    return build_asterisk(spec_file, tmp_path / "out", "[markers]", body, name)


@pytest.fixture(scope="module")
def default(tmp_path_factory) -> Path:
    """One default build (70 mm markers on A4) shared by the tests that only read it."""
    folder = tmp_path_factory.mktemp("markers")
    spec = write_spec(folder, "game: asterisk\nname: m\noutputs: [markers]\n")
    result = run_pnp("build", str(spec), "--out", str(folder / "out"))
    assert result.returncode == 0, result.stderr
    return folder / "out" / "m"


def markers_in(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-marker"): g for g in root.iter(f"{SVG_NS}g") if "data-marker" in g.attrib}


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in el.get("points").split()]


def card_box(marker: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the card's cut outline."""
    cut = [el for el in marker.iter(f"{SVG_NS}polygon") if el.get("class") == "cut"]
    assert len(cut) == 1
    xs, ys = zip(*points(cut[0]))
    return min(xs), min(ys), max(xs), max(ys)


def texts(marker: ET.Element) -> list[ET.Element]:
    return list(marker.iter(f"{SVG_NS}text"))


def test_two_markers_named_by_goals_on_one_a4_page(default: Path) -> None:
    folder = default
    assert sorted(p.name for p in folder.iterdir()) == ["markers.pdf", "markers.svg"]
    root = parse_svg(folder / "markers.svg")
    assert set(markers_in(root)) == set(GOALS)
    pages = PdfReader(folder / "markers.pdf").pages
    assert len(pages) == 1
    box = pages[0].mediabox
    assert sorted((float(box.width), float(box.height))) == pytest.approx(A4_PT, abs=0.5)


@pytest.mark.parametrize("size", [None, 100.0])
def test_card_width_is_the_marker_size_and_folds_in_half(spec_file, tmp_path: Path, size: float | None) -> None:
    """The cut outline is size_mm wide (70 by default); the dashed fold runs across its exact middle."""
    body = f"markers:\n  size_mm: {size:g}\n" if size else ""
    folder = build(spec_file, tmp_path, body)
    want = size or 70.0
    for marker in markers_in(parse_svg(folder / "markers.svg")).values():
        left, top, right, bottom = card_box(marker)
        assert right - left == pytest.approx(want, abs=0.01)
        assert bottom - top > want * 0.8  # two faces, each tall enough to stand
        folds = [el for el in marker.iter(f"{SVG_NS}polyline") if el.get("stroke-dasharray")]
        assert len(folds) == 1
        (x0, y0), (x1, y1) = points(folds[0])
        assert y0 == pytest.approx(y1) == pytest.approx((top + bottom) / 2, abs=0.01)
        assert (min(x0, x1), max(x0, x1)) == pytest.approx((left, right), abs=0.01)
        dashes = [float(v) for v in re.split(r"[ ,]+", folds[0].get("stroke-dasharray").strip())]
        assert len(dashes) >= 2 and all(d > 0 for d in dashes)


def test_printed_card_measures_the_marker_size(spec_file, tmp_path: Path) -> None:
    """Measured in the rendered PDF: the grey cut lines stand size_mm apart."""
    folder = build(spec_file, tmp_path, "markers:\n  size_mm: 80\n")
    scale = 4.0
    image = pdfium.PdfDocument(folder / "markers.pdf")[0].render(scale=scale).to_pil().convert("L")
    px_per_mm = scale * PT_PER_MM
    width, height = image.size
    data = image.load()
    # Columns holding a long run of light-grey ink are the cards' vertical cut lines.
    min_run = int(50 * px_per_mm)
    edges = []
    for x in range(width):
        grey = sum(1 for y in range(0, height, 2) if 140 <= data[x, y] <= 215)
        if grey * 2 >= min_run:
            edges.append(x)
    groups: list[list[int]] = []
    for x in edges:
        if groups and x - groups[-1][-1] <= 2:
            groups[-1].append(x)
        else:
            groups.append([x])
    lines = [sum(g) / len(g) / px_per_mm for g in groups]
    assert len(lines) == 4, lines  # two cards side by side, two edges each
    assert lines[1] - lines[0] == pytest.approx(80, abs=0.5)
    assert lines[3] - lines[2] == pytest.approx(80, abs=0.5)


def test_each_face_printed_twice_the_far_one_upside_down(default: Path) -> None:
    """Every goal word appears twice per card: upright below the fold, turned 180 degrees above it."""
    folder = default
    for kind, marker in markers_in(parse_svg(folder / "markers.svg")).items():
        _, top, _, bottom = card_box(marker)
        fold = (top + bottom) / 2
        words = [t for t in texts(marker) if t.text in GOALS[kind]]
        for word in GOALS[kind]:
            found = [t for t in words if t.text == word]
            assert len(found) == 2, (kind, word)
            turned = [t for t in found if "rotate(180" in (t.get("transform") or "")]
            upright = [t for t in found if not t.get("transform")]
            assert len(turned) == 1 and len(upright) == 1
            assert float(upright[0].get("y")) > fold > float(turned[0].get("y"))
        other = {w for k, ws in GOALS.items() if k != kind for w in ws}
        assert not other & {t.text for t in texts(marker)}
        assert all(t.text and "*" not in t.text for t in texts(marker))  # the asterisk is drawn, not typed


def test_asterisk_is_geometry_and_only_on_its_marker(default: Path) -> None:
    folder = default
    markers = markers_in(parse_svg(folder / "markers.svg"))
    drawn = {k: [p for p in m.iter(f"{SVG_NS}path") if p.get("class") == "marking"] for k, m in markers.items()}
    assert len(drawn["dark-hexagon-asterisk"]) == 2  # one per face
    assert drawn["light-circle-empty"] == []


def swatch_centres(marker: ET.Element) -> list[tuple[float, float]]:
    found = []
    for el in marker.iter(f"{SVG_NS}polygon"):
        if el.get("class") == "swatch":
            xs, ys = zip(*points(el))
            found.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    return found


def test_colour_swatches_read_in_greyscale(default: Path) -> None:
    """Printed in black and white, the dark swatch is near black and the light one near white."""
    folder = default
    markers = markers_in(parse_svg(folder / "markers.svg"))
    scale = 2.0
    image = pdfium.PdfDocument(folder / "markers.pdf")[0].render(scale=scale).to_pil().convert("L")
    px = scale * PT_PER_MM

    def mean_at(x: float, y: float) -> float:
        box = image.crop((int((x - 3) * px), int((y - 3) * px), int((x + 3) * px), int((y + 3) * px)))
        return ImageStat.Stat(box).mean[0]

    dark = [mean_at(*c) for c in swatch_centres(markers["dark-hexagon-asterisk"])]
    light = [mean_at(*c) for c in swatch_centres(markers["light-circle-empty"])]
    assert len(dark) == len(light) == 2
    assert all(v < 70 for v in dark), dark
    assert all(v > 200 for v in light), light


def test_large_markers_take_a_page_each(spec_file, tmp_path: Path) -> None:
    folder = build(spec_file, tmp_path, "markers:\n  size_mm: 180\n")
    assert sorted(p.name for p in folder.iterdir()) == ["markers-1.svg", "markers-2.svg", "markers.pdf"]
    kinds = [set(markers_in(parse_svg(folder / f"markers-{n}.svg"))) for n in (1, 2)]
    assert kinds[0] | kinds[1] == set(GOALS) and all(len(k) == 1 for k in kinds)
    assert len(PdfReader(folder / "markers.pdf").pages) == 2


def test_instructions_on_the_page(default: Path) -> None:
    folder = default
    text = " ".join(PdfReader(folder / "markers.pdf").pages[0].extract_text().split())
    assert "Cut" in text and "Fold" in text and "dashed line" in text
    assert "This bar is 50 mm long" in text


def test_marker_too_large_for_the_paper_is_a_spec_error(spec_file, tmp_path: Path) -> None:
    spec = spec_file("game: asterisk\nname: m\noutputs: [markers]\npaper: {width_mm: 120, height_mm: 120}\n"
                     "markers:\n  size_mm: 90\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "markers.size_mm" in result.stderr and "largest that fits" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_same_spec_same_bytes(spec_file, tmp_path: Path) -> None:
    first = build(spec_file, tmp_path / "a")
    second = build(spec_file, tmp_path / "b")
    for name in ("markers.svg", "markers.pdf"):
        assert (first / name).read_bytes() == (second / name).read_bytes()
