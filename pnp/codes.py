"""Short codes a person can read over the phone: what sky codes and board codes share.

    106A-H61J-GAXD   a version character, payload characters, one check character

Characters are Crockford's base 32 (digits and capitals without I, L, O, U),
read case-blind, with O taken for 0 and I or L for 1, and hyphens and spaces
ignored. The payload is one number: a game's fields in mixed radix (`pack`),
then mixed (times an odd constant modulo 2^(5 x payload characters), a
bijection) so that neighbouring numbers, seeds that follow each other, get
codes that look nothing alike. The check character is Damm's algorithm over
GF(32), so any one mistyped character and any two neighbours swapped are
always caught; a dropped or doubled character changes the length, which is
caught too. A game's code module says what its number holds.

A format writes its latest version and reads its earlier ones too (`reads`):
a code printed long ago still names what it named, through the same payload
layout, and its version says which way the game makes it (a Mudcrack Y board
grown by an earlier generator).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ALIASES = {"O": "0", "I": "1", "L": "1"}
BITS = 5                   # one character holds a number below 2^5 = len(ALPHABET)
GF32_POLY = 0b100101       # x^5 + x^2 + 1, irreducible: the field the check character lives in
SEPARATORS = "- "          # typed between groups, ignored when read

Range = tuple[int, int]    # a field's least and largest value, both allowed


class CodeError(ValueError):
    """A text that is not a code of the kind asked for; the message says what is wrong with it."""


@dataclass(frozen=True)
class CodeFormat:
    """One kind of code: its name in messages, version, payload length, how it prints and mixes."""

    noun: str              # "sky code": what messages call it
    version: int           # the leading character's value
    payload: int           # characters of BITS bits each
    group: int             # characters per group as printed
    example: str           # a well-formed code, shown when a typed one has the wrong length
    mix: int               # odd, so multiplying by it modulo `modulus` can be undone
    reads: tuple[int, ...] = ()   # earlier versions still read, laid out as this one

    @property
    def versions(self) -> tuple[int, ...]:
        """Every version read, the one written last."""
        return (*self.reads, self.version)

    @property
    def length(self) -> int:
        """Version, payload and check character."""
        return 1 + self.payload + 1

    @property
    def modulus(self) -> int:
        """Every payload number is below this."""
        return 1 << (BITS * self.payload)

    def encode(self, number: int, version: int | None = None) -> str:
        """The code of a payload number, grouped for reading; in an earlier `version` for what was made by it."""
        assert 0 <= number < self.modulus, f"{number} does not fit {self.payload} characters"
        assert version is None or version in self.versions, f"version {version} is not one of {self.versions}"
        number = number * self.mix % self.modulus
        digits = [version or self.version] + [(number >> (BITS * k)) & 31 for k in reversed(range(self.payload))]
        return grouped("".join(ALPHABET[d] for d in digits + [check_digit(digits)]), self.group)

    def decode(self, text: str) -> int:
        """The payload number a code holds; CodeError if the text is not such a code."""
        return self.read(text)[1]

    def read(self, text: str) -> tuple[int, int]:
        """The version and the payload number a code holds; CodeError if the text is not such a code."""
        digits = self.digits(text)
        if len(digits) != self.length:
            raise CodeError(f"a {self.noun} has {self.length} characters (like {self.example}), "
                            f"this one has {len(digits)}")
        if check_digit(digits) != 0:
            raise CodeError("the check character does not match: a character is mistyped; "
                            "compare each with the printed code")
        if digits[0] not in self.versions:
            read = " and ".join(ALPHABET[v] for v in self.versions)
            raise CodeError(f"the code is of version {ALPHABET[digits[0]]}; this pnp reads version {read} codes")
        number = 0
        for d in digits[1:-1]:
            number = number * 32 + d
        return digits[0], number * pow(self.mix, -1, self.modulus) % self.modulus

    def digits(self, text: str) -> list[int]:
        """Each character's value; CodeError naming the first that is no code character."""
        digits = []
        for position, char in enumerate(text.strip().upper(), 1):
            if char in SEPARATORS:
                continue
            char = ALIASES.get(char, char)
            if char not in ALPHABET:
                raise CodeError(f"{char!r} (character {position}) is not used in {self.noun}s; they hold digits "
                                "and letters other than I, L, O and U")
            digits.append(ALPHABET.index(char))
        return digits


def grouped(symbols: str, size: int) -> str:
    """Hyphens every `size` characters: 106AH61JGAXD -> 106A-H61J-GAXD."""
    return "-".join(symbols[k:k + size] for k in range(0, len(symbols), size))


def pack(values: Sequence[int], ranges: Sequence[Range]) -> int:
    """Fields as one number in mixed radix, the first most significant; each must lie in its range."""
    number = 0
    for value, (low, high) in zip(values, ranges, strict=True):
        assert low <= value <= high, f"{value} outside {low}..{high}"
        number = number * (high - low + 1) + value - low
    return number


def unpack(number: int, ranges: Sequence[Range]) -> tuple[list[int], int]:
    """The fields `pack` made, and what is left over: nonzero when the number is too large for the fields."""
    values = []
    for low, high in reversed(ranges):
        number, value = divmod(number, high - low + 1)
        values.append(value + low)
    return values[::-1], number


def capacity(ranges: Sequence[Range]) -> int:
    """How many different field values there are: a format's modulus must be at least this."""
    count = 1
    for low, high in ranges:
        count *= high - low + 1
    return count


def _times_x(value: int) -> int:
    """`value` times x in GF(32)."""
    value <<= 1
    return value ^ GF32_POLY if value & 32 else value


def check_digit(digits: Sequence[int]) -> int:
    """Damm's check over the quasigroup a * b = x (a + b) in GF(32): zero for a whole code.

    That quasigroup is totally anti-symmetric with a zero diagonal, which is what
    makes every single-character error and every swap of neighbours show.
    """
    interim = 0
    for d in digits:
        interim = _times_x(interim ^ d)
    return interim
