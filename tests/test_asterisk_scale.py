"""Big boards stay linear: the solitaire start is worked out in one pass and the board's cells are built once.

Counted, not timed: wall clock on a shared machine proves little, while a count of
the work done per cell fails the day a quadratic step or a second pass comes back.
(`make bench` times a side-200 solitaire build and validate.)
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

import pytest

from conftest import write_spec

import pnp.games.asterisk.solitaire_layout as layout
from pnp.build import build_kit
from pnp.games.asterisk.board import AsteriskBoard, cell_count
from pnp.spec import read_kit



def solitaire_spec(side: int) -> str:
    """A solitaire-only spec with a deal, on paper large enough for the board."""
    return (f"game: asterisk\nname: s{side}\nboard: {{side: {side}}}\npieces: {{size_mm: 5}}\n"
            "outputs: [solitaire]\nsolitaire: {seed: 3}\npaper: {width_mm: 2000, height_mm: 2000}\n")


class Counter:
    """Wraps a function and counts its calls."""

    def __init__(self, real) -> None:
        self.real, self.calls = real, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.real(*args, **kwargs)


@pytest.fixture
def counted(monkeypatch):
    """Counters on the per-cell steps of the solitaire start and on building a board's cells."""
    found = {name: Counter(getattr(layout, name)) for name in ("solitaire_fill", "setup_of")}
    for name, counter in found.items():
        monkeypatch.setattr(layout, name, counter)
    cells = Counter(AsteriskBoard.cells.func)
    patched = cached_property(cells)
    patched.__set_name__(AsteriskBoard, "cells")
    monkeypatch.setattr(AsteriskBoard, "cells", patched)
    found["cells"] = cells
    return found


def test_a_side_200_solitaire_is_planned_in_one_pass_without_cell_geometry(tmp_path: Path, counted):
    kit = read_kit(write_spec(tmp_path, solitaire_spec(200)))
    cells = cell_count(200)
    assert counted["setup_of"].calls == 1
    assert counted["solitaire_fill"].calls == cells, "the ring rule once a cell"
    assert counted["cells"].calls == 0, "planning the start needs ids and rings, not polygons"
    start = kit.plan.solitaire.setup
    assert len(start.fill) + len(start.empty) == cells
    assert set(start.fill).isdisjoint(start.empty)
    assert len(start.dealt) == len(start.fill) and len(start.rest) == cells - len(start.fill)


def test_the_start_is_the_ring_rule_in_board_order(tmp_path: Path):
    """The one-pass start lists the same cells, in the same order, as the board's own cells."""
    kit = read_kit(write_spec(tmp_path, solitaire_spec(23)))
    start = kit.plan.solitaire.setup
    board = AsteriskBoard(23, 1.0)
    assert start.fill == tuple(c.id for c in board.cells if c.ring % 2 == 0)
    assert start.empty == tuple(c.id for c in board.cells if c.ring % 2 == 1)


def test_a_solitaire_build_plans_once_and_builds_the_cells_once(tmp_path: Path, counted):
    kit = read_kit(write_spec(tmp_path, solitaire_spec(60)))
    build_kit(kit, tmp_path / "out", ["svg"])
    assert counted["setup_of"].calls == 1
    assert counted["cells"].calls == 1
    assert (tmp_path / "out" / "s60" / "solitaire.svg").stat().st_size > 0
