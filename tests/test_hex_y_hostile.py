"""Hex, Y and Mudcrack Y as a stranger's files meet them: specs, board codes and positions that are wrong in every
way a person gets them wrong, each answered by exit 2 and one line naming the file, line and field and what would
be right, with nothing written; and the edges of good input (boards too large for the pad's default cells, boards
too small for the record box or the board code, cells larger than the largest stone) building what they should."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec

from pnp.boards.blocks import LARGEST_STONE_MM
from pnp.boards.pad import FIELD_INSET_MM, FIELD_TEXT_MM, record_width
from pnp.fonts import text_width

HEX = "game: hex\nname: k\n"
Y = "game: y\nname: k\n"
CODE = "1R0C-YR17"   # a version 1 board code, as the first boards printed it (120 cells, seed 7)


def refused(done, file: str, line: int | None, field: str, *must: str) -> str:
    """The one line a refusal prints, checked: exit 2, `file:line: field: ...`, every phrase of `must` in it."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    (message,) = done.stderr.strip().splitlines()
    where = f"{file}:{line}" if line is not None else file
    assert message.startswith(f"{where}: {field}: "), message
    for phrase in must:
        assert phrase in message, (phrase, message)
    return message


# --- specs -----------------------------------------------------------------------------------------------------

SPECS = [
    # (spec after game and name, line, field, phrases the message must hold)
    ("board: {size: 1}", 3, "board.size", "must be at least 2, got 1"),
    ("board: {size: 1000}", 3, "board.size", "must be at most 40, got 1000"),
    ("board: {size: '11'}", 3, "board.size", "got '11'; that reads as text"),
    ("board: {size: 11.5}", 3, "board.size", "expected a whole number, got 11.5"),
    ("board: {side: 11}", 3, "board.side", "unknown key 'side'; did you mean 'size'?"),
    ("board: {cell_mm: 0.1}", 3, "board.cell_mm", "must be at least 5 mm, got 0.1"),
    ("board: {cell_mm: 199}", 3, "board.cell_mm", "at most 115 mm cells"),
    ("outputs: []", 3, "outputs", "give at least 1 item; this has 0"),
    ("outputs: [pieces]", 3, "outputs[0]", "'pieces' is not allowed; use one of: board, stones, pad"),
    ("style: {red: notacolour}", 3, "style.red", "is not a colour; write it as #rrggbb"),
    # The pad's cells as written are kept, so the most that fits is said (either way up: landscape here).
    ("pad:\n  cell_mm: 8\nboard: {size: 27}", 4, "pad.cell_mm", "at 8 mm cells does not fit a4 paper", "at most 5.8 fits"),
]


@pytest.mark.parametrize("body,line,field,must", [(HEX + s[0], *s[1:3], s[3:]) for s in SPECS],
                         ids=[s[0].splitlines()[-1] for s in SPECS])
def test_a_wrong_hex_spec_is_one_line_naming_the_field(tmp_path: Path, body: str, line: int, field: str, must):
    spec = write_spec(tmp_path, body + "\n")
    refused(run_pnp("validate", str(spec)), str(spec), line, field, *must)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spec.yaml"]


MUDCRACK = [
    ("{mudcrack: {cells: 2}}", "board.mudcrack.cells", "must be at least 3, got 2"),
    ("{mudcrack: {cells: 501}}", "board.mudcrack.cells", "must be at most 500, got 501"),
    ("{mudcrack: {cells: 200}}", "board.mudcrack.cells", "200 cells do not fit a4 paper", "at most 148 fit"),
    ("{mudcrack: {cells: 30, seed: -1}}", "board.mudcrack.seed", "must be at least 0, got -1"),
    ("{mudcrack: {cells: 30, seed: 2097152}}", "board.mudcrack.seed", "must be at most 2097151"),
    ("{mudcrack: {code: 1R0C-YR18}}", "board.mudcrack.code", "'1R0C-YR18' is not a board code: the check character"),
    ("{mudcrack: {code: 1R0C-RY17}}", "board.mudcrack.code", "the check character does not match"),
    ("{mudcrack: {code: 1R0C-YRU7}}", "board.mudcrack.code", "'U' (character 8) is not used in board codes"),
    ("{mudcrack: {code: 1R0C-YR1}}", "board.mudcrack.code", "has 8 characters (like 2R0C-YR1Y), this one has 7"),
    ("{mudcrack: {code: " + CODE * 5 + "}}", "board.mudcrack.code", "give at most 40 characters; this has 45"),
    ("{mudcrack: {code: 1R0C-YR17, cells: 30}}", "board.mudcrack.cells", "a board code names the cells and the seed"),
    ("{mudcrack: {seed: 3}}", "board.mudcrack", "give cells (3 to 500"),
    ("{side: 13, mudcrack: {cells: 30}}", "board.side", "is for the triangle"),
    ("{mudcrack: 30}", "board.mudcrack", "expected a mapping of keys to values, got 30"),
]


