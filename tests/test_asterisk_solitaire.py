"""Solitaire setup: the ring pattern of cells to fill, and a seeded deal that is reproducible and complete."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import build_asterisk, PT_PER_MM, SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec

FORBIDDEN = {"dark-hexagon-asterisk", "light-circle-empty"}
SIX_TYPES = {
    "dark-hexagon-empty", "dark-circle-asterisk", "dark-circle-empty",
    "light-hexagon-asterisk", "light-hexagon-empty", "light-circle-asterisk",
}
A4_PT = sorted((210 * PT_PER_MM, 297 * PT_PER_MM))


def build(spec_file, tmp_path: Path, body: str = "", name: str = "s") -> Path:
    return build_asterisk(spec_file, tmp_path / "out", "[solitaire]", body, name)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """built(body) -> output folder; each distinct spec is built once per module, the way a user would."""
    cache: dict[str, Path] = {}

    def make(body: str = "") -> Path:
        if body not in cache:
            folder = tmp_path_factory.mktemp("solitaire")
            spec = write_spec(folder, f"game: asterisk\nname: s\noutputs: [solitaire]\n{body}")
            result = run_pnp("build", str(spec), "--out", str(folder / "out"))
            assert result.returncode == 0, result.stderr
            cache[body] = folder / "out" / "s"
        return cache[body]

    return make


def cell_id(row: int, pos: int) -> str:
    text = ""
    while pos > 0:
        pos, rem = divmod(pos - 1, 26)
        text = chr(ord("a") + rem) + text
    return f"{text}{row}"


def expected_fill(side: int) -> set[str]:
    """Perimeter plus every second ring inwards, found by walking inwards from the edge (GAMES.md neighbours)."""
    cells = [(r, p) for r in range(1, side + 1) for p in range(1, r + 1)]
    inside = set(cells)
    depth = {c: 0 for c in cells if c[1] == 1 or c[1] == c[0] or c[0] == side}
    frontier = list(depth)
    while frontier:
        nxt = []
        for r, p in frontier:
            for q in ((r, p - 1), (r, p + 1), (r - 1, p - 1), (r - 1, p), (r + 1, p), (r + 1, p + 1)):
                if q in inside and q not in depth:
                    depth[q] = depth[(r, p)] + 1
                    nxt.append(q)
        frontier = nxt
    return {cell_id(*c) for c, d in depth.items() if d % 2 == 0}


def cells(root: ET.Element) -> dict[str, ET.Element]:
    found = svg_elements_with(root, "data-cell")
    ids = [el.get("data-cell") for el in found]
    assert len(ids) == len(set(ids))
    return dict(zip(ids, found))


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in el.get("points").split()]


def centre(el: ET.Element) -> tuple[float, float]:
    if el.tag == f"{SVG_NS}circle":
        return float(el.get("cx")), float(el.get("cy"))
    pts = points(el)
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def size_of(el: ET.Element) -> float:
    """A piece's silhouette: circle diameter, or hexagon width across flats."""
    if el.tag == f"{SVG_NS}circle":
        return 2 * float(el.get("r"))
    xs = [x for x, _ in points(el)]
    return max(xs) - min(xs)


def board_pieces(root: ET.Element) -> dict[str, ET.Element]:
    """Dealt pieces by the cell they sit on."""
    found = [el for el in svg_elements_with(root, "data-piece") if "data-at" in el.attrib]
    at = [el.get("data-at") for el in found]
    assert len(at) == len(set(at)), "a cell holds two pieces"
    return dict(zip(at, found))


def deal_of(folder: Path) -> dict[str, str]:
    return {cell: el.get("data-piece") for cell, el in board_pieces(parse_svg(folder / "solitaire.svg")).items()}


def remaining(root: ET.Element) -> dict[str, int]:
    return {el.get("data-remaining"): int(el.get("data-count")) for el in svg_elements_with(root, "data-remaining")}


