"""What every game's spec shares: strict models, the common keys, colours and paper.

A game's spec model (in its own folder) subclasses SpecBase naming its game and
outputs as class keywords (`class XSpec(SpecBase, game="x", outputs=OUTPUTS)`,
which narrow `game` and `outputs`), adds its own blocks and its default title,
and widens `style` with its own colours (keys made from its style dataclass,
where each colour is declared once). Pydantic models are the single source of truth for validation, defaults
and the JSON Schema that `pnp schema` prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator,
                      model_validator)

from pnp.layout.sizes import PAPERS, paper_choices
from pnp.spec.fields import UniqueList, value_given
from pnp.spec.textfield import one_line
from pnp.style import BaseStyle, settable
from pnp.writers import DEFAULT_FORMATS, FORMATS, KIT_FORMATS

# A name is a folder's and (pnp init) a file's: one that starts with '-' reads as an option in every command it is
# typed in. NAME_RULE says NAME_PATTERN in words.
NAME_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$"
NAME_RULE = "use 1 to 64 letters, digits, '-' or '_', not starting with '-' (no spaces, dots or slashes)"
# Every game's rule booklet (reading order and imposed) and reference card, made by pnp/booklet/ from
# templates/rules/GAME.md and templates/cards/GAME.md; the booklets are PDF only.
BOOK_ASSETS = ("rules", "rules-booklet", "card")
KIT_ASSET = "kit"  # kit.pdf: a cover, then every other output (pnp/print_kit.py)
SHARED_ASSETS = (*BOOK_ASSETS, KIT_ASSET)  # every game's outputs end with these
PDF_ONLY_ASSETS = ("rules", "rules-booklet", KIT_ASSET)
PAGE_FORMATS = ("pdf", "png")  # formats that show a PDF-only asset (a booklet): the PDF itself, or its picture
CUT_FORMAT = "cut"  # cut files for cutting machines (pnp/writers/cut.py), made of sheets of cut-out things only:
CUT_ASSETS = ("pieces", "stones", "markers", "card")  # every game's sheets of those go by these names
SMALLEST_CELL_MM = 5  # any game's board cell: smaller cannot take a piece, a stone or a pencil mark
TTS_ASSETS = ("board", "stones", "pieces", "markers", "skies")  # what a Tabletop Simulator kit (formats: tts) puts on the table
SPLITS = ("pages", "pieces")  # print.split: PNGs of the pages only (the default), or also each piece on its own (pnp/split.py)
# print.tts_url: the web folder TTS downloads a kit's images from (pnp/tts.py): http(s), a host, a path ending in
# '/' (an image's file name is added to it, so no ?query or #fragment), in RFC 3986's characters (none to quote).
WEB_FOLDER_PATTERN = r"^https?://[^/?#]+/(?:[^?#]*/)?$"   # also in the schema, for editors
WEB_FOLDER = re.compile(WEB_FOLDER_PATTERN)
URL_MOST = 500  # characters of print.tts_url: any real address fits
URL_CHARS = re.compile(r"[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]")

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]
Format = Literal[FORMATS]  # type: ignore[valid-type]  # the writers' table is the one list of formats
Split = Literal[SPLITS]  # type: ignore[valid-type]  # print.split
PaperName = Literal[tuple(PAPERS)]  # type: ignore[valid-type]  # pnp/layout/paper.py holds the one list


def _paper_name(value: Any) -> Any:
    """`A4` is a4: paper names in any case, as on the command line (an unknown name is kept as written, for its message)."""
    return value.lower() if isinstance(value, str) and value.lower() in PAPERS else value


def colour_of(what: str) -> Any:
    """A style key's default (the game's own colour) and what it colours, for the schema and `pnp init`."""
    return Field(default=None, description=what)


def _font_file(written: str, info: ValidationInfo) -> str:
    """The spec's own TTF as an absolute path, found relative to the spec file (the reader passes its folder)."""
    from pnp.fonts.own import load_own

    folder = (info.context or {}).get("spec_dir")
    return load_own(written, Path(folder) if folder is not None else None).file


def _font_path(value: object) -> object:
    """A blank font path asks for a path (not for text, as other one-line fields do); the rest as `one_line`."""
    if isinstance(value, str) and not value.strip():
        raise ValueError("is empty; give the path of a .ttf file, or leave the key out")
    return one_line(value)