@pytest.mark.parametrize("board,field,must", [(m[0], m[1], m[2:]) for m in MUDCRACK], ids=[m[0] for m in MUDCRACK])
def test_a_wrong_mudcrack_board_or_code_is_one_line_naming_the_field(tmp_path: Path, board: str, field: str, must):
    spec = write_spec(tmp_path, f"{Y}board: {board}\n")
    refused(run_pnp("validate", str(spec)), str(spec), 3, field, *must)


@pytest.mark.parametrize("board", ["{mudcrack: {code: 1r0c yr17}}", "{mudcrack: {code: '1R0C-YRI7'}}",
                                   "{mudcrack: {cells: 3}}", "{mudcrack: {cells: 30, seed: 2097151}}"])
def test_a_code_typed_as_heard_and_the_extreme_boards_are_good(tmp_path: Path, board: str):
    done = run_pnp("validate", str(write_spec(tmp_path, f"{Y}board: {board}\n")))
    assert done.returncode == 0, done.stderr


def test_nothing_fits_the_pad_says_what_would_and_that_the_pad_may_be_left_out(tmp_path: Path):
    spec = write_spec(tmp_path, f"{Y}outputs: [pad]\nboard: {{side: 40}}\n")
    refused(run_pnp("validate", str(spec)), str(spec), None, "pad.cell_mm", "not even 5 mm cells fit",
            "a smaller board.side, or leave pad out of outputs")


# --- positions --------------------------------------------------------------------------------------------------

H5 = "game: hex\nboard: {size: 5}\n"
M30 = "game: y\nboard: {mudcrack: {cells: 30, seed: 1}}\n"
POSITIONS = [
    ("unknown", H5 + "stones: {red: [f1]}", 3, "stones.red[0]", "'f1' is not a cell of the 5 × 5 board; did you mean 'e1'?"),
    ("past-z", H5 + "stones: {red: [aa1]}", 3, "stones.red[0]", "'aa1' is not a cell", "a to e"),
    ("upper-case", H5 + "stones: {red: [A1]}", 3, "stones.red[0]", "did you mean 'a1'? ids are lower case"),
    ("twice", H5 + "stones:\n  red:\n    - a1\n    - a1\n", 6, "stones.red[1]", "a1 is also stones.red[0]; give each once"),
    ("both", H5 + "stones: {red: [c3], blue: [c3]}", 3, "stones.blue[0]", "c3 is also one of Red's; a cell holds one"),
    ("board-smaller-than-ids", "game: hex\nboard: {size: 3}\nstones: {red: [e5]}", 3, "stones.red[0]",
     "'e5' is not a cell of the 3 × 3 board; did you mean 'c3'?"),
    ("y-side-block", "game: hex\nboard: {side: 5}", 2, "board.side", "did you mean 'size'?"),
    ("y-number", "game: y\nboard: {side: 5}\nstones: {red: [1]}", 3, "stones.red[0]", "'1' is not a cell of the side-5"),
    ("mud-zero", M30 + "stones: {red: [0]}", 3, "stones.red[0]", "'0' is not a cell of the Mudcrack Y board 2FXR-PNQF"),
    ("mud-past-n", M30 + "stones: {red: [31]}", 3, "stones.red[0]", "(a cell is its number on the board, 1 to 30)"),
    ("mud-int-and-text", M30 + "stones: {red: [5], blue: ['5']}", 3, "stones.blue[0]", "5 is also one of Red's"),
    ("mud-lattice-id", M30 + "stones: {red: [a1]}", 3, "stones.red[0]", "did you mean '1'?"),
    ("mud-code-typo", "game: y\nboard: {mudcrack: {code: 1R0C-YR18}}\nstones: {red: [1]}", 2, "board.mudcrack.code",
     "the check character does not match"),
    ("mud-code-and-seed", "game: y\nboard: {mudcrack: {code: 1R0C-YR17, seed: 4}}", 2, "board.mudcrack.seed",
     "give seed or code, not both"),
    ("a-spec-not-a-position", HEX + "board: {size: 5}", 2, "name", "this is a kit spec (it has `name:`), not a position"),
]


@pytest.mark.parametrize("body,line,field,must", [(p[1], *p[2:4], p[4:]) for p in POSITIONS], ids=[p[0] for p in POSITIONS])
def test_a_wrong_position_is_one_line_naming_the_cell(tmp_path: Path, body: str, line: int, field: str, must):
    position = write_spec(tmp_path, body + "\n", "position.yaml")
    refused(run_pnp("score", str(position)), str(position), line, field, *must)
    refused(run_pnp("diagram", str(position), "--out", str(tmp_path / "d.svg")), str(position), line, field, *must)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["position.yaml"]


