"""The printed *Star board as a user gets it: SVG and PDF parsed and measured, the graph beside them.

One CLI run builds every variant into a shared folder (module scope).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import PT_PER_MM, SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec
from printed import MARGIN_MM, SHEETS, pdf_paths_mm, pdf_text_boxes_mm, points_of, svg_size_mm

from pnp.fonts import text_width
from pnp.games.starstar.style import StarStyle
from pnp.geometry.polygon import centroid, contains, holds_rect
from pnp.geometry.rect import Rect

HANDICAP = ("S60", "A60", "*60", "T60", "R60", "S30", "A30", "*30", "T30", "R30")
SPECS = {
    "tournament": "game: starstar\nname: tournament\n",
    "beginner": "game: starstar\nname: beginner\nboard: {rings: 4}\n",
    "junior": "game: starstar\nname: junior\npaper: letter\nboard: {rings: 6}\n",
    "plain": ("game: starstar\nname: plain\nformats: [svg]\n"
              "board: {rings: 8, cell_mm: 9, labels: false, handicap_points: false, outline_rings: [5, 3]}\n"),
    "styled": "game: starstar\nname: styled\nformats: [svg]\nboard: {rings: 2}\nstyle: {cell_fill: '#ddeeff', bridge: '#000000'}\n",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("stars")
    paths = [write_spec(folder, text, f"{name}.yaml") for name, text in SPECS.items()]
    result = run_pnp("build", *map(str, paths), "--out", str(folder / "out"))
    assert result.returncode == 0, result.stderr
    for name in ("tournament", "beginner"):
        graph = run_pnp("graph", str(folder / f"{name}.yaml"))
        assert graph.returncode == 0 and graph.stderr == "", graph.stderr
        (folder / f"{name}.json").write_text(graph.stdout)
    return folder / "out"


def graph_of(built: Path, name: str) -> dict:
    return json.loads((built.parent / f"{name}.json").read_text())


def svg(built: Path, name: str):
    return parse_svg(built / name / "board.svg")


def cells_of(root) -> dict[str, list[tuple[float, float]]]:
    return {el.attrib["data-cell"]: points_of(el) for el in svg_elements_with(root, "data-cell")}


def with_class(root, cls: str) -> list:
    return [el for el in root.iter() if cls in el.attrib.get("class", "").split()]


def cell_mm_of(root) -> float:
    (group,) = with_class(root, "board")
    return float(group.attrib["data-cell-mm"])


def bridge_of(root) -> list[tuple[float, float]]:
    (bridge,) = [el for el in root.iter() if el.attrib.get("data-node") == "bridge"]
    return points_of(bridge)


def label_box(el) -> Rect:
    """A label's box as the font's metrics give it (ascender to descender)."""
    size, x, y = float(el.attrib["font-size"]), float(el.attrib["x"]), float(el.attrib["y"])
    width = text_width(el.text, size)
    assert el.attrib.get("text-anchor") == "middle"
    return Rect.from_edges(x - width / 2, y - 0.76 * size, x + width / 2, y + 0.24 * size)


# --- the graph ---------------------------------------------------------------------------------


def test_graph_follows_the_contract(built):
    g = graph_of(built, "tournament")
    assert set(g) == {"game", "name", "units", "cells", "nodes"}
    assert (g["game"], g["name"], g["units"]) == ("starstar", "tournament", "mm")
    assert g["nodes"] == [{"id": "bridge", "neighbors": ["*10", "A10", "R10", "S10", "T10"]}]
    cells = {c["id"]: c for c in g["cells"]}
    assert len(cells) == 275 and [c["id"] for c in g["cells"][:5]] == ["*10", "S10", "T10", "A10", "R10"]
    for cell in g["cells"]:
        assert set(cell) == {"id", "center", "polygon", "neighbors", "sides", "tags"}
        assert ("bridge" in cell["neighbors"]) == (cell["id"][1] == "1")
        for other in cell["neighbors"]:
            assert other == "bridge" or cell["id"] in cells[other]["neighbors"]
        assert all(round(v, 3) == v for p in cell["polygon"] for v in p)
    assert cells["S00"]["sides"] == ["*", "S"] and cells["S00"]["tags"] == ["peri", "quark"]
    assert cells["S04"]["sides"] == ["S"] and cells["S04"]["tags"] == ["peri"]
    assert cells["S63"]["sides"] == [] and cells["S63"]["tags"] == []
    assert sum(1 for c in g["cells"] if "peri" in c["tags"]) == 50 and sum(len(c["sides"]) for c in g["cells"]) == 55


def test_graph_is_the_board_as_printed(built):
    """One translation maps every graph polygon onto its SVG cell: the graph is the printed board."""
    for name in ("tournament", "beginner"):
        cells = cells_of(svg(built, name))
        graph = graph_of(built, name)["cells"]
        first = graph[0]
        dx, dy = (cells[first["id"]][0][0] - first["polygon"][0][0], cells[first["id"]][0][1] - first["polygon"][0][1])
        for cell in graph:
            assert len(cells[cell["id"]]) == len(cell["polygon"])
            for (sx, sy), (gx, gy) in zip(cells[cell["id"]], cell["polygon"]):
                assert abs(sx - gx - dx) <= 0.003 and abs(sy - gy - dy) <= 0.003, cell["id"]


# --- the SVG -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,rings", [("tournament", 10), ("beginner", 4), ("junior", 6), ("plain", 8), ("styled", 2)])
def test_one_element_per_cell_never_an_xml_id(built, name: str, rings: int):
    root = svg(built, name)
    cells = svg_elements_with(root, "data-cell")
    assert len(cells) == 5 * rings * (rings + 1) // 2 == len({el.attrib["data-cell"] for el in cells})
    assert not [el for el in root.iter() if "*" in el.attrib.get("id", "")]
    fills = {el.attrib["fill"] for el in cells}
    assert len(fills) == 1, "one uniform cell colour"
    if name == "styled":
        assert fills == {"#ddeeff"} and with_class(root, "bridge")[0].attrib["fill"] == "#000000"


def test_cell_mm_is_the_distance_between_centres_along_a_ray(built):
    """Ring k's corner cell sits k x cell_mm from the bridge's centre, on every ray."""
    root = svg(built, "tournament")
    cell_mm, cells = cell_mm_of(root), cells_of(root)
    graph = graph_of(built, "tournament")["cells"]
    dx, dy = (cells[graph[0]["id"]][0][0] - graph[0]["polygon"][0][0], cells[graph[0]["id"]][0][1] - graph[0]["polygon"][0][1])
    bx, by = centroid(bridge_of(root))
    centres = {c["id"]: (c["center"][0] + dx, c["center"][1] + dy) for c in graph}
    for sector in "*STAR":
        for k in range(1, 11):
            assert math.dist(centres[f"{sector}{k % 10}0"], (bx, by)) == pytest.approx(k * cell_mm, abs=0.005)
    plain = cells_of(svg(built, "plain"))   # cell_mm: 9, measured between two inner cells' shapes
    assert cell_mm_of(svg(built, "plain")) == 9.0
    assert math.dist(centroid(plain["S31"]), centroid(plain["S41"])) == pytest.approx(9.0, abs=0.005)
    assert math.dist(centroid(plain["S42"]), centroid(plain["S53"])) == pytest.approx(9.0, abs=0.005)


def test_the_bridge_is_a_star_pointing_along_the_rays(built):
    root = svg(built, "tournament")
    star = bridge_of(root)
    centre = centroid(star)
    radii = [math.dist(p, centre) for p in star]
    assert len(star) == 10
    tips, notches = radii[0::2], radii[1::2]
    if tips[0] < notches[0]:
        tips, notches = notches, tips
    assert max(tips) - min(tips) < 0.01 and max(notches) - min(notches) < 0.01 and min(tips) > 1.5 * max(notches)
    cells = cells_of(root)
    top = min(star, key=lambda p: p[1])
    assert top[0] == pytest.approx(centre[0], abs=0.01), "the star points up"
    assert contains(cells["A10"], (top[0], top[1] - 0.5)), "towards A10"


def test_peri_and_quark_marks_sit_in_the_perimeter_cells(built):
    root = svg(built, "tournament")
    cells = cells_of(root)
    marks = [el for el in root.iter() if el.attrib.get("class") == "marks"]
    assert sorted(el.attrib["data-at"] for el in marks) == sorted(c for c in cells if c[1] == "0")
    for el in marks:
        (peri,) = [p for p in el if p.attrib.get("class") == "peri"]
        star = points_of(peri)
        assert len(star) == 10 and all(contains(cells[el.attrib["data-at"]], p) for p in star)
        quarks = [q for q in el if q.attrib.get("class") == "quark"]
        assert len(quarks) == (1 if el.attrib["data-at"][2] == "0" else 0)
        for q in quarks:
            cx, cy, r = (float(q.attrib[k]) for k in ("cx", "cy", "r"))
            assert all(contains(cells[el.attrib["data-at"]], (cx + r * math.cos(a), cy + r * math.sin(a)))
                       for a in (k * math.pi / 8 for k in range(16)))


@pytest.mark.parametrize("name,want", [("tournament", HANDICAP), ("beginner", HANDICAP[5:]), ("plain", ())])
def test_handicap_points_carry_their_order(built, name: str, want: tuple[str, ...]):
    root = svg(built, name)
    cells = cells_of(root)
    marks = [el for el in root.iter() if el.attrib.get("class") == "handicap"]
    assert [el.attrib["data-at"] for el in sorted(marks, key=lambda el: int(el.attrib["data-order"]))] == list(want)
    for order, el in enumerate(sorted(marks, key=lambda el: int(el.attrib["data-order"])), 1):
        (number,) = el.iter(f"{SVG_NS}text")
        assert number.text == str(order)
        assert contains(cells[el.attrib["data-at"]], (float(number.attrib["x"]), float(number.attrib["y"])))


def test_every_label_fits_its_cell_and_is_quiet(built):
    for name in ("tournament", "beginner", "junior"):
        root = svg(built, name)
        cells = cells_of(root)
        labels = with_class(root, "label")
        assert sorted(el.text for el in labels) == sorted(cells)
        assert len({el.attrib["font-size"] for el in labels}) == 1, "one size for every id"
        for el in labels:
            assert holds_rect(cells[el.text], label_box(el)), el.text
        grey = int(labels[0].attrib["fill"][1:3], 16)
        assert grey > int(StarStyle().grid[1:3], 16) + 60, "ids lighter than the grid lines, so pencil wins"
    assert not with_class(svg(built, "plain"), "label")


def test_labels_are_sized_by_the_smallest_cell(built):
    """Some id comes within a twelfth of a cell of its cell's edge: the smallest cell sets the size."""
    root = svg(built, "tournament")
    cells, reach = cells_of(root), cell_mm_of(root) / 12
    assert any(not holds_rect(cells[el.text], label_box(el).grown(reach)) for el in with_class(root, "label"))
    assert float(with_class(root, "label")[0].attrib["font-size"]) > 1.6, "still legible at print size"


