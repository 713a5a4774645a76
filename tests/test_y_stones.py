"""Y's stones and pencil pad as a user gets them: half the cells and the spares per colour, every stone fitting
the board's smallest cell (measured on the printed board), and pads of the same board with its code on each copy."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from printed import distance_to_segment

from pnp.boards.mudcrack.code import decode

TRIANGLE = "game: y\nname: y\noutputs: [board, stones, pad]\nboard: {{side: {side}}}\n{more}"
MUD = "game: y\nname: y\noutputs: [board, stones, pad]\nboard:\n  mudcrack: {{cells: {cells}, seed: {seed}}}\n{more}"


def build(tmp_path: Path, text: str) -> tuple[Path, dict]:
    spec = write_spec(tmp_path, text)
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    graph = run_pnp("graph", str(spec))
    return tmp_path / "out" / "y", json.loads(graph.stdout)


def stones_in(svg: Path) -> list[tuple[str, float]]:
    """(player, outer diameter) of every stone: the disc's radius plus half its rim."""
    found = []
    for group in parse_svg(svg).iter(f"{SVG_NS}g"):
        piece = group.get("data-piece") or ""
        if piece.startswith("stone-"):
            (disc,) = group.iter(f"{SVG_NS}circle")
            found.append((piece, 2 * float(disc.get("r")) + float(disc.get("stroke-width"))))
    return found


def smallest_room(graph: dict) -> float:
    """The diameter of the largest circle about its centre that the tightest cell holds, measured on the graph
    (the board's cells in mm at the size printed)."""
    return 2 * min(distance_to_segment(c["center"], a, b) for c in graph["cells"]
                   for a, b in zip(c["polygon"], c["polygon"][1:] + c["polygon"][:1]))


@pytest.mark.parametrize("text,clearance", [
    (TRIANGLE.format(side=13, more=""), 1.5),
    (TRIANGLE.format(side=8, more="stones: {clearance_mm: 3, spares: 5}"), 3.0),
    (MUD.format(cells=120, seed=7, more=""), 1.5),
    (MUD.format(cells=40, seed=1, more="stones: {spares: 0}"), 1.5),
])
def test_half_the_cells_per_colour_each_fitting_the_smallest_cell(tmp_path: Path, text: str, clearance: float) -> None:
    folder, graph = build(tmp_path, text)
    stones = stones_in(folder / "stones.svg")
    spares = 5 if "spares: 5" in text else 0 if "spares: 0" in text else 2
    for player in ("stone-red", "stone-blue"):
        assert sum(p == player for p, _ in stones) == math.ceil(len(graph["cells"]) / 2) + spares
    size = stones[0][1]
    assert all(abs(s - size) < 1e-6 for _, s in stones)
    room = smallest_room(graph)
    assert size + clearance <= room + 0.01, f"{size} mm stones and {clearance} mm clearance in a {room:.2f} mm cell"
    assert size + clearance >= room - 0.05, "as large as the smallest cell allows"


def test_a_stone_larger_than_the_smallest_mudcrack_cell_is_refused(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, MUD.format(cells=120, seed=7, more="stones: {size_mm: 9}"))
    done = run_pnp("validate", str(spec))
    assert done.returncode == 2 and "stones.size_mm" in done.stderr and "smallest cell" in done.stderr


def test_a_mudcrack_pad_repeats_the_board_with_its_code_on_each_copy(tmp_path: Path) -> None:
    folder, graph = build(tmp_path, MUD.format(cells=120, seed=7, more=""))
    root = parse_svg(folder / "pad.svg")
    boards = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "pad-board"]
    assert len(boards) >= 2, "several copies of the board on a sheet"
    for board in boards:
        codes = [g.get("data-code") for g in board.iter(f"{SVG_NS}g") if g.get("class") == "board-code"]
        assert codes == [graph["code"]] and decode(codes[0]) == (120, 7, 2)
        numbers = sorted(int(t.get("data-number")) for t in board.iter(f"{SVG_NS}text") if t.get("data-number"))
        assert numbers == list(range(1, 121))
        assert {t.get("data-field") for t in board.iter(f"{SVG_NS}text") if t.get("data-field")} >= {"red", "blue"}


def test_a_triangle_pad_at_its_cell_size(tmp_path: Path) -> None:
    folder, _ = build(tmp_path, TRIANGLE.format(side=9, more="pad: {cell_mm: 6}"))
    root = parse_svg(folder / "pad.svg")
    boards = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "pad-board"]
    assert len(boards) >= 4
    for board in boards:
        drawn = next(g for g in board.iter(f"{SVG_NS}g") if g.get("class") == "board")
        assert drawn.get("data-cell-mm") == "6.000" and len([e for e in drawn.iter() if e.get("data-cell")]) == 45


def test_too_much_clearance_on_a_mudcrack_board_names_what_gives_larger_cells(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, MUD.format(cells=120, seed=7, more="stones: {clearance_mm: 4}"))
    done = run_pnp("validate", str(spec))
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert ":6: stones.clearance_mm:" in line and "fewer board.mudcrack.cells" in line and "board.cell_mm" not in line