@pytest.mark.parametrize("body,winner", [
    (H5 + "stones: {red: [a1, b1, c1, d1]}", None),                  # an edge pattern: no Blue stone at all
    (H5 + "stones: {red: [c1, c2, c3, c4, c5], blue: [a1]}", "red"),  # four more of Red's than Blue's, and a chain
    ("game: y\nboard: {side: 2}\nstones: {blue: [a1, a2, b2]}", "blue"),
])
def test_stone_counts_two_or_more_apart_are_legal_diagrams(tmp_path: Path, body: str, winner):
    """A position is a picture, not a game record: the booklets show a lone stone's edge template and patterns of
    one colour, so counts that no game could reach are scored as they stand (as *Star's are)."""
    done = run_pnp("score", str(write_spec(tmp_path, body + "\n", "position.yaml")), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == winner


# --- the edges of good input, built ----------------------------------------------------------------------------

KITS = {
    "hex22": HEX + "outputs: [pad]\nboard: {size: 22}\n",                  # the pad's 8 mm cells do not fit A4
    "hex2": HEX + "outputs: [pad]\nboard: {size: 2}\n",                    # a board narrower than its record box
    "mud3": Y + "outputs: [board, pad]\nboard: {mudcrack: {cells: 3}}\n",  # pad boards too small for the code
    "hex2big": HEX + "outputs: [stones]\nboard: {size: 2, cell_mm: 200}\n",   # cells larger than the largest stone
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kits")
    specs = [write_spec(folder, text.replace("name: k", f"name: {name}"), f"{name}.yaml") for name, text in KITS.items()]
    done = run_pnp("build", *map(str, specs), "--out", str(folder / "out"), "-f", "svg", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    return folder / "out"


def texts(svg: Path) -> list[str]:
    return ["".join(t.itertext()) for t in parse_svg(svg).iter(f"{SVG_NS}text")]


def test_a_board_too_large_for_the_pads_default_cells_is_padded_at_the_largest_that_fits(built: Path):
    (facts,) = [t for t in texts(built / "hex22" / "pad.svg") if "colour one cell a turn" in t]
    # landscape holds 7.1 mm with the record box and its three lines of small print; portrait less
    assert "1 board of 22 × 22 · cells 7.1 mm across flats" in facts


def test_a_small_boards_record_box_is_wide_enough_for_its_words(built: Path):
    records = [g for g in parse_svg(built / "hex2" / "pad.svg").iter(f"{SVG_NS}g") if g.get("class") == "record"]
    assert len(records) > 1
    for record in records:
        (box,) = [el for el in record if el.get("class") == "record-box"]
        xs = [float(point.split(",")[0]) for point in box.get("points").split()]
        assert max(xs) - min(xs) >= record_width() - 1e-3
        fields = svg_elements_with(record, "data-field")
        ends = [float(f.get("x")) + text_width(f.text, FIELD_TEXT_MM) + FIELD_INSET_MM[0] for f in fields]
        starts = [float(f.get("x")) for f in fields[1:]] + [max(xs) + FIELD_INSET_MM[0]]
        assert all(end <= start + 1e-3 for end, start in zip(ends, starts)), "a field's name runs into the next space"


def test_the_board_code_is_left_off_boards_too_small_for_it_and_said_in_the_pads_facts(built: Path):
    board, pad = built / "mud3" / "board.svg", built / "mud3" / "pad.svg"
    (code,) = {el.get("data-code") for el in svg_elements_with(parse_svg(board), "data-code")}
    assert any(el.get("class") == "board-code" for el in parse_svg(board).iter())
    assert not any(el.get("class") == "board-code" for el in parse_svg(pad).iter())
    assert any(f"board code {code}" in t for t in texts(pad))


def test_cells_larger_than_the_largest_stone_get_the_largest_stone(built: Path):
    sheets = sorted((built / "hex2big").glob("stones-*.svg"))
    discs = [c for svg in sheets for g in parse_svg(svg).iter(f"{SVG_NS}g")
             if (g.get("data-piece") or "").startswith("stone-") for c in g.iter(f"{SVG_NS}circle")]
    assert len(discs) == 2 * (2 + 2)   # half the 4 cells and 2 spares, per colour
    for disc in discs:
        assert 2 * float(disc.get("r")) + float(disc.get("stroke-width")) == pytest.approx(LARGEST_STONE_MM, abs=0.01)
    assert re.search(r"stones 100 mm across", " ".join(texts(sheets[0])))
