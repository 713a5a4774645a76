"""Text records typed from a score sheet (`1. S60 swap  2. A61 *53`): read for every game as the YAML record it
stands for, written back by record_text, refused line by line; and the example line that the *Star score sheet and
the pencil pads print parses as a record of that very board."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp
from examples_shown import section_page

from pnp.boards.lattice.placed import LatticeBoard
from pnp.boards.lattice.shapes import rhombus, triangle
from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.scoresheet_layout import example_lines, record_example
from pnp.positions import read_position
from pnp.positions.record import LONGEST_RECORD_KB
from pnp.positions.text_form import MAX_MOVES
from pnp.positions.text_games import Header, form_of, games_with_records, options_for
from pnp.positions.text_record import FLOW_EXTRA, HEADER_CHARS, RECORD_BYTES, TOKEN_CHARS, example_line, record_text
from pnp import registry
from pnp.spec.yamlsafe import MAX_BYTES

# One record per game, as a YAML position file: each is read, written as text, read back.
RECORDS = {
    "starstar": 'game: starstar\nboard: {rings: 4}\nmoves: [A31, swap, S32, "*31", T30, R30, S20, A20]\n',
    "hex": "game: hex\nboard: {size: 5}\nfirst: blue\nmoves: [b2, swap, d4, a4, c3, e1]\n",
    "y": "game: y\nboard: {side: 5}\nmoves: [c3, swap, a2, e5, b4]\n",
    "mudcrack": 'game: y\nboard: {mudcrack: {cells: 20, seed: 3}}\nmoves: ["3", swap, "7", "12", "15"]\n',
    "asterisk": "game: asterisk\nboard: {side: 8}\nmoves: [{d7: dark-circle-empty}, {c7: light-hexagon-empty}, "
                "{b7: dark-circle-asterisk}, swap, {d5: light-hexagon-asterisk}, {f8: light-circle-asterisk}]\n",
    "starry-night": "game: starry-night\ncode: 106A-H61J-GAXD\nedges: [[0, 2], [8, 11], [3, 5], [1, 3], [2, 3]]\n",
}
HEX = ("--game", "hex", "--size", "5")


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def refused(path: Path, *options: str) -> list[str]:
    """The stderr lines of `pnp score PATH OPTIONS`, which must be refused with exit 2 and nothing on stdout."""
    done = run_pnp("score", str(path), *options)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    return done.stderr.splitlines()


def scored(path: Path, *options: str) -> dict:
    done = run_pnp("score", str(path), *options, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_game_with_positions_has_a_text_form_and_its_options_are_its_models_keys():
    games = {name for name in registry.names() if registry.game(name).position}
    assert set(games_with_records()) == games
    for game in games:
        form = form_of(game)
        model = registry.game(game).position_model()
        assert form.key in model.model_fields
        for path in form.options.values():
            fields = model.model_fields
            for key in path[:-1]:
                fields = fields[key].annotation.model_fields
            assert path[-1] in fields, (game, path)


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_written_as_text_reads_back_to_the_same_moves_and_the_same_score(name: str, tmp_path: Path):
    yaml_file = write(tmp_path, f"{name}.yaml", RECORDS[name])
    position = read_position(yaml_file).model
    text = record_text(position)
    command, *lines = text.splitlines()
    assert command.startswith("# pnp score THIS.txt --game ") and lines[0].startswith("1. ")
    options = shlex.split(command)[4:]   # the comment says how to read the text back
    text_file = write(tmp_path, f"{name}.txt", text)
    again = read_position(text_file, _header(options)).model
    key = form_of(position.game).key
    assert getattr(again, key) == getattr(position, key)
    assert again.model_dump(exclude={"board"}) == position.model_dump(exclude={"board"})   # a board may be named anew
    assert scored(text_file, *options) == scored(yaml_file)
    assert scored(text_file, *options, "--at", "3") == scored(yaml_file, "--at", "3")


def _header(options: list[str]) -> Header:
    """The options as the command line gives them: --game, then the game's own, each value as typed."""
    pairs = {name[2:]: value for name, value in zip(options[::2], options[1::2])}
    return Header(game=pairs.pop("game", None), options=pairs)