def test_sector_letters_stand_outside_their_corners(built):
    root = svg(built, "tournament")
    cells = cells_of(root)
    (edge,) = with_class(root, "edge")
    outline = points_of(edge)
    letters = with_class(root, "sector")
    assert sorted(el.text for el in letters) == sorted("*STAR")
    for el in letters:
        at = (float(el.attrib["x"]), float(el.attrib["y"]))
        assert not contains(outline, at)
        nearest = min(cells, key=lambda c: math.dist(centroid(cells[c]), at))
        assert nearest == f"{el.text}00", (el.text, nearest)


@pytest.mark.parametrize("name,rings", [("tournament", (6,)), ("junior", ()), ("beginner", ()), ("plain", (3, 5))])
def test_smaller_boards_are_outlined_inside(built, name: str, rings: tuple[int, ...]):
    root = svg(built, name)
    cells = cells_of(root)
    outlines = with_class(root, "inner-board")
    assert tuple(int(el.attrib["data-rings"]) for el in outlines) == rings
    for el in outlines:
        k = int(el.attrib["data-rings"])
        line = points_of(el)
        for cid, polygon in cells.items():
            ring = int(cid[1]) or 10
            assert contains(line, centroid(polygon)) == (ring <= k), cid
        assert float(el.attrib["stroke-width"]) >= 2 * float(svg_elements_with(root, "data-cell")[0].attrib["stroke-width"])


