"""Board codes: a Mudcrack Y board in eight characters, so two players far apart print the same board.

    2R0C-YR1Y   version (2), six payload characters, one check character

The characters, the forgiving reading (case, O for 0, I or L for 1, hyphens
and spaces), the mixing and the check character that catches every single
mistyped character and every swap of neighbours are pnp/codes.py's, shared
with Starry Night's sky codes. The payload is one number: the cells (MIN_CELLS
to MAX_CELLS) then the seed (0 to MAX_SEED) in mixed radix, 30 bits. The
version is the generator's (grow.py): version 1 codes, printed on the first
boards, still give those boards; new boards are version 2. How large the board
prints is not in the code: it changes the board's size, never its cells.
"""

from __future__ import annotations

from pnp.codes import CodeError, CodeFormat, capacity, pack, unpack
from pnp.boards.mudcrack.names import LATEST, MAX_CELLS, MAX_SEED, MIN_CELLS, VERSIONS, MudName

__all__ = ["BOARD", "CodeError", "decode", "encode", "normal"]

BOARD = CodeFormat(noun="board code", version=LATEST, payload=6, group=4, example="2R0C-YR1Y",
                   mix=0x363C5AB7,  # multiples up to 32 leave at least five of the six characters changed
                   reads=tuple(v for v in VERSIONS if v != LATEST))
RANGES = ((MIN_CELLS, MAX_CELLS), (0, MAX_SEED))    # cells, then seed (least significant)
assert capacity(RANGES) <= BOARD.modulus, "every board has a code"
assert BOARD.versions == VERSIONS, "a code for every way a board was ever grown"


def encode(cells: int, seed: int, version: int = LATEST) -> str:
    """The code of the board (cells, seed) grown by generator `version`, grouped for reading: 2R0C-YR1Y."""
    return BOARD.encode(pack((cells, seed), RANGES), version)


def decode(text: str) -> MudName:
    """The board a code names; CodeError if the text is not a board code."""
    version, number = BOARD.read(text)
    (cells, seed), rest = unpack(number, RANGES)
    if rest:
        raise CodeError(f"the code holds more than {MAX_CELLS} cells, the most a board may have; "
                        "it was not made by pnp")
    return MudName(cells, seed, version)


def normal(text: str) -> str:
    """A code as pnp prints it, from the way a person typed it."""
    return encode(*decode(text))
