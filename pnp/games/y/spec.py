"""The Y spec: the board (a lattice triangle, or a Mudcrack Y board), stones and pad on the shared base.

    board: {side: 13, cell_mm: 12, coordinates: true}         # the triangle
    board: {mudcrack: {cells: 120, seed: 7}}                   # a Mudcrack Y board (seed omitted: 1)
    board: {mudcrack: {code: 2R0C-YR1Y}}                       # the same board, by the code printed on it

A Mudcrack Y board is as large as the paper allows, so `side`, `cell_mm` and
`coordinates` are for the triangle only; `BoardChoice.mix` names any given
beside `mudcrack` (the plan and the position file report it at the key's line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator

from pnp.boards.blocks import PadSpec, StonesSpec
from pnp.games.y.code import CodeError, decode, normal
from pnp.games.y.mudcrack import MAX_CELLS, MAX_SEED, MIN_CELLS, MudName
from pnp.games.y.rules import DEFAULT_SEED, DEFAULT_SIDE, LARGEST_SIDE, SMALLEST_SIDE
from pnp.games.y.style import YStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SMALLEST_CELL_MM, SpecBase, Strict
from pnp.spec.fields import UniqueList
from pnp.spec.problems import Unplanned
from pnp.spec.yamlsafe import as_written

ASSETS = ("board", "stones", "pad")
OUTPUTS = ASSETS + SHARED_ASSETS
YOutput = Literal[OUTPUTS]  # type: ignore[valid-type]
TRIANGLE_ONLY = ("side", "cell_mm", "coordinates")   # board keys that mean nothing on a Mudcrack Y board


def number_as_text(value: object) -> object:
    """What YAML reads as a whole number is taken as its digits (a mud-crack cell 17, a code typed as digits only);
    anything else is checked as text. A number YAML reads from other than plain digits is taken as typed: `057` is
    the text '057' (no cell), not octal 47."""
    value = as_written(value)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class YStyleSpec(BaseStyleSpec, style=YStyle):
    """Y's own colours (see pnp/games/y/style.py)."""


class MudcrackSpec(Strict):
    """A Mudcrack Y board: `cells` irregular cells grown from `seed`, or the board code that names such a board."""

    cells: Annotated[int | None, Field(ge=MIN_CELLS, le=MAX_CELLS, description=(
        "How many cells; the paper must give each room for a stone (pnp names the most that fit)."))] = None
    seed: Annotated[int | None, Field(ge=0, le=MAX_SEED, description=(
        f"Which board of that many cells; omitted: {DEFAULT_SEED}. The same seed gives the same board anywhere."))] = None
    code: Annotated[str | None, BeforeValidator(number_as_text), Field(max_length=40, description=(
        "Instead of cells and seed: the board code printed on a Mudcrack Y board, e.g. 2R0C-YR1Y."))] = None

    @field_validator("code")
    @classmethod
    def _a_board_code(cls, code: str | None) -> str | None:
        """Read as a person typed it (case, O for 0, hyphens); any mistyped character is refused by the code's check."""
        if code is None:
            return None
        try:
            return normal(code)
        except CodeError as error:
            raise ValueError(f"{code!r} is not a board code: {error}") from None

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


class BoardChoice(Strict):
    """What a spec's and a position file's board block share: the triangle's side, or a written `mudcrack` block."""

    side: Annotated[int, Field(ge=SMALLEST_SIDE, le=LARGEST_SIDE, description="Cells along each side of the triangle.")] = DEFAULT_SIDE
    if TYPE_CHECKING:
        mudcrack: MudcrackSpec   # declared last by each block, after the triangle's own keys

    def named(self) -> MudName | None:
        """The Mudcrack Y board written, None for the triangle (or a block naming no board)."""
        return self.mudcrack.named() if "mudcrack" in self.model_fields_set else None

    def mix(self, loc: tuple[str, ...] = ("board",)) -> list[Unplanned]:
        """What the block asks that cannot be: triangle keys beside `mudcrack`, or a mudcrack block naming no board."""
        if "mudcrack" not in self.model_fields_set:
            return []
        found = [Unplanned((*loc, key), "is for the triangle; a Mudcrack Y board is as large as the paper allows and "
                           "numbers its cells, so leave it out (or leave out board.mudcrack)")
                 for key in TRIANGLE_ONLY if key in self.model_fields_set]
        return found + self.mudcrack.mix((*loc, "mudcrack"))


class YBoardSpec(BoardChoice):
    """The board: a triangle of hexagons of side `side`, or a Mudcrack Y board (`mudcrack`)."""

    cell_mm: Annotated[float | None, Field(ge=SMALLEST_CELL_MM, le=200, description=(
        "Cell size across flats; omitted: the largest that fits the paper."))] = None
    coordinates: Annotated[bool, Field(description="Row numbers and letters along the edges.")] = True
    mudcrack: MudcrackSpec = mudcrack_block()


class YSpec(SpecBase):
    """A Y print-and-play kit."""

    game: Literal["y"]
    outputs: UniqueList[YOutput] = list(OUTPUTS)
    style: YStyleSpec = EMPTY
    board: YBoardSpec = EMPTY
    stones: StonesSpec = EMPTY
    pad: PadSpec = EMPTY

    @property
    def display_title(self) -> str:
        if self.title:
            return self.title
        named = self.board.named()
        if named is not None:
            return f"Mudcrack Y, {named[0]} cells"
        return f"Y, side {self.board.side}"
