"""SGF records, game-free: the reader's trees and bounds, hostile files refused at their line and column in bounded
time, and every stone game's record carried YAML -> SGF -> text -> YAML unchanged by `pnp record` (the games come from
the registry; the dialects of one game's files are tested in that game's own test file)."""

from __future__ import annotations

import json
import re
import shlex
import time
from pathlib import Path

import pytest

from conftest import run_pnp

from pnp.positions.record import SWAP
from pnp.positions.text_games import Header
from pnp.positions.text_record import RECORD_BYTES, record_text
from pnp.records import read_record
from pnp.records.convert import record_yaml
from pnp.records.sgf import MAX_DEPTH, MAX_NODES, MAX_VALUES, VALUE_CHARS, SgfError, escape, parse, unescape
from pnp.records.sgf_read import colour_players, size_option, stone_games
from pnp.records.sgf_write import record_sgf
from pnp import registry
from pnp.spec.problems import SpecError

WHERE = re.compile(r":(\d+):(\d+): ")   # file:LINE:COLUMN: in a message
SECONDS = 5.0                           # the most any hostile file may take to refuse, in this process


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


# --- the format's trees ------------------------------------------------------------------------------------------


def test_the_main_line_is_the_first_variation_at_each_fork_and_the_rest_is_named_with_its_place():
    tree = parse("(;GM[11]SZ[5]\n;B[b2](;W[c3];B[d4])\n(;W[a1])(;W[a2];B[a3](;W[e5])(;W[e4])))(;B[a2])")
    moves = [next(iter(tree.nodes[i].properties.values()))[0].text for i in tree.main[1:]]
    assert moves == ["b2", "c3", "d4"]
    left = [(v.line, v.column, v.nodes, v.game) for v in tree.left_out()]
    assert left == [(3, 2, 1, False), (3, 10, 4, False), (3, 41, 1, True)]


def test_values_keep_escaped_brackets_and_backslashes_and_drop_soft_line_breaks():
    tree = parse("(;PB[Al\\]ice \\\\ x]PW[Bo\\\nb]C[ignored \\] comment])")
    root = tree.nodes[0]
    assert root.one("PB").text == "Al]ice \\ x" and root.one("PW").text == "Bob" and root.one("C") is None
    for text in ("plain", "a]b", "c:\\d", "]]\\\\"):
        assert unescape(escape(text)) == text


