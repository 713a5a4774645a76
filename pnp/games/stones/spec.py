"""The spec of a game written as data: its board (the definition's size key, cell size, coordinates), stones, pad.

    game: NAME or ./my-game.yaml
    board: {SIZE_KEY: N, cell_mm: 12, coordinates: true}

Each definition gets its own model class, made once, whose board block names
the definition's size key with its range and default. The classes live in this
module under names made from the definition's key (`__getattr__` below makes
one on first use), so a spec read in one process unpickles in the build's
worker as the same class.
"""

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, create_model

from pnp.boards.blocks import StoneGameSpec
from pnp.definitions.engine import StoneGame
from pnp.games.stones.game import is_file_key, stone_game
from pnp.games.stones.style import DefinedStyle
from pnp.games.stones.words import groups_words, player_name
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


def size_words(game: StoneGame) -> str:
    """What the size key counts, and the sizes most played where the definition says them."""
    board, common = game.definition.board, game.definition.look.common_sizes
    most = f"; most played: {', '.join(map(str, common))}" if common else ""
    return f"Cells along each side of the {board.shape}{most}."


def board_model(key: str) -> type[Strict]:
    """The board block: the definition's size key with its range, cell_mm, coordinates."""
    name = BOARD + _tag(key)
    if name not in _MADE:
        game = stone_game(key)
        size = game.definition.board.size
        _MADE[name] = create_model(
            name, __base__=Strict, __module__=__name__,
            **{size.key: (Annotated[int, Field(ge=size.min, le=size.max, description=size_words(game))], size.default),
               "cell_mm": (Annotated[float | None, Field(ge=SMALLEST_CELL_MM, le=200, description=(
                   "Cell size across flats; omitted: the largest that fits the paper."))], None),
               "coordinates": (Annotated[bool, Field(description="The cells' names along the edges.")], True)})
        _MADE[name].__doc__ = f"The board of {game.definition.title}."
    return _MADE[name]


class RenamedStyleSpec(BaseStyleSpec):
    """A definition's style block: its keys under the names `look.style_keys` gives them."""

    renamed: ClassVar[dict[str, str]] = {}

    @classmethod
    def named(cls, values: dict[str, Any]) -> dict[str, Any]:
        return {cls.renamed.get(key, key): value for key, value in values.items()}


def style_model(key: str) -> type[BaseStyleSpec]:
    """The style block: DefinedStyleSpec's keys that this board draws (no colour for shared sides where none are
    shared, nor for unmarked corners), each under the name the definition's `look.style_keys` gives it (a game
    whose specs have always said `red_side` keeps saying it), a player's own described by the player's name."""
    name = STYLE + _tag(key)
    if name not in _MADE:
        from pnp.games.stones.owners import Owners

        game = stone_game(key)
        owners, renamed = Owners(game), game.definition.look.style_keys
        said = _players_words(game, owners)
        fields = {renamed.get(field, field): (info.annotation, Field(None, description=said.get(field, info.description)))
                  for field, info in DefinedStyleSpec.model_fields.items() if field not in owners.unused_style_keys()}
        made = create_model(name, __base__=RenamedStyleSpec, __module__=__name__, **fields)
        made.__doc__ = f"The colours of {game.definition.title}'s board and stones."
        type.__setattr__(made, "renamed", dict(renamed))
        _MADE[name] = made
    return _MADE[name]


def _players_words(game: StoneGame, owners: Any) -> dict[str, str]:
    """Each player's stones and sides in words: "Red's stones.", "Red's sides: the top side and the bottom side."."""
    kind = game.definition.board.kind
    found = {}
    for which, player in zip(("first", "second"), game.players):
        mine = [side for side in kind.sides if owners.sides[side] == player]
        found[f"{which}_stones"] = f"{player_name(player)}'s stones."
        found[f"{which}_sides"] = f"{player_name(player)}'s sides: {groups_words(mine, kind)}."
    return found


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
