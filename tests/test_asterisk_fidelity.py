"""Asterisk on paper as a newcomer reads it (issue 23): each column letter stands on the diagonal it names, turned
along it with a stroke pointing in, on the board, the solitaire sheet and every booklet diagram; a tiled kit's
solitaire sheet is tiled at the board's cell size; legends name the cut lines their sheets draw; the booklet says
where pnp goes beyond the designer."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import SVG_NS, invoke, write_spec
from pnp.positions.read import read_position_text
from pnp.resources import templates
from pnp.writers import svg as svg_writer

ON_LINE_MM = 0.05     # a guide stroke's ends lie on its diagonal's line
TURN_DEG = 1.0        # a letter's turn matches its diagonal's direction
SAME_SIZE_MM = 0.1    # a tiled cell measures the board's cell size
TILED = "game: asterisk\nname: t\nboard: {side: 11, cell_mm: 20}\n"


def _build(tmp_path: Path, body: str, name: str) -> Path:
    spec = write_spec(tmp_path, body, name=f"{name}.yaml")
    done = invoke(["build", str(spec), "--out", str(tmp_path / "out"), "-q"])
    assert done.exit_code == 0, done.output
    return tmp_path / "out" / re.search(r"^name: (\S+)", body, re.M).group(1)


def _centre(points: str) -> tuple[float, float]:
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    return (sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy))


def _diagonals(root: ET.Element) -> dict[str, list[tuple[int, tuple[float, float]]]]:
    """Cell centres by letter, each with its row: a letter's cells run from the right side down to the bottom."""
    found: dict[str, list[tuple[int, tuple[float, float]]]] = {}
    for el in root.iter(f"{SVG_NS}polygon"):
        name = el.get("data-cell")
        if name:
            letter, row = re.fullmatch(r"([a-z]+)(\d+)", name).groups()
            found.setdefault(letter, []).append((int(row), _centre(el.get("points"))))
    return {k: sorted(v) for k, v in found.items()}


