"""Havannah games as Little Golem serves them, written here by hand in its dialect: no GM[], SO[] names the site and
EV[] starts with the game's name, SZ[] the base, the first player's moves tagged W whatever pnp calls the player,
its own `swap` (take-over: the first stone becomes the second player's, on the same cell), a resignation as a move,
PB the first player, RE[B] the first player's win; cells as a column letter and a number counted from the first
cell of that column (shared/GAMES.md: on base 8, K3 is k6 here). Each is scored as the text record of the same game
is, and drawn with every stone numbered on the cell the game put it.

The shape is Little Golem's own: public code that reads its Havannah files keeps one as a test (findable by the words
"EV[havannah.in.size4.4]"): no GM[], EV[havannah...], SZ[] the base, RU[LG], GC[ game #N], SO[...littlegolem...],
W[...] first, B[swap], the second player's B[resign] with RE[B]. Its cells settle how a column is numbered: on base 4
it writes E1, G1 and G4, which as the engines' rows would be off the board (e1: |5 - 1| > 3), and E6 and D7, which
fit the columns' lengths (e has 6 cells, d 7): each column counts from its own first cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import SVG_NS, parse_svg, run_pnp

from test_record_diagrams import cells, inside, numbered, stone_centre

# A game on base 8: Anna (PB, the first player: pnp's White) opens d5, Ben takes it over, and resigns after move 9.
# Columns past the middle (h) count from their own first cell: K3 -> k6, J2 -> j4, M9 -> m14, O1 -> o8 (a corner).
LITTLE_GOLEM = ("(;FF[4]EV[havannah.in.size8.12.3]PB[Anna]PW[Ben \\[guest\\]]SZ[8]RU[LG]RE[B]GC[ game #2024001]\n"
                "SO[http://www.littlegolem.com];W[D5];B[swap];W[K3];B[H8];W[J2]\n;B[M9];W[O1];B[E4];W[A1];B[resign])\n")
TEXT = ("# white: Anna\n# black: Ben [guest]\n# event: havannah.in.size8.12.3\n# result: white\n"
        "# source: http://www.littlegolem.com\n# resigned: black\n"
        "1. d5 swap  2. k6 h8  3. j4 m14  4. o8 e4  5. a1\n")
PLACED = {1: "d5", 3: "k6", 4: "h8", 5: "j4", 6: "m14", 7: "o8", 8: "e4", 9: "a1"}   # move -> the cell it is on
OWNERS = {1: "black", 3: "white", 4: "black", 5: "white", 6: "black", 7: "white", 8: "black", 9: "white"}
BASE = "8"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "lg.sgf").write_text(LITTLE_GOLEM, encoding="utf-8")
    (tmp_path / "lg.txt").write_text(TEXT, encoding="utf-8")
    return tmp_path / "lg.sgf", tmp_path / "lg.txt"


def score(*args: str) -> dict:
    done = run_pnp("score", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_little_golem_file_scores_as_the_text_record_of_the_same_game(files):
    sgf, text = files
    found = score(str(sgf))
    assert found == score(str(text), "--game", "havannah", "--base", BASE)
    assert (found["game"], found["moves"], found["winner"], found["resigned"]) == ("havannah", 9, "white", "black")
    assert found["meta"]["players"] == {"white": "Anna", "black": "Ben [guest]"}
    for at in (1, 2, 6):
        assert score(str(sgf), "--at", str(at)) == score(str(text), "--game", "havannah", "--base", BASE,
                                                         "--at", str(at))
    assert "resigned" not in score(str(sgf), "--at", "8")
    assert "Black resigned after move 9: White wins by resignation." in run_pnp("score", str(sgf)).stdout


def _placed(svg: Path) -> dict[int, tuple[str, str]]:
    """Move number -> (the cell whose outline holds its stone, the stone's piece) in a numbered diagram."""
    root = parse_svg(svg)
    outlines = cells(root)
    found = {}
    for number, stone in numbered(root).items():
        held = [cell for cell, corners in outlines.items() if inside(stone_centre(stone), corners)]
        assert len(held) == 1, (number, held)
        found[number] = (held[0], stone.attrib["data-piece"])
    return found


def test_the_numbered_diagram_puts_every_stone_on_the_cell_the_game_did(files, tmp_path: Path):
    sgf, _ = files
    out = tmp_path / "lg.svg"
    done = run_pnp("diagram", str(sgf), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert _placed(out) == {n: (cell, f"stone-{OWNERS[n]}") for n, cell in PLACED.items()}   # the swap has no stone
    root = parse_svg(out)
    caption = " ".join(el.text or "" for el in root.iter(f"{SVG_NS}text") if el.attrib.get("class") == "caption")
    assert "Anna (White) v Ben [guest] (Black)" in caption and "Black resigned after move 9" in caption


def test_at_n_draws_the_first_n_moves_on_their_cells(files, tmp_path: Path):
    sgf, _ = files
    out = tmp_path / "lg-6.svg"
    done = run_pnp("diagram", str(sgf), "--at", "6", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert _placed(out) == {n: (cell, f"stone-{OWNERS[n]}") for n, cell in PLACED.items() if n <= 6}


def test_an_animation_of_the_file_has_a_frame_a_move(files, tmp_path: Path):
    sgf, _ = files
    out = tmp_path / "lg.gif"
    done = run_pnp("diagram", str(sgf), "-o", str(out))
    assert done.returncode == 0, done.stderr
    with Image.open(out) as gif:
        assert gif.n_frames >= len(PLACED)


@pytest.mark.parametrize("move, words", [
    ("O9", "O9"),   # column o holds 8 cells on base 8
    ("P1", "P1"),   # past the last column
])
def test_a_cell_little_golem_cannot_have_written_is_told_at_its_line_and_column(move: str, words: str, tmp_path: Path):
    path = tmp_path / "bad.sgf"
    path.write_text(f"(;FF[4]EV[havannah.x]SZ[8]SO[http://www.littlegolem.com];W[D5];B[{move}])", encoding="utf-8")
    done = run_pnp("score", str(path))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"{path}:1:") and words in done.stderr, done.stderr


def test_written_back_it_is_plain_sgf_in_the_engines_ids_that_reads_to_the_same_record(files, tmp_path: Path):
    sgf, _ = files
    done = run_pnp("record", str(sgf), "--format", "sgf")
    assert done.returncode == 0, done.stderr
    written = done.stdout
    assert "PNPGAME[havannah]" in written and "SZ[8]" in written and "W[k6]" in written and "B[swap]" in written
    again = tmp_path / "again.sgf"
    again.write_text(written, encoding="utf-8")
    assert score(str(again)) == score(str(sgf))
    assert run_pnp("record", str(again), "--format", "sgf").stdout == written   # the same record, the same bytes


def test_a_file_without_sz_is_on_the_board_the_option_names_or_the_games_default(tmp_path: Path):
    path = tmp_path / "nosz.sgf"
    path.write_text("(;FF[4]EV[havannah.x]SO[http://www.littlegolem.com];W[K3];B[swap];W[O1])", encoding="utf-8")
    text = tmp_path / "nosz.txt"
    text.write_text("1. k6 swap  2. o8\n", encoding="utf-8")   # base 8, the game's default
    assert {k: v for k, v in score(str(path)).items() if k != "meta"} == \
        score(str(text), "--game", "havannah", "--base", BASE)
    text.write_text("1. k4 swap  2. o6\n", encoding="utf-8")   # base 10: column k starts at row 2, o at row 6
    assert {k: v for k, v in score(str(path), "--base", "10").items() if k != "meta"} == \
        score(str(text), "--game", "havannah", "--base", "10")


# A base-4 game in the same shape, the first player resigning: RE[W] says the second player won. G1 and E6 are
# cells only Little Golem's numbering has (g's first cell is the engines' g4, e's is e2).
BASE_4 = ("(;FF[4]EV[havannah.in.size4.7]PB[Gil]PW[Hana]SZ[4]RU[LG]RE[W]GC[ game #2301207]"
          "SO[http://www.littlegolem.com];W[G1];B[swap];W[D7];B[A1];W[E6];B[B5];W[resign])")
BASE_4_TEXT = ("# white: Gil\n# black: Hana\n# event: havannah.in.size4.7\n# result: black\n"
               "# source: http://www.littlegolem.com\n# resigned: white\n1. g4 swap  2. d7 a1  3. e7 b5\n")


def test_a_base_4_file_counts_each_column_from_its_first_cell_and_re_w_is_the_second_players_win(tmp_path: Path):
    sgf, text = tmp_path / "lg4.sgf", tmp_path / "lg4.txt"
    sgf.write_text(BASE_4, encoding="utf-8")
    text.write_text(BASE_4_TEXT, encoding="utf-8")
    found = score(str(sgf))
    assert found == score(str(text), "--game", "havannah", "--base", "4")
    assert (found["winner"], found["resigned"], found["meta"]["players"]) == ("black", "white",
                                                                             {"white": "Gil", "black": "Hana"})
    out = tmp_path / "lg4.svg"
    assert run_pnp("diagram", str(sgf), "-o", str(out)).returncode == 0
    assert _placed(out) == {1: ("g4", "stone-black"), 3: ("d7", "stone-white"), 4: ("a1", "stone-black"),
                            5: ("e7", "stone-white"), 6: ("b5", "stone-black")}   # the swap made g4 Hana's
