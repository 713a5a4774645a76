"""Text-column helpers and the one size search, without any game."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from pnp.geometry.rect import Rect
from pnp.layout.flow import clear_of, column_keep_out, groupings, largest, stack


@pytest.mark.parametrize("threshold", [0.0, 0.37, 7.25, 99.9])
def test_largest_finds_the_threshold_from_below(threshold: float) -> None:
    found = largest(lambda v: v <= threshold, 0.0, 100.0)
    assert found <= threshold and threshold - found < 100.0 / 2 ** 24


def test_fewer_steps_search_more_coarsely_and_never_overshoot() -> None:
    calls: list[float] = []

    def holds(v: float) -> bool:
        calls.append(v)
        return v <= math.pi

    found = largest(holds, 0.0, 10.0, steps=6)
    assert len(calls) == 7 and found <= math.pi and math.pi - found < 10.0 / 2 ** 6


def test_largest_is_the_top_when_it_holds_and_the_bottom_when_nothing_does() -> None:
    assert largest(lambda v: True, 1.0, 5.0) == 5.0
    assert largest(lambda v: False, 1.0, 5.0) == 1.0


def test_groupings_are_every_split_into_consecutive_columns() -> None:
    assert groupings(0) == [[]]
    assert groupings(3) == [[[0, 1, 2]], [[0], [1, 2]], [[0, 1], [2]], [[0], [1], [2]]]
    assert len(groupings(6)) == 2 ** 5


@dataclass
class Box:
    width: float
    height: float


def test_stack_puts_blocks_one_under_another() -> None:
    placed, height = stack([Box(5, 10), Box(5, 20), Box(5, 5)], 3.0, 7.0, 2.0)
    assert [at for _, at in placed] == [(3.0, 7.0), (3.0, 19.0), (3.0, 41.0)]
    assert height == 39.0
    assert stack([], 0.0, 0.0, 2.0) == ([], 0.0)


def test_a_column_keeps_out_everything_beside_and_above_it() -> None:
    left = column_keep_out(50.0, 10.0, 30.0, 2.0, "left")
    assert left.right == 52.0 and left.bottom == 42.0 and left.x == -math.inf and left.y == -math.inf
    assert not clear_of([Rect(40, 30, 5, 5)], [left])
    assert clear_of([Rect(53, 30, 5, 5), Rect(0, 43, 5, 5)], [left])
    right = column_keep_out(50.0, 10.0, 30.0, 2.0, "right")
    assert right.x == 48.0 and right.right == math.inf and not clear_of([Rect(100, 0, 5, 5)], [right])
