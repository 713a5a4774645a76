"""*Star as its designer meant it, and as a player reads it on paper (issue 23): handicap stones only inside the
perimeter, in the designer's order, on the board, the pad, the graph and the score sheet; the booklet says the
order is a suggestion and who moves after the handicap; no mark of a tiled board over its text; handicap
numbers at 5 pt or more."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import PT_PER_MM, SVG_NS, invoke, parse_svg, write_spec
from pnp.fonts import text_width
from pnp.geometry.rect import Rect

DESIGNER_ORDER = ("S60", "A60", "*60", "T60", "R60", "S30", "A30", "*30", "T30", "R30")   # shared/GAMES.md
INNER_FIVE = ("S30", "A30", "*30", "T30", "R30")
READABLE_PT = 5.0
ASCENT, DESCENT = 0.76, 0.24   # per unit of font size, as the scene measures text


def _build(tmp_path: Path, body: str, name: str = "s") -> Path:
    spec = write_spec(tmp_path, f"name: {name}\n{body}", name=f"{name}.yaml")
    done = invoke(["build", str(spec), "--out", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    return tmp_path / "out" / name


def _ring(cell: str) -> int:
    return int(cell[1]) or 10


def _handicap_marks(svg: Path) -> list[tuple[int, str]]:
    """(order, cell) of every handicap mark on a sheet, in drawing order."""
    return [(int(g.get("data-order")), g.get("data-at")) for g in parse_svg(svg).iter(f"{SVG_NS}g")
            if g.get("class") == "handicap"]


@pytest.mark.parametrize("rings", range(2, 11))
def test_handicap_cells_lie_inside_the_perimeter_in_the_designers_order(tmp_path: Path, rings: int):
    """Board, pad and graph agree: the designer's cells inside the outer ring, in his order, numbered from 1."""
    folder = _build(tmp_path, f"game: starstar\noutputs: [board, pad]\nformats: [svg]\nboard: {{rings: {rings}}}\n")
    expected = [cell for cell in DESIGNER_ORDER if _ring(cell) < rings]
    if rings in (4, 5, 6):
        assert expected == list(INNER_FIVE)
    board = _handicap_marks(folder / "board.svg")
    assert [cell for _, cell in board] == expected and [n for n, _ in board] == list(range(1, len(expected) + 1))
    assert all(_ring(cell) < rings for _, cell in board), "a handicap stone never goes on a perimeter cell"
    pad = _handicap_marks(folder / "pad.svg")
    boards_on_pad = sum(1 for g in parse_svg(folder / "pad.svg").iter(f"{SVG_NS}g") if g.get("class") == "pad-board")
    assert pad == board * boards_on_pad, "the pad numbers the handicap cells where the board does"

    spec = tmp_path / "s.yaml"
    done = invoke(["graph", str(spec)])
    assert done.exit_code == 0, done.output
    cells = json.loads(done.stdout)["cells"]
    tagged = {tag: c["id"] for c in cells for tag in c["tags"] if tag.startswith("handicap-")}
    assert tagged == {f"handicap-{n}": cell for n, cell in enumerate(expected, 1)}
    assert not any("peri" in c["tags"] and any(t.startswith("handicap-") for t in c["tags"]) for c in cells)


def test_the_junior_score_sheet_lists_the_inner_handicap_cells_only(tmp_path: Path):
    folder = _build(tmp_path, "game: starstar\noutputs: [scoresheet]\nformats: [svg]\nboard: {rings: 6}\n")
    text = " ".join(t.text or "" for svg in folder.glob("scoresheet*.svg") for t in parse_svg(svg).iter(f"{SVG_NS}text"))
    assert "order: S30 A30 *30 T30 R30)" in text and "S60" not in text


def _words(pdf: Path) -> str:
    """The PDF's text in one line, typographic quotes read as plain ones."""
    text = " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf))
    text = text.translate(str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}))
    return re.sub(r"\s+", " ", text.replace("\r", " ").replace("\ufffe", "").replace("\x02", ""))


def test_the_booklet_says_the_order_is_a_suggestion_and_who_moves_next(tmp_path: Path):
    """The designer's order is "a reasonable choice" for the tournament board, not a rule; who moves after the
    handicap is pnp's convention; the medium board is pnp's own size."""
    text = _words(_build(tmp_path, "game: starstar\noutputs: [rules]\nformats: [pdf]\nboard: {rings: 6}\n") / "rules.pdf")
    assert "in this order: S30, A30, *30, T30, R30." in text
    for line in ("The order is a suggestion, not a rule", 'tournament board as "a reasonable choice"',
                 "A handicap stone never goes on a perimeter cell",
                 "the stronger player moves next, and there is no pie rule", "this is pnp's convention, as in Go",
                 "The medium board is pnp's own size"):
        assert line in text, line