def test_the_text_form_takes_numbers_comments_any_spacing_and_glued_numbers(tmp_path: Path):
    text = ("# Ann v Bob, club night — Ann is Red\n"
            "1. b2   swap\t# the pie\n"
            "\n"
            "2.d4\n  a4 3. c3 e1\n")
    plain = write(tmp_path, "plain.txt", "b2 swap d4 a4 c3 e1")   # numbers are optional
    numbered = write(tmp_path, "numbered.txt", text)
    windows = write(tmp_path, "windows.txt", text.replace("\n", "\r\n").encode("utf-8-sig"))
    expected = read_position(write(tmp_path, "r.yaml", "game: hex\nboard: {size: 5}\nmoves: [b2, swap, d4, a4, c3, e1]\n"))
    for path in (plain, numbered, windows):
        assert scored(path, *HEX) == scored(expected.path)


def test_a_diagram_of_a_text_record_numbers_its_moves(tmp_path: Path):
    record = write(tmp_path, "game.txt", "1. b2 swap 2. d4 a4 3. c3\n")
    done = run_pnp("diagram", str(record), *HEX, "-o", str(tmp_path / "game.svg"))
    assert done.returncode == 0, done.stderr
    numbers = sorted(int(e.get("data-move")) for e in parse_svg(tmp_path / "game.svg").iter() if e.get("data-move"))
    assert numbers == [1, 3, 4, 5]   # move 2 is the swap: it places nothing


@pytest.mark.parametrize("text,line,message", [
    ("1. b2 swap\n2. d4 c3=dark\n", 2, "'c3=dark' is not a move; a move is a cell id or swap, e.g. f6"),
    ("1. b2 swap\n2. d4 a4\n4. c3 e1\n", 3, "4. where 3. was expected"),
    ("1. b2 swap\n2. d4\n3. a4 c3\n", 3, "pair 2 has 1 move (d4) before 3., where 2 were expected (a pair is two "
                                         "moves, the first player's and the second's); one is missing: add it"),
    ("1. b2 swap 2. d4\n2. a4 c3\n", 2, "2. comes after move 3, the first of pair 2; a pair is two moves"),
    ("1. b2 swap\n2. z9 a4\n", 2, "move 3: 'z9' is not a cell of the 5 × 5 board"),
    ("1. b2 swap\n2. d4 b2\n", 2, "move 4: b2 is taken already"),
    ("1. b2 c3\n2. swap a4\n", 2, "move 3: swap is allowed only as move 2"),
    ("1. a1 b1 2. a2 b2\n3. a3 b3 4. a4 b4\n5. a5 c5\n", 3, "move 10 comes after the game ended: move 9 won it"),
    (f"1. {'a' * (TOKEN_CHARS + 1)}\n", 1, f"a move of {TOKEN_CHARS + 1} characters"),
    (f"1. b2 swap\n{'9' * 5000}. d4\n", 2, "a move of 5001 characters"),
    ("1. b2 swap\n2. é4\n", 2, "'é4' is not a move"),
])
def test_bad_text_is_refused_naming_the_file_and_the_moves_own_line(text: str, line: int, message: str, tmp_path: Path):
    path = write(tmp_path, "game.txt", text)
    lines = refused(path, *HEX)
    assert any(found.startswith(f"{path}:{line}: ") and message in found for found in lines), lines


def test_each_slip_in_the_numbering_is_one_problem_and_every_bad_token_is_named(tmp_path: Path):
    path = write(tmp_path, "game.txt", "1. b2 swap\n3. d4 a4\n4. c3 e1\n5. x+ c4 ??\n")
    assert refused(path, *HEX) == [f"{path}:2: 3. where 2. was expected",
                                   f"{path}:4: 'x+' is not a move; a move is a cell id or swap, e.g. f6",
                                   f"{path}:4: '??' is not a move; a move is a cell id or swap, e.g. f6"]


