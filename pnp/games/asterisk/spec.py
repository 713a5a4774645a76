"""The Asterisk spec: board, pieces, markers and solitaire blocks on the shared base."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from pnp.games.asterisk.board import cell_count
from pnp.games.asterisk.rules import PIECE_TYPES, playable_side
from pnp.games.asterisk.style import AsteriskStyle
from pnp.spec.base import SHARED_ASSETS, BaseStyleSpec, EMPTY, SMALLEST_CELL_MM, SpecBase, Strict
from pnp.spec.fields import UniqueList

MAX_SIDE = 200
# Floors at what can be printed and cut: a cell must hold a piece, a piece is cut out by hand
# (with scissors or a guillotine) and picked up, a marker is cut, folded and stood up.
SMALLEST_PIECE_MM = 5
SMALLEST_MARKER_MM = 30
CLEARANCE_MM = 1.5  # the default gap between a piece and its cell
ASSETS = ("board", "pieces", "markers", "solitaire")
OUTPUTS = ASSETS + SHARED_ASSETS

# The one list of piece types lives in rules.py; the schema enumerates it from there.
PieceTypeName = Literal[PIECE_TYPES]  # type: ignore[valid-type]
Opening = Literal["three-piece", "swap"]   # the two published openings (GAMES.md); a position's record names one too
DEFAULT_OPENING = "three-piece"


class AsteriskStyleSpec(BaseStyleSpec, style=AsteriskStyle):
    """Asterisk's own colours (see pnp/games/asterisk/style.py)."""


class AsteriskBoardSpec(Strict):
    """The triangle of hexagons: its side and cell size."""

    side: Annotated[int, Field(ge=3, le=MAX_SIDE, description="Cells along each side of the triangle.")] = 11
    cell_mm: Annotated[
        float | None,
        Field(ge=SMALLEST_CELL_MM, le=200, description="Cell size across flats; omitted: the largest that fits the paper."),
    ] = None
    coordinates: Annotated[bool, Field(description="Row numbers and letters along the edges.")] = True

    _six_ways = field_validator("side")(playable_side)


class PiecesSpec(Strict):
    """The sheets of pieces to cut out: how many of each type, and their size."""

    counts: dict[PieceTypeName, Annotated[int, Field(ge=0, le=5000)]] | None = Field(
        default=None, description="Pieces per type; omitted types keep cells / 6."
    )
    spares: Annotated[int, Field(ge=0, le=100, description="Extra pieces of every type.")] = 0
    clearance_mm: Annotated[float, Field(ge=0, le=20, description=(
        f"Piece = cell_mm - clearance_mm. Omitted: {CLEARANCE_MM:g}, less for cells under "
        f"{SMALLEST_PIECE_MM + CLEARANCE_MM:g} mm so that pieces keep {SMALLEST_PIECE_MM:g} mm."))] = CLEARANCE_MM
    size_mm: Annotated[float | None, Field(ge=SMALLEST_PIECE_MM, le=200, description="Piece size; omitted: cell_mm - clearance_mm.")] = None
    allow_mismatch: Annotated[bool, Field(description="true: accept counts that do not fill the board.")] = False


class MarkersSpec(Strict):
    """The two goal markers, folded tent cards."""

    size_mm: Annotated[float, Field(ge=SMALLEST_MARKER_MM, le=180, description="Width of each goal marker.")] = 70


class SolitaireSpec(Strict):
    """The solitaire board: which cells to fill, and optionally a dealt start."""

    seed: Annotated[int | None, Field(ge=0, le=2**63 - 1, description="Deal a start with this seed.")] = None


class RulesSpec(Strict):
    """What the rule booklet and card teach: which of the two published openings, and which variants."""

    opening: Opening = Field(DEFAULT_OPENING, description=(
        "three-piece: the first player places three pieces of three types, then the second places or swaps goals; "
        "swap: the first player places one piece, then the second may swap goals instead of placing."))
    variants: UniqueList[Literal["inverted", "solitaire"]] = Field(
        default_factory=lambda: ["inverted", "solitaire"], description="Variants the booklet describes.")


class AsteriskSpec(SpecBase, game="asterisk", outputs=OUTPUTS):
    """An Asterisk print-and-play kit."""

    style: AsteriskStyleSpec = EMPTY
    board: AsteriskBoardSpec = EMPTY
    pieces: PiecesSpec = EMPTY
    markers: MarkersSpec = EMPTY
    solitaire: SolitaireSpec = EMPTY
    rules: RulesSpec = EMPTY

    def default_title(self) -> str:
        return f"Asterisk, side {self.board.side}"

    def piece_counts(self) -> dict[str, int]:
        """Pieces per type for one full set (spares not included)."""
        base = cell_count(self.board.side) // 6
        given = self.pieces.counts or {}
        return {name: given.get(name, base) for name in PIECE_TYPES}
