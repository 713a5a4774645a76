"""The game-definition format (shared/DESIGN.md, "Game definitions") as a validated model.

    pnp-game: 1                 # marks a game definition, and the format's version
    name: three-sides           # the game's id
    title: Three-sided Hex
    designer: A. Designer       # optional year:
    board: {lattice: hex, shape: rhombus, size: {key: size, default: 9, min: 2, max: 30}, ids: hexgui,
            corners: on-sides}
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

Pydantic checks the shape of each key as it does a spec's (unknown keys are
errors, YAML strings are never numbers); checks.py then checks what the keys
mean together. Defaults: lattice hex, ids a1 (numbers on a mudcrack board),
corners on-sides; everything else is the designer's to say. Keys beyond
DESIGN.md's: a goal's `name`, `of` may list groups as well as name a set, the
shape `mudcrack` (its size is its number of cells) and, for it alone,
`board.seed`.
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
from pnp.spec.base import OneLine, Strict
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
MOST_NAMES = 16                          # names in one goal: a shape has at most 12 groups, and two sets
CORNER_MODES = ("on-sides", "apart")
TEMPLATE_KEYS = ("rules", "card")
ALL_OF, ANY_OF = "all-of", "any-of"      # the two readings of `connect`, as pydantic tags them (reader.py drops them)
TAGS = (ALL_OF, ANY_OF)



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


class BoardDefinition(Strict):
    """The board: its lattice and shape, the size range, how cells are named, whether corners lie on sides."""

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

    def compiled_goals(self) -> tuple[Goal, ...]:
        return tuple(goal.goal(self.board.kind) for goal in self.goals)
