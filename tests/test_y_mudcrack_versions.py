"""A board code names one board for ever (shared/GAMES.md): codes printed on the first Mudcrack Y boards (version 1)
still give exactly those boards, everywhere a code is read, while cells and a seed grow a version 2 board.

The version 1 boards below were fingerprinted with the generator as it was
before version 2 (commit 5f58340): every cell's id, exact corners, page points,
neighbours and sides, and the shape of `pnp graph`'s cells for a spec naming
the code. Version 2 boards are pinned alike, so they too stay as printed.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from test_y_mudcrack import fingerprint

from pnp.boards.mudcrack.code import decode, encode
from pnp.boards.mudcrack.grow import MAX_SEED, Mudcrack, mudcrack

# code -> (board fingerprint, shape digest of `pnp graph`'s cells), computed on commit 5f58340.
VERSION_1 = {
    "1000-000M": ("813a9eabdd04ebe449c4e8aedf4528820f97d0d842a465788f409e2847115d01",
                  "1c06641b42b7487febc3035d3164995016599dd05b427552b4caf20aaea1ba99"),
    "1FXR-PNQP": ("14b8c487db2d4315196c44f8ebf747e88c4179682c48517c3bfd27f9cbe17912",
                  "ffd7641e8711609b559ab4cbeb1dc6d5520c790ecab517a2102bae0c539ef5f1"),
    "1P7F-SEXR": ("b6ae393e53213fce217aefcf0d7cf74796d8271d065cf4045e1615f0d85f99cf",
                  "ec55e5ebfee99d16f7df2c474d96f585653605d106fa3cc538b810e9288c7c21"),
    "1R0C-YR17": ("42d30fa912b849f7acad3cc2171988653c1dd3447b560b753bce122e6ead68b4",
                  "5ecc9770a71633a47c1780ce586527dd7b507021f2ee30fb968c9fce4895a645"),
    "110T-DPR2": ("27507a13abe830aef18a189c6e8bef0927301136a4bc5d53841e8d16a5417749",
                  "653c6d19c3e2124d5a88efb821496e1f72a18903229cd4addfc7e1a02c1c4210"),
    "1XG7-9A90": ("51fc03d880d69b4d2f65f6a95d28279fa70ff77f44a6e6fcbdbfbc2aa516c2a2",
                  "885bd5151cc46ce95383d9e5613e73ac52755cb2773be775d6e965debca06828"),
    "1H3E-5654": ("f5d0943d5a6199cec8a9f5b4d15c16a2c57886727fd585ee07f160e74a5f3466", None),  # 500 cells: no paper
}
# (cells, seed) -> the version 2 board's fingerprint, as first shipped.
VERSION_2 = {
    (3, 0): "8332d41272f263bbcd21210abfab972bcd802a5e21713e76f66c63db4a8fa801",
    (30, 1): "155ba888575366a0c33e54eb6bdfffa3b1ca7561c3f67bb82c2525dc3957162c",
    (60, 11): "906e7a7f54d9d6bdd0a6e4d185cdc3a6efcedc560a4841193d8b0b9cfaf92262",
    (120, 7): "7ba75a98ed24b22d15c3d393f44800a4b3d038cc03d1c141d83e814a82f95f9d",
    (148, 2024): "df587718bb9678cb54a3f022b92992b71a030eb915f555ee1f7da28fe777488c",
    (200, MAX_SEED): "0ffeb93ee5ef750b67dc62a1215f9433a35a764a84db0eeffbd6d15f45efc6a3",
}
SPEC = "game: y\nname: m\noutputs: [{outputs}]\npaper: a3\nboard:\n  mudcrack: {mudcrack}\n{more}"


def shape_digest(cells: list[dict]) -> str:
    """`pnp graph`'s cells in the board's own frame (corners as shares of its width, to 1e-6), so the digest is the
    board's, wherever the page puts it: ids, neighbours, sides, corners."""
    xs = [x for c in cells for x, _ in c["polygon"]]
    ys = [y for c in cells for _, y in c["polygon"]]
    x0, y0, side = min(xs), min(ys), max(xs) - min(xs)
    shape = [(c["id"], c["neighbors"], c["sides"],
              [(round((x - x0) / side, 6), round((y - y0) / side, 6)) for x, y in c["polygon"]]) for c in cells]
    return hashlib.sha256(json.dumps(shape).encode()).hexdigest()


