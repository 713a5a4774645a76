"""Codes a person reads over the phone: the shared machinery (pnp/codes.py), Mudcrack Y's board codes, and
sky codes kept character for character as they were before the machinery was shared.

Board codes: every (cells, seed, version) round-trips; every single mistyped
character, swap of neighbours, dropped or doubled character is refused, never
read as another board; the ways people type are forgiven; messages say what is
wrong; version 1 codes, as first printed, still read as version 1.
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
from pnp.boards.mudcrack import code as board
from pnp.boards.mudcrack.code import BOARD, decode, encode, normal
from pnp.boards.mudcrack.grow import MAX_CELLS, MAX_SEED, MIN_CELLS, VERSIONS, MudName

# Printed before the machinery was shared (pnp/games/starry_night/code.py at the commit before): must never change.
SKY_CODES = {
    Recipe(15, 26, 29, 2, True, 1): "1T6F-5A55-VAX9",
    Recipe(3, 2, 2, 1, False, 0): "1000-0000-0007",
    Recipe(40, 100, 100, 10, True, SKY_MAX_SEED): "17HD-D0H7-7D3Q",
    Recipe(12, 30, 20, 2, False, 424242): "1JQQ-KKHK-W9AX",
}
# Board codes as first printed (version 1) and as version 2 prints them: a board code on paper names the same board
# for ever.
BOARD_CODES = {(3, 0, 1): "1000-000M", (120, 7, 1): "1R0C-YR17", (200, 1, 1): "189R-PNQB",
               (500, MAX_SEED, 1): "14R7-9A9C", (3, 0, 2): "2000-000D", (120, 7, 2): "2R0C-YR1Y",
               (60, 11, 2): "2P7F-SEX1"}


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
    assert fmt.decode(text) == 100 and text[0] == "2" and fmt.read(text) == (2, 100)
    with pytest.raises(CodeError, match=r"a test code has 4 characters \(like 2A-B\), this one has 3"):
        fmt.decode("2AB")
    with pytest.raises(CodeError, match="'U' .* not used in test codes"):
        fmt.decode("2AUB")


def test_a_format_reads_its_earlier_versions_and_writes_its_latest():
    fmt = CodeFormat(noun="test code", version=3, payload=2, group=2, example="3A-B", mix=7, reads=(1, 2))
    assert fmt.versions == (1, 2, 3)
    for version in (1, 2, 3):
        text = fmt.encode(100, version)
        assert text[0] == str(version) and fmt.read(text) == (version, 100) and fmt.decode(text) == 100
    assert fmt.encode(100) == fmt.encode(100, 3)
    old = CodeFormat(noun="test code", version=1, payload=2, group=2, example="1A-B", mix=7)
    with pytest.raises(CodeError, match="version 3; this pnp reads version 1 codes"):
        old.decode(fmt.encode(100))
    with pytest.raises(CodeError, match="version 4; this pnp reads version 1 and 2 and 3 codes"):
        digits = [4, 0, 0]
        fmt.decode("".join(ALPHABET[d] for d in digits + [check_digit(digits)]))


# --- board codes ------------------------------------------------------------------------------------

all_boards = st.tuples(st.integers(MIN_CELLS, MAX_CELLS), st.integers(0, MAX_SEED), st.sampled_from(VERSIONS))


@settings(max_examples=300, deadline=None)
@given(all_boards)
def test_every_board_round_trips_through_its_code(named: tuple[int, int, int]):
    text = encode(*named)
    assert decode(text) == named and normal(text) == text
    assert len(text) == 9 and text[4] == "-" and text[0] == str(named[2])
    assert set(text.replace("-", "")) <= set(ALPHABET)


def test_board_codes_are_as_first_printed_and_the_example_is_one():
    for named, text in BOARD_CODES.items():
        assert encode(*named) == text and decode(text) == named
    assert decode(BOARD.example) == MudName(120, 7, 2) == (120, 7, 2)
    assert encode(120, 7) == encode(120, 7, 2), "cells and a seed alone are a board of the latest version"
    assert capacity(board.RANGES) <= BOARD.modulus


def test_the_two_versions_of_a_board_differ_in_the_version_and_the_check_character():
    """The payload is laid out alike, so a person sees at once that two codes name one (cells, seed) of two
    generators; the check character still tells them apart, so neither is read as the other."""
    for named in ((3, 0), (120, 7), (MAX_CELLS, MAX_SEED)):
        first, second = encode(*named, 1), encode(*named, 2)
        assert first[1:-1] == second[1:-1] and first[0] == "1" and second[0] == "2" and first[-1] != second[-1]
        with pytest.raises(CodeError, match="check character"):
            decode("2" + first[1:])


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
    for typed in (text.lower(), plain, f"{plain[:4]} {plain[4:]}", f"  {text}  ", "2r0c - yr1y"):
        assert decode(typed) == (120, 7, 2)
    assert decode("1r0c - yr17") == (120, 7, 1)
    zeros = encode(3, 0, 1)                               # 1000-000M: version 1, then zeros
    assert decode(zeros.replace("0", "O").replace("1", "l")) == (3, 0, 1)
    assert decode(zeros.replace("0", "o").replace("1", "I")) == (3, 0, 1)


def test_messages_say_what_is_wrong_and_what_would_be_right():
    with pytest.raises(CodeError, match=r"a board code has 8 characters \(like 2R0C-YR1Y\), this one has 12"):
        decode(SKY_CODES[Recipe(15, 26, 29, 2, True, 1)])
    with pytest.raises(CodeError, match=r"'U' \(character 7\) is not used in board codes; they hold digits and "
                                        "letters other than I, L, O and U"):
        decode("1R0C-YU17")
    with pytest.raises(CodeError, match="check character does not match: a character is mistyped"):
        decode("1R0C-YR18")


def test_a_code_of_another_version_is_refused_by_name():
    digits = [3] + [ALPHABET.index(c) for c in encode(120, 7).replace("-", "")[1:-1]]
    with pytest.raises(CodeError, match="version 3; this pnp reads version 1 and 2 codes"):
        decode("".join(ALPHABET[d] for d in digits + [check_digit(digits)]))


def test_a_well_checked_code_past_the_largest_board_is_refused():
    text = BOARD.encode(capacity(board.RANGES))           # one past (MAX_CELLS, MAX_SEED)
    with pytest.raises(CodeError, match=f"more than {MAX_CELLS} cells"):
        decode(text)