@pytest.mark.parametrize(("side", "fill", "empty"), [(8, 24, 12), (11, 42, 24)])
def test_ring_pattern(built, side: int, fill: int, empty: int) -> None:
    """Cells classed fill/empty: the perimeter and ring 2 (and so on) filled, the rings between empty."""
    folder = built(f"board:\n  side: {side}\n")
    root = parse_svg(folder / "solitaire.svg")
    by_id = cells(root)
    assert len(by_id) == side * (side + 1) // 2
    classes = {cid: set(el.get("class", "").split()) for cid, el in by_id.items()}
    filled = {cid for cid, cls in classes.items() if "fill" in cls}
    left_empty = {cid for cid, cls in classes.items() if "empty" in cls}
    assert (len(filled), len(left_empty)) == (fill, empty)
    assert filled | left_empty == set(by_id) and not filled & left_empty
    assert filled == expected_fill(side)
    shades = {by_id[c].get("fill") for c in filled}
    whites = {by_id[c].get("fill") for c in left_empty}
    assert len(shades) == 1 and len(whites) == 1 and shades != whites
    assert board_pieces(root) == {} and remaining(root) == {}


def test_page_is_one_a4_sheet_with_key_and_how_to(built) -> None:
    folder = built("board:\n  side: 11\n")
    assert sorted(p.name for p in folder.iterdir()) == ["solitaire.pdf", "solitaire.svg"]
    pages = PdfReader(folder / "solitaire.pdf").pages
    assert len(pages) == 1
    box = pages[0].mediabox
    assert sorted((float(box.width), float(box.height))) == pytest.approx(A4_PT, abs=0.5)
    text = " ".join(pages[0].extract_text().split())
    for words in ("shaded: fill at the start", "white: leave empty", "How to play", "This bar is 50 mm long"):
        assert words in text


def test_same_seed_same_bytes_other_seed_other_deal(built, spec_file, tmp_path: Path) -> None:
    one = built("solitaire:\n  seed: 7\n")
    two = build(spec_file, tmp_path, "solitaire:\n  seed: 7\n")  # a second, separate build
    other = built("solitaire:\n  seed: 8\n")
    for name in ("solitaire.svg", "solitaire.pdf"):
        assert (one / name).read_bytes() == (two / name).read_bytes()
    assert deal_of(one) == deal_of(two)
    assert deal_of(one) != deal_of(other)
    assert set(deal_of(one)) == set(deal_of(other))  # same cells, different pieces


@pytest.mark.parametrize("side", [11, 20])
def test_dealt_start_covers_every_fill_cell_from_the_full_set(built, side: int) -> None:
    folder = built(f"board:\n  side: {side}\nsolitaire:\n  seed: 7\n")
    root = parse_svg(folder / "solitaire.svg")
    by_id = cells(root)
    placed = board_pieces(root)
    fill = expected_fill(side)
    assert set(placed) == fill
    per_type = side * (side + 1) // 2 // 6
    dealt = Counter(el.get("data-piece") for el in placed.values())
    assert set(dealt) <= SIX_TYPES and not set(dealt) & FORBIDDEN
    left = remaining(root)
    assert set(left) == SIX_TYPES
    assert {t: dealt[t] + left[t] for t in SIX_TYPES} == {t: per_type for t in SIX_TYPES}
    for cell, el in placed.items():
        assert centre(list(el)[0]) == pytest.approx(centre(by_id[cell]), abs=0.01)
    # The bag's heading counts what remains.
    heading = [t.text for t in root.iter(f"{SVG_NS}text") if (t.text or "").startswith("Still in the bag")]
    assert heading == [f"Still in the bag: {sum(left.values())}"]
    pdf = PdfReader(folder / "solitaire.pdf")
    assert len(pdf.pages) == 1 and "Still in the bag" in pdf.pages[0].extract_text()


def board_cell_mm(root: ET.Element) -> float:
    return float(next(el for el in root.iter(f"{SVG_NS}g") if el.get("class") == "board").get("data-cell-mm"))


def test_dealt_pieces_follow_the_piece_size_rules(built) -> None:
    """cell minus clearance by default; pieces.size_mm if set, but never larger than the cell."""
    plain = parse_svg(built("board:\n  side: 11\nsolitaire:\n  seed: 7\n") / "solitaire.svg")
    cell = board_cell_mm(plain)
    sizes = {round(size_of(list(el)[0]), 2) for el in board_pieces(plain).values()}
    assert sizes == {round(cell - 1.5, 2)}, (sizes, cell)
    small = parse_svg(built("solitaire:\n  seed: 1\npieces:\n  size_mm: 8\n") / "solitaire.svg")
    assert {round(size_of(list(el)[0]), 2) for el in board_pieces(small).values()} == {8.0}
    big = parse_svg(built("solitaire:\n  seed: 1\npieces:\n  size_mm: 60\n") / "solitaire.svg")
    assert all(size_of(list(el)[0]) < board_cell_mm(big) for el in board_pieces(big).values())