@pytest.mark.parametrize("name", ["tournament", "beginner", "junior", "plain"])
def test_the_board_fits_the_margins_under_the_title(built, name: str):
    root = svg(built, name)
    width, height = svg_size_mm(root)
    (group,) = with_class(root, "board")
    xs, ys = [], []
    for el in group.iter():
        if "points" in el.attrib:
            pts = points_of(el)
            xs += [p[0] for p in pts]
            ys += [p[1] for p in pts]
        elif el.tag == f"{SVG_NS}text":
            box = label_box(el) if el.attrib.get("text-anchor") == "middle" else None
            if box:
                xs += [box.x, box.right]
                ys += [box.y, box.bottom]
    assert min(xs) >= MARGIN_MM and max(xs) <= width - MARGIN_MM and max(ys) <= height - MARGIN_MM - 10
    (title,) = with_class(root, "title")
    assert min(ys) > float(title.attrib["y"])


def test_facts_line_states_the_board(built):
    root = svg(built, "tournament")
    (facts,) = with_class(root, "facts")
    assert "10 rings" in facts.text and "275 cells" in facts.text and "50 on the edge" in facts.text
    assert f"{cell_mm_of(root):.1f}".rstrip("0").rstrip(".") + " mm" in facts.text
    assert [el for el in root.iter() if el.attrib.get("data-calibration-mm") == "50"]


