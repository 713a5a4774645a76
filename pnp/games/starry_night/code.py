"""Sky codes: everything that shaped a sky in twelve characters a person can read over the phone.

    106A-H61J-GAXD   version (1), ten payload characters, one check character

The characters, the forgiving reading, the mixing and the check character are
pnp/codes.py's, shared with Mudcrack Y's board codes. The payload is one
number: the recipe's fields in mixed radix (each field's range from rules.py),
the seed lowest, mixed so that the skies of one pad, whose seeds follow each
other, get codes that look nothing alike. A code that passes names exactly one
sky. Grid size and paper are not in the code: they change how a sky prints,
never where its stars are.
"""

from __future__ import annotations

from dataclasses import fields

from pnp.codes import ALPHABET, CodeError, CodeFormat, capacity, check_digit, pack, unpack
from pnp.games.starry_night.rules import FRAME, GAP, MAX_SEED, STARS, Recipe

__all__ = ["ALPHABET", "CodeError", "SKY", "VERSION", "decode", "encode", "normal"]

VERSION = 1
SKY = CodeFormat(noun="sky code", version=VERSION, payload=10, group=4, example="106A-H61J-GAXD",
                 mix=0x2E5BF271C3A5D)  # 10 characters of 5 bits: 50 bits hold every recipe

# Each recipe field's range, in the order of the mixed-radix number (most significant first).
RANGES: dict[str, tuple[int, int]] = {
    "stars": STARS, "width": FRAME, "height": FRAME, "min_gap": GAP, "no_three_in_line": (0, 1), "seed": (0, MAX_SEED),
}
assert set(RANGES) == {f.name for f in fields(Recipe)}, "a code holds every field of a recipe"
assert capacity(RANGES.values()) <= SKY.modulus, "every recipe has a code"

_damm = check_digit  # the check character's name in the sky-code tests


def encode(recipe: Recipe) -> str:
    """The recipe's code, grouped for reading: 106A-H61J-GAXD."""
    return SKY.encode(pack([int(getattr(recipe, name)) for name in RANGES], list(RANGES.values())))


def decode(text: str) -> Recipe:
    """The recipe a code names; CodeError if the text is not a code (never another sky)."""
    values, rest = unpack(SKY.decode(text), list(RANGES.values()))
    if rest:
        raise CodeError("the code holds a seed beyond the largest a sky may use; it was not made by pnp")
    fields_ = dict(zip(RANGES, values))
    return Recipe(**{name: bool(v) if name == "no_three_in_line" else v for name, v in fields_.items()})


def normal(text: str) -> str:
    """A code as pnp prints it, from the way a person typed it (case, spaces, O for 0, ...)."""
    return encode(decode(text))
