"""The Hex board, stones and pad as a user gets them: `pnp graph` against the rules, the SVG and PDF measured."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec
from printed import MARGIN_MM, distance_to_segment, pdf_paths_mm, points_of, svg_size_mm

from pnp.boards.lattice.ids import letters
from pnp.fonts import ASCENT, DESCENT, MIDDLE, text_width
from pnp import registry
from pnp.definitions.shipped import shipped
from pnp.games.stones.look import BAND_REACH

LOOK = shipped("hex").definition.look.coordinates   # Hex's definition: where its coordinates stand
LETTER_AT, NUMBER_AT = LOOK.letters_at, LOOK.numbers_at
GAME = registry.game("hex")
STYLE = GAME.make_plan(GAME.spec.model_validate({"game": "hex", "name": "hex"})).style   # Hex's own colours
SIDE_COLOUR = {"red": STYLE.first_sides, "blue": STYLE.second_sides}
SPECS = {
    "hex-11": "game: hex\nname: hex-11\noutputs: [board, stones, pad]\nboard: {size: 11, cell_mm: 12}\n",
    "hex-19": "game: hex\nname: hex-19\noutputs: [board, stones, pad]\nboard: {size: 19}\n",
    "hex-30": "game: hex\nname: hex-30\noutputs: [board]\nboard: {size: 30}\n",
    "saver": "game: hex\nname: saver\noutputs: [board]\nboard: {size: 7}\nprint: {ink: saver}\n",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hex")
    paths = [write_spec(folder, text, f"{name}.yaml") for name, text in SPECS.items()]
    result = run_pnp("build", *map(str, paths), "--out", str(folder / "out"))
    assert result.returncode == 0, result.stderr
    return folder / "out"


def cells_of(svg: Path) -> dict[str, list[tuple[float, float]]]:
    return {el.get("data-cell"): points_of(el) for el in svg_elements_with(parse_svg(svg), "data-cell")}


def centre(points) -> tuple[float, float]:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def across_flats(points) -> float:
    xs = [x for x, _ in points]
    return max(xs) - min(xs)


# --- the graph -----------------------------------------------------------------------------------------


def rule_neighbours(column: int, row: int, n: int) -> set[str]:
    """shared/GAMES.md's words: (c-1, r), (c+1, r), (c, r-1), (c+1, r-1), (c-1, r+1), (c, r+1) where they exist."""
    steps = ((-1, 0), (1, 0), (0, -1), (1, -1), (-1, 1), (0, 1))
    return {f"{letters(column + dc)}{row + dr}" for dc, dr in steps if 1 <= column + dc <= n and 1 <= row + dr <= n}


def rule_sides(column: int, row: int, n: int) -> list[str]:
    return [side for side, on in (("top", row == 1), ("bottom", row == n), ("left", column == 1),
                                  ("right", column == n)) if on]


@pytest.mark.parametrize("n", range(2, 20))
def test_the_graph_has_the_rules_cells_neighbours_and_sides(n: int, tmp_path: Path) -> None:
    spec = write_spec(tmp_path, f"game: hex\nname: g\noutputs: [board]\nboard: {{size: {n}}}\n")
    done = run_pnp("graph", str(spec))
    assert done.returncode == 0, done.stderr
    graph = json.loads(done.stdout)
    assert graph["game"] == "hex" and graph["nodes"] == []
    cells = graph["cells"]
    assert [c["id"] for c in cells] == [f"{letters(c)}{r}" for r in range(1, n + 1) for c in range(1, n + 1)]
    by_id = {c["id"]: c for c in cells}
    cell_mm = across_flats(cells[0]["polygon"])
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            cell = by_id[f"{letters(c)}{r}"]
            assert set(cell["neighbors"]) == rule_neighbours(c, r, n), cell["id"]
            assert cell["sides"] == rule_sides(c, r, n), cell["id"]
            for other in cell["neighbors"]:
                assert math.dist(cell["center"], by_id[other]["center"]) == pytest.approx(cell_mm, abs=0.01)


