"""Asterisk game records (`moves:` in a position file): they score as their pieces do, `--at N` cuts them, their
diagrams number every piece with its move, and every wrong move is refused with its number and line.

All in process on the small board (side 8: 36 cells, 6 of each type).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, SVG_NS, run_pnp
from pnp.games.asterisk.referee import judge, topology
from pnp.games.asterisk.rules import PIECE_TYPES

SIDE = 8
HOLDS = 6                       # pieces of each type in the side-8 set
FIVE_PT_MM = 5 * 25.4 / 72
EXAMPLE = ROOT / "examples" / "positions" / "asterisk-8-record.yaml"
SWAP_AT = {"three-piece": 4, "swap": 2}


def random_record(seed: int) -> tuple[dict[str, str], list[dict[str, str] | str], str]:
    """(pieces set before the record, its moves, its opening): random cells and types within the set's counts,
    the three-piece opening's first three of three types, a swap where the opening allows it (or none), ending at
    a random move or at the first win, whichever comes first."""
    rng = random.Random(seed)
    cells = list(topology(SIDE).ids)
    rng.shuffle(cells)
    bag = [kind for kind in PIECE_TYPES for _ in range(HOLDS)]
    rng.shuffle(bag)
    opening = rng.choice(("three-piece", "swap"))
    if opening == "three-piece":   # three different types first
        first = list(dict.fromkeys(bag))[:3]
        for kind in first:
            bag.remove(kind)
        bag = first + bag
    set_up = rng.randint(0, 3)
    pieces = dict(zip(cells[:set_up], bag[-set_up:] if set_up else []))
    bag = bag[:len(bag) - set_up]
    moves: list[dict[str, str] | str] = []
    on_board, swap, length = dict(pieces), rng.random() < 0.6, rng.randint(8, len(cells) - set_up)
    for cell, kind in zip(cells[set_up:], bag):
        if swap and len(moves) + 1 == SWAP_AT[opening]:
            moves.append("swap")
        moves.append({cell: kind})
        on_board[cell] = kind
        if len(moves) >= length or judge(SIDE, on_board).winner:
            break
    return pieces, moves, opening


def record_text(pieces: dict[str, str], moves: list[dict[str, str] | str], opening: str = "three-piece") -> str:
    """A position file; a move given as text is written as it stands."""
    lines = ["game: asterisk", f"board: {{side: {SIDE}}}", f"opening: {opening}"]
    if pieces:
        lines += ["pieces:", *(f"  {cell}: {kind}" for cell, kind in pieces.items())]
    if moves:
        lines += ["moves:", *(f"  - {_move(m)}" for m in moves)]
    return "\n".join(lines) + "\n"


def _move(move: dict[str, str] | str) -> str:
    return move if isinstance(move, str) else "{" + ", ".join(f"{c}: {k}" for c, k in move.items()) + "}"


def placed(pieces: dict[str, str], moves: list[dict[str, str] | str]) -> dict[str, str]:
    return {**pieces, **{c: k for m in moves if isinstance(m, dict) for c, k in m.items()}}


def score_json(path: Path, *args: str) -> dict:
    done = run_pnp("score", str(path), "--json", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def without_record(scored: dict) -> dict:
    return {key: value for key, value in scored.items() if key not in ("moves", "at")}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", range(6))
def test_a_random_record_scores_as_its_pieces_do(tmp_path: Path, seed: int):
    """The JSON, and the report (its groups and cells filled), but for the record's first line."""
    pieces, moves, opening = random_record(seed)
    record = write(tmp_path, "rec.yaml", record_text(pieces, moves, opening))
    on_board = list(placed(pieces, moves).items())
    random.Random(seed).shuffle(on_board)           # the position lists the same pieces in another order
    position = write(tmp_path, "pos.yaml", record_text(dict(on_board), []))
    assert "moves" not in score_json(position)
    assert score_json(record) == {**score_json(position), "moves": len(moves), "at": len(moves)}
    report, alone = run_pnp("score", str(record)).stdout.splitlines(), run_pnp("score", str(position)).stdout
    assert report[0] == f"After move {len(moves)} of {len(moves)}."
    assert "\n".join(report[1:]) + "\n" == alone


