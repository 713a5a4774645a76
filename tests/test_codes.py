"""Codes a person reads over the phone: the shared machinery (pnp/codes.py), Mudcrack Y's board codes, and
sky codes kept character for character as they were before the machinery was shared.

Board codes: every (cells, seed) round-trips; every single mistyped character,
swap of neighbours, dropped or doubled character is refused, never read as
another board; the ways people type are forgiven; messages say what is wrong.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.codes import ALPHABET, CodeError, CodeFormat, capacity, check_digit, grouped, pack, unpack
from pnp.games.starry_night import code as sky
from pnp.games.starry_night.rules import MAX_SEED as SKY_MAX_SEED, Recipe
from pnp.games.y import code as board
from pnp.games.y.code import BOARD, decode, encode, normal
from pnp.games.y.mudcrack import MAX_CELLS, MAX_SEED, MIN_CELLS

# Printed before the machinery was shared (pnp/games/starry_night/code.py at the commit before): must never change.
SKY_CODES = {
    Recipe(15, 26, 29, 2, True, 1): "1T6F-5A55-VAX9",
    Recipe(3, 2, 2, 1, False, 0): "1000-0000-0007",
    Recipe(40, 100, 100, 10, True, SKY_MAX_SEED): "17HD-D0H7-7D3Q",
    Recipe(12, 30, 20, 2, False, 424242): "1JQQ-KKHK-W9AX",
}
# Board codes as first printed: a board code on paper must name the same board for as long as pnp reads version 1.
BOARD_CODES = {(3, 0): "1000-000M", (120, 7): "1R0C-YR17", (200, 1): "189R-PNQB", (500, MAX_SEED): "14R7-9A9C"}


# --- the shared machinery ---------------------------------------------------------------------------


def test_sky_codes_are_unchanged_character_for_character():
    for recipe, text in SKY_CODES.items():
        assert sky.encode(recipe) == text and sky.decode(text) == recipe


def test_the_check_character_catches_every_single_change_and_every_swap():
    """Exhaustively over one position's neighbours, for random strings: the Damm quasigroup's promise."""
    rng = random.Random(3)
    for _ in range(200):
        digits = [rng.randrange(32) for _ in range(7)]
        whole = digits + [check_digit(digits)]
        assert check_digit(whole) == 0
        k = rng.randrange(len(whole))
        for other in range(32):
            if other != whole[k]:
                assert check_digit(whole[:k] + [other] + whole[k + 1:]) != 0
        if k + 1 < len(whole) and whole[k] != whole[k + 1]:
            assert check_digit(whole[:k] + [whole[k + 1], whole[k]] + whole[k + 2:]) != 0


def test_pack_and_unpack_are_mixed_radix_with_what_is_left_over():
    ranges = [(3, 5), (0, 9)]
    assert capacity(ranges) == 30
    assert [pack(values, ranges) for values in ([3, 0], [3, 9], [4, 0], [5, 9])] == [0, 9, 10, 29]
    assert unpack(29, ranges) == ([5, 9], 0) and unpack(30, ranges) == ([3, 0], 1)
    assert grouped("ABCDEFGHJ", 4) == "ABCD-EFGH-J"


def test_a_format_names_its_own_kind_in_messages():
    fmt = CodeFormat(noun="test code", version=2, payload=2, group=2, example="2A-B", mix=7)
    text = fmt.encode(100)
    assert fmt.decode(text) == 100 and text[0] == "2"
    with pytest.raises(CodeError, match=r"a test code has 4 characters \(like 2A-B\), this one has 3"):
        fmt.decode("2AB")
    with pytest.raises(CodeError, match="'U' .* not used in test codes"):
        fmt.decode("2AUB")


# --- board codes ------------------------------------------------------------------------------------

all_boards = st.tuples(st.integers(MIN_CELLS, MAX_CELLS), st.integers(0, MAX_SEED))


@settings(max_examples=300, deadline=None)
@given(all_boards)
def test_every_board_round_trips_through_its_code(named: tuple[int, int]):
    text = encode(*named)
    assert decode(text) == named and normal(text) == text
    assert len(text) == 9 and text[4] == "-" and text[0] == "1"
    assert set(text.replace("-", "")) <= set(ALPHABET)


def test_board_codes_are_as_first_printed_and_the_example_is_one():
    for named, text in BOARD_CODES.items():
        assert encode(*named) == text and decode(text) == named
    decode(BOARD.example)
    assert capacity(board.RANGES) <= BOARD.modulus


def test_boards_of_one_size_get_codes_that_look_unlike():
    """Seeds in a row: codes differ in most places, so two boards are never confused at a glance."""
    for cells in (3, 120, MAX_CELLS):
        pad = [encode(cells, seed) for seed in range(1, 9)]
        for a, b in itertools.combinations(pad, 2):
            assert sum(x != y for x, y in zip(a, b)) >= 5, (a, b)


def sample_codes() -> list[str]:
    return [encode(MIN_CELLS + k * 37 % (MAX_CELLS - MIN_CELLS + 1), k * 654_321 % (MAX_SEED + 1)) for k in range(25)]


@pytest.mark.parametrize("text", sample_codes())
def test_every_single_mistype_is_refused(text: str):
    """Each character replaced by each other one, each pair of neighbours swapped, each dropped, each doubled."""
    plain = text.replace("-", "")
    variants = set()
    for k, char in enumerate(plain):
        variants.update(plain[:k] + other + plain[k + 1:] for other in ALPHABET if other != char)
        variants.add(plain[:k] + plain[k + 1:])
        variants.add(plain[:k] + char + plain[k:])
        if k + 1 < len(plain) and plain[k] != plain[k + 1]:
            variants.add(plain[:k] + plain[k + 1] + plain[k] + plain[k + 2:])
    variants.discard(plain)
    assert len(variants) > 8 * 31
    for variant in variants:
        with pytest.raises(CodeError):
            decode(variant)


def test_how_people_type_a_code_is_forgiven():
    text = encode(120, 7)
    plain = text.replace("-", "")
    for typed in (text.lower(), plain, f"{plain[:4]} {plain[4:]}", f"  {text}  ", "1r0c - yr17"):
        assert decode(typed) == (120, 7)
    zeros = encode(3, 0)                                  # 1000-000M: version 1, then zeros
    assert decode(zeros.replace("0", "O").replace("1", "l")) == (3, 0)
    assert decode(zeros.replace("0", "o").replace("1", "I")) == (3, 0)


def test_messages_say_what_is_wrong_and_what_would_be_right():
    with pytest.raises(CodeError, match=r"a board code has 8 characters \(like 1R0C-YR17\), this one has 12"):
        decode(SKY_CODES[Recipe(15, 26, 29, 2, True, 1)])
    with pytest.raises(CodeError, match=r"'U' \(character 7\) is not used in board codes; they hold digits and "
                                        "letters other than I, L, O and U"):
        decode("1R0C-YU17")
    with pytest.raises(CodeError, match="check character does not match: a character is mistyped"):
        decode("1R0C-YR18")


def test_a_code_of_another_version_is_refused_by_name():
    digits = [2] + [ALPHABET.index(c) for c in encode(120, 7).replace("-", "")[1:-1]]
    with pytest.raises(CodeError, match="version 2; this pnp reads version 1"):
        decode("".join(ALPHABET[d] for d in digits + [check_digit(digits)]))


def test_a_well_checked_code_past_the_largest_board_is_refused():
    text = BOARD.encode(capacity(board.RANGES))           # one past (MAX_CELLS, MAX_SEED)
    with pytest.raises(CodeError, match=f"more than {MAX_CELLS} cells"):
        decode(text)
