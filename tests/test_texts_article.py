"""The article before a number, as it is read aloud (pnp/texts.py `article`): "an 11.4 mm circle", "a 7.8 mm circle".
Facts lines and messages put it before sizes and counts, so none says "a 11.4 mm"."""

from __future__ import annotations

import pytest

from pnp.texts import article


@pytest.mark.parametrize("number", [8, 8.5, "8", 11, "11.4", 11.4, 18, "18.2", 80, 84, 89, 800, 850, 899, 8000,
                                   11000, "11,400", 18000, 80000, 800000, 8_000_000, 11_000_000])
def test_a_number_read_from_eight_eleven_or_eighteen_takes_an(number):
    assert article(number) == "an"


@pytest.mark.parametrize("number", [0, 0.5, 1, 1.5, 2, 7, 7.8, 9, 10, 12, 17, 19, 20, 28, 81.0 + 10, 100, 108, 118,
                                    180, 888 + 12, 1000, 1100, 1800, 2000, 12000, 19000, 100000, "x", ""])
def test_every_other_number_takes_a(number):
    assert article(number) == "a"


def test_the_article_reads_the_number_that_starts_the_text():
    """A size as a facts line writes it ("11.4", "8 x 8") and numbers written with thousands separators."""
    assert [article(t) for t in ("11.4 mm", "8 x 8", "80 x 60", "7 x 11", " 8")] == ["an", "an", "an", "a", "an"]


def test_a_text_may_have_fields_called_name_and_path():
    """say()'s own parameters are positional-only, so a goal's `name` fills its text instead of clashing."""
    from pnp.texts import say

    assert say("stones", "goal.named", name="across") == "across"
    assert say("stones", "goal.named", name="down", path="ignored") == "down"