# --- the PDF -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pdf_page(built):
    document = pdfium.PdfDocument(built / "tournament" / "board.pdf")
    yield document[0]
    document.close()


def test_pdf_cells_are_where_the_svg_puts_them(built, pdf_page):
    assert sorted((pdf_page.get_width() / PT_PER_MM, pdf_page.get_height() / PT_PER_MM)) == pytest.approx(SHEETS["a4"], abs=0.1)
    by_centre = {}
    for points in pdf_paths_mm(pdf_page):
        corners = points[:-1] if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-3 else points
        if corners:
            by_centre.setdefault(tuple(round(v, 1) for v in centroid(corners)), []).append(corners)
    for cid, svg_points in cells_of(svg(built, "tournament")).items():
        found = by_centre.get(tuple(round(v, 1) for v in centroid(svg_points)), [])
        assert any(len(c) == len(svg_points) and all(math.dist(p, q) <= 0.01 for p, q in zip(svg_points, c)) for c in found), cid


def test_pdf_labels_fit_their_cells(built, pdf_page):
    """The glyphs as pdfium places them: each id's box lies inside the cell it names."""
    cells = cells_of(svg(built, "tournament"))
    boxes = pdf_text_boxes_mm(pdf_page)
    placed = 0
    for left, top, right, bottom in boxes:
        middle = ((left + right) / 2, (top + bottom) / 2)
        home = [cid for cid, polygon in cells.items() if contains(polygon, middle)]
        if home and right - left > 0.8:     # ids, not handicap numbers of one digit
            assert holds_rect(cells[home[0]], Rect.from_edges(left, top, right, bottom)), home
            placed += 1
    assert placed >= 275


