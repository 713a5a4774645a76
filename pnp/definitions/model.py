"""The game-definition format (shared/DESIGN.md, "Game definitions") as a validated model.

    pnp-game: 1                 # marks a game definition, and the format's version
    name: three-sides           # the game's id
    title: Three-sided Hex
    designer: A. Designer       # optional year:
    board: {lattice: hex, shape: rhombus, size: {key: size, default: 9, min: 2, max: 30}, ids: hexgui,
            corners: on-sides,
            alternatives: {cracks: {title: Cracked Hex, shape: mudcrack, size: {key: cells, ...}, look: {...}}}}
    players: [red, blue]        # the first moves first
    pie: mirror                 # mirror | take-over | none
    goals:
      - connect: [top, bottom]          # one group touching every group named (a set: all its groups)
        players: [red]                  # omitted: every player's
      - connect: {any: 3, of: sides}    # one group touching any 3 of them
        name: fork                      # optional: the word the booklet and captions use
      - ring: true
    rules: my-rules.md          # optional templates beside the definition
    card: my-card.md
    look:                       # optional: how the kit presents the game (LookDefinition); every key optional
      board: "{size} × {size}"  # the board as titles and facts name it ({size}: the size); omitted: "size 9"
      goals: Red joins top and bottom, Blue left and right   # the board page's facts line; omitted: from the goals
      dashed: [red]             # players whose own sides are drawn dashed (told apart in black and white too)
      facts: "{board} · {cells} cells · cells {cell} mm across · {goals}"   # the board page's line (pad_facts: the pad's)
      called: "the side-{size} triangle"    # in messages about its cells (report: in `pnp score` and diagram titles)
      coordinates: {first: numbers, letters_at: 1.22, guides: true}       # layout: triangle (pnp/boards/labels.py)
      colours: {cell_fill: "#fbf6ea"}                        # the game's own defaults of style keys
      pad_colours: {label: "#6b6b6b"}                        # the pad's, over its light ones
      saver_band: 1.0                                        # the ink saver's side bands, per full band
      style_keys: {first_sides: red_side, first_stones: red}  # the spec's names for style keys
      common_sizes: [11, 13, 14, 19]                         # the sizes players use most (the booklet's)
      summary: join your two sides with a chain of your stones   # `pnp init`'s and the gallery's line
      group: chain                                           # a winning group, in a diagram's key and reports
      lines: {blue: {colour: "#1f3c88"}}                     # a player's winning line in diagrams

Pydantic checks the shape of each key as it does a spec's (unknown keys are
errors, YAML strings are never numbers); checks.py then checks what the keys
mean together. Defaults: lattice hex, ids a1 (numbers on a mudcrack board),
corners on-sides; everything else is the designer's to say. Keys beyond
DESIGN.md's: a goal's `name`, `of` may list groups as well as name a set, the
shape `mudcrack` (its size is its number of cells) and, for it alone,
`board.seed`, `board.alternatives` (other boards of the game, which a spec
picks by their key under `board:`; `GameDefinition.on` is the game on one), and
`look` (LookDefinition: what a kit prints that the rules leave open). A shipped definition's `rules` and `card` name files of pnp's own
templates/rules/ and templates/cards/.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, Tag, model_validator

from pnp.cellboard.goals import Goal
from pnp.cellboard.pie import PIE_RULES
from pnp.boards.mudcrack.names import MAX_SEED
from pnp.cellboard.kinds import KINDS, Kind, seeded
from pnp.cellboard.shapes import MOST_CELLS, SMALLEST_SIZE
from pnp.definitions.schemes import numbered, scheme_names, schemes
from pnp.spec.base import Color, OneLine, Strict
from pnp.spec.fields import UniqueList
from pnp.spec.problems import show

FORMAT_VERSION = 1
MARKER = "pnp-game"                      # the key that makes a YAML file a game definition
NAME = r"^[a-z0-9]+(-[a-z0-9]+)*$"       # a game's id: lower-case letters, digits and single '-'
PLAYER = r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"
SIZE_KEY = r"^[a-z][a-z0-9_]*$"
LONGEST_NAME = 40
MOST_SIZE = 1_000                        # far beyond 10,000 cells on every shape; checked exactly in checks.py
MOST_GOALS = 24
MOST_ALTERNATIVES = 4                    # other boards a game is played on
MOST_NAMES = 16                          # names in one goal: a shape has at most 12 groups, and two sets
CORNER_MODES = ("on-sides", "apart")
TEMPLATE_KEYS = ("rules", "card")
ALL_OF, ANY_OF = "all-of", "any-of"      # the two readings of `connect`, as pydantic tags them (reader.py drops them)
TAGS = (ALL_OF, ANY_OF)
SIZE_FIELD = "{size}"                    # where `look.board` puts the board's size
# The colours of a game written as data that a spec may set (pnp/games/stones/style.py's, which checks it is so):
# what `look.colours` gives defaults of and `look.style_keys` may rename.
STYLE_KEYS = ("first_stones", "second_stones", "outline", "first_sides", "second_sides", "shared_sides",
              "other_shared_sides", "third_shared_sides", "corners", "corner_fill", "cell_fill", "label")
LINES_FIRST = ("letters", "numbers")     # which coordinates `look.coordinates.first` draws first
# Where `look.coordinates.layout` puts the cells' names: past both ends of every line (pnp/games/stones/look.py), or
# as the layer draws a lattice triangle's (pnp/boards/labels.py: numbers left of the rows, letters below the bottom
# row turned along their diagonals, with guides)
LAYOUTS = ("ends", "triangle")
SAVER_BAND = 0.4                         # the ink saver's side bands, per full band (`look.saver_band`'s default)
FACTS_FIELDS = ("board", "cells", "cell", "goals", "code", "article")   # what `look.facts` may name
PAD_FACTS_FIELDS = ("boards", "board", "cell", "cells", "code")        # what `look.pad_facts` may name
REPORT_FIELDS = ("title", "board", "size", "code")                     # what `look.report` may name
CALLED_FIELDS = ("board", "size", "code")                              # what `look.called` may name
STYLE_KEY = r"^[a-z][a-z0-9_]*$"



def _spelt(pattern: str, words: str) -> Any:
    """A text that must match `pattern`, refused in `words` (pydantic's own sentence names a regular expression);
    the schema keeps the pattern for editors."""
    def check(value: str) -> str:
        if not re.fullmatch(pattern.strip("^$"), value):
            raise ValueError(f"{show(value)} is not {words}")
        return value
    return [AfterValidator(check), Field(json_schema_extra={"pattern": pattern})]


Name = Annotated[str, Field(max_length=LONGEST_NAME)]
Player = Annotated[str, Field(max_length=LONGEST_NAME), *_spelt(PLAYER, "a player id: lower-case letters, digits "
                                                                       "and single '-', from a letter (e.g. red)")]
Text = Annotated[Annotated[str, Field(max_length=120)], OneLine]
Players = Annotated[UniqueList[Player], Field(min_length=2, max_length=2, description=(
    "The two players' ids; the first moves first."))]


def _listed(value: Any) -> Any:
    """`of: sides` is the list [sides]."""
    return [value] if isinstance(value, str) else value


def _as_text(value: Any) -> Any:
    """`year: 1979` is the text "1979" (a year may be "early 1950s")."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class SizeRange(Strict):
    """The size a spec gives under `board:` by `key`, its default and its range."""

    key: Annotated[str, Field(max_length=LONGEST_NAME, description=(
        "The spec's key for the size under `board:` (Hex: size, Y: side).")),
        *_spelt(SIZE_KEY, "a key: lower-case letters, digits and '_', from a letter (e.g. size)")]
    default: Annotated[int, Field(ge=SMALLEST_SIZE, le=MOST_SIZE, description="The size when a spec gives none.")]
    min: Annotated[int, Field(ge=SMALLEST_SIZE, le=MOST_SIZE, description="The smallest size a spec may give.")]
    max: Annotated[int, Field(ge=SMALLEST_SIZE, le=MOST_SIZE, description=(
        f"The largest size a spec may give; its board holds at most {MOST_CELLS:,} cells."))]


class BoardShape(Strict):
    """A board: its lattice and shape, the size range, how cells are named, whether corners lie on sides."""

    lattice: Annotated[Literal["hex"], Field(description="Hexagonal cells (the one lattice of this version).")] = "hex"
    shape: Annotated[Literal[tuple(KINDS)], Field(description=(  # type: ignore[valid-type]
        "rhombus (sides top, bottom, left, right), triangle (left, right, bottom), hexagon (side-1 .. side-6 "
        "clockwise from the top-left corner) or mudcrack (a triangle of irregular cells grown from a seed, sized by "
        "its number of cells; sides and corners as the triangle's)."))]
    size: SizeRange
    ids: Annotated[Literal[scheme_names()], Field(description=(  # type: ignore[valid-type]
        "How cells are named, each id being " + "; ".join(f"{s.name}: {s.about}" for s in schemes().values())
        + "; omitted: a1 (on a mudcrack board: numbers, the only names its cells have)."))] = "a1"
    corners: Annotated[Literal[CORNER_MODES], Field(description=(  # type: ignore[valid-type]
        "on-sides: a corner cell lies on both sides it joins (Hex, Y); apart: it lies on none."))] = CORNER_MODES[0]
    seed: Annotated[int | None, Field(ge=0, le=MAX_SEED, description=(
        "A mudcrack board only: which board of that many cells a spec gets when it names none (omitted: the "
        "generator's own default)."))] = None

    @model_validator(mode="before")
    @classmethod
    def _numbers_on_a_mudcrack(cls, data: Any) -> Any:
        """A mudcrack board's cells are numbered as it grows: `ids` left out means those numbers."""
        if isinstance(data, dict) and "ids" not in data and isinstance(data.get("shape"), str) and seeded(data["shape"]):
            return {**data, "ids": numbered()[0]}
        return data

    @property
    def kind(self) -> Kind:
        return KINDS[self.shape]

    @property
    def corners_on_sides(self) -> bool:
        return self.corners == CORNER_MODES[0]


class BoardDefinition(BoardShape):
    """The board, and the other boards a spec may choose instead (`alternatives`)."""

    alternatives: Annotated[dict[Annotated[str, *_spelt(SIZE_KEY, "a key: lower-case letters, digits and '_', from a "
                                                                   "letter (e.g. mudcrack)")], "AlternativeBoard"],
                            Field(max_length=MOST_ALTERNATIVES, description=(
        "Other boards the game is played on, by the key a spec's or a position's `board:` gives one under "
        "(board: {mudcrack: {cells: 60, seed: 11}}): each its shape, size and ids as here, the game's title on it "
        "and the keys of `look` that differ there."))] = {}


class AnyOf(Strict):
    """One group touching any `any` of the groups `of` names."""

    any: Annotated[int, Field(ge=1, le=MOST_GOALS, description="How many of the groups one group must touch.")]
    of: Annotated[UniqueList[Name], BeforeValidator(_listed), Field(max_length=MOST_NAMES, description=(
        "A set (sides, corners) or a list of groups."))]


def _connect_reading(value: Any) -> str:
    return ANY_OF if isinstance(value, dict) else ALL_OF


Connect = Annotated[Annotated[UniqueList[Name], Field(max_length=MOST_NAMES), Tag(ALL_OF)] | Annotated[AnyOf, Tag(ANY_OF)],
                    Discriminator(_connect_reading)]


class GoalDefinition(Strict):
    """One way to win: `connect` groups, or a `ring`; a player's own, or every player's."""

    connect: Annotated[Connect | None, Field(description=(
        "The groups one group of stones must touch, all of them ([top, bottom]; a set: all its groups), or "
        "{any: k, of: a set or a list}."))] = None
    ring: Annotated[bool | None, Field(description="true: a loop of stones around at least one cell.")] = None
    players: Annotated[Annotated[UniqueList[Player], Field(max_length=2)] | None, Field(
        description="Whose goal it is; omitted: every player's.")] = None
    name: Annotated[Annotated[str, Field(max_length=LONGEST_NAME)] | None, OneLine, Field(description=(
        "What players call it (fork, bridge): captions and the booklet use it."))] = None

    def goal(self, kind: Kind) -> Goal:
        """The goal for the referee, sets expanded to their groups in the shape's order."""
        players = tuple(self.players or ())
        if self.ring:
            return Goal.ring(players, self.name)
        written, least = (self.connect.of, self.connect.any) if isinstance(self.connect, AnyOf) else (self.connect, None)
        named = {group for name in written or () for group in kind.members(name)}
        return Goal.connect(tuple(g for g in kind.groups if g in named), least, players, self.name)


def _fields(allowed: tuple[str, ...]) -> Any:
    """A line with {name} fields, each one of `allowed`."""
    def check(value: str | None) -> str | None:
        import string

        try:
            named = [name for _, name, _, _ in string.Formatter().parse(value or "") if name is not None]
        except ValueError:
            named = ["{"]
        wrong = [name for name in named if name not in allowed]
        if wrong:
            raise ValueError(f"{show(value)} names {show(wrong[0])}; a field is one of "
                             + ", ".join("{" + name + "}" for name in allowed))
        return value
    return AfterValidator(check)


def _sized(value: str) -> str:
    if value.count(SIZE_FIELD) < 1 or value.replace(SIZE_FIELD, "").count("{") or value.count("}") != value.count(
            SIZE_FIELD):
        raise ValueError(f"{show(value)} names the board by its size: write {SIZE_FIELD} where the size goes, and "
                         "no other braces (e.g. \"{size} × {size}\")")
    return value


StyleKey = Literal[STYLE_KEYS]  # type: ignore[valid-type]
StyleName = Annotated[str, Field(max_length=LONGEST_NAME), *_spelt(STYLE_KEY, "a style key: lower-case letters, "
                                                                             "digits and '_', from a letter (e.g. red_side)")]


class CoordinatesLook(Strict):
    """Where the cells' names stand round the board (ids of letters and a number: pnp/games/stones/look.py)."""

    layout: Annotated[Literal[LAYOUTS], Field(description=(  # type: ignore[valid-type]
        "ends: each line's name past both its ends; triangle (a triangle of a1 ids only): row numbers left of the "
        "rows, letters below the bottom row turned along their diagonals, each with a guide stroke."))] = LAYOUTS[0]

    first: Annotated[Literal[LINES_FIRST], Field(description=(  # type: ignore[valid-type]
        "letters: the lettered lines' names are placed and drawn first (where two would share a spot, they keep "
        "it); numbers: the numbered lines' first."))] = LINES_FIRST[0]
    letters_at: Annotated[float, Field(ge=0.8, le=2.0, description=(
        "A lettered line's name, in cells past its end cell's centre along the line."))] = 1.15
    numbers_at: Annotated[float, Field(ge=0.8, le=2.0, description=(
        "A numbered line's name, in cells past its end cell's centre along the line."))] = 1.05
    guides: Annotated[bool, Field(description=(
        "true: a short stroke from the board's edge towards each lettered line's name, pointing along the line "
        "(a slanting line's name read straight down would sit between two cells)."))] = False


class WinLine(Strict):
    """How a diagram draws one player's winning group or ring: a line through its cells, on a white casing."""

    colour: Annotated[Color, Field(description="The line's colour, as \"#rrggbb\".")]
    dash: Annotated[list[Annotated[float, Field(ge=0.5, le=10)]], Field(max_length=4, description=(
        "Dashes and gaps, in line widths ([2, 1]: dashes twice as long as the line is wide); []: solid."))] = []


class LookDefinition(Strict):
    """How the kit presents the game where its rules leave it open; every key has a default."""

    board: Annotated[Annotated[str, Field(max_length=60)] | None, OneLine, AfterValidator(
        lambda v: v if v is None else _sized(v)), Field(description=(
            f"The board as titles, facts lines and reports name it, {SIZE_FIELD} standing for its size "
            "(\"{size} × {size}\"); omitted: the size key and the size (\"size 11\")."))] = None
    goals: Annotated[Text | None, Field(description=(
        "Who joins what, as the board page's facts line says it; omitted: written from the goals."))] = None
    facts: Annotated[Text | None, _fields(FACTS_FIELDS), Field(description=(
        "The board page's facts line, its fields " + ", ".join("{" + f + "}" for f in FACTS_FIELDS) + " (the "
        "board as named, its cells, the cell size in mm, the goals, a grown board's code, a or an before the cell "
        "size as read aloud); omitted: \"{board} · {cells} cells, {cell} mm "
        "across flats · {goals}\"."))] = None
    pad_facts: Annotated[Text | None, _fields(PAD_FACTS_FIELDS), Field(description=(
        "The pencil pad's facts line, its fields " + ", ".join("{" + f + "}" for f in PAD_FACTS_FIELDS) + "; "
        "omitted: \"{boards} of {board} · cells {cell} mm across flats · colour one cell a turn\"."))] = None
    dashed: Annotated[Annotated[UniqueList[Player], Field(max_length=2)], Field(description=(
        "Players whose own sides are drawn dashed, so that sides differ in black and white too."))] = []
    coordinates: CoordinatesLook = CoordinatesLook()
    colours: Annotated[dict[StyleKey, Color], Field(description=(
        "The game's own colours of style keys (" + ", ".join(STYLE_KEYS) + "), over those the players' names "
        "choose; a spec's `style:` still sets each."))] = {}
    saver_band: Annotated[float, Field(ge=0.1, le=1.0, description=(
        "The ink saver's side bands (print.ink: saver), per full band's width: 1 keeps them whole."))] = SAVER_BAND
    called: Annotated[Text | None, _fields(CALLED_FIELDS), Field(description=(
        "The board as a message about its cells names it, its fields " + ", ".join("{" + f + "}" for f in
        CALLED_FIELDS) + " (\"the side-{size} triangle\"); omitted: \"the {board} board\"."))] = None
    report: Annotated[Text | None, _fields(REPORT_FIELDS), Field(description=(
        "The board as `pnp score` and a diagram's title name it, its fields " + ", ".join("{" + f + "}" for f in
        REPORT_FIELDS) + " (the game's title, the board as named, its size, a grown board's code); omitted: "
        "\"{title}, {board}\", and on a board grown from a seed \", board {code}\" after it."))] = None
    pad_colours: Annotated[dict[StyleKey, Color], Field(description=(
        "The pencil pad's own colours of style keys, over its light ones (white cells, pale names and corners)."))] = {}
    style_keys: Annotated[dict[StyleKey, StyleName], Field(description=(
        "The name a spec's `style:` gives a style key (first_sides: red_side); omitted: its own."))] = {}
    group: Annotated[Annotated[str, Field(max_length=LONGEST_NAME)], OneLine, Field(description=(
        "What players call a winning group of stones: a diagram's key and `pnp score` say \"Red's winning "
        "chain\"."))] = "group"
    lines: Annotated[dict[Player, WinLine], Field(max_length=2, description=(
        "Each player's winning line in a diagram; a player left out: the first player's deep red, the second's "
        "deep blue and dashed."))] = {}
    summary: Annotated[Text | None, Field(description=(
        "What a player does, in a few words: `pnp init`'s and the gallery's line for the game; omitted: its goals."))] = None
    common_sizes: Annotated[Annotated[UniqueList[Annotated[int, Field(ge=SMALLEST_SIZE, le=MOST_SIZE)]],
                                      Field(max_length=8)], Field(description=(
        "The sizes players use most, smallest first: the booklet's `common_sizes`."))] = []

    def over(self, given: "LookDefinition") -> "LookDefinition":
        """This look with the keys `given` sets: a mapping's keys (colours, ...) over this one's, any other key
        instead of this one's."""
        def value(key: str) -> Any:
            mine, theirs = getattr(self, key), getattr(given, key)
            return {**mine, **theirs} if isinstance(theirs, dict) else theirs
        return self.model_copy(update={key: value(key) for key in given.model_fields_set})


class AlternativeBoard(BoardShape):
    """Another board of the game: a spec names it by its key under `board:`, its size key and (a board grown from a
    seed) `seed` or `code` inside that block; the game's players, pie rule and goals hold on it as on the board."""

    title: Annotated[Text, Field(description="The game as players name it on this board (Mudcrack Y).")]
    look: Annotated[LookDefinition, Field(description=(
        "The keys of the game's `look` that differ on this board: a mapping's keys (colours, ...) over the game's, "
        "any other key instead of the game's."))] = LookDefinition()


BoardDefinition.model_rebuild()


class GameDefinition(Strict):
    """A stone connection game written down as data."""

    pnp_game: Annotated[Literal[FORMAT_VERSION], Field(alias=MARKER, description=(  # type: ignore[valid-type]
        "Marks a game definition, and the format's version."))]
    name: Annotated[str, Field(max_length=64, description="The game's id: lower-case letters, digits and '-'."),
                    *_spelt(NAME, "a game's id: lower-case letters and digits, words joined by '-' (e.g. my-game)")]
    title: Annotated[Text, Field(description="The game's name as players say it.")]
    designer: Annotated[Text, Field(description="Credited on the booklet, the card and the kit's cover.")]
    year: Annotated[Annotated[str, Field(max_length=40)] | None, BeforeValidator(_as_text), OneLine,
                    Field(description="When the game was made (a year, or words such as early 1950s).")] = None
    board: BoardDefinition
    players: Players
    pie: Annotated[Literal[PIE_RULES], Field(description=(  # type: ignore[valid-type]
        "What `swap` as move 2 does: mirror (the first stone becomes the second player's, reflected in the long "
        "diagonal), take-over (it becomes theirs where it stands), none (no pie rule)."))]
    goals: Annotated[list[GoalDefinition], Field(min_length=1, max_length=MOST_GOALS, description=(
        "A player wins on meeting any one goal that is theirs; the first to meet one wins."))]
    rules: Annotated[str | None, Field(max_length=200, description=(
        "A rules template (.md) beside the definition; omitted: pnp writes the rules from the definition."))] = None
    card: Annotated[str | None, Field(max_length=200, description=(
        "A card template (.md) beside the definition; omitted: pnp writes the card from the definition."))] = None
    look: LookDefinition = LookDefinition()

    def compiled_goals(self) -> tuple[Goal, ...]:
        return tuple(goal.goal(self.board.kind) for goal in self.goals)

    def on(self, name: str) -> "GameDefinition":
        """The game on its alternative board `name`: that board (with no alternatives of its own), its title, the
        look's keys it gives over the game's."""
        other = self.board.alternatives[name]
        board = BoardDefinition(**{key: getattr(other, key) for key in BoardShape.model_fields if getattr(other, key) is not None})
        return self.model_copy(update={"board": board, "title": other.title, "look": self.look.over(other.look)})
