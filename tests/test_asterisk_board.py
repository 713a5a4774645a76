"""The printed Asterisk board as a user gets it: SVG and PDF measured, not compared to stored output.

One CLI run builds every variant into a shared folder (module scope), so the
whole module costs a couple of subprocesses.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.games.asterisk.style import AsteriskStyle
from conftest import PT_PER_MM, SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec
from printed import MARGIN_MM, SHEETS, pdf_paths_mm, pdf_text_boxes_mm, points_of, svg_size_mm

DEFAULT_SIDE_COLOURS = {side: AsteriskStyle().side_color(side).lower() for side in ("left", "right", "bottom")}
CUSTOM_PAPER = (250.0, 320.0)

SPECS = {
    "asterisk-11": "game: asterisk\nname: asterisk-11\noutputs: [board]\nboard:\n  side: 11\n",
    "cell14": "game: asterisk\nname: cell14\noutputs: [board]\nboard:\n  side: 11\n  cell_mm: 14\n",
    "nocoords": "game: asterisk\nname: nocoords\noutputs: [board]\nboard:\n  side: 11\n  coordinates: false\n",
    "letter": "game: asterisk\nname: letter\noutputs: [board]\nformats: [pdf]\npaper: letter\n",
    "a3": "game: asterisk\nname: a3\noutputs: [board]\nformats: [pdf]\npaper: a3\n",
    "tabloid": "game: asterisk\nname: tabloid\noutputs: [board]\nformats: [pdf]\npaper: tabloid\n",
    "custom": (
        "game: asterisk\nname: custom\noutputs: [board]\n"
        f"paper:\n  width_mm: {CUSTOM_PAPER[0]:g}\n  height_mm: {CUSTOM_PAPER[1]:g}\n"
    ),
    "styled": "game: asterisk\nname: styled\noutputs: [board]\nstyle:\n  left: '#ff00ff'\n",
    "side20": "game: asterisk\nname: side20\noutputs: [board]\nboard:\n  side: 20\n",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("boards")
    paths = [write_spec(folder, text, f"{name}.yaml") for name, text in SPECS.items()]
    result = run_pnp("build", *map(str, paths), "--out", str(folder / "out"))
    assert result.returncode == 0, result.stderr
    graph = run_pnp("graph", str(folder / "asterisk-11.yaml"))
    assert graph.returncode == 0, graph.stderr
    (folder / "graph.json").write_text(graph.stdout)
    return folder / "out"


@pytest.fixture(scope="module")
def graph(built) -> dict:
    return json.loads((built.parent / "graph.json").read_text())


# --- SVG helpers -------------------------------------------------------------------------------


def cells_of(svg_path: Path) -> dict[str, list[tuple[float, float]]]:
    root = parse_svg(svg_path)
    cells = svg_elements_with(root, "data-cell")
    return {el.attrib["data-cell"]: points_of(el) for el in cells}


def centre(points) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def across_flats(points) -> float:
    """Pointy-top hexagon: the horizontal extent is the distance across the flats."""
    xs = [p[0] for p in points]
    return max(xs) - min(xs)


def texts(root) -> list:
    return list(root.iter(f"{SVG_NS}text"))


def board_cell_mm(root) -> float:
    (group,) = [el for el in root.iter() if "data-cell-mm" in el.attrib]
    return float(group.attrib["data-cell-mm"])


# --- PDF helpers -------------------------------------------------------------------------------


def same_size(got_pt: tuple[float, float], want_mm: tuple[float, float], tol_mm: float = 0.1) -> bool:
    got = sorted(v / PT_PER_MM for v in got_pt)
    want = sorted(want_mm)
    return all(abs(g - w) <= tol_mm for g, w in zip(got, want))


# --- SVG ---------------------------------------------------------------------------------------


def test_svg_is_sized_in_mm(built):
    root = parse_svg(built / "asterisk-11" / "board.svg")
    assert root.attrib["width"].endswith("mm") and root.attrib["height"].endswith("mm")
    width, height = svg_size_mm(root)
    assert [float(v) for v in root.attrib["viewBox"].split()] == [0, 0, width, height]
    assert sorted((width, height)) == sorted(SHEETS["a4"]), "the default paper is A4"


def test_one_element_per_cell_with_the_graph_ids(built, graph):
    root = parse_svg(built / "asterisk-11" / "board.svg")
    ids = [el.attrib["data-cell"] for el in svg_elements_with(root, "data-cell")]
    assert len(ids) == 66 == 11 * 12 // 2
    assert len(set(ids)) == len(ids)
    assert set(ids) == {c["id"] for c in graph["cells"]}
    assert {"a1", "a11", "k11"} <= set(ids)


def test_svg_cells_are_the_graph_cells_moved_onto_the_page(built, graph):
    """The printed cells and `pnp graph` describe the same board: one translation maps one onto the other."""
    cells = cells_of(built / "asterisk-11" / "board.svg")
    a1 = graph["cells"][0]
    dx = centre(cells[a1["id"]])[0] - a1["center"][0]
    dy = centre(cells[a1["id"]])[1] - a1["center"][1]
    for cell in graph["cells"]:
        svg = cells[cell["id"]]
        assert len(svg) == len(cell["polygon"]) == 6
        for (sx, sy), (gx, gy) in zip(svg, cell["polygon"]):
            assert abs(sx - gx - dx) <= 0.003 and abs(sy - gy - dy) <= 0.003, cell["id"]


@pytest.mark.parametrize("name", ["asterisk-11", "side20", "nocoords"])
def test_cells_measure_the_stated_size(built, name):
    root = parse_svg(built / name / "board.svg")
    cell_mm = board_cell_mm(root)
    cells = cells_of(built / name / "board.svg")
    for cid, points in cells.items():
        assert abs(across_flats(points) - cell_mm) <= 0.05, cid
    # The sheet tells the user the cell size; it must be what a ruler finds.
    (facts,) = [t for t in texts(root) if t.attrib.get("class") == "facts"]
    stated = float(re.search(r"cells ([0-9.]+) mm across flats", facts.text).group(1))
    assert abs(stated - cell_mm) <= 0.05 + 1e-9


def test_neighbour_centres_are_one_cell_apart(built, graph):
    root = parse_svg(built / "asterisk-11" / "board.svg")
    cell_mm = board_cell_mm(root)
    cells = cells_of(built / "asterisk-11" / "board.svg")
    pairs = 0
    for cell in graph["cells"]:
        for other in cell["neighbors"]:
            distance = math.dist(centre(cells[cell["id"]]), centre(cells[other]))
            assert abs(distance - cell_mm) <= 0.05, (cell["id"], other, distance)
            pairs += 1
    assert pairs == 2 * 3 * 11 * 10 // 2


def test_cell_mm_sets_the_printed_size(built, graph):
    cells = cells_of(built / "cell14" / "board.svg")
    assert len(cells) == 66
    for cid, points in cells.items():
        assert abs(across_flats(points) - 14) <= 0.05, cid
    for cell in graph["cells"]:
        for other in cell["neighbors"]:
            assert abs(math.dist(centre(cells[cell["id"]]), centre(cells[other])) - 14) <= 0.05


def test_coordinates_false_removes_the_labels(built):
    with_labels = texts(parse_svg(built / "asterisk-11" / "board.svg"))
    without = texts(parse_svg(built / "nocoords" / "board.svg"))
    shown = {t.text for t in with_labels}
    assert {str(r) for r in range(1, 12)} <= shown, "row numbers 1..11 are printed"
    assert set("abcdefghijk") <= shown, "letters a..k are printed"
    assert len(without) < len(with_labels)
    assert len(with_labels) - len(without) == 22, "11 row numbers and 11 letters"
    gone = {t.text for t in without}
    assert "11" not in gone and "1" not in gone and "k" not in gone
    # Without labels to leave room for, the cells print at least as large.
    assert board_cell_mm(parse_svg(built / "nocoords" / "board.svg")) >= board_cell_mm(parse_svg(built / "asterisk-11" / "board.svg"))


def test_style_override_recolours_a_side(built):
    root = parse_svg(built / "styled" / "board.svg")
    strokes = {el.attrib["class"]: el.attrib["stroke"].lower() for el in root.iter() if "side" in el.attrib.get("class", "").split()}
    assert strokes["side side-left"] == "#ff00ff"
    assert strokes["side side-right"] == DEFAULT_SIDE_COLOURS["right"]


def test_calibration_bar_is_50_mm(built):
    root = parse_svg(built / "asterisk-11" / "board.svg")
    (bar,) = [el for el in root.iter() if el.attrib.get("data-calibration-mm") == "50"]
    polygons = list(bar.iter(f"{SVG_NS}polygon"))
    xs = [x for el in polygons for x, _ in points_of(el)]
    assert abs(max(xs) - min(xs) - 50) <= 0.01
    blocks = [points_of(el) for el in polygons if el.attrib.get("class") != "calibration-frame"]
    assert len(blocks) == 5 and all(abs(across_flats(b) - 10) <= 0.01 for b in blocks), "five 10 mm blocks"


def board_extent(root) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of everything the board draws: cells, side bands (stroked), labels."""
    (group,) = [el for el in root.iter() if el.attrib.get("class") == "board"]
    xs, ys = [], []
    for el in group.iter():
        tag = el.tag.replace(SVG_NS, "")
        if tag in ("polygon", "polyline"):
            # A stroke reaches w/2 from its line, and a 120-degree mitre w/2 / sin(60) = w / sqrt(3).
            grow = float(el.attrib.get("stroke-width", 0)) / math.sqrt(3)
            for x, y in points_of(el):
                xs += [x - grow, x + grow]
                ys += [y - grow, y + grow]
        elif tag == "text":
            size, x, y = float(el.attrib["font-size"]), float(el.attrib["x"]), float(el.attrib["y"])
            half = 0.7 * size * len(el.text) / 2 + 0.1 * size
            xs += [x - half, x + half]
            ys += [y - size, y + 0.3 * size]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("name", ["asterisk-11", "cell14", "nocoords", "custom", "styled", "side20"])