def _web_folder(value: object) -> object:
    """print.tts_url: a web folder's address, as TTS downloads images from (http or https, ending in '/')."""
    if not isinstance(value, str) or len(value) > URL_MOST:   # too long: the length's own check says so
        return value
    bad = next((char for char in value if not URL_CHARS.fullmatch(char)), None)
    if bad is not None:
        raise ValueError(f"{value!r} has {bad!r}, which a web address writes %-encoded; write the address as "
                         "the browser's address bar shows it once copied")
    if not WEB_FOLDER.match(value):
        raise ValueError(f"{value!r} is no web folder's address; write it as https://host/folder/ (http or https, "
                         "ending in '/', no ?query), the folder the images of tts/images/ are put in")
    return value


# Free text: one line of printable characters (see textfield.py); whether a font has them is checked below.
OneLine = BeforeValidator(one_line)
FontFile = Annotated[str, Field(description="A TrueType font (.ttf), relative to this spec, for text the shipped fonts cannot draw."),
                     BeforeValidator(_font_path), AfterValidator(_font_file)]


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

    width_mm: Annotated[float, Field(ge=100, le=2000, description="The sheet's width in mm.")]
    height_mm: Annotated[float, Field(ge=100, le=2000, description="The sheet's height in mm.")]


class PrintSpec(Strict):
    """How the pages meet the printer and the cutter: margins, tiling of boards too big for a sheet, bleed, ink, kerf, split."""

    margin_mm: Annotated[float, Field(ge=3, le=40, description="Kept clear around every page (home printers cannot "
                                                               "print the outer 3 to 5 mm).")] = 10.0
    tile: Annotated[Literal["auto", "never"], Field(description="auto: a board larger than a sheet at its cell_mm is "
                                                                "split over several pages; never: shrunk to fit, with a warning.")] = "auto"
    overlap_mm: Annotated[float, Field(ge=5, le=50, description="How much neighbouring tiles of a board share, "
                                                                "with alignment marks in it.")] = 10.0
    bleed_mm: Annotated[float, Field(ge=0, le=5, description="Each piece's colour runs this far past its cut line "
                                                             "(for guillotines and craft cutters).")] = 0.0
    ink: Annotated[Literal["full", "saver"], Field(description="saver: no large dark fills; every piece type, "
                                                               "stone and side still told apart in black and white.")] = "full"
    kerf_mm: Annotated[float, Field(ge=0, le=2, description="The width a laser or blade takes: the cut files (formats: "
                                                            "cut) move every cut out by half of it, so pieces come "
                                                            "out at their stated size, and the sheets lay pieces a "
                                                            "kerf apart so no cut runs into the next.")] = 0.0
    split: Annotated[Split, Field(description="PNG (formats: png): pages, a picture of each page; pieces: also, "
                                              "for digital tabletops, each kind of piece or stone, each goal marker "
                                              "and the board (Starry Night: each sky) as a PNG of its own at its "
                                              "printed size in OUT/NAME/split/, pieces on a transparent "
                                              "background.")] = SPLITS[0]
    tts_url: Annotated[Annotated[str, Field(max_length=URL_MOST, pattern=WEB_FOLDER_PATTERN)] | None, BeforeValidator(_web_folder),
                       Field(description="Tabletop Simulator (formats: tts): the web address of the folder the "
                                         "images of OUT/NAME/tts/images/ are uploaded to, e.g. "
                                         "https://example.org/hex-kit/; the saved object then names each image "
                                         "there, and is the same file wherever the kit is built. Omitted: each "
                                         "image's file:/// address on the computer that built it.")] = None


NOT_COLOURS: dict[str, Any] = {"font": FontFile}  # style keys whose values are not "#rrggbb" colours


def _style_keys(namespace: dict[str, Any], bases: tuple[type, ...], style: type[BaseStyle]) -> dict[str, Any]:
    """A class body with a key for each value `style` lets a spec set that `bases` lack, in the dataclass's order:
    optional (None keeps the game's colour) and described as the dataclass describes it."""
    inherited = {key for base in bases for key in getattr(base, "model_fields", {})}
    made = {key: what for key, what in settable(style).items() if key not in inherited}
    annotations = {key: NOT_COLOURS.get(key, Color) | None for key in made}
    return {**namespace, **{key: colour_of(what) for key, what in made.items()},
            "__annotations__": {**annotations, **namespace.get("__annotations__", {})}}


