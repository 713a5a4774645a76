"""Havannah's kit, built from its shipped definition alone: board, stones, pad, booklet, card; and its positions,
records and diagrams through the CLI, with the three wins the referee names."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import ShippedBuild, parse_svg, run_pnp, svg_elements_with
from pnp.definitions.shipped import shipped
from pnp.games.stones.examples import attempt

ROOT = Path(__file__).resolve().parent.parent
GAME = shipped("havannah")


@pytest.fixture(scope="module")
def kit(shipped_build: ShippedBuild) -> Path:
    """havannah-8's kit, read from the session's build of every shipped config (conftest.shipped_build: test_jobs.py
    holds its bytes to a build of each config in one process)."""
    return shipped_build.out / "havannah-8"


def pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return "\n".join(page.get_textpage().get_text_range() for page in pdf)


def test_the_board_has_every_cell_named_as_openspiel_names_them_and_its_six_corners_marked(kit: Path):
    root = parse_svg(kit / "board.svg")
    cells = {el.attrib["data-cell"] for el in svg_elements_with(root, "data-cell")}
    assert cells == set(GAME.graph(8).ids) and len(cells) == 169
    corners = [el for el in root.iter() if "corner" in el.attrib.get("class", "").split()]
    assert len(corners) == 6
    bands = [el for el in root.iter() if "side" in el.attrib.get("class", "").split()]
    assert len(bands) == 6
    labels = {el.attrib.get("data-column") or el.attrib.get("data-row") for el in svg_elements_with(root, "data-column")
              + svg_elements_with(root, "data-row")}
    assert {"a", "o", "1", "15"} <= labels   # every column a..o and row 1..15 named at least once
    assert {chr(ord("a") + i) for i in range(15)} | {str(r) for r in range(1, 16)} == labels


def test_the_stones_are_whites_and_blacks_half_the_board_each_and_the_spares(kit: Path):
    root = parse_svg(kit / "stones.svg")
    kinds = [el.attrib["data-piece"] for el in svg_elements_with(root, "data-piece")]
    assert kinds.count("stone-white") == kinds.count("stone-black") == 85 + 2
    assert "White (light)" in (kit / "stones.svg").read_text() and "Black (dark)" in (kit / "stones.svg").read_text()


def test_the_pad_names_the_players_the_pie_rule_and_the_command_that_reads_a_typed_record(kit: Path):
    text = (kit / "pad.svg").read_text()
    assert ">White<" in text and ">Black<" in text and ">Red<" not in text
    words = " ".join(el.text or "" for el in parse_svg(kit / "pad.svg").iter() if el.text)
    assert "pnp score game.txt --game havannah --base 8" in words
    assert "stone 1 becomes the second player's, on its own cell" in words


def test_the_booklet_credits_freeling_and_shows_a_checked_game_of_each_win(kit: Path):
    text = pdf_text(kit / "rules.pdf")
    assert "Christian Freeling" in text and "1979" in text
    for name in ("ring", "bridge", "fork"):
        assert f"wins with a {name}" in text, name
    assert "the first stone becomes theirs, on its own cell" in " ".join(text.split())
    card = pdf_text(kit / "card.pdf")
    assert "swap" in card and "fork" in card


@pytest.mark.parametrize("index, name, kind", [(0, "ring", "ring"), (1, "bridge", "connect"), (2, "fork", "connect")])
def test_pnp_score_names_each_win_and_its_cells(tmp_path: Path, index: int, name: str, kind: str):
    example = next(e for seed in range(40) if (e := attempt(GAME, 8, index, seed)) is not None)
    path = tmp_path / "game.yaml"
    path.write_text(f"game: havannah\nboard: {{base: 8}}\nfirst: {example.first}\n"
                    f"moves: [{', '.join(example.moves)}]\n", encoding="utf-8")
    done = run_pnp("score", str(path), "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["game"], found["winner"], found["goal"], found["goal_name"]) == ("havannah", example.winner, kind, name)
    assert set(found["path"]) <= set(example.moves)
    drawn = run_pnp("diagram", str(path), "--out", str(tmp_path / "d.svg"))
    assert drawn.returncode == 0, drawn.stderr
    root = parse_svg(tmp_path / "d.svg")
    assert len(svg_elements_with(root, "data-move")) == len(example.moves)
    assert svg_elements_with(root, "data-chain")


def test_a_text_record_takes_the_definitions_size_key_and_the_swap_takes_the_stone_over(tmp_path: Path):
    typed = tmp_path / "game.txt"
    typed.write_text("1. h8 swap  2. g7 i9\n", encoding="utf-8")
    done = run_pnp("score", str(typed), "--game", "havannah", "--base", "8", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] is None
    wrong = run_pnp("score", str(typed), "--game", "havannah", "--size", "8")
    assert wrong.returncode == 2 and "havannah takes --base" in wrong.stderr
    from pnp.games.stones.game import stone_game
    assert stone_game("havannah").played(["h8", "swap", "g7"], 8) == [(0, "h8", "black"), (2, "g7", "white")]


def test_scoring_a_full_base_10_board_takes_under_20_ms():
    cells = GAME.graph(10).ids
    owners = {cell: ("white", "black")[i % 2] for i, cell in enumerate(cells)}
    GAME.score_json(owners, 10)   # the board made once
    start = time.perf_counter()
    for _ in range(5):
        GAME.score_json(owners, 10)
    assert (time.perf_counter() - start) / 5 < 0.020