def test_board_fits_inside_the_margins_and_clear_of_title_and_bar(built, name):
    root = parse_svg(built / name / "board.svg")
    width, height = svg_size_mm(root)
    left, top, right, bottom = board_extent(root)
    tol = 0.005  # coordinates are written to 3 decimals
    assert left >= MARGIN_MM - tol and top >= MARGIN_MM - tol, (left, top)
    assert right <= width - MARGIN_MM + tol and bottom <= height - MARGIN_MM + tol, (right, bottom, width, height)
    (title,) = [t for t in texts(root) if t.attrib.get("class") == "title"]
    assert top > float(title.attrib["y"]), "the board starts below the title line"
    (bar,) = [el for el in root.iter() if "data-calibration-mm" in el.attrib]
    bar_top = min(y for el in bar.iter(f"{SVG_NS}polygon") for _, y in points_of(el))
    assert bottom < bar_top, "the board ends above the calibration bar"


# --- PDF ---------------------------------------------------------------------------------------


def test_pdf_is_one_a4_page_like_the_svg(built):
    reader = PdfReader(built / "asterisk-11" / "board.pdf")
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    size = (float(box.width), float(box.height))
    assert same_size(size, SHEETS["a4"])
    assert {round(v, 1) for v in size} == {595.3, 841.9}
    svg_w, svg_h = svg_size_mm(parse_svg(built / "asterisk-11" / "board.svg"))
    assert abs(size[0] / PT_PER_MM - svg_w) <= 0.1 and abs(size[1] / PT_PER_MM - svg_h) <= 0.1, "same orientation as the SVG"


