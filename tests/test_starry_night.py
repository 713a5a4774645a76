"""The Starry Night pad as a user gets it: built through the CLI, SVG and PDF read back and measured.

One CLI run builds the shipped config and the variants (module scope). Stars
are compared between `pnp graph`, the SVG, the PDF and `pnp sky CODE`.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import math
import re
import time
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import PT_PER_MM, ROOT, SVG_NS, files_under, parse_svg, run_pnp, write_spec

from pnp.games.starry_night.look import band_width
from pnp.games.starry_night.pad import MIN_BAND_SCALE
from pnp.games.starry_night.plan import plan_kit
from pnp.games.starry_night.assets.skies import compose_skies
from pnp.games.starry_night.spec import StarryNightSpec
from pnp.layout.fit import content_area
from pnp.scene import Group
from pnp.scene.bounds import bounds

CONFIG = ROOT / "configs" / "starry-night.yaml"
A6 = "{width_mm: 105, height_mm: 148}"
VARIANTS = {
    "per1": "skies: {count: 3, per_page: 1}\n",
    "per4": "skies: {count: 7, per_page: 4, seed: 40}\n",
    "per6": "skies: {count: 7, per_page: 6, stars: 10}\n",
    "letter6": "paper: letter\nskies: {count: 6, per_page: 6, stars: 10}\n",
    "a6": f"paper: {A6}\nskies: {{count: 2, per_page: 1, stars: 10}}\n",
    "grid4": "skies: {count: 3, width: 20, height: 15, grid_mm: 4, stars: 15, min_gap: 1, no_three_in_line: false}\n",
    "grid6": "skies: {count: 3, width: 20, height: 15, grid_mm: 6, stars: 15, min_gap: 1, no_three_in_line: false}\n",
}
PAGES = {"per1": 3, "per4": 2, "per6": 2, "letter6": 1, "a6": 2, "grid4": 2, "grid6": 2}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("skies")
    specs = [CONFIG] + [write_spec(folder, f"game: starry-night\nname: {name}\n{body}", f"{name}.yaml")
                        for name, body in VARIANTS.items()]
    result = run_pnp("build", *map(str, specs), "--out", str(folder / "out"))
    assert result.returncode == 0, result.stderr
    for spec in specs:
        graph = run_pnp("graph", str(spec))
        assert graph.returncode == 0, graph.stderr
        (folder / f"{spec.stem}.json").write_text(graph.stdout)
    return folder


def graph_of(built: Path, name: str) -> dict:
    return json.loads((built / f"{name}.json").read_text())


def svg_pages(built: Path, name: str) -> list[Path]:
    folder = built / "out" / name
    single = folder / "skies.svg"
    return [single] if single.exists() else sorted(folder.glob("skies-*.svg"), key=lambda p: int(p.stem.split("-")[1]))


def svg_skies(path: Path) -> list[dict]:
    """Each sky on an SVG page: number, code (data and printed), frame, and its stars in mm and grid units."""
    found = []
    for group in parse_svg(path).iter(f"{SVG_NS}g"):
        if "data-sky" not in group.attrib:
            continue
        frame = next(el for el in group.iter(f"{SVG_NS}polygon") if el.attrib.get("class") == "frame")
        numbers = [float(v) for v in re.split(r"[ ,]+", frame.attrib["points"].strip())]
        printed = next(el.text for el in group.iter(f"{SVG_NS}text") if el.attrib.get("class") == "code")
        stars = [el for el in group.iter(f"{SVG_NS}circle") if "data-star" in el.attrib]
        found.append({
            "number": int(group.attrib["data-sky"]), "code": group.attrib["data-code"], "printed": printed,
            "frame": (min(numbers[0::2]), min(numbers[1::2]), max(numbers[0::2]), max(numbers[1::2])),
            "ids": [el.attrib["data-star"] for el in stars],
            "at": [[int(v) for v in el.attrib["data-at"].split(",")] for el in stars],
            "mm": [(float(el.attrib["cx"]), float(el.attrib["cy"])) for el in stars],
            "radius": [float(el.attrib["r"]) for el in stars],
        })
    return found


def pdf_dots_mm(path: Path) -> list[list[tuple[float, float]]]:
    """Per page, the centre of every small round path (the stars), in page mm with y down."""
    document = pdfium.PdfDocument(path)
    pages = []
    try:
        for page in document:
            height = page.get_height()
            dots = []
            for obj in page.get_objects(max_depth=8):
                if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
                    continue
                left, bottom, right, top = obj.get_bounds()
                w, h = (right - left) / PT_PER_MM, (top - bottom) / PT_PER_MM
                if 1.0 < w < 5.0 and abs(w - h) < 0.05:
                    dots.append(((left + right) / 2 / PT_PER_MM, (height - (top + bottom) / 2) / PT_PER_MM))
            pages.append(dots)
    finally:
        document.close()
    return pages


def pdf_page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    document = pdfium.PdfDocument(path)
    try:
        return [(p.get_width() / PT_PER_MM, p.get_height() / PT_PER_MM) for p in document]
    finally:
        document.close()


# --- the shipped pad -----------------------------------------------------------------------------------


def test_the_shipped_pad_writes_one_pdf_and_an_svg_per_page(built):
    folder = built / "out" / "starry-night"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["card-1.svg", "card-2.svg", "card.pdf", "kit.pdf", "rules-booklet.pdf", "rules.pdf",
                     "skies-1.svg", "skies-2.svg", "skies-3.svg", "skies-4.svg", "skies.pdf"]
    sizes = pdf_page_sizes_mm(folder / "skies.pdf")
    assert len(sizes) == 4
    assert all(sorted((round(w, 1), round(h, 1))) == [210.0, 297.0] for w, h in sizes)


def test_graph_follows_the_contract(built):
    graph = graph_of(built, "starry-night")
    assert list(graph) == ["game", "name", "grid_mm", "skies"]
    assert (graph["game"], graph["name"], graph["grid_mm"]) == ("starry-night", "starry-night", 5.0)
    assert [s["number"] for s in graph["skies"]] == list(range(1, 9))
    assert [s["seed"] for s in graph["skies"]] == list(range(1, 9)), "sky k uses seed + k - 1"
    for sky in graph["skies"]:
        assert list(sky) == ["number", "seed", "code", "stars"]
        assert len(sky["stars"]) == 12 and all(len(s) == 2 and all(type(v) is int for v in s) for s in sky["stars"])
    assert len({s["code"] for s in graph["skies"]}) == 8


def test_every_star_is_tagged_and_where_the_graph_says(built):
    graph = {s["number"]: s for s in graph_of(built, "starry-night")["skies"]}
    seen = []
    for page in svg_pages(built, "starry-night"):
        for sky in svg_skies(page):
            seen.append(sky["number"])
            expected = graph[sky["number"]]
            assert sky["ids"] == [f"{sky['number']}:{k}" for k in range(12)]
            assert sky["at"] == expected["stars"]
            assert sky["code"] == sky["printed"] == expected["code"]
            left, top = sky["frame"][:2]
            for (x, y), (i, j) in zip(sky["mm"], sky["at"]):
                assert abs(x - (left + 5.0 * i)) < 1e-3 and abs(y - (top + 5.0 * j)) < 1e-3, "on the 5 mm grid"
    assert seen == list(range(1, 9))


def test_the_frame_is_its_squares_at_true_size(built):
    graph = graph_of(built, "starry-night")
    first = svg_skies(svg_pages(built, "starry-night")[0])[0]
    left, top, right, bottom = first["frame"]
    assert (right - left) % 5.0 < 1e-6 and (bottom - top) % 5.0 < 1e-6
    width, height = round((right - left) / 5), round((bottom - top) / 5)
    for sky in graph["skies"]:
        assert all(0 < i < width and 0 < j < height for i, j in sky["stars"]), "inside the frame, off its edge"


def test_stars_are_bold_and_the_grid_faint(built):
    root = parse_svg(svg_pages(built, "starry-night")[0])
    radii = [float(el.attrib["r"]) for el in root.iter(f"{SVG_NS}circle") if "data-star" in el.attrib]
    assert min(radii) >= 1.2, "a star is a dot of 2.4 mm or more at 5 mm squares"
    stars = {el.attrib["fill"] for el in root.iter(f"{SVG_NS}circle") if "data-star" in el.attrib}
    grid = [el for el in root.iter(f"{SVG_NS}path") if el.attrib.get("class") in ("graph", "major")]
    assert stars == {"#000000"} and grid
    for line in grid:
        grey = int(line.attrib["stroke"][1:3], 16)
        assert grey >= 0xb0 and float(line.attrib["stroke-width"]) <= 0.25, "faint and thin"


def test_pdf_and_svg_put_every_star_in_the_same_place(built):
    for name in ["starry-night", *VARIANTS]:
        svg = [sorted(p for sky in svg_skies(page) for p in sky["mm"]) for page in svg_pages(built, name)]
        pdf = [sorted(page) for page in pdf_dots_mm(built / "out" / name / "skies.pdf")]
        assert len(pdf) == len(svg) == PAGES.get(name, 4), name
        for svg_page, pdf_page in zip(svg, pdf):
            assert len(svg_page) == len(pdf_page), name
            assert all(math.dist(a, b) < 0.02 for a, b in zip(svg_page, pdf_page)), name


def test_every_printed_code_rebuilds_its_sky(built, tmp_path: Path):
    """Read each code off the printed page, hand it to `pnp sky`, and get the same stars back."""
    for page in svg_pages(built, "starry-night"):
        for sky in svg_skies(page):
            out = tmp_path / sky["printed"]
            result = run_pnp("sky", sky["printed"], "--out", str(out))
            assert result.returncode == 0, result.stderr
            (rebuilt,) = svg_skies(out / f"sky-{sky['printed']}" / "skies.svg")
            assert rebuilt["at"] == sky["at"] and rebuilt["code"] == sky["code"]
            assert len(pdf_dots_mm(out / f"sky-{sky['printed']}" / "skies.pdf")[0]) == len(sky["at"])


def test_same_spec_same_bytes(built, tmp_path: Path):
    """A second process (another hash seed, another moment) writes the pad byte for byte."""
    again = run_pnp("build", str(CONFIG), "--out", str(tmp_path))
    assert again.returncode == 0, again.stderr
    first = built / "out" / "starry-night"
    for path in sorted(first.iterdir()):
        assert (tmp_path / "starry-night" / path.name).read_bytes() == path.read_bytes(), path.name


# --- variants -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_skies_per_page_and_page_counts(built, name: str):
    spec = StarryNightSpec.model_validate({"game": "starry-night", "name": name, **_yaml(VARIANTS[name])})
    pages = svg_pages(built, name)
    assert len(pages) == PAGES[name]
    counts = [len(svg_skies(p)) for p in pages]
    assert counts == [min(spec.skies.per_page, spec.skies.count - k * spec.skies.per_page) for k in range(len(pages))]
    assert sum(len(s["at"]) for p in pages for s in svg_skies(p)) == spec.skies.count * spec.skies.stars


def test_the_grid_size_changes_the_print_never_the_sky(built):
    """grid_mm is not in the code: 4 mm and 6 mm squares give the same codes and stars, drawn larger."""
    small, large = graph_of(built, "grid4"), graph_of(built, "grid6")
    assert [(s["code"], s["stars"]) for s in small["skies"]] == [(s["code"], s["stars"]) for s in large["skies"]]
    a, b = svg_skies(svg_pages(built, "grid4")[0])[0], svg_skies(svg_pages(built, "grid6")[0])[0]
    assert abs((a["frame"][2] - a["frame"][0]) / 4 - (b["frame"][2] - b["frame"][0]) / 6) < 1e-6


def _yaml(text: str) -> dict:
    import yaml

    return yaml.safe_load(text)


LAYOUTS = [(paper, per_page) for paper in ("a4", "letter", "a3", {"width_mm": 105, "height_mm": 148})
           for per_page in (1, 2, 4, 6)]


@pytest.mark.parametrize("paper,per_page", LAYOUTS, ids=[f"{p if isinstance(p, str) else 'a6'}-{n}" for p, n in LAYOUTS])
def test_skies_stay_inside_the_page_and_apart(paper, per_page):
    """Drawn, not planned: every sky's ink inside the content area, no two skies touching, label clear of score box."""
    spec = StarryNightSpec.model_validate({"game": "starry-night", "name": "x", "paper": paper,
                                           "skies": {"count": per_page, "per_page": per_page, "stars": 3, "min_gap": 1}})
    from pnp.spec.problems import PlanError

    try:
        plan = plan_kit(spec)
    except PlanError as refused:
        assert paper == {"width_mm": 105, "height_mm": 148} and per_page >= 4, refused
        return
    assert plan.band_scale >= MIN_BAND_SCALE
    (page,) = compose_skies(plan, plan.title, plan.style).pages
    area = content_area(plan.sheet)
    skies = [s for s in page.children if isinstance(s, Group) and s.cls == "sky"]
    assert len(skies) == per_page
    boxes = [bounds(s) for s in skies]
    for box in boxes:
        assert area.contains(box, tolerance=0.05), (box, area)
    for a, b in itertools.combinations(boxes, 2):
        assert not a.intersects(b)
    for sky in skies:
        parts = {part.cls: bounds(part) for part in sky.children if isinstance(part, Group)}
        assert not parts["label"].intersects(parts["score"])
        assert parts["score"].width <= band_width() * plan.band_scale + 1e-6