def test_pdf_draws_the_bridge_in_its_colour(built):
    document = pdfium.PdfDocument(built / "tournament" / "board.pdf")
    try:
        image = document[0].render(scale=2.0).to_pil().convert("RGB")
    finally:
        document.close()
    star = bridge_of(svg(built, "tournament"))
    x, y = centroid(star)
    pixel = image.getpixel((int(x * PT_PER_MM * 2), int(y * PT_PER_MM * 2)))
    want = tuple(int(StarStyle().bridge[i:i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 8 for a, b in zip(pixel, want)), pixel
    assert (built / "tournament" / "board.svg").exists() and not (built / "plain" / "board.pdf").exists()


# --- the house's promises ----------------------------------------------------------------------


@pytest.mark.parametrize("rings", [2, 4, 6, 10])
def test_the_planned_envelope_holds_the_drawn_board(rings: int):
    """The room the planner leaves (look.unit_extent) holds everything drawn, measured from the shapes."""
    from pnp.games.starstar.board import StarBoard
    from pnp.games.starstar.draw import board_group
    from pnp.games.starstar.look import unit_extent
    from pnp.games.starstar.rules import handicap_points
    from pnp.scene.bounds import bounds

    for cell in (10.0, 25.0):
        drawn = bounds(board_group(StarBoard(rings, cell), StarStyle(), 0.3 * cell, (rings - 1,), handicap_points(rings)))
        planned = unit_extent(rings).scaled(cell)
        assert planned.contains(drawn, tolerance=0.05), (planned, drawn)
        if cell == 10.0:
            assert planned.width - drawn.width < 0.2 * cell and planned.height - drawn.height < 0.2 * cell


def test_two_builds_are_byte_identical(tmp_path: Path):
    """Two processes (different hash seeds) write the same bytes."""
    spec = write_spec(tmp_path, SPECS["tournament"])
    for out in ("one", "two"):
        assert run_pnp("build", str(spec), "--out", str(tmp_path / out)).returncode == 0
    for name in ("board.svg", "board.pdf"):
        assert (tmp_path / "one" / "tournament" / name).read_bytes() == (tmp_path / "two" / "tournament" / name).read_bytes()


def test_checking_a_spec_loads_no_drawing_or_writer_code():
    """Validation plans the board (geometry and font metrics only) and imports no composer or writer."""
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import sys; from pathlib import Path; from pnp.spec import read_kit; "
            "kit = read_kit(Path('configs/starstar-tournament.yaml')); assert kit.plan.board.extras.label_mm; "
            "print(sorted(m for m in sys.modules if m.startswith(('pnp.games.starstar.assets', 'pnp.games.starstar.draw', "
            "'pnp.writers.svg', 'pnp.writers.pdf', 'svgwrite', 'reportlab.pdfgen', 'reportlab.graphics'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


@pytest.mark.parametrize("rings", range(2, 11))
def test_every_mark_and_id_has_its_own_room_in_its_cell(rings: int):
    """Peri, quark and handicap marks and the id never cover each other and stay in their cell.

    On 3- and 6-ring boards the designer's list names corners, which are no handicap points there.
    """
    from pnp.games.starstar.board import StarBoard
    from pnp.games.starstar.draw import board_group
    from pnp.games.starstar.look import label_share
    from pnp.games.starstar.rules import handicap_points
    from pnp.scene.bounds import bounds

    cell_mm = 10.0
    board = StarBoard(rings, cell_mm)
    group = board_group(board, StarStyle(), label_share(rings) * cell_mm, (), handicap_points(rings))
    boxes: dict[str, list[Rect]] = {}
    for shape in group.children:
        at = dict(shape.data).get("at")
        if shape.cls in ("marks", "handicap"):
            boxes.setdefault(at, []).append(bounds(shape))
        elif shape.cls == "label":
            boxes.setdefault(shape.text, []).append(bounds(shape))
    marked = [cell for cell, found in boxes.items() if len(found) > 1]
    assert len(marked) == sum("peri" in c.tags for c in board.cells) + len(set(handicap_points(rings))
                                                                           - {c.id for c in board.cells if "peri" in c.tags})
    for cell in marked:
        polygon = board.by_id[cell].polygon
        found = boxes[cell]
        assert all(holds_rect(polygon, box) for box in found), cell
        assert not any(a.intersects(b) for i, a in enumerate(found) for b in found[i + 1:]), (cell, found)
    if rings in (3, 6):
        corner = f"S{rings}0"
        assert len(boxes[corner]) == 2, "a corner shows its peri and its id, never a handicap number"


@pytest.mark.parametrize("written", ["star", "*star", "star-star", "Star", "*Star", "STARSTAR"])
def test_star_names_lead_to_starstar(written, tmp_path):
    """*Star is `starstar` on the command line and in specs: its other names get one line naming it, and the name
    itself takes any case."""
    done = run_pnp("init", written, "--out", str(tmp_path))
    if written.lower() == "starstar":
        assert done.returncode == 0 and (tmp_path / "starstar.yaml").is_file()
        return
    assert done.returncode == 2
    assert done.stderr == f"pnp init: {written!r} is not a game pnp knows; did you mean `pnp init starstar`?\n"
    spec = write_spec(tmp_path, f'game: "{written}"\nname: kit\n', "kit.yaml")
    refused = run_pnp("validate", str(spec))
    assert refused.stderr == f"{spec}:1: game: unknown game {written!r}; did you mean `game: starstar`?\n"