class FromStyle(type(Strict)):  # type: ignore[misc]  # pydantic's model metaclass
    """Makes a style spec's keys from its game's style dataclass (`class X(BaseStyleSpec, style=XStyle)`), so a
    colour is declared once, in the game's style.py, and unknown keys stay errors (Strict forbids extras)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                style: type[BaseStyle] | None = None, **kwargs: Any) -> type:
        if style is not None:
            namespace = _style_keys(namespace, bases, style)
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class BaseStyleSpec(Strict, metaclass=FromStyle, style=BaseStyle):
    """Overrides of the colours every game uses (see pnp/style.py for what each one colours)."""


def _game_keys(namespace: dict[str, Any], game: str, outputs: tuple[str, ...]) -> dict[str, Any]:
    """A class body with `game` narrowed to the game's name and `outputs` to its own, all of them by default."""
    annotations = {"game": Literal[game], "outputs": UniqueList[Literal[outputs]]}  # type: ignore[valid-type]
    return {**namespace, "outputs": list(outputs),
            "__annotations__": {**annotations, **namespace.get("__annotations__", {})}}


class OfGame(type(Strict)):  # type: ignore[misc]  # pydantic's model metaclass
    """Narrows a game's spec from its class keywords (`class XSpec(SpecBase, game="x", outputs=OUTPUTS)`), so the
    header every game's spec shares is written here once."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                game: str | None = None, outputs: tuple[str, ...] = (), **kwargs: Any) -> type:
        if game is not None:
            namespace = _game_keys(namespace, game, outputs)
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class SpecBase(Strict, metaclass=OfGame):
    """The keys every game's spec has, in the order they are listed to users."""

    game: Annotated[str, Field(description="The game the kit is for (`pnp init` lists them).")]
    name: Annotated[str, Field(pattern=NAME_PATTERN, description="Folder name under the output directory.")]
    title: Annotated[Annotated[str, Field(max_length=120)] | None, OneLine,
                     Field(description="Printed on the pages and the kit's cover; omitted: the game and its board.")] = None
    paper: Annotated[PaperName | CustomPaper, BeforeValidator(_paper_name),
                     Field(description=f"The sheet: {paper_choices()} (any case), or {{width_mm, height_mm}}.")] = "a4"
    outputs: Annotated[UniqueList[str], Field(description="What to build, in this order; kit is all of them in one PDF.")]
    formats: Annotated[UniqueList[Format], Field(description=f"File formats: {', '.join(FORMATS)}; the booklets and "
                                                             "the kit are PDF (or PNG) only; cut: for a cutting "
                                                             "machine, SVG and DXF files of the cuts on each sheet of "
                                                             "cut-out things (those sheets then print registration "
                                                             "marks); tts: a Tabletop Simulator kit in "
                                                             "OUT/NAME/tts/.")] = list(DEFAULT_FORMATS)
    style: Annotated[BaseStyleSpec, Field(description="Colours as \"#rrggbb\", quoted; a key left out keeps the "
                                                      "game's own colour.")] = EMPTY
    print: PrintSpec = EMPTY

    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ("title",)  # free text a page prints

    @property
    def display_title(self) -> str:
        """What the pages and the kit's cover print: the spec's title, else the game's own (`default_title`)."""
        return self.title or self.default_title()

    def default_title(self) -> str:
        """The title of a kit whose spec sets none: each game names itself and its board."""
        return self.game

    @model_validator(mode="after")
    def _drawable(self) -> "SpecBase":
        """Every free-text field can be set in one face pnp may use (cmap lookups; none for Latin-1)."""
        from pnp.fonts import drawable_problem

        for field in self.TEXT_FIELDS:
            text = getattr(self, field)
            problem = (drawable_problem(text, self.style.font or "") or self._booklet_problem(text)) if text else ""
            if problem:
                raise _field_error(type(self).__name__, field, text, problem)
        return self

    def _booklet_problem(self, text: str) -> str:
        """Text only style.font draws, in a kit with a rule booklet: the booklet is set in the shipped fonts."""
        from pnp.fonts import unprintable, unprintable_message

        booklets = [asset for asset in ("rules", "rules-booklet") if asset in self.outputs]
        missing = unprintable(text) if self.style.font and booklets else []
        if not missing:
            return ""
        return (f"{unprintable_message(missing)}: the rule booklet is set in those alone (style.font sets the sheets "
                f"and the card); write it without them, or take {' and '.join(booklets)} out of outputs")

    @model_validator(mode="after")
    def _room_inside_margins(self) -> "SpecBase":
        """The margins leave a page to print on: checked here, so no planner ever meets a sheet without room."""
        from pnp.layout.paper import margin_problem, spec_paper

        problem = margin_problem(spec_paper(self), marks_mm(self.formats))
        if problem:
            raise _field_error(type(self).__name__, ("print", "margin_mm"), self.print.margin_mm, problem)
        return self

    @model_validator(mode="after")
    def _made_in_a_format(self) -> "SpecBase":
        """Every output the spec names is made in one of its formats: `outputs: [rules]` with `formats: [svg]`
        would otherwise build nothing and say nothing (default outputs just skip what the formats cannot show)."""
        if "outputs" not in self.model_fields_set:
            return self
        made = {asset for asset, _ in writes(self.outputs, self.formats)}
        made |= {asset for asset in self.outputs if asset in TTS_ASSETS and "tts" in self.formats}
        lost = [asset for asset in self.outputs if asset not in made]
        drawn = [asset for asset in lost if asset not in PDF_ONLY_ASSETS]   # lost only when cut is every format
        if drawn:
            them = "it" if len(drawn) == 1 else "them"
            raise _field_error(type(self).__name__, "formats", self.formats,
                               f"{', '.join(drawn)} {'is not a sheet' if len(drawn) == 1 else 'are not sheets'} of "
                               f"cut-out things, so {CUT_FORMAT} makes no file of {them}; add svg or pdf to formats, "
                               f"or take {them} out of outputs")
        if lost:
            need = "pdf" if KIT_ASSET in lost else "pdf or png"
            raise _field_error(type(self).__name__, "formats", self.formats,
                               f"{', '.join(lost)} {'is' if len(lost) == 1 else 'are'} made only as a PDF "
                               f"{'' if need == 'pdf' else 'or its PNG pages '}(not {', '.join(self.formats)}); add {need} "
                               "to formats, or take it out of outputs")
        return self