@pytest.mark.parametrize("name", ["letter", "a3", "tabloid", "custom"])
def test_paper_sizes(built, name):
    reader = PdfReader(built / name / "board.pdf")
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    want = CUSTOM_PAPER if name == "custom" else SHEETS[name]
    assert same_size((float(box.width), float(box.height)), want), (box, want)
    if name == "custom":
        assert sorted(svg_size_mm(parse_svg(built / name / "board.svg"))) == sorted(want)
    else:
        assert not (built / name / "board.svg").exists(), "formats: [pdf] writes no SVG"


def test_pdf_embeds_every_font_and_compresses_its_content(built):
    reader = PdfReader(built / "asterisk-11" / "board.pdf")
    page = reader.pages[0]
    fonts = page["/Resources"]["/Font"]
    assert len(fonts) >= 1
    for name, ref in fonts.items():
        font = ref.get_object()
        descriptor = font.get("/FontDescriptor")
        assert descriptor is not None, f"font {name} ({font.get('/BaseFont')}) is not embedded"
        assert "/FontFile2" in descriptor.get_object(), f"font {name} has no embedded TrueType file"
    contents = page["/Contents"]
    streams = contents if isinstance(contents, list) else [contents]
    for stream in streams:
        filters = stream.get_object().get("/Filter")
        filters = [filters] if isinstance(filters, str) else list(filters or [])
        assert "/FlateDecode" in filters, filters
    assert "Asterisk" in page.extract_text()