@pytest.mark.parametrize("seed", range(2))
def test_at_n_is_the_record_cut_at_n(tmp_path: Path, seed: int):
    pieces, moves, opening = random_record(100 + seed)
    whole = write(tmp_path, "rec.yaml", record_text(pieces, moves, opening))
    for at in sorted({0, 1, 3, 4, len(moves) // 2, len(moves) - 1, len(moves)}):
        cut = score_json(write(tmp_path, f"cut{at}.yaml", record_text(pieces, moves[:at], opening)))
        scored = score_json(whole, "--at", str(at))
        assert (scored["moves"], scored["at"]) == (len(moves), at)
        assert without_record(scored) == without_record(cut), at


def numbers_drawn(svg: Path) -> dict[int, ET.Element]:
    root = ET.parse(svg).getroot()
    found = {int(el.get("data-move")): el for el in root.iter() if el.get("data-move")}
    assert len(found) == sum(1 for el in root.iter() if el.get("data-move")), "a move is numbered once"
    return found


def test_the_diagram_numbers_every_piece_with_its_move(tmp_path: Path):
    pieces, moves, opening = random_record(7)
    path = write(tmp_path, "rec.yaml", record_text(pieces, moves, opening))
    numbered = [n + 1 for n, m in enumerate(moves) if m != "swap"]
    for at in (len(moves), len(moves) // 2):
        out = tmp_path / f"at{at}.svg"
        done = run_pnp("diagram", str(path), "--at", str(at), "-o", str(out))
        assert done.returncode == 0, done.stderr
        drawn = numbers_drawn(out)
        assert sorted(drawn) == [n for n in numbered if n <= at]
        for number, element in drawn.items():   # each on the piece its move placed, the last one ringed
            ((cell, kind),) = moves[number - 1].items()
            assert element.get("data-piece") == kind
            rings = [el for el in element if el.get("class") == "ring"]
            last = number == max(drawn)
            assert (len(rings), "last-move" in element.get("class").split()) == (int(last), last), number
        texts = {el.text for el in ET.parse(out).getroot().iter(f"{SVG_NS}text")}
        assert {str(n) for n in drawn} <= texts


def test_numbers_stay_at_5_pt_where_the_diagram_is_narrow(tmp_path: Path):
    """A --width-mm whose cells cannot hold 5 pt numbers is refused, naming the least that can; at that width the
    numbers are 5 pt or more, and both writers print them."""
    out = tmp_path / "narrow.svg"
    refused = run_pnp("diagram", str(EXAMPLE), "--width-mm", "30", "-o", str(out))
    assert refused.returncode == 2 and not out.exists()
    least = re.search(r"give --width-mm ([\d.]+) or more", refused.stderr)
    assert least and float(least[1]) > 30, refused.stderr
    assert run_pnp("diagram", str(EXAMPLE), "--width-mm", least[1], "-o", str(out)).returncode == 0
    root = ET.parse(out).getroot()
    sizes = [float(el.get("font-size")) for number in root.iter() if number.get("data-number")
             for el in number.iter(f"{SVG_NS}text")]
    assert len(sizes) == 32 and min(sizes) >= FIVE_PT_MM - 1e-3
    pdf = tmp_path / "narrow.pdf"
    assert run_pnp("diagram", str(EXAMPLE), "--width-mm", least[1], "-o", str(pdf)).returncode == 0
    words = PdfReader(pdf).pages[0].extract_text().split()
    assert {"33", "32", "21", "1"} <= set(words)


def test_the_example_record(tmp_path: Path):
    """examples/positions/asterisk-8-record.yaml: a swap at move 4, a win at move 33, a numbered diagram."""
    scored = score_json(EXAMPLE)
    assert (scored["moves"], scored["at"], scored["winner"]) == (33, 33, "dark-hexagon-asterisk")
    assert score_json(EXAMPLE, "--at", "32")["winner"] is None
    report = run_pnp("score", str(EXAMPLE), "--at", "20")
    assert report.stdout.splitlines()[0] == "After move 20 of 33."
    out = tmp_path / "x.svg"
    assert run_pnp("diagram", str(EXAMPLE), "-o", str(out)).returncode == 0
    assert sorted(numbers_drawn(out)) == [n for n in range(1, 34) if n != 4]


# Each refusal: the moves (after the set-up `pieces: {h8: light-hexagon-empty}`), the opening, and the one line
# expected on stderr (line 7 is the first move's).
REFUSED = {
    "unknown cell": (["{z9: dark-circle-empty}"], "three-piece",
                     "8: moves[1]: move 2: 'z9' is not a cell of the side-8 board (a cell is a row's letter and the "
                     "row's number, rows counted from a1 at the apex down to a8 .. h8 along the bottom)"),
    "cell in pieces": (["{h8: dark-circle-empty}"], "three-piece",
                       "8: moves[1]: move 2: h8 is taken already, by a piece in pieces; a cell holds one piece"),
    "cell of a move": (["{c4: dark-circle-empty}", "{a2: light-circle-asterisk}", "{c4: dark-hexagon-empty}"],
                       "swap", "10: moves[3]: move 4: c4 is taken already, by move 2; a cell holds one piece"),
    "unknown type": (["{c4: dark-circl-empty}"], "three-piece",
                     "8: moves[1]: move 2: 'dark-circl-empty' is not a piece type; did you mean 'dark-circle-empty'?; "
                     "use one of: " + ", ".join(PIECE_TYPES)),
    "no type (null)": (["{c4: null}"], "three-piece",   # regression: said "None is not a piece type"
                       "8: moves[1]: move 2: nothing (null) is not a piece type; use one of: " + ", ".join(PIECE_TYPES)),
    "a long type": (["{c4: " + "x" * 3000 + "}"], "three-piece",   # regression: all 3000 characters were echoed
                    "8: moves[1]: move 2: '" + "x" * 39 + "…' is not a piece type; use one of: "
                    + ", ".join(PIECE_TYPES)),
    "a goal set": (["{c4: light-circle-empty}"], "three-piece",
                   "8: moves[1]: move 2: 'light-circle-empty' is one player's set of goals, not a piece; pieces are: "
                   + ", ".join(PIECE_TYPES)),
    "two entries": (["{c4: dark-circle-empty, c5: dark-circle-empty}"], "three-piece",
                    "8: moves[1]: move 2: the map holds 2 entries (c4, c5); a move places one piece: one cell and its "
                    "type, e.g. {c3: dark-circle-empty}"),
    "no entry": (["{}"], "three-piece", "8: moves[1]: move 2: the map holds no entry; a move places one piece: one "
                                        "cell and its type, e.g. {c3: dark-circle-empty}"),
    "a bare cell": (["c4"], "three-piece", "8: moves[1]: move 2: 'c4' is not a move; a move is one cell and its "
                                           "piece type, e.g. {c3: dark-circle-empty}, or swap"),
    "swap too early": (["swap"], "three-piece",
                       "8: moves[1]: move 2: swap is allowed only as move 4, the second player's first turn (the pie "
                       "rule); for a swap as move 2, set opening: swap"),
    "swap too late": (["{c4: dark-circle-empty}", "{c5: dark-hexagon-empty}", "swap"], "swap",
                      "10: moves[3]: move 4: swap is allowed only as move 2, the second player's first turn (the pie "
                      "rule); for a swap as move 4, set opening: three-piece"),
    "second swap": (["swap", "{c4: dark-circle-empty}", "swap"], "swap",
                    "10: moves[3]: move 4: a second swap; the pie rule allows one, as move 2"),
    "repeated type": (["{c4: dark-circle-empty}", "{c5: dark-hexagon-empty}"], "three-piece",
                      "9: moves[2]: move 3: dark-hexagon-empty, the same type as move 1; the three-piece opening "
                      "places three pieces of three different types (or set opening: swap)"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_wrong_move_is_refused_with_its_number_and_line(tmp_path: Path, case: str):
    more, opening, expected = REFUSED[case]
    moves = ["{a1: dark-hexagon-empty}", *more]
    path = write(tmp_path, "bad.yaml", record_text({"h8": "light-hexagon-empty"}, moves, opening))
    done = run_pnp("score", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{path}:{expected}\n"


def test_a_piece_beyond_the_set_is_refused_with_its_number(tmp_path: Path):
    moves = [{"a1": "light-circle-asterisk"}, {"a2": "dark-hexagon-empty"}, {"b2": "dark-circle-empty"},
             *({cell: "light-circle-asterisk"} for cell in ("a3", "b3", "c3", "a4", "b4", "c4"))]
    path = write(tmp_path, "many.yaml", record_text({"a8": "light-circle-asterisk"}, moves))
    done = run_pnp("score", str(path))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"{path}:14: moves[7]: move 8: light-circle-asterisk would be the 7th; the side-8 set holds 6 of each type",
        f"{path}:15: moves[8]: move 9: light-circle-asterisk would be the 8th; the side-8 set holds 6 of each type"]


def test_a_move_after_the_win_is_refused_naming_the_winning_move(tmp_path: Path):
    text = EXAMPLE.read_text(encoding="utf-8") + "  - {a6: light-circle-asterisk}\n"
    path = write(tmp_path, "late.yaml", text)
    done = run_pnp("score", str(path))
    line = len(EXAMPLE.read_text(encoding="utf-8").splitlines()) + 1
    assert done.returncode == 2
    assert done.stderr == (f"{path}:{line}: moves[33]: move 34 comes after the game ended: move 33 won it (Dark "
                           f"wins: dark and asterisk connect all three sides); end the record at move 33\n")
    assert run_pnp("diagram", str(path), "-o", str(tmp_path / "late.svg")).returncode == 2
    assert not (tmp_path / "late.svg").exists()


def test_the_longest_record_of_the_largest_board_is_what_the_record_bounds_are_measured_against():
    """The largest Asterisk board (side 200) holds the longest record any game can have: as many moves as a
    position's values allow, each a long cell id and the longest piece type. Written plainly (YAML one move a line,
    or text in numbered pairs) it is about LONGEST_RECORD_KB, as the bounds' messages say, and far within both
    bounds: a text record's RECORD_BYTES and a position file's 1 MiB."""
    from pnp.games.asterisk.position import _known
    from pnp.games.asterisk.spec import MAX_SIDE
    from pnp.positions.record import LONGEST_RECORD_KB
    from pnp.positions.text_games import form_of
    from pnp.positions.text_record import RECORD_BYTES, pairs
    from pnp.spec.yamlsafe import MAX_BYTES

    longest = max(PIECE_TYPES, key=len)
    cells = sorted(_known(MAX_SIDE), key=lambda cell: (-len(cell), cell))[:form_of("asterisk").most_moves()]
    text = "\n".join(pairs([f"{cell}={longest}" for cell in cells])) + "\n"
    written = f"game: asterisk\nboard: {{side: {MAX_SIDE}}}\nmoves:\n" + "".join(f"  - {{{cell}: {longest}}}\n" for cell in cells)
    assert (LONGEST_RECORD_KB - 10) * 1000 < max(len(text), len(written)) <= LONGEST_RECORD_KB * 1000
    assert len(text) * 4 <= RECORD_BYTES and len(written) * 8 <= MAX_BYTES
