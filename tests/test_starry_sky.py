"""Starry Night's sky generator and sky codes, tested as pure functions.

Skies: seeded and reproducible, stars distinct, on intersections strictly
inside the frame, the gap held, no three in line when asked (checked with
exact integer arithmetic over every triple), impossible recipes refused
quickly. Codes: every recipe round-trips, and every single mistyped, swapped,
dropped or doubled character is refused rather than read as another sky.
"""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp.games.starry_night import code as codes
from pnp.games.starry_night.code import CodeError, decode, encode
from pnp.games.starry_night.rules import FRAME, GAP, MAX_SEED, STARS, Recipe
from pnp.games.starry_night.sky import NoSky, capacity, collinear, interior, make_sky

DEFAULT = Recipe(stars=15, width=26, height=29, min_gap=2, no_three_in_line=True, seed=1)


def crossing(a, b, c) -> int:
    """Twice the signed area of the triangle abc, in integers: zero exactly when the three are in line."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def assert_valid(recipe: Recipe, stars: tuple[tuple[int, int], ...]) -> None:
    assert len(stars) == recipe.stars
    assert len(set(stars)) == len(stars), "stars are distinct"
    for i, j in stars:
        assert type(i) is int and type(j) is int, "stars sit on intersections (whole grid units)"
        assert 0 < i < recipe.width and 0 < j < recipe.height, "inside the frame, off its edge"
    for a, b in itertools.combinations(stars, 2):
        assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= recipe.min_gap ** 2, (a, b)
    if recipe.no_three_in_line:
        for a, b, c in itertools.combinations(stars, 3):
            assert crossing(a, b, c) != 0, (a, b, c)


# --- skies -------------------------------------------------------------------------------------------


def test_same_seed_same_sky():
    assert make_sky(DEFAULT) == make_sky(Recipe(**{**DEFAULT.__dict__}))


def test_different_seeds_different_skies():
    skies = {make_sky(Recipe(**{**DEFAULT.__dict__, "seed": seed})).stars for seed in range(60)}
    assert len(skies) == 60


def test_the_global_random_generator_is_left_alone():
    import random

    random.seed(12345)
    expected = random.random()
    random.seed(12345)
    make_sky(DEFAULT)
    assert random.random() == expected


def test_stars_are_in_reading_order():
    stars = make_sky(DEFAULT).stars
    assert list(stars) == sorted(stars, key=lambda s: (s[1], s[0]))


recipes = st.builds(
    Recipe,
    stars=st.integers(STARS[0], 15),
    width=st.integers(12, 40),
    height=st.integers(12, 40),
    min_gap=st.integers(GAP[0], 3),
    no_three_in_line=st.booleans(),
    seed=st.integers(0, MAX_SEED),
)


@settings(max_examples=60, deadline=None)
@given(recipes)
def test_every_sky_keeps_every_rule(recipe: Recipe):
    try:
        sky = make_sky(recipe)
    except NoSky:  # e.g. 14 stars, 12 x 12, gap 3, no three in line: refused (a spec error), never a broken sky
        assume(False)
    assert_valid(recipe, sky.stars)


@pytest.mark.parametrize("seed", range(20))
def test_a_crowded_sky_still_keeps_every_rule(seed: int):
    """Near the limit the search works hardest; what it returns must still be right."""
    recipe = Recipe(stars=20, width=13, height=13, min_gap=1, no_three_in_line=True, seed=seed)
    assert_valid(recipe, make_sky(recipe).stars)


def test_without_the_rule_three_in_line_happens():
    """The rule is what keeps triples out: crowded skies without it have some."""
    found = 0
    for seed in range(10):
        recipe = Recipe(stars=30, width=10, height=10, min_gap=1, no_three_in_line=False, seed=seed)
        stars = make_sky(recipe).stars
        found += any(crossing(a, b, c) == 0 for a, b, c in itertools.combinations(stars, 3))
    assert found == 10


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(1, 30), st.integers(1, 30))
def test_collinear_is_exact(ax: int, ay: int, k: int, m: int):
    """Points a + t (k, m) are in line for every whole t; one unit off, never."""
    a, b, c = (ax, ay), (ax + k, ay + m), (ax + 3 * k, ay + 3 * m)
    assert collinear(a, b, c)
    assert not collinear(a, b, (c[0] + 1, c[1]))


def brute_force_most(recipe: Recipe) -> int:
    """The most stars the frame can hold, by trying every set (tiny frames only)."""
    points = interior(recipe.width, recipe.height)

    def allowed(chosen, p):
        if any((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 < recipe.min_gap ** 2 for q in chosen):
            return False
        return not (recipe.no_three_in_line and any(collinear(a, b, p) for a, b in itertools.combinations(chosen, 2)))

    best = 0

    def grow(chosen, start):
        nonlocal best
        best = max(best, len(chosen))
        for k in range(start, len(points)):
            if len(chosen) + len(points) - k <= best:
                return
            if allowed(chosen, points[k]):
                grow(chosen + [points[k]], k + 1)

    grow([], 0)
    return best


@pytest.mark.parametrize("width,height", [(3, 3), (4, 3), (5, 4), (5, 5), (6, 4)])
@pytest.mark.parametrize("gap", [1, 2, 3])
@pytest.mark.parametrize("rule", [True, False])
def test_the_counting_bound_never_refuses_a_sky_that_exists(width: int, height: int, gap: int, rule: bool):
    recipe = Recipe(stars=3, width=width, height=height, min_gap=gap, no_three_in_line=rule, seed=0)
    assert capacity(recipe) >= brute_force_most(recipe)


@pytest.mark.parametrize("recipe", [
    Recipe(stars=30, width=16, height=16, min_gap=1, no_three_in_line=True, seed=1),
    Recipe(stars=40, width=30, height=30, min_gap=4, no_three_in_line=True, seed=1),
    Recipe(stars=16, width=9, height=9, min_gap=1, no_three_in_line=True, seed=7),
], ids=["30-in-16", "40-gap-4", "16-in-9"])
def test_a_sky_too_hard_to_find_fails_quickly(recipe: Recipe):
    """Recipes that pass the counting bound but have no sky the search can find: NoSky within a second."""
    assert capacity(recipe) >= recipe.stars
    started = time.process_time()   # CPU time: a loaded machine (CI beside other work) does not count against it
    with pytest.raises(NoSky) as failed:
        make_sky(recipe)
    assert time.process_time() - started < 1.0
    assert 0 < failed.value.most < recipe.stars


def test_a_pad_of_eight_skies_of_fifteen_stars_is_quick():
    """The issue's budget: well under 50 ms for the pad (best of three, on a shared machine)."""
    def pad() -> float:
        started = time.perf_counter()
        for seed in range(1, 9):
            make_sky(Recipe(**{**DEFAULT.__dict__, "seed": seed}))
        return time.perf_counter() - started

    assert min(pad() for _ in range(3)) < 0.05