def test_a_board_without_handicap_cells_says_so(tmp_path: Path):
    text = _words(_build(tmp_path, "game: starstar\noutputs: [rules]\nformats: [pdf]\nboard: {rings: 3}\n") / "rules.pdf")
    assert "Handicap stones are not used on a board this small" in text


def test_the_area_variant_is_named_the_designers_early_version(tmp_path: Path):
    text = _words(_build(tmp_path, "game: starry-night\noutputs: [rules]\nformats: [pdf]\n") / "rules.pdf")
    assert "the designer's early version of the game" in text and "cumbersome" in text


# --- the tiled board: nothing printed over its text ------------------------------------------


def _text_box(el: ET.Element) -> Rect:
    """A text element's box as the scene measures it (unturned text: the boards tile unturned ids)."""
    size, x, y = float(el.get("font-size")), float(el.get("x")), float(el.get("y"))
    width = text_width(el.text or "", size, el.get("font-weight") == "bold")
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[el.get("text-anchor", "start")]
    return Rect(x + start, y - ASCENT * size, width, (ASCENT + DESCENT) * size)


def _mark_box(mark: ET.Element) -> Rect:
    points = [tuple(map(float, p)) for p in re.findall(r"([-\d.]+)[ ,]([-\d.]+)", mark.find(f"{SVG_NS}path").get("d"))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))


def _trim_runs(tile: ET.Element) -> list[Rect]:
    (trim,) = [p for p in tile.iter(f"{SVG_NS}path") if p.get("class") == "trim-line"]
    found = []
    for run in re.findall(r"M([-\d.]+) ([-\d.]+)L([-\d.]+) ([-\d.]+)", trim.get("d")):
        x1, y1, x2, y2 = map(float, run)
        found.append(Rect.from_edges(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)))
    return found


def _touches(line: Rect, box: Rect) -> bool:
    """A vertical or horizontal run (a zero-width box) passing through a box."""
    return line.x <= box.right and box.x <= line.right and line.y <= box.bottom and box.y <= line.bottom


@pytest.mark.parametrize("body", ["game: starstar\nboard: {rings: 10, cell_mm: 20}\n",
                                  "game: asterisk\nboard: {side: 20, cell_mm: 20}\n"])
def test_no_label_under_a_registration_mark_or_a_trim_line(tmp_path: Path, body: str):
    """On every tile, no registration mark's cross and no run of the trim line meets a cell name or number."""
    folder = _build(tmp_path, f"outputs: [board]\nformats: [svg]\n{body}")
    pages = sorted(folder.glob("board-*.svg"))
    assert len(pages) > 1
    seen = 0
    for svg in pages:
        (tile,) = [g for g in parse_svg(svg).iter(f"{SVG_NS}g") if g.get("data-tile")]
        texts = [(t.text, _text_box(t)) for t in tile.iter(f"{SVG_NS}text") if not t.get("transform")]
        marks = [_mark_box(g) for g in tile.iter(f"{SVG_NS}g") if g.get("class") == "registration-mark"]
        assert marks
        seen += len(texts)
        for mark in marks:
            assert not [name for name, box in texts if box.intersects(mark)], (svg.name, mark)
        for run in _trim_runs(tile):
            assert not [name for name, box in texts if _touches(run, box)], (svg.name, run)
    assert seen, "the board prints names to keep clear of"


# --- handicap numbers a player can read ------------------------------------------------------


@pytest.mark.parametrize("config", ["starstar-tournament", "starstar-junior"])
def test_handicap_numbers_print_at_5_pt_or_more_in_their_own_room(tmp_path: Path, config: str):
    """On the board and the pad: each number at least 5 pt, its circle clear of the cell's id."""
    spec = (Path(__file__).resolve().parent.parent / "configs" / f"{config}.yaml").read_text()
    folder = _build(tmp_path, re.sub(r"(?m)^(name|outputs):.*\n", "", spec) + "outputs: [board, pad]\nformats: [svg]\n")
    for svg in ("board.svg", "pad.svg"):
        root = parse_svg(folder / svg)
        labels = [_text_box(t) for t in root.iter(f"{SVG_NS}text") if t.get("class") == "label"]
        groups = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "handicap"]
        assert groups
        for g in groups:
            (number,) = g.iter(f"{SVG_NS}text")
            assert float(number.get("font-size")) * PT_PER_MM >= READABLE_PT - 1e-6, (svg, g.get("data-at"))
            ring = g.find(f"{SVG_NS}circle")
            cx, cy, r = (float(ring.get(k)) for k in ("cx", "cy", "r"))
            assert _text_box(number).x >= cx - r and _text_box(number).right <= cx + r
            assert not any(Rect(cx - r, cy - r, 2 * r, 2 * r).intersects(box) for box in labels), (svg, g.get("data-at"))
