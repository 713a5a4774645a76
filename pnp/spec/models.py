"""The spec's shape as pydantic models: the single source of truth for
validation, defaults and the JSON Schema that `pnp schema` prints."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pnp import standin

# pnp uses no pydantic plugins; finding none costs an importlib.metadata import (~20 ms).
standin.install("pydantic.plugin._loader", "pnp: no pydantic plugins", get_plugins=lambda: ())

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pnp.games.asterisk import PIECE_TYPES, side_splits_six_ways, sides_that_work
from pnp.geometry.asterisk import cell_count

MAX_SIDE = 200
NAME_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"

# The one list of piece types lives in pnp.games.asterisk; the schema enumerates it from there.
PieceTypeName = Literal[PIECE_TYPES]  # type: ignore[valid-type]

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]
Millimetres = Annotated[float, Field(gt=0, le=1000)]


class Strict(BaseModel):
    """Unknown keys are errors; YAML strings are never read as numbers."""

    # defer_build: only the top-level spec validator is compiled, once, on first use (~50 ms saved).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False, defer_build=True)


class CustomPaper(Strict):
    """Any sheet from A6 (105 x 148) up: the 50 mm calibration bar must fit inside the margins."""

    width_mm: Annotated[float, Field(ge=100, le=2000)]
    height_mm: Annotated[float, Field(ge=100, le=2000)]


PaperName = Literal["a4", "letter", "a3", "tabloid"]


class StyleSpec(Strict):
    """Overrides of the default look (see pnp/style.py for what each one colours)."""

    ink: Color | None = None
    grid: Color | None = None
    cell_fill: Color | None = None
    left: Color | None = None
    right: Color | None = None
    bottom: Color | None = None
    light_piece: Color | None = None
    dark_piece: Color | None = None
    cut: Color | None = None
    fill_mark: Color | None = None


class AsteriskBoardSpec(Strict):
    side: Annotated[int, Field(ge=3, le=MAX_SIDE, description="Cells along each side of the triangle.")] = 11
    cell_mm: Annotated[
        float | None,
        Field(gt=0, le=200, description="Cell size across flats; omitted: the largest that fits the paper."),
    ] = None
    coordinates: bool = True

    @field_validator("side")
    @classmethod
    def _six_ways(cls, side: int) -> int:
        if not side_splits_six_ways(side):
            works = ", ".join(str(s) for s in sides_that_work(side))
            raise ValueError(
                f"{side} gives {cell_count(side)} cells, which six piece types cannot share equally; "
                f"sides that work: {works}"
            )
        return side


class PiecesSpec(Strict):
    counts: dict[PieceTypeName, Annotated[int, Field(ge=0, le=5000)]] | None = Field(
        default=None, description="Pieces per type; omitted types keep cells / 6."
    )
    spares: Annotated[int, Field(ge=0, le=100, description="Extra pieces of every type.")] = 0
    clearance_mm: Annotated[float, Field(ge=0, le=20)] = 1.5
    size_mm: Annotated[float | None, Field(gt=2, le=200, description="Piece size; omitted: cell_mm - clearance_mm.")] = None
    allow_mismatch: bool = False


class MarkersSpec(Strict):
    size_mm: Annotated[float, Field(ge=30, le=180, description="Width of each goal marker.")] = 70


class SolitaireSpec(Strict):
    seed: Annotated[int | None, Field(ge=0, le=2**63 - 1, description="Deal a start with this seed.")] = None


AsteriskOutput = Literal["board", "pieces", "markers", "solitaire"]
Format = Literal["svg", "pdf"]


class AsteriskSpec(Strict):
    """An Asterisk print-and-play kit."""

    game: Literal["asterisk"]
    name: Annotated[str, Field(pattern=NAME_PATTERN, description="Folder name under the output directory.")]
    title: Annotated[str | None, Field(max_length=120)] = None
    paper: PaperName | CustomPaper = "a4"
    outputs: Annotated[list[AsteriskOutput], Field(min_length=1)] = ["board", "pieces", "markers", "solitaire"]
    formats: Annotated[list[Format], Field(min_length=1)] = ["svg", "pdf"]
    board: AsteriskBoardSpec = AsteriskBoardSpec()
    pieces: PiecesSpec = PiecesSpec()
    markers: MarkersSpec = MarkersSpec()
    solitaire: SolitaireSpec = SolitaireSpec()
    style: StyleSpec = StyleSpec()

    @property
    def display_title(self) -> str:
        return self.title or f"Asterisk, side {self.board.side}"

    def piece_counts(self) -> dict[str, int]:
        """Pieces per type for one full set (spares not included)."""
        base = cell_count(self.board.side) // 6
        given = self.pieces.counts or {}
        return {name: given.get(name, base) for name in PIECE_TYPES}


GAMES: dict[str, type[Strict]] = {"asterisk": AsteriskSpec}
Spec = Union[AsteriskSpec]
