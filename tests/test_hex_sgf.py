"""Hex games as other programs keep them, written here by hand in each dialect: HexGui's SGF (swap-pieces,
swap-sides, resign, an old HexGui's swap-pieces that meant swap-sides), PlayHex's export (its resignation only in
RE[]) and Little Golem's files (two-letter cells, the first player's moves tagged W, its own swap). Each is scored
as the text record of the same game is, and drawn with every stone numbered on the cell the game put it."""

from __future__ import annotations

import json
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
}
SIZES = {"hexgui-pieces": 7, "hexgui-sides": 7, "hexgui-0.9": 7, "playhex": 4, "little-golem": 13}


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
        assert ("swap-sides" in written) == (name in ("hexgui-sides", "hexgui-0.9")), name
        again = tmp_path / "again.sgf"
        again.write_text(written, encoding="utf-8")
        assert score(str(again)) == score(str(sgf)), name
