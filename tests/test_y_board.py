"""Y's boards as a user gets them: `pnp graph` against the rules of shared/GAMES.md, the board pages (sides,
coordinates, numbers, the board code), Mudcrack Y specs refused or rebuilt by code, and the same bytes on reruns."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from conftest import PT_PER_MM, SVG_NS, files_under, parse_svg, run_pnp, write_spec

from pnp.boards.lattice.ids import letters
from pnp.boards.mudcrack.code import decode, encode
from pnp.boards.mudcrack.grow import largest_cells, mudcrack

MUD = "game: y\nname: {name}\noutputs: [{outputs}]\nboard:\n  mudcrack: {mudcrack}\n{more}"
TRIANGLE = "game: y\nname: {name}\noutputs: [{outputs}]\nboard: {board}\n{more}"


def graph_of(tmp_path: Path, text: str) -> dict:
    spec = write_spec(tmp_path, text)
    done = run_pnp("graph", str(spec))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def build(tmp_path: Path, text: str, name: str = "y", *options: str) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    spec = write_spec(tmp_path, text, f"{name}.yaml")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), *options)
    assert done.returncode == 0, done.stderr
    return tmp_path / "out" / name


def expected_triangle(n: int) -> dict[str, tuple[set[str], set[str]]]:
    """Each id of the side-n triangle with its neighbours and sides, worked out from GAMES.md's rules alone: row r
    from the apex holds columns 1..r; (r, c) touches (r, c±1), (r-1, c-1), (r-1, c), (r+1, c), (r+1, c+1)."""
    cells = {(r, c) for r in range(1, n + 1) for c in range(1, r + 1)}
    found = {}
    for r, c in cells:
        near = {(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c), (r + 1, c + 1)} & cells
        sides = {name for name, on in (("left", c == 1), ("right", c == r), ("bottom", r == n)) if on}
        found[f"{letters(c)}{r}"] = ({f"{letters(cc)}{rr}" for rr, cc in near}, sides)
    return found


@pytest.mark.parametrize("n", range(2, 21))
def test_the_triangle_graph_is_ys_board(tmp_path: Path, n: int) -> None:
    graph = graph_of(tmp_path, TRIANGLE.format(name="g", outputs="board", board=f"{{side: {n}}}", more=""))
    assert graph["game"] == "y" and len(graph["cells"]) == n * (n + 1) // 2
    want = expected_triangle(n)
    got = {c["id"]: (set(c["neighbors"]), set(c["sides"])) for c in graph["cells"]}
    assert got == want
    assert [c["id"] for c in graph["cells"]][:3] == (["a1", "a2", "b2"] if n > 1 else ["a1"]), "reading order"
    assert "code" not in graph


def test_the_board_page_marks_three_sides_apart_in_grey_and_labels_rows_and_diagonals(tmp_path: Path) -> None:
    root = parse_svg(build(tmp_path, TRIANGLE.format(name="y", outputs="board", board="{side: 9}", more="")) / "board.svg")
    cells = [el for el in root.iter() if el.get("data-cell")]
    assert len(cells) == 45
    bands = {el.get("class").split()[-1]: el.get("stroke") for el in root.iter() if "side " in (el.get("class") or "")}
    assert set(bands) == {"side-left", "side-right", "side-bottom"}
    greys = sorted(grey(colour) for colour in bands.values())
    assert min(b - a for a, b in zip(greys, greys[1:])) >= 40, f"the sides differ in black and white too: {greys}"
    rows = {el.get("data-row") for el in root.iter(f"{SVG_NS}text") if el.get("data-row")}
    diagonals = {el.text for el in root.iter(f"{SVG_NS}text") if el.get("data-diagonal")}
    assert rows == {str(r) for r in range(1, 10)} and diagonals == {letters(c) for c in range(1, 10)}


def grey(colour: str) -> float:
    """A colour's grey in a black-and-white print (luma)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_a_mudcrack_graph_numbers_its_cells_and_gives_its_code(tmp_path: Path) -> None:
    graph = graph_of(tmp_path, MUD.format(name="m", outputs="board", mudcrack="{cells: 80, seed: 5}", more=""))
    board = mudcrack(80, 5)
    assert [c["id"] for c in graph["cells"]] == [str(k) for k in range(1, 81)]
    assert decode(graph["code"]) == (80, 5, 2) and graph["code"] == encode(80, 5)
    for record, cell in zip(graph["cells"], board.cells):
        assert record["neighbors"] == sorted(cell.neighbours) and record["sides"] == list(cell.sides)
    assert {s for c in graph["cells"] for s in c["sides"]} == {"left", "right", "bottom"}


def test_the_mudcrack_page_prints_every_number_and_the_code_the_graph_gives(tmp_path: Path) -> None:
    text = MUD.format(name="m", outputs="board", mudcrack="{cells: 120, seed: 7}", more="")
    root = parse_svg(build(tmp_path, text, "m") / "board.svg")
    graph = graph_of(tmp_path, text)
    numbers = [el for el in root.iter(f"{SVG_NS}text") if el.get("data-number")]
    assert sorted(int(el.text) for el in numbers) == list(range(1, 121))
    assert all(float(el.get("font-size")) * PT_PER_MM >= 5 - 1e-6 for el in numbers), "no number under 5 pt"
    corner = next(el for el in root.iter(f"{SVG_NS}g") if el.get("class") == "board-code")
    printed = [el.text for el in corner.iter(f"{SVG_NS}text")]
    assert graph["code"] in printed and decode(graph["code"]) == (120, 7, 2)
    page_text = " ".join(el.text or "" for el in root.iter(f"{SVG_NS}text"))
    assert f"board code {graph['code']}" in page_text, "the facts line names the code too"
    for el in numbers:   # each number stands at its cell's centre, as the graph gives it
        cell = graph["cells"][int(el.text) - 1]
        assert cell["id"] == el.text


