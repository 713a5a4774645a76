"""Sky codes: everything that shaped a sky in twelve characters a person can read over the phone.

    106A-H61J-GAXD   version (1), ten payload characters, one check character

Characters are Crockford's base 32 (digits and capitals without I, L, O, U),
read case-blind, with O taken for 0 and I or L for 1, and hyphens and spaces
ignored. The payload is one number: the recipe's fields in mixed radix (each
field's range from rules.py), the seed lowest, then mixed (times an odd
constant modulo 2^50, a bijection) so that the skies of one pad, whose seeds
follow each other, get codes that look nothing alike. The check character is Damm's
algorithm over GF(32), so any one mistyped character and any two neighbours
swapped are always caught; a dropped or doubled character changes the length,
which is caught too. A code that passes names exactly one sky. Grid size and
paper are not in the code: they change how a sky prints, never where its stars are.
"""

from __future__ import annotations

from dataclasses import fields

from pnp.games.starry_night.rules import FRAME, GAP, MAX_SEED, STARS, Recipe

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ALIASES = {"O": "0", "I": "1", "L": "1"}
VERSION = 1
PAYLOAD = 10               # characters of 5 bits: 50 bits hold every recipe
GROUP = 4                  # characters per group as printed
LENGTH = 1 + PAYLOAD + 1
GF32_POLY = 0b100101       # x^5 + x^2 + 1, irreducible: the field the check character lives in
MODULUS = 1 << (5 * PAYLOAD)
MIX = 0x2E5BF271C3A5D       # odd, so multiplying by it modulo 2^50 can be undone
UNMIX = pow(MIX, -1, MODULUS)

# Each recipe field's range, in the order of the mixed-radix number (most significant first).
RANGES: dict[str, tuple[int, int]] = {
    "stars": STARS, "width": FRAME, "height": FRAME, "min_gap": GAP, "no_three_in_line": (0, 1), "seed": (0, MAX_SEED),
}
assert set(RANGES) == {f.name for f in fields(Recipe)}, "a code holds every field of a recipe"


class CodeError(ValueError):
    """A text that is not a sky code; the message says what is wrong with it."""


def encode(recipe: Recipe) -> str:
    """The recipe's code, grouped for reading: 106A-H61J-GAXD."""
    number = 0
    for name, (low, high) in RANGES.items():
        value = int(getattr(recipe, name))
        assert low <= value <= high, f"{name} {value} outside {low}..{high}"
        number = number * (high - low + 1) + value - low
    assert number < MODULUS
    number = number * MIX % MODULUS
    digits = [VERSION] + [(number >> (5 * k)) & 31 for k in reversed(range(PAYLOAD))]
    symbols = "".join(ALPHABET[d] for d in digits + [_damm(digits)])
    return "-".join(symbols[k:k + GROUP] for k in range(0, LENGTH, GROUP))


def decode(text: str) -> Recipe:
    """The recipe a code names; CodeError if the text is not a code (never another sky)."""
    digits = _digits(text)
    if len(digits) != LENGTH:
        raise CodeError(f"a sky code has {LENGTH} characters (like 106A-H61J-GAXD), this one has {len(digits)}")
    if _damm(digits) != 0:
        raise CodeError("the check character does not match: a character is mistyped; compare each with the printed code")
    if digits[0] != VERSION:
        raise CodeError(f"the code is of version {ALPHABET[digits[0]]}; this pnp reads version {VERSION} codes")
    number = 0
    for d in digits[1:-1]:
        number = number * 32 + d
    number = number * UNMIX % MODULUS
    values = {}
    for name, (low, high) in reversed(RANGES.items()):
        number, value = divmod(number, high - low + 1)
        values[name] = value + low
    if number:
        raise CodeError("the code holds a seed beyond the largest a sky may use; it was not made by pnp")
    return Recipe(**{name: bool(v) if name == "no_three_in_line" else v for name, v in values.items()})


def normal(text: str) -> str:
    """A code as pnp prints it, from the way a person typed it (case, spaces, O for 0, ...)."""
    return encode(decode(text))


def _digits(text: str) -> list[int]:
    """Each character's value; CodeError naming the first that is no code character."""
    digits = []
    for position, char in enumerate(text.strip().upper(), 1):
        if char in "- ":
            continue
        char = ALIASES.get(char, char)
        if char not in ALPHABET:
            raise CodeError(f"{char!r} (character {position}) is not used in sky codes; they hold digits and letters "
                            "other than I, L, O and U")
        digits.append(ALPHABET.index(char))
    return digits


def _times_x(value: int) -> int:
    """`value` times x in GF(32)."""
    value <<= 1
    return value ^ GF32_POLY if value & 32 else value


def _damm(digits: list[int]) -> int:
    """Damm's check over the quasigroup a * b = x (a + b) in GF(32): zero for a whole code.

    That quasigroup is totally anti-symmetric with a zero diagonal, which is what
    makes every single-character error and every swap of neighbours show.
    """
    interim = 0
    for d in digits:
        interim = _times_x(interim ^ d)
    return interim