# --- codes -------------------------------------------------------------------------------------------

all_recipes = st.builds(
    Recipe,
    stars=st.integers(*STARS), width=st.integers(*FRAME), height=st.integers(*FRAME),
    min_gap=st.integers(*GAP), no_three_in_line=st.booleans(), seed=st.integers(0, MAX_SEED),
)


@settings(max_examples=300, deadline=None)
@given(all_recipes)
def test_every_recipe_round_trips_through_its_code(recipe: Recipe):
    text = encode(recipe)
    assert decode(text) == recipe
    assert len(text) == 14 and text[4] == text[9] == "-"
    assert text[0] == str(codes.VERSION), "the version marker leads"
    assert set(text.replace("-", "")) <= set(codes.ALPHABET)


def test_the_extreme_recipes_have_codes():
    for recipe in (Recipe(STARS[0], FRAME[0], FRAME[0], GAP[0], False, 0),
                   Recipe(STARS[1], FRAME[1], FRAME[1], GAP[1], True, MAX_SEED)):
        assert decode(encode(recipe)) == recipe


def test_skies_of_one_pad_get_codes_that_look_unlike():
    """Seeds in a row: codes should differ in most places, so two skies are never confused at a glance."""
    pad = [encode(Recipe(**{**DEFAULT.__dict__, "seed": seed})) for seed in range(1, 9)]
    for a, b in itertools.combinations(pad, 2):
        assert sum(x != y for x, y in zip(a, b)) >= 6, (a, b)


def sample_codes() -> list[str]:
    return [encode(Recipe(3 + k, 10 + 7 * k % 90, 12 + 5 * k % 80, 1 + k % 10, bool(k % 2), k * 7_654_321 % MAX_SEED))
            for k in range(25)]


@pytest.mark.parametrize("text", sample_codes())
def test_every_single_mistype_is_refused(text: str):
    """Each character replaced by each other one, each pair of neighbours swapped, each dropped, each doubled."""
    plain = text.replace("-", "")
    variants = set()
    for k, char in enumerate(plain):
        variants.update(plain[:k] + other + plain[k + 1:] for other in codes.ALPHABET if other != char)
        variants.add(plain[:k] + plain[k + 1:])
        variants.add(plain[:k] + char + plain[k:])
        if k + 1 < len(plain) and plain[k] != plain[k + 1]:
            variants.add(plain[:k] + plain[k + 1] + plain[k] + plain[k + 2:])
    variants.discard(plain)
    for variant in variants:
        with pytest.raises(CodeError):
            decode(variant)


def test_how_people_type_a_code_is_forgiven():
    text = encode(DEFAULT)
    plain = text.replace("-", "")
    for typed in (text.lower(), plain, " ".join([plain[:4], plain[4:8], plain[8:]]), f"  {text}  "):
        assert decode(typed) == DEFAULT
    zeros_and_ones = encode(Recipe(3, 2, 2, 1, False, 0))  # 1000-0000-0007: version 1, then zeros
    assert decode(zeros_and_ones.replace("0", "O").replace("1", "l")) == Recipe(3, 2, 2, 1, False, 0)


def test_messages_say_what_is_wrong():
    with pytest.raises(CodeError, match="12 characters"):
        decode("1K2M-9QXD")
    with pytest.raises(CodeError, match="'U'"):
        decode("1K2M-9QXD-4PZU")
    with pytest.raises(CodeError, match="mistyped"):
        decode(encode(DEFAULT)[:-1] + ("0" if encode(DEFAULT)[-1] != "0" else "1"))


def test_a_code_of_another_version_is_refused_by_name():
    """Version 2 with a correct check character: not read as a version-1 sky."""
    digits = [2] + [codes.ALPHABET.index(c) for c in encode(DEFAULT).replace("-", "")[1:-1]]
    text = "".join(codes.ALPHABET[d] for d in digits + [codes._damm(digits)])
    with pytest.raises(CodeError, match="version 2"):
        decode(text)
