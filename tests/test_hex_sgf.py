"""Hex games as other programs keep them, written here by hand in each dialect: HexGui's SGF (swap-pieces,
swap-sides, resign, an old HexGui's swap-pieces that meant swap-sides), PlayHex's export (its resignation only in
RE[]) and Little Golem's files (two-letter cells, the first player's moves tagged W, its own swap). Each is scored
as the text record of the same game is, and drawn with every stone numbered on the cell the game put it.

Where the dialects' rules come from. SGF's Hex page (red-bean.com/sgf/hex.html): GM[11], cells a column letter and
a row number, every value case-insensitive, Black first unless PL says otherwise, resign/forfeit/swap-pieces/
swap-sides as moves. HexGui's own source (selinger/hexgui, src/hexgui/sgf/SgfReader.java, SgfWriter.java,
hex/HexPoint.java, game/Node.java): the root's properties written in name order (a TreeMap) and lines broken before
a part that would pass 72 characters, a move's node its move then its properties (C escaped, LB labels), a bare
`swap` read as swap-sides, swap-pieces read as swap-sides in files of HexGui 0.9 and before (AP[HexGui:0.x]),
after swap-sides the swapper's colour moves again, Little Golem's two letters read as column and row. Little Golem's
files (a public converter's notes on them, findable by the words "convert little player's game into simple hex game
format"): the first player's moves tagged W, the swap B[swap], RE[B] the first player's win, RE[W] the second's."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp

from test_record_diagrams import cells, inside, numbered, stone_centre

# name -> (the SGF file, the same game as a text record typed from a pad: moves as pnp's swap reads them)
GAMES = {
    # HexGui: Black (Red's sides, top and bottom) first; Bob takes the first stone over with swap-pieces (it goes to
    # its mirror, c2); White resigns; escaped brackets in a name, a comment, Windows line ends.
    "hexgui-pieces": ("(;FF[4]AP[HexGui:0.10]GM[11]SZ[7]\r\nPB[Alice \\[A\\]]PW[Bob]EV[Club night]RO[2]DT[2024-05-01]"
                      "PC[Leiden]\r\n;B[b3]C[an opening\\] on the edge];W[swap-pieces];B[d4];W[c5]\r\n;B[e3];W[d3]"
                      ";B[e2];W[e4];B[f3];W[f4];B[g3];W[resign])\r\n",
                      "# red: Alice [A]\n# blue: Bob\n# event: Club night\n# round: 2\n# date: 2024-05-01\n"
                      "# place: Leiden\n# source: HexGui:0.10\n# resigned: blue\n"
                      "1. b3 swap  2. d4 c5  3. e3 d3  4. e2 e4  5. f3 f4  6. g3\n"),
    # HexGui: swap-sides keeps the stone on b3 and gives Bob (White) the black stones; White then moves twice.
    # pnp keeps the colours and reflects: Bob's stone is the blue one on c2, and every later move is mirrored.
    "hexgui-sides": ("(;FF[4]AP[HexGui:0.10]GM[11]SZ[7]PB[Bob]PW[Alice]\n;B[b3];W[swap-sides];W[d4];B[e3]"
                     ";W[c3];B[c4];W[b5];B[b6])",
                     "# red: Alice\n# blue: Bob\n# source: HexGui:0.10\n# reflected: yes\n"
                     "1. b3 swap  2. d4 c5  3. c3 d3  4. e2 f2\n"),
    # HexGui 0.9 and before wrote swap-pieces where it meant swap-sides (HexGui's own reader corrects it).
    "hexgui-0.9": ("(;FF[4]AP[HexGui:0.9]GM[11]SZ[7];B[b3];W[swap-pieces];W[d4];B[e3])",
                   "# source: HexGui:0.9\n# reflected: yes\n1. b3 swap  2. d4 c5\n"),
    # PlayHex's export: its resignation is said only by RE[], no move.
    "playhex": ("(;FF[4]GM[11]AP[PlayHex:0.0.0]PL[B]SZ[4]DT[2023-12-08]PB[Player A]PW[Player B]RE[B+Resign]"
                ";B[c2];W[swap-pieces];B[d1])",
                "# red: Player A\n# blue: Player B\n# date: 2023-12-08\n# result: red by resignation\n"
                "# source: PlayHex:0.0.0\n# resigned: blue\n1. c2 swap  2. d1\n"),
    # Little Golem: no GM[], SO[] names the site, the first player's moves are tagged W, cells are two letters (mf is
    # m6), its swap is pnp's; RE[B] says the first player (PB) won; here the second resigns.
    "little-golem": ("(;FF[4]EV[hex.mc.2010.oct.1.11]PB[Maciej]PW[pensando]SZ[13]RE[B]GC[ game #1254910]"
                     "SO[http://www.littlegolem.com];W[mf];B[swap];W[gg];B[de];W[df];B[resign])",
                     "# red: Maciej\n# blue: pensando\n# event: hex.mc.2010.oct.1.11\n# result: red\n"
                     "# source: http://www.littlegolem.com\n# resigned: blue\n1. m6 swap  2. g7 d5  3. d6\n"),
    # HexGui 0.10 as its SgfWriter lays a file out: the root's properties in name order, a line broken before a part
    # that would pass 72 characters (so a node's ';' may end a line), a comment with HexGui's escaped ':', a label.
    "hexgui-layout": ("(;AP[HexGui:0.10.GIT]FF[4]GM[11]PB[Carol]PW[Dave]SZ[9];B[c4];\n"
                      "W[swap-pieces];B[e5]C[a good reply\\: central];W[c6];B[f4]LB[f4:A];W[g3];\n"
                      "B[resign])\n",
                      "# red: Carol\n# blue: Dave\n# source: HexGui:0.10.GIT\n# resigned: red\n"
                      "1. c4 swap  2. e5 c6  3. f4 g3\n"),
    # HexGui reads a bare `swap` as swap-sides (HexPoint.get): the swapper (W) moves again.
    "hexgui-swap": ("(;AP[HexGui:0.10.GIT]FF[4]GM[11]SZ[7];B[b3];W[swap];W[d4];B[e3])",
                    "# source: HexGui:0.10.GIT\n# reflected: yes\n1. b3 swap  2. d4 c5\n"),
    # SGF's Hex page: values are case-insensitive (its own examples: W[F9], W[swap-pieces], B[resign]).
    "capitals": ("(;FF[4]GM[11]SZ[7];B[B3];W[Swap-Pieces];B[D4];W[C5];B[RESIGN])",
                 "# resigned: red\n1. b3 swap  2. d4 c5\n"),
    # Little Golem: here the first player (tagged W, named by PB) resigns, and RE[W] says the second player won.
    "little-golem-resigns": ("(;FF[4]EV[hex.ch.41.1.1]PB[Eve]PW[Finn]SZ[13]RE[W]GC[ game #2200311]"
                             "SO[http://www.littlegolem.com];W[cj];B[swap];W[ff];B[gg];W[resign])",
                             "# red: Eve\n# blue: Finn\n# event: hex.ch.41.1.1\n# result: blue\n"
                             "# source: http://www.littlegolem.com\n# resigned: red\n1. c10 swap  2. f6 g7\n"),
}
SIZES = {"hexgui-pieces": 7, "hexgui-sides": 7, "hexgui-0.9": 7, "playhex": 4, "little-golem": 13,
         "hexgui-layout": 9, "hexgui-swap": 7, "capitals": 7, "little-golem-resigns": 13}
SWAPPED_SIDES = ("hexgui-sides", "hexgui-0.9", "hexgui-swap")   # read as swap-sides: written back as swap-sides


def files(tmp_path: Path, name: str) -> tuple[Path, Path]:
    sgf, text = GAMES[name]
    (tmp_path / "game.sgf").write_bytes(sgf.encode("utf-8"))
    (tmp_path / "game.txt").write_text(text, encoding="utf-8")
    return tmp_path / "game.sgf", tmp_path / "game.txt"


def score(*args: str) -> dict:
    done = run_pnp("score", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", GAMES)
def test_each_dialect_scores_as_the_text_record_of_the_same_game(name: str, tmp_path: Path):
    sgf, text = files(tmp_path, name)
    from_sgf = score(str(sgf))
    assert from_sgf == score(str(text), "--game", "hex", "--size", str(SIZES[name]))
    for at in (1, 3):
        assert score(str(sgf), "--at", str(at)) == score(str(text), "--game", "hex", "--size", str(SIZES[name]),
                                                         "--at", str(at))


def test_a_resignation_ends_the_record_and_the_verdict_says_so(tmp_path: Path):
    sgf, _ = files(tmp_path, "hexgui-pieces")
    found = score(str(sgf))
    assert (found["winner"], found["resigned"], found["moves"]) == ("red", "blue", 11)
    assert found["meta"]["players"] == {"red": "Alice [A]", "blue": "Bob"}
    assert score(str(sgf), "--at", "10")["winner"] is None and "resigned" not in score(str(sgf), "--at", "10")
    report = run_pnp("score", str(sgf)).stdout
    assert "Blue resigned after move 11: Red wins by resignation." in report


def _caption(root: ET.Element) -> str:
    return " ".join(el.text or "" for el in root.iter(f"{SVG_NS}text") if el.attrib.get("class") == "caption")


@pytest.mark.parametrize("name, placed", [
    ("hexgui-pieces", {1: "c2", 3: "d4", 4: "c5", 11: "g3"}),   # swap-pieces: the first stone on its mirror
    ("hexgui-sides", {1: "c2", 3: "d4", 4: "c5", 8: "f2"}),      # swap-sides: later moves reflected too
])
def test_the_numbered_diagram_puts_every_stone_on_the_cell_the_game_did(name: str, placed: dict, tmp_path: Path):
    sgf, _ = files(tmp_path, name)
    out = tmp_path / "game.svg"
    done = run_pnp("diagram", str(sgf), "-o", str(out))
    assert done.returncode == 0, done.stderr
    root = parse_svg(out)
    stones, outlines = numbered(root), cells(root)
    for number, cell in placed.items():
        assert inside(stone_centre(stones[number]), outlines[cell]), (number, cell)
    caption = _caption(root)
    assert "Club night" in caption if name == "hexgui-pieces" else "reflected in the long diagonal" in caption


def test_an_animation_of_an_sgf_record_has_a_frame_a_move(tmp_path: Path):
    from PIL import Image

    sgf, _ = files(tmp_path, "little-golem")
    out = tmp_path / "game.gif"
    done = run_pnp("diagram", str(sgf), "-o", str(out))
    assert done.returncode == 0, done.stderr
    with Image.open(out) as gif:
        assert gif.n_frames >= 5


@pytest.mark.parametrize("text, words", [
    ("(;GM[11]SZ[5];B[z9])", "'z9' is not a cell of the 5 × 5 board"),
    ("(;GM[11]SZ[5];B[b3];W[swap-sides];W[b3])", "c2 is taken already, by the first stone, taken over by the "
                                                   "swap; a cell holds one stone (the file writes b3, reflected after "
                                                   "its swap-sides)"),
    ("(;FF[4]SZ[5]EV[hex.x]SO[littlegolem.net];W[ba];B[zz])", "the file writes zz"),
    ("(;GM[11]SZ[5];B[b2];W[b2])", "b2 is taken already"),
    ("(;GM[11]SZ[5]RE[B+Resign];B[b2];B[resign])", "RE[B+Resign] says blue resigned"),
    ("(;GM[11]SZ[99];B[b2])", "SZ[99]"),
])
def test_a_move_or_a_property_that_cannot_be_is_told_at_its_line_and_column(text: str, words: str, tmp_path: Path):
    path = tmp_path / "bad.sgf"
    path.write_text(text, encoding="utf-8")
    done = run_pnp("score", str(path))
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.startswith(f"{path}:1:") and words in done.stderr, done.stderr


def test_written_back_as_sgf_each_dialect_is_hexguis_and_reads_to_the_same_record(tmp_path: Path):
    for name in GAMES:
        sgf, _ = files(tmp_path, name)
        done = run_pnp("record", str(sgf), "--format", "sgf")
        assert done.returncode == 0, done.stderr
        written = done.stdout
        assert written.startswith("(;FF[4]CA[UTF-8]AP[pnp:") and "GM[11]" in written
        assert ("swap-sides" in written) == (name in SWAPPED_SIDES), name
        again = tmp_path / "again.sgf"
        again.write_text(written, encoding="utf-8")
        assert score(str(again)) == score(str(sgf)), name


# HexGui's reader (SgfReader.java) as rules a file must keep: FF 1 to 4, GM 11, an SZ, a cell one column letter
# and a row number on the board, the special moves it knows; HexGui 0.x's AP would make it misread swap-pieces.
HEXGUI_SPECIAL = {"swap-pieces", "swap-sides", "resign", "forfeit"}
HEXGUI_OLD_AP = re.compile(r"HexGui:0\.[0-9](\Z|[^0-9].*)")


def _hexgui_would_read(text: str) -> list[tuple[str, str]]:
    """The moves of `text` as HexGui's reader takes them; an assertion fails where it would refuse the file."""
    root = dict(re.findall(r"\b(FF|GM|SZ|AP)\[([^\]]*)\]", text.split(";B[", 1)[0]))
    assert 1 <= int(root["FF"]) <= 4 and root["GM"] == "11" and not HEXGUI_OLD_AP.match(root.get("AP", ""))
    size = int(root["SZ"])
    moves = re.findall(r";\s*([BW])\[([^\]]*)\]", text)
    for colour, value in moves:
        cell = re.fullmatch(r"([a-z])(\d+)", value)
        assert value in HEXGUI_SPECIAL or (cell and ord(cell[1]) - ord("a") < size and 1 <= int(cell[2]) <= size), value
    return moves


@pytest.mark.parametrize("name", GAMES)
def test_pnps_hex_sgf_keeps_the_rules_hexguis_reader_applies_and_its_turn_order(name: str, tmp_path: Path):
    sgf, _ = files(tmp_path, name)
    done = run_pnp("record", str(sgf), "--format", "sgf")
    assert done.returncode == 0, done.stderr
    moves = _hexgui_would_read(done.stdout)
    assert all(len(line) <= 72 for line in done.stdout.splitlines())   # HexGui's own line width
    to_move = "B"   # HexGui's Node.defaultPlayerToMove: Black at the root, the other colour after a move, the
    for colour, value in moves:   # same colour after swap-sides; nothing after a resignation
        assert colour == to_move or value == "resign", (name, moves)
        to_move = colour if value == "swap-sides" else "W" if colour == "B" else "B"