# --- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("skies", [
    "{stars: 40, width: 10, height: 10}",
    "{stars: 30, width: 16, height: 16, min_gap: 1}",
    "{stars: 40, width: 30, height: 30, min_gap: 4, count: 200, per_page: 1}",
], ids=["counting-bound", "search", "search-first-of-200"])
def test_impossible_skies_are_refused_within_two_seconds(spec_file, tmp_path: Path, skies: str):
    spec = spec_file(f"game: starry-night\nname: x\nskies: {skies}\n")
    before = files_under(tmp_path)
    started = time.monotonic()
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert time.monotonic() - started < 2.0
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{spec}:3: skies.stars: ") and "skies.width" in line and "skies.min_gap" in line
    assert files_under(tmp_path) == before


@pytest.mark.parametrize("code,words", [
    ("106A-H61J-GAXE", "check character"),
    ("106A-H61J-GAX", "12 characters"),
    ("106U-H61J-GAXD", "'U'"),
])
def test_a_mistyped_code_is_bad_input_and_writes_nothing(tmp_path: Path, code: str, words: str):
    result = run_pnp("sky", code, "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"pnp sky: {code}: ") and words in line
    assert files_under(tmp_path) == []


def test_sky_fits_its_grid_to_small_paper_and_refuses_a_grid_too_large(tmp_path: Path):
    code = run_pnp("graph", str(CONFIG))
    first = json.loads(code.stdout)["skies"][0]
    small = run_pnp("sky", *first["code"].lower().split("-"), "--paper", "105x148", "--out", str(tmp_path))  # as heard
    assert small.returncode == 0, small.stderr
    (sky,) = svg_skies(tmp_path / f"sky-{first['code']}" / "skies.svg")
    assert sky["at"] == first["stars"]
    assert sky["frame"][2] - sky["frame"][0] < 85, "shrunk to fit inside A6's margins"
    large = run_pnp("sky", first["code"], "--grid-mm", "9", "--out", str(tmp_path / "large"))
    assert large.returncode == 2 and "--grid-mm" in large.stderr and "largest grid that fits" in large.stderr
    assert not (tmp_path / "large").exists()
    paper = run_pnp("sky", first["code"], "--paper", "a7", "--out", str(tmp_path / "a7"))
    assert paper.returncode == 2 and "--paper" in paper.stderr and "105x148" in paper.stderr


@pytest.mark.parametrize("written", ["starry", "starrynight", "Starry Night", "starry_night", "STARRY-NIGHT"])
def test_starry_night_names_lead_to_starry_night(written, tmp_path):
    done = run_pnp("init", written, "--out", str(tmp_path))
    if written.lower() == "starry-night":
        assert done.returncode == 0 and (tmp_path / "starry-night.yaml").is_file()
        return
    assert done.returncode == 2
    assert done.stderr == f"pnp init: {written!r} is not a game pnp knows; did you mean `pnp init starry-night`?\n"
    record = write_spec(tmp_path, "1. 0-2 8-11\n", "game.txt")
    refused = run_pnp("score", str(record), "--game", written, "--code", "106A-H61J-GAXD")
    assert refused.stderr == (f"{record}: --game: {written!r} is not a game with records; did you mean "
                              "`--game starry-night`?\n")
