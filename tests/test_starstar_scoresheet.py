"""The *Star score sheet and game record as printed: the right totals, every box on the page, every move numbered."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from printed import MARGIN_MM

from pnp.fonts import text_width
from pnp.geometry.rect import Rect


def build(tmp_path: Path, rings: int, paper: str = "a4") -> list[Path]:
    spec = write_spec(tmp_path, f"game: starstar\nname: s\noutputs: [scoresheet]\nboard: {{rings: {rings}}}\npaper: {paper}\n")
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    return sorted((tmp_path / "out" / "s").glob("scoresheet-*.svg"), key=lambda p: int(p.stem.split("-")[1]))


def fields(svg: Path) -> dict[str, Rect]:
    found = {}
    for el in parse_svg(svg).iter(f"{SVG_NS}polyline"):
        if el.get("data-field"):
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            found[el.get("data-field")] = Rect.from_edges(min(xs), min(ys), max(xs), max(ys))
    return found


def texts(svg: Path) -> list:
    return list(parse_svg(svg).iter(f"{SVG_NS}text"))


@pytest.mark.parametrize("rings,total,win", [(10, 51, 26), (8, 41, 21), (6, 31, 16), (4, 21, 11)])
def test_the_check_line_and_winning_score_follow_the_rings(tmp_path: Path, rings: int, total: int, win: int) -> None:
    first = build(tmp_path, rings)[0]
    words = " ".join(el.text or "" for el in texts(first))
    assert f"Red + Blue = {total}" in words and f"{win} wins" in words
    games = {int(m) for name in fields(first) for m in re.findall(r"-(\d+)$", name)}
    assert games and all(f"{p}-score-{g}" in fields(first) for p in ("red", "blue") for g in games)


@pytest.mark.parametrize("rings,paper", [(10, "a4"), (4, "letter"), (6, "'{width_mm: 105, height_mm: 148}'")])
def test_every_box_and_text_stays_inside_the_margins(tmp_path: Path, rings: int, paper: str) -> None:
    pages = build(tmp_path, rings, paper.strip("'"))
    for page in pages:
        root = parse_svg(page)
        width, height = (float(root.get(k).removesuffix("mm")) for k in ("width", "height"))
        inside = Rect(MARGIN_MM, MARGIN_MM, width - 2 * MARGIN_MM, height - 2 * MARGIN_MM)
        boxes = fields(page)
        assert all(inside.contains(b, tolerance=0.01) for b in boxes.values()), page.name
        listed = list(boxes.values())
        assert not any(_overlap(a, b) > 0.01 for i, a in enumerate(listed) for b in listed[i + 1:])
        for el in texts(page):
            size, x = float(el.get("font-size")), float(el.get("x"))
            w = text_width(el.text or "", size, "bold" in (el.get("font-weight") or ""))
            left = x - w / 2 if el.get("text-anchor") == "middle" else x - w if el.get("text-anchor") == "end" else x
            assert inside.x - 0.05 <= left and left + w <= inside.right + 0.05, (page.name, el.text)  # sizes are written to 3 decimals


def _overlap(a: Rect, b: Rect) -> float:
    """Area two boxes share (neighbouring boxes only share an edge)."""
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.bottom, b.bottom) - max(a.y, b.y)
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("rings", [4, 10])
def test_the_record_numbers_a_move_pair_for_every_two_cells(tmp_path: Path, rings: int) -> None:
    pages = build(tmp_path, rings)
    moves = sorted({int(name.split("-")[1]) for page in pages[1:] for name in fields(page) if name.startswith("move-")})
    cells = 5 * rings * (rings + 1) // 2
    assert moves == list(range(1, math.ceil(cells / 2) + 1))
    assert all(f"move-{m}-{p}" in fields(pages[-1]) or any(f"move-{m}-{p}" in fields(pg) for pg in pages)
               for m in moves for p in ("red", "blue"))


@pytest.mark.parametrize("rings,listed", [(10, "S60 A60 *60 T60 R60 S30 A30 *30 T30 R30"), (4, "S30 A30 *30 T30 R30")])
def test_the_handicap_reminder_lists_the_cells_the_board_has(tmp_path: Path, rings: int, listed: str) -> None:
    record = build(tmp_path, rings)[1]
    words = " ".join(el.text or "" for el in texts(record))
    assert f"order: {listed})" in words.replace("\n", " ") or listed in words
    if rings == 4:
        assert "S60" not in words


def test_svg_and_pdf_have_the_same_pages(tmp_path: Path) -> None:
    pages = build(tmp_path, 10)
    pdf = pdfium.PdfDocument(tmp_path / "out" / "s" / "scoresheet.pdf")
    assert len(pdf) == len(pages) == 2
    text = pdf[1].get_textpage().get_text_range()
    assert "138" in text and "game record" in text