def writes(outputs: Iterable[str], formats: Iterable[str]) -> list[tuple[str, str]]:
    """(asset, format) of every file set a build of these outputs in these formats writes, in spec order:
    a booklet only as a page format (PDF, PNG), the kit only where a PDF is made (it is made of the PDFs), cut
    files only of sheets of cut-out things."""
    chosen = list(formats)
    found = []
    for asset in outputs:
        for name in chosen:
            if name in KIT_FORMATS:   # made of the whole kit (pnp/tts.py), no file of this asset
                continue
            if name == CUT_FORMAT:
                wanted = asset in CUT_ASSETS
            elif asset == KIT_ASSET:
                wanted = "pdf" in chosen and name in PAGE_FORMATS
            else:
                wanted = asset not in PDF_ONLY_ASSETS or name in PAGE_FORMATS
            if wanted:
                found.append((asset, name))
    return found


def marks_mm(formats: Iterable[str]) -> float:
    """How far a page's calibration bar moves in, clear of a cutter's registration marks: only where cut files are
    made (the sheets of cut-out things then print the marks)."""
    if CUT_FORMAT not in formats:
        return 0.0
    from pnp.layout.registration import BAR_FROM_LEFT_MM

    return BAR_FROM_LEFT_MM


def _field_error(model: str, field: str | tuple[str, ...], value: Any, message: str) -> Exception:
    """A validation error placed on `field` (a key, or a path of keys), so the reader names its line."""
    from pydantic import ValidationError
    from pydantic_core import InitErrorDetails, PydanticCustomError

    error = PydanticCustomError("undrawable_text", "{message}", {"message": message})
    return ValidationError.from_exception_data(model, [InitErrorDetails(type=error, loc=(field,) if isinstance(field, str) else field, input=value)])