def text_box(el: ET.Element) -> tuple[float, float, float, float]:
    """Generous box around one line of text: the font's real width, cap height above the baseline."""
    from pnp.fonts import text_width

    size, x, y = float(el.get("font-size")), float(el.get("x")), float(el.get("y"))
    width = text_width(el.text or "", size, el.get("font-weight") == "bold")
    start = {"middle": x - width / 2, "end": x - width}.get(el.get("text-anchor", ""), x)
    return start, y - 0.8 * size, start + width, y + 0.25 * size


def separated(box: tuple[float, float, float, float], polygon: list[tuple[float, float]]) -> bool:
    """True if an axis-aligned box and a convex polygon do not overlap (separating axis test)."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        axes.append((y0 - y1, x1 - x0))
    for ax, ay in axes:
        a = [ax * x + ay * y for x, y in corners]
        b = [ax * x + ay * y for x, y in polygon]
        if max(a) <= min(b) or max(b) <= min(a):
            return True
    return False


@pytest.mark.parametrize("body", ["board:\n  side: 11\n", "board:\n  side: 20\nsolitaire:\n  seed: 7\n",
                                  "board:\n  side: 8\nsolitaire:\n  seed: 3\n", "paper: letter\nsolitaire:\n  seed: 3\n"])
def test_text_stays_off_the_board(built, body: str) -> None:
    """No line of the key, how-to or bag list touches a cell (grown to cover the side bands) or a label."""
    root = parse_svg(built(body) / "solitaire.svg")
    grown = []
    for el in cells(root).values():
        (cx, cy), pts = centre(el), points(el)
        grown.append([(cx + 1.5 * (x - cx), cy + 1.5 * (y - cy)) for x, y in pts])
    labels = [text_box(t) for t in root.iter(f"{SVG_NS}text") if t.get("class") == "label"]   # in their own layer
    assert labels
    panel_texts = [t for g in root.iter(f"{SVG_NS}g") if g.get("class") == "panel" for t in g.iter(f"{SVG_NS}text")]
    assert len(panel_texts) > 10
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    for text in panel_texts:
        box = text_box(text)
        assert 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height
        assert all(separated(box, poly) for poly in grown), text.text
        assert all(box[2] <= l[0] or l[2] <= box[0] or box[3] <= l[1] or l[3] <= box[1] for l in labels), text.text


def test_board_uses_the_better_orientation(spec_file, tmp_path: Path) -> None:
    """Side 11 on A4 gets cells at least as large as the board page's own (landscape, text beside it)."""
    spec = spec_file("game: asterisk\nname: s\noutputs: [board, solitaire]\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    board_page = board_cell_mm(parse_svg(tmp_path / "out" / "s" / "board.svg"))
    solitaire = board_cell_mm(parse_svg(tmp_path / "out" / "s" / "solitaire.svg"))
    assert solitaire >= 0.99 * board_page


def test_paper_too_small_for_the_page_is_a_spec_error(spec_file, tmp_path: Path) -> None:
    spec = spec_file("game: asterisk\nname: s\noutputs: [solitaire]\npaper: {width_mm: 100, height_mm: 100}\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "paper" in result.stderr and "solitaire" in result.stderr and "Traceback" not in result.stderr


def test_pieces_stay_inside_their_cells(built) -> None:
    """Each dealt piece fits within its cell's inner circle, so neighbours never touch."""
    root = parse_svg(built("board:\n  side: 11\nsolitaire:\n  seed: 7\n") / "solitaire.svg")
    by_id = cells(root)
    for cell, el in board_pieces(root).items():
        body, hexagon = list(el)[0], points(by_id[cell])
        cx, cy = centre(body)
        radius = size_of(body) / 2
        inner = min(abs((x1 - x0) * (y0 - cy) - (x0 - cx) * (y1 - y0)) / math.dist((x0, y0), (x1, y1))
                    for (x0, y0), (x1, y1) in zip(hexagon, hexagon[1:] + hexagon[:1]))
        assert radius <= inner + 1e-6