def test_a_board_built_from_its_code_is_the_same_board(tmp_path: Path) -> None:
    by_seed = graph_of(tmp_path, MUD.format(name="m", outputs="board", mudcrack="{cells: 60, seed: 11}", more=""))
    typed = encode(60, 11).lower().replace("0", "o").replace("-", " ")   # as a person might type it
    by_code = graph_of(tmp_path, MUD.format(name="m", outputs="board", mudcrack=f"{{code: '{typed}'}}", more=""))
    assert by_code == by_seed


def test_the_same_seed_builds_the_same_bytes(tmp_path: Path) -> None:
    text = MUD.format(name="m", outputs="board, stones, pad", mudcrack="{cells: 90, seed: 4}", more="")

    def digest(run: str) -> dict[str, str]:
        folder = build(tmp_path / run, text, "m")
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files_under(folder)}

    first, again = digest("a"), digest("b")
    assert first == again and len(first) == 6
    other = build(tmp_path / "c", text.replace("seed: 4", "seed: 5"), "m")
    assert (other / "board.svg").read_bytes() != (tmp_path / "a" / "out" / "m" / "board.svg").read_bytes()


def refused(tmp_path: Path, text: str) -> list[str]:
    spec = write_spec(tmp_path, text)
    done = run_pnp("validate", str(spec))
    assert done.returncode == 2, done.stdout
    assert "Traceback" not in done.stderr
    return done.stderr.strip().splitlines()


@pytest.mark.parametrize("paper,wanted", [("a4", 200), ("a6", 60), ("a3", 400)])
def test_too_many_cells_are_refused_naming_the_paper_and_the_most_that_fit(tmp_path: Path, paper: str,
                                                                           wanted: int) -> None:
    (line,) = refused(tmp_path, MUD.format(name="m", outputs="board", mudcrack=f"{{cells: {wanted}, seed: 2}}",
                                           more=f"paper: {paper}"))
    assert ":5: board.mudcrack.cells:" in line and f"{paper} paper" in line
    found = re.search(r"at most (\d+) fit", line)
    assert found, line
    largest = int(found[1])
    assert largest < wanted
    side = float(re.search(r"board (\d+(?:\.\d+)?) mm a side", line)[1])
    assert abs(largest - largest_cells(3.5 / side)) <= 1, "the mudcrack module's count for that side"
    for seed in (1, 2, 3):   # the most that fit does fit, whatever the seed
        ok = run_pnp("validate", str(write_spec(tmp_path, MUD.format(
            name="m", outputs="board", mudcrack=f"{{cells: {largest}, seed: {seed}}}", more=f"paper: {paper}"))))
        assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize("board,field,words", [
    ("  side: 9\n  mudcrack: {cells: 50}", "board.side", "is for the triangle"),
    ("  mudcrack: {cells: 50, code: 1R0C-YR17}", "board.mudcrack.cells", "give cells or code, not both"),
    ("  mudcrack: {}", "board.mudcrack", "give cells"),
    ("  mudcrack: {code: 1R0C-YR18}", "board.mudcrack.code", "check character does not match"),
    ("  mudcrack: {code: 1R0C-YR1}", "board.mudcrack.code", "has 8 characters"),
    ("  mudcrack: {cells: 2}", "board.mudcrack.cells", "at least 3"),
    ("  side: 41", "board.side", "at most 40"),
])
def test_a_board_block_that_names_no_board_is_refused_at_its_key(tmp_path: Path, board: str, field: str,
                                                                 words: str) -> None:
    lines = refused(tmp_path, f"game: y\nname: m\nboard:\n{board}\n")
    assert any(f": {field}: " in line and words in line for line in lines), lines


def test_every_single_character_error_in_a_code_is_refused(tmp_path: Path) -> None:
    code = encode(120, 7).replace("-", "")
    for i, char in enumerate(code[:3]):   # the CLI path for a few; tests/test_codes.py covers every one
        wrong = code[:i] + ("1" if char != "1" else "2") + code[i + 1:]
        lines = refused(tmp_path, MUD.format(name="m", outputs="board", mudcrack=f"{{code: {wrong}}}", more=""))
        assert any("board.mudcrack.code" in line for line in lines), lines


def test_pnp_init_y_writes_a_spec_that_builds(tmp_path: Path) -> None:
    done = run_pnp("init", "y", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "y.yaml").read_text()
    assert "#   mudcrack:" in text and "#     code:" in text
    spec = write_spec(tmp_path, text.replace("name: y", "name: y\noutputs: [board, stones, pad]", 1), "own.yaml")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out")).returncode == 0


@pytest.mark.parametrize("room, said", [(11.4, "an 11.4 mm"), (8.0, "an 8 mm"), (18.25, "an 18.2 mm"), (7.8, "a 7.8 mm")])
def test_the_mudcrack_facts_line_puts_the_right_article_before_the_smallest_cells_size(room: float, said: str) -> None:
    from pnp.cellboard.mudcrack import PlacedMudcrack, mudcrack_board
    from pnp.games.stones.assets import facts
    from pnp.games.stones.draw import Extras
    from pnp.games.stones.game import on_board

    board = PlacedMudcrack(mudcrack_board(60, 11), room)
    assert f"the smallest cell holds {said} circle" in facts(board, Extras(on_board("y", "mudcrack"), False))