@pytest.fixture(scope="module")
def pdf_page(built):
    document = pdfium.PdfDocument(built / "asterisk-11" / "board.pdf")
    yield document[0]
    document.close()


def test_pdf_cells_print_at_the_svg_positions_and_size(built, pdf_page):
    """Read every path out of the PDF: each SVG cell is there, in the same place, at the stated size."""
    root = parse_svg(built / "asterisk-11" / "board.svg")
    cell_mm = board_cell_mm(root)
    svg_cells = cells_of(built / "asterisk-11" / "board.svg")
    by_centre = {}
    for points in pdf_paths_mm(pdf_page):
        corners = points[:-1] if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-3 else points
        if len(corners) == 6:
            by_centre[tuple(round(v, 1) for v in centre(corners))] = corners
    for cid, svg_points in svg_cells.items():
        key = tuple(round(v, 1) for v in centre(svg_points))
        assert key in by_centre, f"cell {cid} is missing from the PDF"
        pdf_points = by_centre[key]
        for p in svg_points:
            assert min(math.dist(p, q) for q in pdf_points) <= 0.01, cid
        assert abs(across_flats(pdf_points) - cell_mm) <= 0.1, cid
    # Centre to centre along the bottom row: one cell each, eleven cells make the row.
    row = sorted(centre(svg_cells[f"{c}11"]) for c in "abcdefghijk")
    pdf_row = [centre(by_centre[tuple(round(v, 1) for v in p)]) for p in row]
    assert abs((pdf_row[-1][0] - pdf_row[0][0]) - 10 * cell_mm) <= 0.1


def test_pdf_calibration_bar_is_50_mm(pdf_page):
    spans = []
    for points in pdf_paths_mm(pdf_page):
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        if xs and max(ys) - min(ys) < 5 and max(xs) - min(xs) > 40:
            spans.append(max(xs) - min(xs))
    assert spans, "no calibration bar in the PDF"
    assert any(abs(s - 50) <= 0.1 for s in spans), spans


def test_pdf_ink_stays_inside_the_margins(built, pdf_page):
    """Every glyph and every shape vertex lies inside the 10 mm margins (the printable area)."""
    width, height = pdf_page.get_width() / PT_PER_MM, pdf_page.get_height() / PT_PER_MM
    for left, top, right, bottom in pdf_text_boxes_mm(pdf_page):
        assert left >= MARGIN_MM - 0.05 and top >= MARGIN_MM - 0.05, (left, top)
        assert right <= width - MARGIN_MM + 0.05 and bottom <= height - MARGIN_MM + 0.05, (right, bottom)
    for points in pdf_paths_mm(pdf_page):
        for x, y in points:
            assert MARGIN_MM - 0.05 <= x <= width - MARGIN_MM + 0.05 and MARGIN_MM - 0.05 <= y <= height - MARGIN_MM + 0.05