def test_past_z_the_columns_run_on_aa_ab(built: Path) -> None:
    cells = cells_of(built / "hex-30" / "board.svg")
    assert len(cells) == 900 and {"z1", "aa1", "ad30"} <= set(cells)
    root = parse_svg(built / "hex-30" / "board.svg")
    columns = {el.get("data-column") for el in root.iter(f"{SVG_NS}text") if el.get("data-column")}
    assert columns == {letters(c) for c in range(1, 31)}


# --- the printed board ---------------------------------------------------------------------------------


def test_board_cells_print_at_the_stated_size_in_svg_and_pdf(built: Path) -> None:
    svg = built / "hex-11" / "board.svg"
    cells = cells_of(svg)
    assert len(cells) == 121 and all(abs(across_flats(p) - 12) <= 0.01 for p in cells.values())
    facts = next(el.text for el in parse_svg(svg).iter(f"{SVG_NS}text") if "across flats" in (el.text or ""))
    assert float(re.search(r"([0-9.]+) mm across flats", facts).group(1)) == 12
    page = pdfium.PdfDocument(built / "hex-11" / "board.pdf")[0]
    hexagons = [p for p in pdf_paths_mm(page) if len(p) in (6, 7) and abs(across_flats(p) - 12) <= 0.1]
    assert len(hexagons) == 121, "one 12 mm hexagon per cell in the PDF"
    wanted = sorted(centre(p) for p in cells.values())
    got = sorted(centre(p[:6]) for p in hexagons)
    assert all(math.dist(a, b) <= 0.02 for a, b in zip(wanted, got)), "the PDF's cells stand where the SVG's do"


def test_the_board_stays_inside_the_margins(built: Path) -> None:
    for name in ("hex-11", "hex-19", "hex-30"):
        root = parse_svg(built / name / "board.svg")
        width, height = svg_size_mm(root)
        for points in cells_of(built / name / "board.svg").values():
            assert all(MARGIN_MM <= x <= width - MARGIN_MM and MARGIN_MM <= y <= height - MARGIN_MM for x, y in points)