def graph_of(tmp_path: Path, mud: str) -> dict:
    done = run_pnp("graph", str(write_spec(tmp_path, SPEC.format(outputs="board", mudcrack=mud, more=""))))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("code", VERSION_1)
def test_a_version_1_code_gives_its_board_as_first_printed(tmp_path: Path, code: str):
    board_print, graph_print = VERSION_1[code]
    named = decode(code)
    assert named.version == 1 and encode(*named) == code
    assert fingerprint(mudcrack(*named)) == board_print
    if graph_print:
        graph = graph_of(tmp_path, f"{{code: {code}}}")
        assert graph["code"] == code and shape_digest(graph["cells"]) == graph_print


@pytest.mark.parametrize(("cells", "seed"), VERSION_2)
def test_version_2_boards_stay_as_first_shipped(cells: int, seed: int):
    board = mudcrack(cells, seed)
    assert board.version == 2 and fingerprint(board) == VERSION_2[cells, seed]
    assert decode(encode(cells, seed)) == (cells, seed, 2)


def test_cells_and_a_seed_print_a_version_2_code_and_an_old_code_prints_itself(tmp_path: Path):
    fresh = graph_of(tmp_path, "{cells: 120, seed: 7}")
    assert fresh["code"] == encode(120, 7) == "2R0C-YR1Y"
    by_code = graph_of(tmp_path, "{code: 2R0C-YR1Y}")
    assert by_code == fresh
    old = graph_of(tmp_path, "{code: 1R0C-YR17}")
    assert old["code"] == "1R0C-YR17" and old["cells"] != fresh["cells"]


def test_an_old_board_prints_as_it_did_its_pad_included(tmp_path: Path):
    """Its short edges are its own: a version 1 board is not refused for them, at any pad size, and its pages
    print its own code."""
    spec = write_spec(tmp_path, SPEC.format(outputs="board, pad", mudcrack="{code: 1R0C-YR17}", more="pad: {cell_mm: 5}\n"))
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "-f", "svg")
    assert done.returncode == 0, done.stderr
    for asset in ("board", "pad"):
        root = parse_svg(tmp_path / "out" / "m" / f"{asset}.svg")
        codes = {g.get("data-code") for g in root.iter(f"{SVG_NS}g") if g.get("data-code")}
        assert codes == {"1R0C-YR17"}, asset
        text = " ".join(el.text or "" for el in root.iter(f"{SVG_NS}text"))
        assert "1R0C-YR17" in text and "2R0C-YR1Y" not in text


def y_chain(board: Mudcrack) -> list[str]:
    """A group touching all three sides: the shortest path left to right, then the shortest from it to the base."""
    by_id = {c.id: c for c in board.cells}

    def path(starts: set[str], goal: str) -> list[str]:
        came = {s: None for s in starts}
        todo = deque(sorted(starts, key=int))
        while todo:
            here = todo.popleft()
            if goal in by_id[here].sides:
                found = [here]
                while came[found[-1]] is not None:
                    found.append(came[found[-1]])
                return found
            for near in by_id[here].neighbours:
                if near not in came:
                    came[near] = here
                    todo.append(near)
        raise AssertionError("the sides are joined")

    across = path({c.id for c in board.cells if "left" in c.sides}, "right")
    return sorted(set(across) | set(path(set(across), "bottom")), key=int)


def test_an_old_code_is_refereed_on_its_own_board(tmp_path: Path):
    """A game recorded with an old code is judged on the board that code named when it was played."""
    old = mudcrack(*decode("1R0C-YR17"))
    red = y_chain(old)
    position = write_spec(tmp_path, "game: y\nboard: {mudcrack: {code: 1R0C-YR17}}\n"
                                    f"stones: {{red: [{', '.join(red)}]}}\n", "old.yaml")
    done = run_pnp("score", str(position), "--json")
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["winner"] == "red"
    by_id = {c.id: c for c in old.cells}
    chain = verdict["path"]
    assert set(chain) <= set(red) and {s for c in chain for s in by_id[c].sides} == {"left", "right", "bottom"}