# --- rendered pixels ---------------------------------------------------------------------------

SCALE = 2.0  # 144 dpi


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def render(path: Path) -> Image.Image:
    document = pdfium.PdfDocument(path)
    try:
        return document[0].render(scale=SCALE).to_pil().convert("RGB")
    finally:
        document.close()


def colour_mask(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 3) -> Image.Image:
    diff = ImageChops.difference(image, Image.new("RGB", image.size, colour)).convert("L")
    return diff.point(lambda v: 255 if v <= tolerance else 0)


def px(point_mm: tuple[float, float]) -> tuple[int, int]:
    return (int(point_mm[0] * PT_PER_MM * SCALE), int(point_mm[1] * PT_PER_MM * SCALE))


def near(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.fixture(scope="module")
def rendered(built) -> Image.Image:
    return render(built / "asterisk-11" / "board.pdf")


def test_rendered_page_is_not_blank(rendered):
    histogram = rendered.convert("L").histogram()
    total = sum(histogram)
    white = sum(histogram[250:])
    dark = sum(histogram[:80])
    assert 0.02 < 1 - white / total < 0.6, "some ink, mostly paper"
    assert dark > 500, "dark text and calibration blocks are there"


def test_rendered_side_colours_are_on_their_sides(rendered):
    boxes = {}
    for side, colour in DEFAULT_SIDE_COLOURS.items():
        mask = colour_mask(rendered, rgb(colour))
        count = mask.histogram()[255]
        assert count > 1000, f"{side} colour {colour} barely appears ({count} px)"
        boxes[side] = mask.getbbox()
    mid = {s: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for s, b in boxes.items()}
    assert mid["left"][0] < mid["bottom"][0] < mid["right"][0]
    assert mid["bottom"][1] > mid["left"][1] and mid["bottom"][1] > mid["right"][1]
    assert boxes["bottom"][3] - boxes["bottom"][1] < 0.2 * (boxes["left"][3] - boxes["left"][1]), "the bottom band is a low strip"


def test_rendered_pixels_at_known_places(built, rendered):
    """Pixels where the SVG says things are: white cell interiors, each side colour just outside its edge cells."""
    cells = cells_of(built / "asterisk-11" / "board.svg")
    white = (255, 255, 255)
    for cid in ("a1", "f8", "k11", "a11"):
        assert near(rendered.getpixel(px(centre(cells[cid]))), white), cid
    out = 1.0  # mm outside a cell edge, inside the visible half of the band
    checks = {
        "left": [((p[0] - out, (p[1] + q[1]) / 2)) for p, q in _edges(cells["a6"]) if _vertical(p, q) and p[0] < centre(cells["a6"])[0]],
        "right": [((p[0] + out, (p[1] + q[1]) / 2)) for p, q in _edges(cells["f6"]) if _vertical(p, q) and p[0] > centre(cells["f6"])[0]],
        "bottom": [(centre(cells["f11"])[0], max(y for _, y in cells["f11"]) + out)],
    }
    for side, points in checks.items():
        assert points
        for point in points:
            assert near(rendered.getpixel(px(point)), rgb(DEFAULT_SIDE_COLOURS[side])), (side, point, rendered.getpixel(px(point)))
    # The page corner (in the margin) is blank paper.
    assert rendered.getpixel((3, 3)) == white


def _edges(points):
    return list(zip(points, points[1:] + points[:1]))


def _vertical(p, q) -> bool:
    return abs(p[0] - q[0]) < 1e-6


def test_style_override_shows_in_the_print(built):
    image = render(built / "styled" / "board.pdf")
    magenta = colour_mask(image, (255, 0, 255)).histogram()[255]
    vermillion = colour_mask(image, rgb(DEFAULT_SIDE_COLOURS["left"])).histogram()[255]
    assert magenta > 1000
    assert vermillion == 0