def grey(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("name", ["hex-11", "saver"])
def test_each_side_is_marked_in_its_owners_colour_along_its_own_edge(built: Path, name: str) -> None:
    """Top and bottom in Red's colour, dashed; left and right in Blue's, solid. Each band runs only along outer
    edges (edges of one cell) of the cells on its side, on their outer half."""
    svg = built / name / "board.svg"
    cells = cells_of(svg)
    n = round(math.sqrt(len(cells)))
    owners: dict[tuple, int] = {}
    for points in cells.values():
        for a, b in zip(points, points[1:] + points[:1]):
            owners[_edge(a, b)] = owners.get(_edge(a, b), 0) + 1
    bands = {el.get("class").split()[-1].removeprefix("side-"): el for el in parse_svg(svg).iter(f"{SVG_NS}polyline")
             if "side" in (el.get("class") or "").split()}
    assert set(bands) == {"top", "bottom", "left", "right"}
    on_side = {"top": lambda c, r: r == 1, "bottom": lambda c, r: r == n, "left": lambda c, r: c == 1,
               "right": lambda c, r: c == n}
    outward = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    for side, band in bands.items():
        owner = "red" if side in ("top", "bottom") else "blue"
        assert band.get("stroke").lower() == SIDE_COLOUR[owner]
        assert bool(band.get("stroke-dasharray")) == (owner == "red")
        mine = [p for cid, p in cells.items() if on_side[side](*_address(cid))]
        line = points_of(band)
        for start, end in zip(line, line[1:]):
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            cell, edge = next((p, (a, b)) for p in mine for a, b in zip(p, p[1:] + p[:1])
                              if distance_to_segment(middle, a, b) < 0.01)
            assert owners[_edge(*edge)] == 1, (side, middle)
            (cx, cy), (dx, dy) = centre(cell), outward[side]
            assert (middle[0] - cx) * dx + (middle[1] - cy) * dy > 0, (side, middle)
    assert grey(SIDE_COLOUR["red"]) - grey(SIDE_COLOUR["blue"]) > 50, "Red's and Blue's sides differ in grey too"


def _edge(a, b) -> frozenset:
    return frozenset((tuple(round(v, 2) for v in a), tuple(round(v, 2) for v in b)))


def _address(cell_id: str) -> tuple[int, int]:
    found = re.fullmatch(r"([a-z]+)(\d+)", cell_id)
    column = 0
    for char in found[1]:
        column = column * 26 + ord(char) - 96
    return column, int(found[2])


def label_texts(svg: Path, key: str) -> dict[str, list]:
    found: dict[str, list] = {}
    for el in parse_svg(svg).iter(f"{SVG_NS}text"):
        if el.get(f"data-{key}"):
            found.setdefault(el.get(f"data-{key}"), []).append(el)
    return found


def label_centre(el) -> tuple[float, float]:
    size = float(el.get("font-size"))
    return float(el.get("x")), float(el.get("y")) - MIDDLE * size


def test_each_coordinate_stands_on_the_line_of_cells_it_names_on_both_edges(built: Path) -> None:
    svg = built / "hex-11" / "board.svg"
    cells = {cid: centre(p) for cid, p in cells_of(svg).items()}
    rows, columns = label_texts(svg, "row"), label_texts(svg, "column")
    assert sorted(rows, key=int) == [str(r) for r in range(1, 12)] and sorted(columns) == list("abcdefghijk")
    for row, texts in rows.items():
        (lx, y), (rx, _) = cells[f"a{row}"], cells[f"k{row}"]
        at = sorted(label_centre(t) for t in texts)
        assert [t.text for t in texts] == [row, row] and all(abs(v - y) < 0.01 for _, v in at)
        assert at[0][0] == pytest.approx(lx - NUMBER_AT * 12) and at[1][0] == pytest.approx(rx + NUMBER_AT * 12)
    for column, texts in columns.items():
        (tx, ty), (bx, by) = cells[f"{column}1"], cells[f"{column}11"]
        ux, uy = (bx - tx) / math.dist((tx, ty), (bx, by)), (by - ty) / math.dist((tx, ty), (bx, by))
        ends = sorted((label_centre(t) for t in texts), key=lambda p: p[1])
        assert ends[0] == pytest.approx((tx - ux * LETTER_AT * 12, ty - uy * LETTER_AT * 12), abs=0.01)
        assert ends[1] == pytest.approx((bx + ux * LETTER_AT * 12, by + uy * LETTER_AT * 12), abs=0.01)


def test_no_coordinate_touches_a_cell_or_a_band(built: Path) -> None:
    """Each label's box, measured with the font, keeps clear of every cell and of the band beyond its edges."""
    svg = built / "hex-19" / "board.svg"
    polygons = list(cells_of(svg).values())
    band = BAND_REACH * across_flats(polygons[0])
    labels = [el for els in (*label_texts(svg, "row").values(), *label_texts(svg, "column").values()) for el in els]
    assert len(labels) == 4 * 19
    for el in labels:
        size = float(el.get("font-size"))
        x, y = float(el.get("x")), float(el.get("y"))
        half = text_width(el.text, size) / 2
        box = [(x - half, y - ASCENT * size), (x + half, y - ASCENT * size), (x + half, y + DESCENT * size),
               (x - half, y + DESCENT * size)]
        near = [p for p in polygons if math.dist(centre(p), (x, y)) < 3 * band + 2 * across_flats(p)]
        assert all(_gap(box, p) > band for p in near), el.text


def _gap(a: list, b: list) -> float:
    """The distance between two convex polygons that do not overlap (0 if a corner of one lies in the other)."""
    if any(_inside(p, b) for p in a) or any(_inside(p, a) for p in b):
        return 0.0
    return min(min(distance_to_segment(p, s, t) for p in one for s, t in zip(other, other[1:] + other[:1]))
               for one, other in ((a, b), (b, a)))


def _inside(point, polygon) -> bool:
    signs = {(bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0
             for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1])}
    return len(signs) == 1