@pytest.mark.parametrize("text, line, column, words", [
    ("(;B[a1]", 1, 1, "never closed with ')'"),
    ("(;B[a1]))", 1, 9, "closes no game tree"),
    (";B[a1]", 1, 1, "outside any game tree"),
    ("(B[a1])", 1, 1, "starts with a node"),
    ("()", 1, 1, "starts with a node"),
    ("(;GM[11]\n;B[a1", 2, 3, "never closed with ']'"),
    ("(;[a1])", 1, 3, "without a property name"),
    ("(;B)", 1, 4, "has no value"),
    ("(;B[a1]\n  %)", 2, 3, "'%' is not SGF here"),
    ("", 1, 1, "no game tree"),
])
def test_a_file_that_is_no_sgf_is_refused_at_its_line_and_column(text: str, line: int, column: int, words: str):
    with pytest.raises(SgfError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (line, column) and words in caught.value.message


@pytest.mark.parametrize("name, text, words", [
    ("deep", "(;GM[11]" + "(;B[a1]" * (MAX_DEPTH + 5) + ")" * (MAX_DEPTH + 5) + ")", "nested more than"),
    ("nodes", "(;GM[11]" + ";B[a1]" * (MAX_NODES + 5) + ")", f"more than {MAX_NODES:,} nodes"),
    ("values", "(;GM[11]" + "XX[1]" * (MAX_VALUES + 5) + ")", f"more than {MAX_VALUES:,} property values"),
    ("long value", "(;GM[11]PB[" + "a" * (VALUE_CHARS + 1) + "];B[a1])", f"at most {VALUE_CHARS:,} are read"),
])
def test_bounds_are_refused_quickly_at_their_place(name: str, text: str, words: str):
    started = time.process_time()
    with pytest.raises(SgfError) as caught:
        parse(text)
    assert words in caught.value.message and caught.value.line == 1 and caught.value.column > 1
    assert time.process_time() - started < SECONDS, name


def test_a_comment_as_large_as_a_file_may_be_is_skipped_without_keeping_it():
    text = "(;GM[11]SZ[5]C[" + "x\\]" * (RECORD_BYTES // 4) + "];B[b2])"
    started = time.process_time()
    tree = parse(text)
    assert time.process_time() - started < SECONDS
    assert tree.nodes[0].one("C") is None and tree.nodes[1].one("B").text == "b2"


# --- hostile files through the command: exit 2, one line at LINE:COLUMN, nothing on stdout -----------------------


HOSTILE = {
    "unbalanced": "(;GM[11]SZ[5];B[b2](;W[c3])",
    "unclosed value": "(;GM[11]SZ[5];B[b2];W[c3",
    "huge name": "(;GM[11]SZ[5]PB[" + "n" * 5000 + "];B[b2])",
    "million moves": "(;GM[11]SZ[5]" + ";B[a1];W[b1]" * 25_000 + ")",
    "deep": "(;GM[11]SZ[5]" + "(;B[a1]" * 2000 + ")" * 2000 + ")",
    "unknown game": "(;GM[1]SZ[19];B[dd])",
    "pass": "(;GM[11]SZ[5];B[b2];W[pass])",
    "two in a node": "(;GM[11]SZ[5];B[b2]W[c3])",
    "out of turn": "(;GM[11]SZ[5];B[b2];B[c3])",
    "after the end": "(;GM[11]SZ[5];B[b2];W[resign];B[c3])",
    "set-up later": "(;GM[11]SZ[5];B[b2];AB[c3];W[d4])",
    "garbage": "(;GM[11]SZ[5];B[b2]\x00\x01)",
    "a file to read": "(;PNPGAME[../../etc/game.yaml]SZ[5];B[b2])",   # only --game names a definition file
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_sgf_file_is_exit_2_at_a_line_and_column(name: str, tmp_path: Path):
    path = write(tmp_path, "game.sgf", HOSTILE[name])
    started = time.monotonic()
    done = run_pnp("score", str(path))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"{path}:") and WHERE.search(first), first
    assert time.monotonic() - started < 30


def test_a_file_larger_than_a_record_may_be_is_refused_unread(tmp_path: Path):
    path = write(tmp_path, "big.sgf", "(;GM[11]SZ[11]" + "C[x]" * RECORD_BYTES + ")")
    done = run_pnp("score", str(path))
    assert done.returncode == 2 and f"larger than {RECORD_BYTES:,} bytes" in done.stderr


def test_variations_are_left_out_with_a_warning_naming_each_and_the_main_line_is_scored(tmp_path: Path):
    path = write(tmp_path, "var.sgf", "(;GM[11]SZ[5];B[b2]\n(;W[c3];B[d4])\n(;W[a1]))")
    done = run_pnp("score", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["moves"] == 3
    assert done.stderr.splitlines() == [f"{path}:3:2: warning: a variation (1 node) is left out; pnp reads the first "
                                        "game's main line (the first variation at each fork)"]


def test_latin_1_files_are_read_as_sgf_s_own_default_charset(tmp_path: Path):
    path = write(tmp_path, "old.sgf", "(;GM[11]SZ[5]PB[José];B[b2])".encode("latin-1"))
    assert read_record(path).model.meta.players == {colour_players("hex")["B"]: "José"}


# --- every stone game's record, round the forms -----------------------------------------------------------------


def _record(game: str) -> dict:
    """A record of `game` on its default board: a first stone, the swap, three more, a resignation and facts."""
    model = registry.game(game).position_model()
    empty = model.model_validate({"game": game})
    known = sorted(map(str, empty.board_ids().known))
    first = known[len(known) // 3]
    later = [cell for cell in known[len(known) // 2:] if cell not in (first, empty.swapped(first))][:3]
    second = colour_players(game)["W"]
    return {"game": game, "moves": [first, SWAP, *later], "resigned": second,
            "meta": {"players": {colour_players(game)["B"]: "Ann Example", second: "Bo [the second]"},
                     "event": "Club night: round robin", "round": "4", "date": "2024-05-01", "place": "Leiden",
                     "source": "a pad", "result": f"{colour_players(game)['B']} by resignation"}}


@pytest.mark.parametrize("game", stone_games())
def test_a_record_goes_yaml_sgf_text_yaml_and_back_unchanged(game: str, tmp_path: Path):
    import yaml

    start = write(tmp_path, "start.yaml", yaml.safe_dump(_record(game), sort_keys=False))
    original = read_record(start).model
    sgf = write(tmp_path, "game.sgf", record_sgf(original))
    from_sgf = read_record(sgf).model
    text = record_text(from_sgf)
    command = shlex.split(text.splitlines()[0])[4:]
    options = dict(zip([name[2:] for name in command[::2]], command[1::2]))
    header = Header(game=options.pop("game"), options=options)
    from_text = read_record(write(tmp_path, "game.txt", text), header).model
    back = read_record(write(tmp_path, "back.yaml", record_yaml(from_text))).model
    for read in (from_sgf, from_text, back):
        assert read.model_dump() == original.model_dump(), read
    assert record_sgf(back) == sgf.read_text(encoding="utf-8")   # the same record, the same bytes


@pytest.mark.parametrize("game", stone_games())
def test_plain_sgf_names_its_game_and_board_or_takes_them_from_the_options(game: str, tmp_path: Path):
    position = read_record(write(tmp_path, "a.yaml", json.dumps(_record(game)))).model
    sgf = record_sgf(position)
    assert "GM[" in sgf or "PNPGAME[" in sgf
    if "PNPGAME[" in sgf:   # without the game's name, --game says it
        bare = write(tmp_path, "bare.sgf", re.sub(r"PNPGAME\[[^\]]*\]", "", sgf))
        with pytest.raises(SpecError, match="does not say its game"):
            read_record(bare)
        assert read_record(bare, Header(game=game)).model.model_dump() == position.model_dump()


def test_the_size_option_is_the_board_key_sz_holds():
    for game in stone_games():
        assert size_option(game) in ("size", "side", "rings", "base"), game


# --- pnp record ---------------------------------------------------------------------------------------------------


def test_pnp_record_prints_or_writes_in_one_step_and_never_over_the_record_read(tmp_path: Path):
    record = write(tmp_path, "game.yaml", json.dumps(_record(stone_games()[0])))
    printed = run_pnp("record", str(record), "--format", "sgf")
    assert printed.returncode == 0 and printed.stdout.startswith("(;FF[4]")
    out = tmp_path / "game.sgf"
    for _ in range(2):   # a second run replaces the file with the same bytes
        done = run_pnp("record", str(record), "-o", str(out))
        assert done.returncode == 0 and done.stdout.strip() == str(out)
        assert out.read_text(encoding="utf-8") == printed.stdout
    assert run_pnp("record", str(out), "-o", str(out)).returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgf", "game.yaml"]   # no temporaries left
    for options, words in ((("-o", str(tmp_path / "x.png")), "pnp writes records as"),
                           ((), "give --format"),
                           (("-f", "text", "-o", str(tmp_path / "x.sgf")), "make them agree")):
        done = run_pnp("record", str(record), *options)
        assert done.returncode == 2 and words in done.stderr and done.stdout == ""


def test_a_game_whose_moves_are_not_stones_has_no_sgf(tmp_path: Path):
    others = [name for name in registry.names() if registry.game(name).position and name not in stone_games()]
    assert others
    for game in others:
        found = sorted((Path(__file__).parent.parent / "examples" / "positions").glob(f"{game}*.yaml"))
        if not found:
            continue
        done = run_pnp("record", str(found[0]), "--format", "sgf")
        assert done.returncode == 2 and "SGF holds records of stone games" in done.stderr


def test_any_mutation_of_a_good_file_is_read_or_refused_never_a_crash(tmp_path: Path):
    """Characters cut, doubled or swapped anywhere in a good record: read, or a SpecError, nothing else."""
    import random

    game = stone_games()[0]
    good = record_sgf(read_record(write(tmp_path, "a.yaml", json.dumps(_record(game)))).model)
    rng = random.Random(36)
    alphabet = "()[];\\:BWAEPLSZGM\n xyz19-+"
    for attempt in range(300):
        text = list(good)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text))
            kind = rng.choice(("cut", "double", "put"))
            if kind == "cut":
                del text[at]
            elif kind == "double":
                text.insert(at, text[at])
            else:
                text[at] = rng.choice(alphabet)
        path = write(tmp_path, "m.sgf", "".join(text))
        try:
            read_record(path)
        except SpecError as exc:
            assert str(exc).startswith(str(path)), (attempt, str(exc))


def test_a_text_records_fact_lines_are_its_meta_and_other_comments_stay_comments(tmp_path: Path):
    game = stone_games()[0]
    first, second = colour_players(game).values()
    from pnp.positions.text_record import pairs

    text = (f"# {first}: Ann\n# event: Spring cup\n# note: a comment, not a fact\n# resigned: {second}\n"
            + "\n".join(pairs(_record(game)["moves"])) + "\n")
    position = read_record(write(tmp_path, "a.txt", text), Header(game=game)).model
    assert position.meta.players[first] == "Ann" and position.meta.event == "Spring cup"
    assert position.resigned == second and position.meta.model_dump(exclude_defaults=True).keys() == {"players", "event"}


# --- a designer's own game, from its definition file ----------------------------------------------------------------


def test_a_designers_game_goes_yaml_sgf_text_yaml_and_back_named_by_its_file(tmp_path: Path):
    """The SGF names no game (a path on one machine is no name on another): --game PATH reads it; the text's
    command and the YAML name the definition by its file's name, read beside it."""
    import yaml

    from test_stones_own_game import DEFINITION

    definition = write(tmp_path, "three.yaml", DEFINITION)
    model = registry.find(str(definition), tmp_path).position_model()
    known = sorted(map(str, model.model_validate({"game": "./three.yaml"}).board_ids().known))
    first, second = model.players
    record = {"game": "./three.yaml", "board": {"side": 7}, "moves": [known[3], SWAP, *known[10:13]],
              "resigned": second, "meta": {"players": {first: "Gail", second: "Pat"}, "event": "Playtest 3"}}
    original = read_record(write(tmp_path, "start.yaml", yaml.safe_dump(record, sort_keys=False))).model
    sgf = write(tmp_path, "game.sgf", record_sgf(original))
    assert "PNPGAME[" not in sgf.read_text() and str(tmp_path) not in sgf.read_text()
    with pytest.raises(SpecError, match="does not say its game"):
        read_record(sgf)
    from_sgf = read_record(sgf, Header(game=str(definition))).model
    text = record_text(from_sgf)
    assert text.splitlines()[0] == "# pnp score THIS.txt --game three.yaml --side 7"
    from_text = read_record(write(tmp_path, "game.txt", text), Header(game=str(definition), options={"side": "7"})).model
    written = record_yaml(from_text)
    assert written.startswith("game: three.yaml\n")
    back = read_record(write(tmp_path, "back.yaml", written)).model
    for read in (from_sgf, from_text, back):
        assert read.model_dump() == original.model_dump(), read
    assert record_sgf(back) == sgf.read_text(encoding="utf-8")


def test_a_designers_game_ending_in_a_resignation_is_scored_and_drawn_from_its_sgf(tmp_path: Path):
    from test_stones_own_game import DEFINITION

    from conftest import parse_svg

    write(tmp_path, "three.yaml", DEFINITION)
    write(tmp_path, "game.sgf", "(;FF[4]SZ[7]PB[Gail]PW[Pat];B[c3];W[swap];B[d5];W[e6];B[b4];W[resign])")
    done = run_pnp("score", "game.sgf", "--game", "three.yaml", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["winner"], found["resigned"], found["moves"]) == ("green", "purple", 5)
    for out in ("game.svg", "game.gif"):   # a resignation's verdict names a winner with no chain to draw
        done = run_pnp("diagram", "game.sgf", "--game", "three.yaml", "-o", out, cwd=tmp_path)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    root = parse_svg(tmp_path / "game.svg")
    assert not [el for el in root.iter() if "chain" in el.attrib.get("class", "").split()]
    assert "Purple resigned after move 5" in " ".join(el.text or "" for el in root.iter() if el.text)
