"""The *Star pencil pad as printed: boards per sheet, each whole on the page, apart, with its record box."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from printed import MARGIN_MM

from pnp.geometry.rect import Rect


def build(tmp_path: Path, text: str) -> Path:
    spec = write_spec(tmp_path, text)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    return tmp_path / "out" / "p" / "pad.svg"


def boards_of(svg: Path) -> list:
    return [g for g in parse_svg(svg).iter(f"{SVG_NS}g") if "pad-board" in (g.get("class") or "").split()]


def box_of(group) -> Rect:
    """The extent of a pad board: its cells and its record box."""
    xs, ys = [], []
    for el in group.iter():
        for pair in (el.get("points") or "").split():
            x, y = map(float, pair.split(","))
            xs.append(x)
            ys.append(y)
    return Rect.from_edges(min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize("rings,paper,count", [(4, "a4", 4), (6, "a4", 2), (10, "a4", 1), (4, "a3", 9)])
def test_as_many_boards_as_fit_each_whole_and_apart(tmp_path: Path, rings: int, paper: str, count: int) -> None:
    svg = build(tmp_path, f"game: starstar\nname: p\noutputs: [pad]\npaper: {paper}\nboard: {{rings: {rings}}}\n")
    root = parse_svg(svg)
    width, height = float(root.get("width").removesuffix("mm")), float(root.get("height").removesuffix("mm"))
    boards = boards_of(svg)
    assert [g.get("data-board") for g in boards] == [str(n) for n in range(1, count + 1)]
    boxes = [box_of(g) for g in boards]
    page = Rect(MARGIN_MM, MARGIN_MM, width - 2 * MARGIN_MM, height - 2 * MARGIN_MM)
    assert all(page.contains(b) for b in boxes)
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    for group in boards:
        cells = [el for el in group.iter() if el.get("data-cell")]
        assert len(cells) == 5 * rings * (rings + 1) // 2
        fields = [el.get("data-field") for el in group.iter(f"{SVG_NS}text") if el.get("data-field")]
        assert fields == ["red", "blue", "first", "result"]


def test_pad_cells_are_pad_cell_mm_apart_and_light(tmp_path: Path) -> None:
    svg = build(tmp_path, "game: starstar\nname: p\noutputs: [pad]\nboard: {rings: 4}\npad: {cell_mm: 10}\n")
    (first, *_) = boards_of(svg)
    (board,) = [g for g in first.iter(f"{SVG_NS}g") if g.get("class") == "board"]
    assert float(board.get("data-cell-mm")) == pytest.approx(10.0)
    labels = [el for el in first.iter(f"{SVG_NS}text") if el.get("class") == "label"]
    assert labels and all(int(el.get("fill")[1:3], 16) >= 0xb0 for el in labels), "ids pale enough to write over"


def test_a_pad_board_too_big_for_the_paper_names_the_key(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "game: starstar\nname: p\noutputs: [pad]\npad:\n  cell_mm: 30\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert ":5: pad.cell_mm:" in result.stderr and "at most" in result.stderr
    assert not (tmp_path / "out").exists()
