"""The `mudcrack` block of a spec's or a position's board: a mudcrack board by cells and seed, or by its code.

    board: {mudcrack: {cells: 120, seed: 7}}     # seed omitted: 1
    board: {mudcrack: {code: 2R0C-YR1Y}}         # the same board, by the code printed on it

A block that names no board (`mix`) is said at its key by the plan or the
position file; `named()` is the board (cells, seed, version) a block names.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, field_validator

from pnp.boards.mudcrack.code import CodeError, decode, normal
from pnp.boards.mudcrack.names import DEFAULT_SEED, MAX_CELLS, MAX_SEED, MIN_CELLS, MudName
from pnp.spec.base import Strict
from pnp.spec.problems import Unplanned
from pnp.spec.yamlsafe import as_written


def number_as_text(value: object) -> object:
    """What YAML reads as a whole number is taken as its digits (a mud-crack cell 17, a code typed as digits only);
    anything else is checked as text. A number YAML reads from other than plain digits is taken as typed: `057` is
    the text '057' (no cell), not octal 47."""
    value = as_written(value)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def board_code(code: str | None) -> str | None:
    """A code read as a person typed it (case, O for 0, hyphens), as pnp prints it; any mistyped character is refused
    by the code's check."""
    if code is None:
        return None
    try:
        return normal(code)
    except CodeError as error:
        raise ValueError(f"{code!r} is not a board code: {error}") from None


CODE_HELP = "Instead of cells and seed: the board code printed on a Mudcrack Y board, e.g. 2R0C-YR1Y."
SEED_HELP = f"Which board of that many cells; omitted: {DEFAULT_SEED}. The same seed gives the same board anywhere."
# A board block's `code` (a grown board's name, read as typed) and `seed`, for any board grown from a seed
BoardCode = Annotated[str | None, BeforeValidator(number_as_text), Field(max_length=40), AfterValidator(board_code)]
Seed = Annotated[int | None, Field(ge=0, le=MAX_SEED)]


class MudcrackSpec(Strict):
    """A Mudcrack Y board: `cells` irregular cells grown from `seed`, or the board code that names such a board."""

    cells: Annotated[int | None, Field(ge=MIN_CELLS, le=MAX_CELLS, description=(
        "How many cells; the paper must give each room for a stone (pnp names the most that fit)."))] = None
    seed: Annotated[int | None, Field(ge=0, le=MAX_SEED, description=SEED_HELP)] = None
    code: Annotated[str | None, BeforeValidator(number_as_text), Field(max_length=40, description=CODE_HELP)] = None

    @field_validator("code")
    @classmethod
    def _a_board_code(cls, code: str | None) -> str | None:
        return board_code(code)

    def named(self) -> MudName | None:
        """The board (cells, seed, version), or None while neither cells nor a code is given (`mix` says so). Cells
        and a seed name a board of the latest generator; a code names the one it was printed on."""
        if self.code is not None:
            return decode(self.code)
        return None if self.cells is None else MudName(self.cells, DEFAULT_SEED if self.seed is None else self.seed)

    def mix(self, loc: tuple[str, ...]) -> list[Unplanned]:
        """Cells with a code, or a seed without cells, or nothing at all: each said at its key."""
        if self.code is not None:
            return [Unplanned((*loc, key), f"a board code names the cells and the seed already; give {key} or code, "
                              "not both") for key in ("cells", "seed") if getattr(self, key) is not None]
        if self.cells is None:
            return [Unplanned(loc, f"give cells ({MIN_CELLS} to {MAX_CELLS}, and a seed if you like) or the code "
                              "printed on a board, e.g. {cells: 120, seed: 7}")]
        return []


MUDCRACK_WORDS = ("A Mudcrack Y board instead of the triangle: cells and a seed, or a board code; as large as the paper "
                  "allows, its cells numbered 1 to N.")


def mudcrack_block() -> Any:
    """The `mudcrack` key: a block (so `pnp init` lists its keys) that means a Mudcrack Y board only when written."""
    return Field(default_factory=dict, validate_default=True, description=MUDCRACK_WORDS)