def _distance_to_line(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = a, b
    return abs((bx - ax) * (ay - p[1]) - (ax - p[0]) * (by - ay)) / math.dist(a, b)


def _letters_follow_their_diagonals(root: ET.Element) -> int:
    """Every letter of the drawn board: on its diagonal's line past the bottom cell, turned along it, with a guide
    stroke on the line between the two; returns how many letters were checked."""
    diagonals = _diagonals(root)
    side = max(row for cells in diagonals.values() for row, _ in cells)
    texts = {el.get("data-diagonal"): el for el in root.iter(f"{SVG_NS}text") if el.get("data-diagonal")}
    guides = {el.get("data-diagonal"): el for el in root.iter(f"{SVG_NS}polyline") if el.get("data-diagonal")}
    assert set(texts) == {k for k, cells in diagonals.items() if cells[-1][0] == side}, "a letter for every diagonal"
    for letter, cells in diagonals.items():
        bottom, top = cells[-1][1], cells[0][1]
        if len(cells) == 1:   # the corner cell alone: its diagonal runs on as the others do
            left = diagonals[_previous(letter, diagonals)]
            top = (bottom[0] + left[0][1][0] - left[-1][1][0], bottom[1] + left[0][1][1] - left[-1][1][1])
        text, size = texts[letter], float(texts[letter].get("font-size"))
        at = (float(text.get("x")), float(text.get("y")))
        assert _distance_to_line(at, bottom, top) <= 0.5 * size, (letter, "off its diagonal")
        assert math.dist(at, top) > math.dist(bottom, top), (letter, "not past the diagonal's bottom cell")
        turn = re.fullmatch(r"rotate\(([-0-9.]+) .*\)", text.get("transform") or "rotate(0 0 0)").group(1)
        want = math.degrees(math.atan2(top[1] - bottom[1], top[0] - bottom[0]))
        assert abs((float(turn) - want + 180) % 360 - 180) <= TURN_DEG, (letter, turn, want)
        ends = [tuple(map(float, p.split(","))) for p in guides[letter].get("points").split()]
        assert all(_distance_to_line(e, bottom, top) <= ON_LINE_MM for e in ends), (letter, "guide off its diagonal")
        assert all(math.dist(e, top) > math.dist(bottom, top) for e in ends)
    return len(texts)


def _previous(letter: str, diagonals: dict) -> str:
    return sorted((k for k in diagonals if len(diagonals[k]) > 1), key=lambda k: (len(k), k))[-1]


@pytest.mark.parametrize("side", [8, 11])
def test_letters_stand_on_their_diagonals_on_the_board_and_solitaire_sheet(tmp_path: Path, side: int):
    folder = _build(tmp_path, f"game: asterisk\nname: k{side}\nboard: {{side: {side}}}\noutputs: [board, solitaire]\n",
                    f"k{side}")
    for page in ("board.svg", "solitaire.svg"):
        assert _letters_follow_their_diagonals(ET.parse(folder / page).getroot()) == side, page


def _booklet_positions() -> list[str]:
    """The ```diagram blocks of the Asterisk booklet, as written (they hold no template fields)."""
    text = templates("rules", "asterisk.md").read_text(encoding="utf-8")
    return re.findall(r"^```diagram[^\n]*\n(.*?)^```", text, re.M | re.S)


def test_letters_stand_on_their_diagonals_in_every_booklet_diagram():
    blocks = _booklet_positions()
    assert len(blocks) >= 4
    for content in blocks:
        position = read_position_text("asterisk.md", content)
        drawn = position.game.draw_diagram(position.model, position.game.judge(position.model), 80.0)
        (page,) = svg_writer.render(drawn)
        assert _letters_follow_their_diagonals(ET.fromstring(page)) == position.model.board.side


def test_a_tiled_kit_tiles_its_solitaire_sheet_at_the_boards_cell_size(tmp_path: Path):
    folder = _build(tmp_path, TILED, "t")
    tiles = sorted(folder.glob("solitaire-*.svg"))
    boards = sorted(folder.glob("board-*.svg"))
    assert len(tiles) == len(boards) + 1 >= 3, "a page of text, then the board's tiles"
    measured = 0
    for svg in tiles:
        root = ET.parse(svg).getroot()
        for el in root.iter(f"{SVG_NS}polygon"):
            if el.get("data-cell"):
                xs = [float(p.split(",")[0]) for p in el.get("points").split()]
                assert abs(max(xs) - min(xs) - 20.0) <= SAME_SIZE_MM, (svg.name, el.get("data-cell"))
                measured += 1
    assert measured >= 66
    assert [p.name for p in tiles[1:]] and all(
        any(g.get("data-tile") for g in ET.parse(svg).getroot().iter(f"{SVG_NS}g")) for svg in tiles[1:])


def _words(svg: Path) -> str:
    return " ".join(t.text or "" for t in ET.parse(svg).getroot().iter(f"{SVG_NS}text"))


def test_each_cut_out_legend_names_the_lines_its_sheet_draws(tmp_path: Path):
    """Hexagon cuts are white cored in a dark casing; circle and stone cuts are a grey grid on the paper."""
    asterisk = _build(tmp_path, "game: asterisk\nname: a\nboard: {side: 8}\noutputs: [pieces]\n", "a")
    stars = _build(tmp_path, "game: starstar\nname: s\noutputs: [stones]\n", "s")
    for svg in [*asterisk.glob("pieces*.svg"), *stars.glob("stones*.svg")]:
        root = ET.parse(svg).getroot()
        cuts = [el for el in root.iter() if el.get("class") == "cut-guide"]
        cased = any(el.get("stroke") == "#ffffff" for el in cuts)
        grey = any(el.get("stroke") not in ("#ffffff", None) and el.get("stroke-width") == "0.2" for el in cuts)
        words = _words(svg)
        assert ("white lines" in words) == cased, (svg.name, words)
        assert ("grey" in words) == grey, (svg.name, words)


def test_the_kit_cover_names_the_cut_lines_of_that_kit(tmp_path: Path):
    for body, name, white in (("game: asterisk\nname: a\nboard: {side: 8}\n", "a", True),
                              ("game: starstar\nname: s\n", "s", False)):
        cover = PdfReader(_build(tmp_path, body, name) / "kit.pdf").pages[0].extract_text()
        cover = " ".join(cover.split())
        assert "on dark pieces the line is white" not in cover
        assert ("white lines" in cover) == white, cover
        assert "grey grid" in cover, cover


@pytest.fixture(scope="module")
def booklet_8(tmp_path_factory) -> str:
    folder = _build(tmp_path_factory.mktemp("b8"), "game: asterisk\nname: b\nboard: {side: 8}\noutputs: [rules]\n", "b")
    return " ".join(" ".join(p.extract_text() for p in PdfReader(folder / "rules.pdf").pages).split())


def test_the_booklet_names_the_older_swap_opening_beside_the_three_piece_one(booklet_8: str):
    assert "three pieces" in booklet_8
    assert "An older published opening is simpler: the first player places a single piece" in booklet_8


def test_the_booklet_names_the_solitaire_rings_beyond_side_11_as_pnps_own(booklet_8: str):
    assert "The designer describes this setup for the standard board, side 11." in booklet_8
    assert "pnp carries on the same alternation ring by ring" in booklet_8


def test_the_booklet_sizes_sentence_leaves_room_for_its_side_3_drawing(booklet_8: str):
    assert "those are the sizes up to 20" not in booklet_8
    assert "from 8 up to 20" in booklet_8 and "side-3 board" in booklet_8


def test_the_booklet_explains_the_letters_with_a_pointer(booklet_8: str):
    assert "Finding a cell." in booklet_8 and "on the diagram above, e8 is where row 8 meets the line marked e" in booklet_8
