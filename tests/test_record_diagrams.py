"""Numbered diagrams of the stone games' records (Hex, Y, Mudcrack Y, *Star): every stone a move placed carries
its number (`data-move="N"` in the SVG, the digits in the PDF too), the last is ringed, set-up stones stay plain,
numbers are 5 pt or more (the diagram widened for them when no width is given, an explicit --width-mm too narrow
refused), `--at N` shows N moves and says so in the caption, and a booklet's diagram block takes a record too.

All in process, on small boards but for the legibility checks on the largest ones (drawn, not written).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from conftest import SVG_NS, run_pnp
from pnp import registry
from pnp.boards.lattice.ids import a1_id
from pnp.boards.move_numbers import READABLE_MM, luminance, numbered_width
from pnp.positions.record import SWAP, at_move, first_win
from pnp.positions.text_games import form_of, games_with_records, players, takes
from pnp.scene import Group, Text

PT_PER_MM = 72 / 25.4
SMALL = 5                    # a small board: its size key at this, within the game's range
SMALL_SETTING = {"N": "30", "S": "1"}   # an alias's board setting (`{mudcrack: {cells: N, seed: S}}`) made small


def small_boards() -> dict[str, tuple[str, dict[str, Any]]]:
    """A small board of every stone game (one whose records place stones), by the game's name; and of each board
    an alias of one names (Mudcrack Y), by the alias: all read from the registry."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for game in games_with_records():
        if "stones" not in registry.game(game).position_model().model_fields:
            continue
        size, path = next(iter(form_of(game).options.items()))   # the board's size comes first
        what = takes(game)[size]
        found[game] = (game, {path[-1]: min(max(what.low or SMALL, SMALL), what.high or SMALL)})
        for alias in registry.game(game).aliases:
            board = yaml.safe_load("".join(SMALL_SETTING.get(c, c) for c in alias.setting)) if alias.setting else None
            if board is not None and (game, board) not in found.values():   # aliases of one board: it once
                found[alias.name] = (game, board)
    return found


BOARDS = small_boards()
STONE_GAMES = [kind for kind, (game, _) in BOARDS.items() if kind == game]


def model_of(game: str, data: dict[str, Any]):
    return registry.game(game).position_model().model_validate({"game": game, **data})


def random_record(kind: str, seed: int, set_up: int = 2, swap: bool = False) -> dict[str, Any]:
    """A random legal record's file data: `set_up` stones placed first (half each), then the other cells in a
    random order (a swap as move 2 if asked), cut at the first win in a game that ends there."""
    game, board = BOARDS[kind]
    cells = sorted(map(str, model_of(game, {"board": board}).board_ids().known))
    random.Random(seed).shuffle(cells)
    first, second = players(game)
    stones = {first: cells[:set_up:2], second: cells[1:set_up:2]}
    moves = cells[set_up:]
    if swap:   # the first stone, taken over, stands on its image (a mirror pie rule's other cell): no move plays there
        image = str(model_of(game, {"board": board}).swapped(moves[0]))
        moves = [moves[0], SWAP, *(cell for cell in moves[1:] if cell != image)]
        if image in cells[:set_up]:
            return random_record(kind, seed + 1000, set_up, swap)
    data = {"board": board, "stones": stones, "moves": moves}
    model = model_of(game, data)
    if model.ends_at_win:
        won = first_win(model, registry.game(game).judge)
        if won is not None:
            data["moves"] = moves[:won[0]]
    return data


def write(folder: Path, kind: str, data: dict[str, Any], name: str = "rec") -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f"game: {BOARDS[kind][0]}\n" + "".join(f"{k}: {json.dumps(v)}\n" for k, v in data.items()))
    return path


def diagram(path: Path, out: Path, *options: str):
    done = run_pnp("diagram", str(path), "-o", str(out), *options)
    assert done.returncode == 0, done.stderr
    return done


def numbered(root: ET.Element) -> dict[int, ET.Element]:
    """Move number -> the SVG element that carries it."""
    found = [el for el in root.iter() if "data-move" in el.attrib]
    by_number = {int(el.attrib["data-move"]): el for el in found}
    assert len(by_number) == len(found), "a move number given twice"
    return by_number