@pytest.mark.parametrize("text,said", [
    ("1. b2 swap\n2. d4\n3. a4 c3\n4. e1 e2\n5. e3 e4\n",
     "3:pair 2 has 1 move (d4) before 3., where 2 were expected (a pair is two moves, the first player's and the "
     "second's); one is missing: add it"),
    ("1. b2 swap 2. d4 a4 c3 3. e1 e2\n4. e3 e4\n5. a1 a2\n",
     "1:pair 2 has 3 moves (d4 a4 c3) before 3., where 2 were expected (a pair is two moves, the first player's and "
     "the second's); one is too many: take it out"),
    ("1. b2 swap d4 a4 c3 3. e1 e2\n4. e3 e4\n",
     "1:pairs 1 to 2 have 5 moves (b2 swap d4 a4 c3) before 3., where 4 were expected (a pair is two moves, the first "
     "player's and the second's); one is too many: take it out"),
])
def test_a_move_left_out_or_doubled_is_one_problem_saying_what_was_expected(text: str, said: str, tmp_path: Path):
    """Regression: one move left out gave a problem at every later pair number (each then came mid-pair). The slip
    is told once, where it shows, with the moves of the pair and how many it should hold; the pairs after it read
    as they are numbered."""
    path = write(tmp_path, "game.txt", text)
    line, message = said.split(":", 1)
    assert refused(path, *HEX) == [f"{path}:{line}: {message}"]


def test_options_that_do_not_fit_the_game_are_refused_by_name(tmp_path: Path):
    path = write(tmp_path, "game.txt", "1. b2 swap\n")
    hex_takes = "--size (a whole number from 2 to 40) or --first (red or blue)"   # the position model's range
    assert refused(path, "--game", "hex", "--rings", "10") == [f"{path}: --rings is for starstar; hex takes {hex_takes}"]
    assert refused(path, "--game", "hex", "--sise", "10") == [f"{path}: hex has no option --sise; hex takes {hex_takes}"]
    games = ", ".join(games_with_records()) + ", or a game definition's .yaml file"
    assert refused(path) == [f"{path}: a text record names no game; give it with --game ({games})"]
    assert refused(path, "--game", "go") == [f"{path}: --game: 'go' is not a game with records; use one of: "
                                             f"{', '.join(games_with_records())}"]
    assert refused(path, "--game", "y", "--side", "5", "--code", "1P7F-SEXR")[0].startswith(
        f"{path}: --side: is for the triangle; a Mudcrack Y board")   # the position's own check, named as the option
    assert refused(path, "--game", "starry-night") == [
        f"{path}: starry-night text records need --code (the sky code printed under the sky, e.g. 106A-H61J-GAXD)"]
    taking = [game for game in games_with_records() if "first" in options_for(game)]
    assert "asterisk" not in taking and {"hex", "y"} <= set(taking)
    assert refused(path, "--game", "asterisk", "--first", "blue") == [
        f"{path}: --first is for {', '.join(taking[:-1])} and {taking[-1]}; asterisk takes --side (a whole number "
        "from 3 to 200) or --opening (three-piece or swap)"]
    # What each option takes is the position model's: checked before the record is read (an option has no line).
    assert refused(path, "--game", "hex", "--size", "99") == [f"{path}: --size: must be a whole number from 2 to 40 "
                                                              "for hex, got 99"]
    assert refused(path, "--game", "hex", "--size", "ten") == [f"{path}: --size: must be a whole number from 2 to 40 "
                                                               "for hex, got 'ten'"]
    assert refused(path, *HEX, "--first", "green") == [f"{path}: --first: must be red or blue for hex, got 'green'"]
    assert refused(path, "--game", "y", "--code", "1P7F-SEXQ")[0].startswith(f"{path}: --code: '1P7F-SEXQ' is not a board code")


def test_a_yaml_position_refuses_the_text_records_options(tmp_path: Path):
    path = write(tmp_path, "hex.yaml", RECORDS["hex"])
    for option in (("--game", "hex"), ("--size", "5")):
        assert refused(path, *option) == [f"{path}: {option[0]} is for a text record (a .txt file) or an SGF file; a "
                                          "position file names its game and board itself"]