# --- stones and pad -------------------------------------------------------------------------------------


def stones_in(svg: Path) -> list[tuple[str, float]]:
    found = []
    for group in parse_svg(svg).iter(f"{SVG_NS}g"):
        if (group.get("data-piece") or "").startswith("stone-"):
            (disc,) = group.iter(f"{SVG_NS}circle")
            found.append((group.get("data-piece"), 2 * float(disc.get("r")) + float(disc.get("stroke-width"))))
    return found


@pytest.mark.parametrize("name, n", [("hex-11", 11), ("hex-19", 19)])
def test_stones_fit_a_cell_with_their_clearance_half_the_cells_each_and_spares(built: Path, name: str, n: int) -> None:
    cell_mm = across_flats(next(iter(cells_of(built / name / "board.svg").values())))
    stones = [s for page in sorted((built / name).glob("stones*.svg")) for s in stones_in(page)]
    for player in ("stone-red", "stone-blue"):
        assert sum(p == player for p, _ in stones) == math.ceil(n * n / 2) + 2
    assert all(size == pytest.approx(cell_mm - 1.5, abs=0.01) for _, size in stones), "the cell's inner circle less 1.5"
    assert all(size < cell_mm for _, size in stones)


def test_a_stone_too_large_for_the_cell_is_refused(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "game: hex\nname: s\noutputs: [board, stones]\nboard: {cell_mm: 10}\nstones: {size_mm: 11}\n")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and not (tmp_path / "out").exists()
    assert f"{spec}:5: stones.size_mm: 11 mm stones do not fit the smallest cell of this board" in done.stderr


def test_the_pad_holds_whole_boards_at_pad_cell_mm_each_with_a_record_box(built: Path) -> None:
    root = parse_svg(built / "hex-11" / "pad.svg")
    width, height = svg_size_mm(root)
    boards = [g for g in root.iter(f"{SVG_NS}g") if "pad-board" in (g.get("class") or "").split()]
    assert len(boards) >= 2
    for group in boards:
        cells = [points_of(el) for el in group.iter() if el.get("data-cell")]
        assert len(cells) == 121 and all(abs(across_flats(p) - 8) < 0.01 for p in cells)
        fields = [el.get("data-field") for el in group.iter(f"{SVG_NS}text") if el.get("data-field")]
        assert fields == ["red", "blue", "first", "result"]
        points = [q for el in group.iter() if el.get("points") for q in points_of(el)]
        assert all(MARGIN_MM - 0.01 <= x <= width - MARGIN_MM and MARGIN_MM <= y <= height - MARGIN_MM for x, y in points)


def test_a_pad_board_too_big_for_the_paper_names_the_key(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "game: hex\nname: p\noutputs: [pad]\nboard: {size: 19}\npad: {cell_mm: 20}\n")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and f"{spec}:5: pad.cell_mm: the 19 × 19 board at 20 mm cells does not fit" in done.stderr
    assert "at most" in done.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("size", [5, 11, 19, 30])
def test_hex_coordinates_keep_clear_at_every_size_a_diagram_may_give_them(size: int):
    """A diagram's coordinates, larger than the board's to print at 5 pt or on every other line (their most),
    keep clear of each other and of the board with its bands."""
    from test_boards_readable import CELL_MM, clashes

    from pnp.boards.label_room import EVERY, EVERY_OTHER, Labels
    from pnp.games.stones.look import BAND, LABEL_MAX_MM, UnitBoard, coordinate_labels, label_room

    made = UnitBoard("hex", size)
    board, room = made.at(CELL_MM), label_room(made)
    assert room.most(EVERY_OTHER) * CELL_MM < LABEL_MAX_MM
    for labels in (None, Labels(room.share), Labels(room.most(EVERY)), Labels(room.most(EVERY_OTHER), EVERY_OTHER)):
        shapes = coordinate_labels(board, "#000000", LOOK, labels)
        found = clashes(board, shapes, BAND)
        assert not found, (labels, found[:6])