def cells(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    """Cell id -> its outline's corners, from the board drawn."""
    return {el.attrib["data-cell"]: [tuple(map(float, p.split(","))) for p in el.attrib["points"].split()]
            for el in root.iter(f"{SVG_NS}polygon") if el.attrib.get("class") == "cell" and "data-cell" in el.attrib}


def inside(point: tuple[float, float], corners: list[tuple[float, float]]) -> bool:
    x, y = point
    hits = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hits = not hits
    return hits


def stone_centre(el: ET.Element) -> tuple[float, float]:
    """The centre of a stone group: its last circle (a ring, if any, comes first)."""
    circle = [c for c in el.iter(f"{SVG_NS}circle")][-1]
    return float(circle.attrib["cx"]), float(circle.attrib["cy"])


def pdf_numbers(path: Path) -> list[tuple[str, float]]:
    """(text, size in pt) of every bold text of digits in the PDF: the move numbers (cell labels and page numbers
    are not bold)."""
    found: list[tuple[str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        name = str(font.get("/BaseFont", "")) if font else ""
        if text.strip().isdigit() and ("Bd" in name or "Bold" in name):
            found.append((text.strip(), size * cm[0] * tm[0]))

    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    return found


CASES = [(kind, seed, seed % 2 == 1) for seed, kind in enumerate(BOARDS, 1)]   # a swap in every other record


@pytest.mark.parametrize("kind, seed, swap", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_each_move_numbers_its_own_stone_and_the_last_is_ringed(tmp_path: Path, kind: str, seed: int, swap: bool):
    data = random_record(kind, seed, swap=swap)
    path = write(tmp_path, kind, data)
    diagram(path, tmp_path / "rec.svg")
    diagram(path, tmp_path / "rec.pdf")
    root = ET.parse(tmp_path / "rec.svg").getroot()
    model = model_of(BOARDS[kind][0], data)
    played = {index + 1: (str(cell), colour) for index, cell, colour in model.played()}
    shown = numbered(root)
    assert sorted(shown) == sorted(played) and len(played) == len(data["moves"]) - swap
    outlines = cells(root)
    for number, el in shown.items():
        cell, colour = played[number]
        assert el.attrib["data-piece"] == f"stone-{colour}", number
        assert inside(stone_centre(el), outlines[cell]), (number, cell)
    stones = [el for el in root.iter() if el.attrib.get("data-piece", "").startswith("stone-")]
    assert len(stones) - len(shown) == sum(map(len, data["stones"].values())), "set-up stones stay unnumbered"
    rings = [el for el in root.iter() if "last-move" in el.attrib.get("class", "").split()]
    assert [el.attrib["data-move"] for el in rings] == [str(max(played))]
    texts = sorted(int(t.text) for t in root.iter(f"{SVG_NS}text")
                   if t.text and t.text.isdigit() and t.attrib.get("font-weight") == "bold")
    assert texts == sorted(played)
    assert sorted(int(text) for text, _ in pdf_numbers(tmp_path / "rec.pdf")) == sorted(played)


@pytest.mark.parametrize("kind", STONE_GAMES)
def test_the_svg_shows_the_numbers_as_the_pdf_does(tmp_path: Path, kind: str):
    """The numbers lie over the stones (and a chain, a star's outline) in the SVG's layers as in the PDF's order:
    both pages rendered agree as closely as test_writers_agree asks of every page."""
    resvg = pytest.importorskip("resvg_py")
    import io

    import pypdfium2 as pdfium
    from PIL import Image
    from test_writers_agree import DPI, LEAST_AGREEMENT, _fonts, agreement

    path = write(tmp_path, kind, random_record(kind, 21))
    diagram(path, tmp_path / "rec.svg")
    diagram(path, tmp_path / "rec.pdf")
    png = resvg.svg_to_bytes(svg_path=str(tmp_path / "rec.svg"), dpi=DPI, background="#ffffff",
                             skip_system_fonts=True, font_files=_fonts())
    a = Image.open(io.BytesIO(bytes(png))).convert("L")
    b = pdfium.PdfDocument(tmp_path / "rec.pdf")[0].render(scale=DPI / 72).to_pil().convert("L").crop((0, 0, *a.size))
    assert min(agreement(a, b), agreement(b, a)) >= LEAST_AGREEMENT


def test_numbers_take_the_ink_that_reads_on_their_stone(tmp_path: Path):
    """Dark digits on Red's light stones, white on Blue's dark ones, dark on a white disc over a hatched stone."""
    game, board = BOARDS["hex"]
    position = model_of(game, {"board": board, "moves": ["a1", "b1", "c1"]})
    for saver in (False, True):
        doc = registry.game(game).draw_diagram(position, registry.game(game).judge(position), 80.0, saver)
        digits = {t.text: t.fill for t in walk(doc.pages[0].children) if isinstance(t, Text) and t.bold}
        assert luminance(digits["1"]) < 0.1 and luminance(digits["3"]) < 0.1, "Red's: dark"
        assert (luminance(digits["2"]) < 0.1) == saver, "Blue's: white, or dark on a white disc when hatched"


def walk(shapes) -> list:
    found = []
    for shape in shapes:
        found.append(shape)
        if isinstance(shape, Group):
            found += walk(shape.children)
    return found


def smallest_number_mm(doc) -> float:
    groups = [s for s in walk(doc.pages[0].children) if isinstance(s, Group) and s.cls == "move-number"]
    assert groups
    return min(t.size for g in groups for t in g.children if isinstance(t, Text))


@pytest.mark.parametrize("game, board, ids", [
    ("hex", {"size": 40}, [a1_id(r, c) for r in range(1, 41) for c in range(1, 41)]),
    ("starstar", {"rings": 10}, None),
], ids=["hex-40", "starstar-10"])
def test_numbers_are_5_pt_or_more_on_the_largest_boards_at_the_default_width(game: str, board: dict, ids):
    """A 4-digit Hex record and a full 10-ring *Star one: drawn wider than 80 mm, as wide as their numbers need."""
    cells = ids or sorted(model_of(game, {"board": board}).board_ids().known)
    random.Random(9).shuffle(cells)
    position = model_of(game, {"board": board, "moves": cells})
    won = first_win(position, registry.game(game).judge) if position.ends_at_win else None
    position = position.after(won[0]) if won else position
    longest = len(position.moves)
    assert longest >= (1000 if game == "hex" else 200)
    doc = registry.game(game).draw_diagram(position, registry.game(game).judge(position), 80.0)
    assert smallest_number_mm(doc) >= READABLE_MM - 1e-9
    assert doc.pages[0].width > 80.0
    narrower = registry.game(game).draw_diagram(position, registry.game(game).judge(position),
                                                doc.pages[0].width - 1.0)
    assert narrower.pages[0].width == doc.pages[0].width, "the least width that holds the numbers"


def test_a_record_whose_numbers_fit_keeps_the_width_and_a_position_is_drawn_as_before(tmp_path: Path):
    data = {"board": {"size": 11}, "moves": ["f6", "e7", "d9"]}
    path = write(tmp_path, "hex", data)
    done = diagram(path, tmp_path / "rec.svg")
    assert done.stderr == ""
    root = ET.parse(tmp_path / "rec.svg").getroot()
    plain = write(tmp_path, "hex", {"board": {"size": 11}, "stones": {"red": ["f6", "d9"], "blue": ["e7"]}}, "plain")
    diagram(plain, tmp_path / "plain.svg")
    svg = (tmp_path / "plain.svg").read_text()
    assert "data-move" not in svg and "move-number" not in svg and "last-move" not in svg
    # as wide as the board's coordinates need at 5 pt (pnp/boards/readable.py), the numbers widening nothing
    assert root.attrib["width"] == ET.fromstring(svg).attrib["width"] != "80mm" and len(numbered(root)) == 3


def test_the_default_width_widens_for_long_numbers_and_an_explicit_one_is_kept_or_refused(tmp_path: Path):
    """Hex 25: its coordinates widen the default as far as it grows (180 mm), and a 3-digit record's numbers past
    that (on a smaller board the coordinates need more width than 3 digits do)."""
    cells = [a1_id(r, c) for r in range(1, 26) for c in range(1, 26)]
    random.Random(3).shuffle(cells)
    position = model_of("hex", {"board": {"size": 25}, "moves": cells})
    won = first_win(position, registry.game("hex").judge)
    moves = cells[:won[0]]
    assert len(moves) >= 100, "a 3-digit record"
    path = write(tmp_path, "hex", {"board": {"size": 25}, "moves": moves})
    done = diagram(path, tmp_path / "wide.svg")
    width = float(ET.parse(tmp_path / "wide.svg").getroot().attrib["width"].removesuffix("mm"))
    assert width > 180
    assert done.stderr == (f"pnp diagram: note: {path}: drawn {width:g} mm wide, not 80: move numbers up to "
                           f"{len(moves)} print at 5 pt or more only from {width:g} mm\n")
    refused = run_pnp("diagram", str(path), "-o", str(tmp_path / "narrow.svg"), "--width-mm", "80")
    assert refused.returncode == 2 and not (tmp_path / "narrow.svg").exists()
    assert refused.stderr == (f"pnp diagram: {path}: --width-mm 80 is too narrow for this record: move numbers up "
                              f"to {len(moves)} print at 5 pt or more only from {width:g} mm; give --width-mm "
                              f"{width:g} or more, or leave it out to have it widened\n")
    kept = diagram(path, tmp_path / "kept.svg", "--width-mm", f"{width:g}")
    assert kept.stderr == "" and ET.parse(tmp_path / "kept.svg").getroot().attrib["width"] == f"{width:g}mm"


@pytest.mark.parametrize("kind", STONE_GAMES)
def test_at_n_shows_exactly_n_numbers_and_says_which_move(tmp_path: Path, kind: str):
    data = random_record(kind, 11, set_up=0)
    total = len(data["moves"])
    at = total // 2
    path = write(tmp_path, kind, data)
    diagram(path, tmp_path / "at.svg", "--at", str(at))
    root = ET.parse(tmp_path / "at.svg").getroot()
    assert sorted(numbered(root)) == list(range(1, at + 1))
    model = at_move(model_of(BOARDS[kind][0], data), at)
    referee = registry.game(BOARDS[kind][0]).judge(model).caption()
    caption = " ".join(t.text for t in root.iter(f"{SVG_NS}text") if t.attrib.get("class") == "caption")
    assert caption == f"After move {at}. {referee}"
    diagram(path, tmp_path / "all.svg", "--at", str(total))
    whole = " ".join(t.text for t in ET.parse(tmp_path / "all.svg").getroot().iter(f"{SVG_NS}text")
                     if t.attrib.get("class") == "caption")
    assert not whole.startswith("After move"), "the whole record: the referee's caption as it is"


def test_a_mark_on_a_numbered_stone_wins(tmp_path: Path):
    path = write(tmp_path, "hex", {"board": {"size": 5}, "moves": ["a1", "b2", "c3"], "marks": {"b2": "x"}})
    diagram(path, tmp_path / "m.svg")
    root = ET.parse(tmp_path / "m.svg").getroot()
    assert sorted(numbered(root)) == [1, 2, 3], "the stone keeps its move"
    bold = [t.text for t in root.iter(f"{SVG_NS}text") if t.attrib.get("font-weight") == "bold"]
    assert "2" not in bold and "x" in bold and "1" in bold and "3" in bold


RULES = """# A record

```diagram{width}
game: hex
board: {{size: 5}}
moves: [{moves}]
```
"""


TEN = "a1, a2, b1, b2, c1, c2, d1, d2, e3, e4"   # ten moves, no winner yet


def rules(tmp_path: Path, moves: str, width: str = ""):
    template = tmp_path / "rec.md"
    template.write_text(RULES.format(moves=moves, width=width), encoding="utf-8")
    return template, run_pnp("rules", str(template), "--out", str(tmp_path / "out"))


def test_a_booklet_block_holding_a_record_is_drawn_numbered(tmp_path: Path):
    _, done = rules(tmp_path, "c3, swap, b4, c2")
    assert done.returncode == 0, done.stderr
    numbers = sorted(int(text) for text, _ in pdf_numbers(tmp_path / "out" / "rec" / "rules.pdf"))
    assert numbers == [1, 3, 4]


@pytest.mark.parametrize("moves, width, line, words", [
    ("c3, b4, c3", "", 6, "move 3: c3 is taken already, by move 1"),
    ("a1, e1, a2, e2, a3, e3, a4, e4, a5, e5", "", 6, "move 10 comes after the game ended: move 9 won it"),
    ("c3, b4, c2, swap", "", 6, "move 4: swap is allowed only as move 2"),
    (TEN, " 30", 3, "```diagram 30 is too narrow for this record: move numbers up to 10 print at 5 pt or more only "
                    "from 33.6 mm; write ```diagram 34 or more, or ```diagram alone"),
])
def test_a_booklet_record_is_checked_by_the_referee(tmp_path: Path, moves: str, width: str, line: int, words: str):
    template, done = rules(tmp_path, moves, width)
    assert done.returncode == 2
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"{template}:{line}: ") and words in first, first
    assert not (tmp_path / "out" / "rec").exists()


def test_a_hex_swap_that_mirrors_the_first_stone_onto_a_set_up_stone_is_refused():
    """Regression: Hex's swap moved c2 to b3 over a stone in `stones:` and one stone silently vanished."""
    position = model_of("hex", {"board": {"size": 11}, "stones": {"blue": ["b3"]}, "moves": ["c2", SWAP, "d4"]})
    assert [(p.loc, p.message) for p in position.problems()] == [(("moves", 1), (
        "move 2: the swap moves the first stone from c2 to b3, which is taken already, by a stone in stones.blue; "
        "a cell holds one stone"))]
    kept = model_of("hex", {"board": {"size": 11}, "stones": {"red": ["c2"]}, "moves": ["c2", SWAP, "c2"]})
    assert [p.message for p in kept.problems()] == [   # move 1 placed nothing: the swap moves no set-up stone
        "move 1: c2 is taken already, by a stone in stones.red; a cell holds one stone",
        "move 3: c2 is taken already, by a stone in stones.red; a cell holds one stone"]


def test_a_record_wider_than_width_mm_takes_is_told_to_leave_it_out(tmp_path: Path):
    """Regression: 4-digit move numbers need more than the 400 mm --width-mm takes, and the message named a width
    the option refuses."""
    cells = [a1_id(r, c) for r in range(1, 41) for c in range(1, 41)]
    random.Random(5).shuffle(cells)
    position = model_of("hex", {"board": {"size": 40}, "moves": cells})
    moves = cells[:first_win(position, registry.game("hex").judge)[0]]
    assert len(moves) >= 1000, "a 4-digit record"
    path = tmp_path / "long.yaml"
    path.write_text(json.dumps({"game": "hex", "board": {"size": 40}, "moves": moves}))
    done = run_pnp("diagram", str(path), "-o", str(tmp_path / "long.svg"), "--width-mm", "400")
    assert done.returncode == 2 and not (tmp_path / "long.svg").exists()
    assert done.stderr.endswith("; leave --width-mm out to have it widened (past the 400 mm it takes)\n"), done.stderr
    assert "give --width-mm" not in done.stderr


@pytest.mark.parametrize("paper, words", [
    ({"width_mm": 220, "height_mm": 100}, "```diagram: this record is too long for a booklet diagram: move numbers up to "
                                          "107 print at 5 pt or more only from 98.7 mm, wider than the 84 mm a diagram "
                                          "may be on this page"),
    ({"width_mm": 300, "height_mm": 100}, "```diagram: this diagram is 83 mm tall, more than the page's 71 mm of text, "
                                          "and shrunk to fit its text would print under 5 pt"),
], ids=["too-wide", "too-tall"])
def test_a_booklet_record_its_page_cannot_hold_at_5_pt_is_refused(tmp_path: Path, paper: dict, words: str):
    """A figure is drawn at the size it prints at: a record whose numbers need more than the page's text width, or
    a figure that would have to shrink under 5 pt to fit the page's text height, is refused, naming the block."""
    cells = [a1_id(r, c) for r in range(1, 12) for c in range(1, 12)]
    random.Random(3).shuffle(cells)
    template = tmp_path / "rec.md"
    template.write_text(RULES.replace("{{size: 5}}", "{{size: 11}}").format(moves=", ".join(cells[:107]), width=""),
                        encoding="utf-8")
    spec = tmp_path / "low.yaml"
    spec.write_text(f"game: hex\nname: low\noutputs: [rules]\npaper: {json.dumps(paper)}\n", encoding="utf-8")
    done = run_pnp("rules", str(template), "--spec", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and done.stderr.startswith(f"{template}:3: ") and words in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()