def test_a_text_record_is_held_to_the_bounds_of_a_position_file(tmp_path: Path):
    empty = write(tmp_path, "empty.txt", "# nothing played yet\n")
    assert refused(empty, *HEX)[0].startswith(f"{empty}: no moves; a text record is the moves in numbered pairs")
    huge = write(tmp_path, "huge.txt", b"a1 " * (MAX_BYTES // 3 + 1))
    assert refused(huge, *HEX) == [f"{huge}: the record is larger than {RECORD_BYTES:,} bytes (512 KiB), the most a "
                                   f"text record may be; the longest game's is about {LONGEST_RECORD_KB} KB: is this "
                                   "the right file?"]
    many = write(tmp_path, "many.txt", "a1 " * MAX_MOVES + "\nb1\n")
    assert refused(many, *HEX) == [f"{many}:2: more than {MAX_MOVES} moves, the most a record holds: is this the right file?"]
    latin = write(tmp_path, "latin.txt", "1. b2 swap # Zoë\n".encode("latin-1"))
    assert refused(latin, *HEX)[0].startswith(f"{latin}:1: not UTF-8 text")
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    assert refused(folder, *HEX) == [f"{folder}: this is a folder, not a text record; name a .txt file"]


def test_half_a_megabyte_of_junk_is_told_in_twenty_one_lines_at_once(tmp_path: Path):
    """Regression: a file of `! ` tokens gave a line for each (524,000 for a megabyte) and took seconds to say so.
    The first MAX_TOLD are told, then how many more; the rest are counted, not kept."""
    import time

    from pnp.spec.problems import MAX_TOLD

    tokens = 250_000
    junk = write(tmp_path, "junk.txt", "! " * tokens)
    started = time.process_time()
    lines = refused(junk, *HEX)
    assert time.process_time() - started < 5
    assert lines[:MAX_TOLD] == [f"{junk}:1: '!' is not a move; a move is a cell id or swap, e.g. f6"] * MAX_TOLD
    assert lines[MAX_TOLD:] == [f"{junk}: ... and {tokens - MAX_TOLD:,} more problems like these (the first "
                                f"{MAX_TOLD} are told); fix these and run again"]


def test_the_most_moves_a_text_record_holds_read_without_a_traceback(tmp_path: Path):
    """Regression: a record of exactly the most moves (or one whose kept lines outgrow 1 MiB as YAML) was a
    traceback from the YAML reader (its 10,000 values), not exit 2: an Asterisk move takes three values."""
    full = write(tmp_path, "full.txt", "a1 " * MAX_MOVES)
    assert refused(full, *HEX)[0] == f"{full}:1: move 2: a1 is taken already, by move 1; a cell holds one stone"
    pieces = form_of("asterisk").most_moves()
    assert pieces < MAX_MOVES // 2
    lots = write(tmp_path, "lots.txt", "a1=dark-circle-empty " * (pieces + 1))
    assert refused(lots, "--game", "asterisk") == [
        f"{lots}:1: more than {pieces} moves, the most a record holds: is this the right file?"]
    padded = write(tmp_path, "padded.txt", "\n" * (MAX_BYTES - 3 * 9000) + "a1 " * 9000)
    assert "the record is larger than 524,288 bytes" in refused(padded, *HEX)[0]


@pytest.mark.parametrize("token", ["a1", "1"])
def test_a_record_within_its_bound_is_read_whatever_its_yaml_form_would_take(token: str, tmp_path: Path):
    """Regression: a 1,037,920-byte text record was refused as "larger than 1 MiB; a spec is a few hundred bytes":
    its YAML form (every move quoted) had outgrown the bound of a spec. A record's bound is its own, RECORD_BYTES,
    said as such; any text within it (here the most moves, each as short as a move is, after as many blank lines as
    fit) reads on to the game's checks."""
    moves = "\n".join(f"{token} " * 20 for _ in range(MAX_MOVES // 20))
    padded = write(tmp_path, "padded.txt", "\n" * (RECORD_BYTES - len(moves)) + moves)
    assert padded.stat().st_size == RECORD_BYTES
    board = HEX if token == "a1" else ("--game", "y", "--code", "1R0C-YR17")
    lines = refused(padded, *board)
    assert lines[0].startswith(f"{padded}:") and "taken already" in lines[0], lines[0]
    assert not any("larger than" in line or "spec" in line for line in lines)
    assert len(padded.read_text(encoding="utf-8")) + MAX_MOVES * FLOW_EXTRA + HEADER_CHARS <= MAX_BYTES


def test_a_yaml_position_too_large_is_said_to_be_a_position_not_a_spec(tmp_path: Path):
    huge = write(tmp_path, "huge.yaml", "game: hex\nmoves:\n" + "  - a1\n" * (MAX_BYTES // 7))
    assert refused(huge) == [f"{huge}: the file is larger than {MAX_BYTES:,} bytes (1 MiB), the most a position file "
                             f"may be; a position is a few hundred bytes, and the longest game's record about "
                             f"{LONGEST_RECORD_KB} KB: is this the right file?"]
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    assert refused(folder) == [f"{folder}: this is a folder, not a position file; name a .yaml file (or a .txt text "
                               "record)"]


def test_an_option_of_a_text_record_is_bounded(tmp_path: Path):
    path = write(tmp_path, "game.txt", "1. 3 swap\n")
    assert refused(path, "--game", "y", "--code", "1" * 5000) == [
        f"{path}: --code: 5,000 characters; an option's value is at most 100"]


def test_a_mudcrack_cell_written_057_is_refused_in_yaml_as_in_text(tmp_path: Path):
    """Regression: YAML 1.1 reads 057 as octal 47, so a YAML record (or stones list) put a stone on cell 47 without a
    word, while the text form refused '057'. Both now name what was typed."""
    board = ("--game", "y", "--code", "1R0C-YR17")
    said = ("'057' is not a cell of the Mudcrack Y board 1R0C-YR17 (120 cells); did you mean '57'? (a cell is its "
            "number on the board, 1 to 120)")
    text = write(tmp_path, "padded.txt", "1. 057 swap\n")
    assert refused(text, *board) == [f"{text}:1: move 1: {said}"]
    yaml_file = write(tmp_path, "padded.yaml", "game: y\nboard: {mudcrack: {code: 1R0C-YR17}}\n"
                                               "stones: {blue: [0x10]}\nmoves: [057]\n")
    assert refused(yaml_file) == [
        f"{yaml_file}:3: stones.blue[0]: '0x10' is not a cell of the Mudcrack Y board 1R0C-YR17 (120 cells); did you "
        "mean '10'? (a cell is its number on the board, 1 to 120)",
        f"{yaml_file}:4: moves[0]: move 1: {said}"]


def test_the_readmes_text_examples_read_as_the_records_they_say(tmp_path: Path):
    """Every example under the docs' "# pnp score FILE.txt ..." lines (the README's once), with those options; each is the file of
    that name which `pnp init --examples` writes (examples/records/), byte for byte."""
    root = Path(__file__).resolve().parent.parent
    readme = section_page("## Game records")
    examples = re.findall(r"^(# pnp score (\S+\.txt) .*)\n((?:[^\n#`]+\n)+)", readme, re.M)
    shown = {shlex.split(command)[5] for command, _, _ in examples}
    # every Python game's text record is shown, and a shipped definition's may be (Hex's is)
    assert {game for game in games_with_records() if game in registry.GAMES} <= shown <= set(games_with_records())
    shipped = sorted(str(path.relative_to(root)) for path in (root / "examples" / "records").glob("*.txt"))
    assert sorted(name for _, name, _ in examples) == shipped
    for command, name, record in examples:
        assert (root / name).read_text(encoding="utf-8") == f"{command}\n{record}", name
    examples = [(command, record) for command, _, record in examples]
    for number, (command, record) in enumerate(examples):
        found = scored(write(tmp_path, f"readme-{number}.txt", record), *shlex.split(command)[4:])
        assert found["moves"] == len([t for t in record.split() if not t.endswith(".")]), command


# The sheets' example lines: taken from the code that prints them, each a record of that board.
BOARDS = [("starstar", ("--rings", str(r)), StarBoard(r, 1.0)) for r in (2, 4, 6, 10)] + \
         [("hex", ("--size", str(n)), LatticeBoard(rhombus(n), 1.0)) for n in (2, 4, 7, 11, 19)] + \
         [("y", ("--side", str(n)), LatticeBoard(triangle(n), 1.0)) for n in (2, 5, 13, 19)]


@pytest.mark.parametrize("game,options,board", BOARDS, ids=lambda x: x if isinstance(x, str) else None)
def test_a_pads_example_line_is_a_record_of_its_board(game: str, options: tuple[str, ...], board, tmp_path: Path):
    line = example_line(board.cells)
    assert line.startswith("1. ") and " swap" in line
    moves = [token for token in line.split() if not token.endswith(".")]
    assert scored(write(tmp_path, "example.txt", line), "--game", game, *options)["moves"] == len(moves)


def test_the_score_sheets_example_line_is_a_record_of_its_board(tmp_path: Path):
    for rings in (2, 3, 4, 6, 8, 10):
        moves = record_example(rings)
        (printed,) = example_lines(190.0, rings)
        assert moves in printed and f"--rings {rings}" in printed
        assert scored(write(tmp_path, "sheet.txt", moves), "--game", "starstar", "--rings", str(rings))["moves"] == 4


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sheets")
    spec = write(folder, "s.yaml", "game: starstar\nname: s\nboard: {rings: 4}\noutputs: [pad, scoresheet]\n")
    mud = write(folder, "m.yaml", "game: y\nname: m\nboard: {mudcrack: {cells: 20, seed: 3}}\noutputs: [pad]\n")
    done = run_pnp("build", str(spec), str(mud), "--out", str(folder / "out"), "-f", "svg", "-q")
    assert done.returncode == 0, done.stderr
    return folder / "out"


def _texts(svg: Path, cls: str) -> list[str]:
    return ["".join(e.itertext()) for e in parse_svg(svg).iter() if cls in (e.get("class") or "").split()]


def test_the_printed_sheets_show_the_example_line_of_their_board(sheets: Path, tmp_path: Path):
    (record_line,) = _texts(sheets / "s" / "scoresheet-2.svg", "record-example")
    assert record_example(4) in record_line and "pnp score game.txt --game starstar --rings 4" in record_line
    fields = " ".join(_texts(sheets / "s" / "scoresheet-2.svg", "record-field"))
    assert "Red moves first" in fields and "swap" in fields
    pads = {"s": ("--game", "starstar", "--rings", "4"), "m": ("--game", "y", "--code", _code(sheets / "m" / "pad.svg"))}
    for name, options in pads.items():
        notes = {" ".join("".join(e.itertext()) for e in group) for group in parse_svg(sheets / name / "pad.svg").iter()
                 if group.get("class") == "record-notes"}
        assert len(notes) == 1, "the same words under every pad board"
        (said,) = notes
        moves = re.search(r"types in as: (.*?) …", said)[1]
        command = said.split("and run: ", 1)[1]
        assert command == f"pnp score game.txt {' '.join(options)}", "the board's own options (a Mudcrack code)"
        write(tmp_path, "game.txt", moves)
        done = run_pnp(*shlex.split(command)[1:], "--json", cwd=tmp_path)   # the pad's own command, as printed
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["moves"] == len(moves.split()) - moves.count(".")


def _code(svg: Path) -> str:
    (code,) = {t for t in ("".join(e.itertext()) for e in parse_svg(svg).iter(f"{SVG_NS}text")) if t.count("-") == 1
               and len(t) == 9 and t.replace("-", "").isalnum() and t.isupper()}
    return code


def test_a_hint_worded_for_a_yaml_key_names_the_option_in_a_text_record(tmp_path: Path):
    path = write(tmp_path, "a.txt", "1. d7=dark-circle-empty swap\n")
    lines = refused(path, "--game", "asterisk", "--side", "8")
    assert lines == [f"{path}:1: move 2: swap is allowed only as move 4, the second player's first turn (the pie "
                     "rule); for a swap as move 2, give --opening swap"]


def test_swap_in_capitals_is_told_to_be_written_in_lower_case(tmp_path: Path):
    path = write(tmp_path, "h.yaml", "game: hex\nboard: {size: 5}\nmoves: [c2, SWAP]\n")
    assert refused(path) == [f"{path}:3: moves[1]: move 2: 'SWAP' is no cell; the pie rule's move is written swap, "
                             "in lower case"]


def test_a_handicap_puts_the_boards_first_handicap_cells_down_for_the_player_who_moves_second(tmp_path: Path):
    """`handicap: N` (YAML) and `--handicap N` (text) are the same stones as the first N of the board's order given
    in `stones:` for the second player; a record written as text keeps them, as --handicap."""
    from pnp.games.starstar.rules import handicap_points

    cells = handicap_points(6)
    moves = "moves: [S40, T41, S42]"
    listed = write(tmp_path, "listed.yaml", f"game: starstar\nboard: {{rings: 6}}\nstones: {{blue: {json.dumps(list(cells[:3]))}}}\n{moves}\n")
    counted = write(tmp_path, "counted.yaml", f"game: starstar\nboard: {{rings: 6}}\nhandicap: 3\n{moves}\n")
    first_blue = write(tmp_path, "first-blue.yaml", f"game: starstar\nboard: {{rings: 6}}\nhandicap: 3\nfirst: blue\n{moves}\n")
    typed = write(tmp_path, "typed.txt", "1. S40 T41\n2. S42\n")
    assert scored(counted) == scored(listed) == scored(typed, "--game", "starstar", "--rings", "6", "--handicap", "3")
    assert [read_position(first_blue).model.owners()[cell] for cell in cells[:3]] == ["red"] * 3, \
        "with Blue first, the handicap is Red's"
    assert [read_position(counted).model.owners()[cell] for cell in cells[:3]] == ["blue"] * 3
    text = record_text(read_position(counted).model)
    assert text.splitlines()[0] == "# pnp score THIS.txt --game starstar --rings 6 --handicap 3"


@pytest.mark.parametrize("text, message", [
    ("board: {rings: 4}\nhandicap: 6\n", "3: handicap: the 4-ring board takes at most 5 handicap stones "
                                         "(S30 A30 *30 T30 R30); give 0 to 5, or set board.rings: 7 or more for 6 stones"),
    ("board: {rings: 2}\nhandicap: 1\n", "3: handicap: the 2-ring board has no handicap cells (they lie on rings 3 "
                                         "and 6, never on the outer ring); give 0, or set board.rings: 4 or more for 1 stone"),
    ("board: {rings: 3}\nhandicap: 5\n", "3: handicap: the 3-ring board has no handicap cells (they lie on rings 3 "
                                         "and 6, never on the outer ring); give 0, or set board.rings: 4 or more for 5 stones"),
    ("handicap: 2\nstones: {red: [A60]}\n", "2: handicap: handicap stone 2, A60, is also in stones.red; a cell "
                                            "holds one stone"),
    ("handicap: 3\nmoves: [S50, '*60']\n", "3: moves[1]: move 2: *60 is taken already, by handicap stone 3; a cell "
                                           "holds one stone"),
])
def test_a_handicap_the_board_cannot_take_is_refused_by_its_line(text: str, message: str, tmp_path: Path):
    path = write(tmp_path, "h.yaml", f"game: starstar\n{text}")
    assert refused(path) == [f"{path}:{message}"]


def test_a_text_records_handicap_on_a_board_without_handicap_cells_names_the_rings_that_have_them(tmp_path: Path):
    path = write(tmp_path, "game.txt", "1. S20 A20\n")
    assert refused(path, "--game", "starstar", "--rings", "2", "--handicap", "1") == [
        f"{path}: --handicap: the 2-ring board has no handicap cells (they lie on rings 3 and 6, never on the outer "
        "ring); give 0, or give --rings 4 or more for 1 stone"]


def test_the_readmes_record_files_are_records_pnp_reads(tmp_path: Path):
    """The YAML example at the head of the docs' "Game records" (the README's once): each of its documents is a record that scores
    after its last move."""
    readme = section_page("## Game records")
    block = readme.split("## Game records", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    documents = block.split("---\n")
    assert len(documents) == len(registry.names())
    for index, text in enumerate(documents):
        done = run_pnp("score", str(write(tmp_path, f"r{index}.yaml", text)))
        assert done.returncode == 0, done.stderr
        total = read_position(tmp_path / f"r{index}.yaml").model.record_length()
        assert done.stdout.startswith(f"After move {total} of {total}."), done.stdout
