"""What every game's spec shares: strict models, the common keys, colours and paper.

A game's spec model (in its own folder) subclasses SpecBase, narrows `game` and
`outputs` to its own values, adds its own blocks, and widens `style` with its
own colours. Pydantic models are the single source of truth for validation,
defaults and the JSON Schema that `pnp schema` prints.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pnp.spec.fields import UniqueList, value_given
from pnp.writers import FORMATS

NAME_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]
Format = Literal[FORMATS]  # type: ignore[valid-type]  # the writers' table is the one list of formats
PaperName = Literal["a4", "letter", "a3", "tabloid"]


# A block's default: an empty mapping validated like a written one, so the block's defaults
# come from its own model while only the top-level spec's validator is ever built.
EMPTY = Field(default_factory=dict, validate_default=True)


class Strict(BaseModel):
    """Unknown keys are errors; YAML strings are never read as numbers; a key written holds a value."""

    # defer_build: only the top-level spec validator is compiled, once, on first use (~50 ms saved).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False, defer_build=True)

    @field_validator("*", mode="before")
    @classmethod
    def _value_given(cls, value: Any) -> Any:
        return value_given(value)


class CustomPaper(Strict):
    """Any sheet from A6 (105 x 148) up: the 50 mm calibration bar must fit inside the margins."""

    width_mm: Annotated[float, Field(ge=100, le=2000)]
    height_mm: Annotated[float, Field(ge=100, le=2000)]


class BaseStyleSpec(Strict):
    """Overrides of the colours every game uses (see pnp/style.py for what each one colours)."""

    ink: Color | None = None
    grid: Color | None = None
    cell_fill: Color | None = None
    cut: Color | None = None


class SpecBase(Strict):
    """The keys every game's spec has, in the order they are listed to users."""

    game: str
    name: Annotated[str, Field(pattern=NAME_PATTERN, description="Folder name under the output directory.")]
    title: Annotated[str | None, Field(max_length=120)] = None
    paper: PaperName | CustomPaper = "a4"
    outputs: UniqueList[str]
    formats: UniqueList[Format] = list(FORMATS)
    style: BaseStyleSpec = EMPTY
