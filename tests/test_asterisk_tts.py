"""Asterisk's Tabletop Simulator kit: the board, the six piece types each in a bag of exactly a sixth of the board's
cells (shared/GAMES.md: side 8 has 6 of each, side 11 has 11), and the two goal markers on the table."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import run_pnp, write_spec

from pnp.games.asterisk.rules import PIECE_TYPES


@pytest.mark.parametrize("side, each", [(8, 6), (11, 11)])
def test_six_piece_types_in_bags_of_a_sixth_of_the_cells_and_both_goal_markers(side: int, each: int, tmp_path: Path):
    spec = write_spec(tmp_path, f"game: asterisk\nname: a\nboard: {{side: {side}}}\nformats: [tts]\n")
    done = run_pnp("build", str(spec), "-o", str(tmp_path / "out"), "-q")
    assert done.returncode == 0, done.stderr
    save = json.loads((tmp_path / "out" / "a" / "tts" / "a.json").read_text(encoding="utf-8"))

    def image(one: dict) -> str:
        return Path(urlparse(one["CustomImage"]["ImageURL"]).path).stem

    bags = {image(o["ContainedObjects"][0]): len(o["ContainedObjects"]) for o in save["ObjectStates"] if o["Name"] == "Bag"}
    assert bags == {kind: each for kind in PIECE_TYPES}
    assert sum(bags.values()) == side * (side + 1) // 2
    markers = sorted(image(o) for o in save["ObjectStates"] if o["Name"] == "Custom_Token")
    assert markers == ["marker-dark-hexagon-asterisk", "marker-light-circle-empty"]
    assert [image(o) for o in save["ObjectStates"] if o["Name"] == "Custom_Board"] == ["board"]
