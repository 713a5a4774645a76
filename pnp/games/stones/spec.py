"""The spec of a game written as data: its board (the definition's size key, cell size, coordinates), stones, pad.

    game: NAME or ./my-game.yaml
    board: {SIZE_KEY: N, cell_mm: 12, coordinates: true}

Each definition gets its own model class, made once, whose board block names
the definition's size key with its range and default. The classes live in this
module under names made from the definition's key (`__getattr__` below makes
one on first use), so a spec read in one process unpickles in the build's
worker as the same class.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, create_model

from pnp.boards.blocks import StoneGameSpec
from pnp.definitions.engine import StoneGame
from pnp.games.stones.game import is_file_key, stone_game
from pnp.games.stones.style import DefinedStyle
from pnp.spec.base import EMPTY, SHARED_ASSETS, SMALLEST_CELL_MM, BaseStyleSpec, Strict
from pnp.spec.fields import UniqueList

ASSETS = ("board", "stones", "pad")
OUTPUTS = ASSETS + SHARED_ASSETS
SPEC, BOARD, STYLE = "Spec_", "Board_", "Style_"   # a model's name: this, then its definition's key in hex


class DefinedStyleSpec(BaseStyleSpec, style=DefinedStyle):
    """The colours of the board and stones; a stone or side colour left out follows the players' names (a white
    player's stones are white)."""


class DefinedSpec(StoneGameSpec):
    """A kit of a game written as data: the board, and the stones and pad blocks every stone game has."""

    outputs: Annotated[UniqueList[Literal[OUTPUTS]], Field(  # type: ignore[valid-type]
        description="What to build, in this order; kit is all of them in one PDF.")] = list(OUTPUTS)
    style: DefinedStyleSpec = EMPTY

    @classmethod
    def definition_key(cls) -> str:
        return str(cls.__dict__["__definition__"])

    @property
    def size(self) -> int:
        return int(getattr(self.board, stone_game(self.definition_key()).size_key))

    def default_title(self) -> str:
        game = stone_game(self.definition_key())
        return f"{game.definition.title}, {game.sized(self.size)}"


def _tag(key: str) -> str:
    return key.encode("utf-8").hex()


_MADE: dict[str, type] = {}


def board_model(key: str) -> type[Strict]:
    """The board block: the definition's size key with its range, cell_mm, coordinates."""
    name = BOARD + _tag(key)
    if name not in _MADE:
        game = stone_game(key)
        size = game.definition.board.size
        _MADE[name] = create_model(
            name, __base__=Strict, __module__=__name__,
            **{size.key: (Annotated[int, Field(ge=size.min, le=size.max, description=(
                f"The board's size ({size.min} to {size.max}).")), ], size.default),
               "cell_mm": (Annotated[float | None, Field(ge=SMALLEST_CELL_MM, le=200, description=(
                   "Cell size across flats; omitted: the largest that fits the paper."))], None),
               "coordinates": (Annotated[bool, Field(description="The cells' names along the edges.")], True)})
        _MADE[name].__doc__ = f"The board of {game.definition.title}."
    return _MADE[name]


def style_model(key: str) -> type[BaseStyleSpec]:
    """The style block: DefinedStyleSpec's keys, each under the name the definition's `look.style_keys` gives it
    (a game whose specs have always said `red_side` keeps saying it)."""
    renamed = stone_game(key).definition.look.style_keys
    if not renamed:
        return DefinedStyleSpec
    name = STYLE + _tag(key)
    if name not in _MADE:
        fields = {renamed.get(field, field): (info.annotation, info) for field, info in DefinedStyleSpec.model_fields.items()}
        _MADE[name] = create_model(name, __base__=Strict, __module__=__name__, **fields)
        _MADE[name].__doc__ = DefinedStyleSpec.__doc__
    return _MADE[name]


def own_style_keys(game: StoneGame, given: dict[str, Any]) -> dict[str, Any]:
    """A spec's style values under the style's own keys (first_sides for the spec's red_side)."""
    named = {spec_key: key for key, spec_key in game.definition.look.style_keys.items()}
    return {named.get(key, key): value for key, value in given.items()}


def spec_model(key: str) -> type[DefinedSpec]:
    """The spec model of the definition `key` names: `game` its name (a designer's: the path a spec writes)."""
    name = SPEC + _tag(key)
    if name not in _MADE:
        game = stone_game(key)
        named: Any = str if is_file_key(key) else Literal[game.name]  # type: ignore[valid-type]
        fields: dict[str, Any] = {
            "game": (Annotated[named, Field(description="The game: a shipped game's name, or a definition's path.")], ...),
            "board": (board_model(key), EMPTY), "style": (style_model(key), EMPTY)}
        made = create_model(name, __base__=DefinedSpec, __module__=__name__, **fields)
        made.__doc__ = f"A {game.definition.title} print-and-play kit: the board, stones, pencil pad and rules."
        type.__setattr__(made, "__definition__", key)
        _MADE[name] = made
    return _MADE[name]  # type: ignore[return-value]


def __getattr__(name: str) -> Any:
    """A model made on first use from its name (what pickle asks for in the worker)."""
    for prefix, make in ((SPEC, spec_model), (BOARD, board_model), (STYLE, style_model)):
        if name.startswith(prefix):
            return make(bytes.fromhex(name[len(prefix):]).decode("utf-8"))
    raise AttributeError(name)
