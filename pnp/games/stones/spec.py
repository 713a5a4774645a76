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
from pnp.cellboard.kinds import seeded
from pnp.games.stones.game import ON, is_file_key, on_board, stone_game
from pnp.games.stones.style import DefinedStyle
from pnp.games.stones.words import groups_words, player_name
from pnp.spec.base import EMPTY, SHARED_ASSETS, SMALLEST_CELL_MM, BaseStyleSpec, Strict
from pnp.spec.fields import UniqueList
from pnp.boards.mudcrack.names import MudName
from pnp.spec.problems import Unplanned

ASSETS = ("board", "stones", "pad")
OUTPUTS = ASSETS + SHARED_ASSETS
SPEC, BOARD, STYLE, BLOCK = "Spec_", "Board_", "Style_", "Block_"   # a model's name: this, then its definition's key
                                                                    # in hex (a block's: the key on its board)


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
    def chosen(self) -> str | None:
        """The alternative board the spec's board block names (its key), or None for the game's own board."""
        return chosen_board(self.board, stone_game(self.definition_key()))

    @property
    def board_key(self) -> str:
        """The key of the game on the board the spec chose."""
        return on_board(self.definition_key(), self.chosen)

    @property
    def size(self) -> int:
        chosen = self.chosen
        if chosen is None:
            named = grown(self.board)
            return named.cells if named else int(getattr(self.board, stone_game(self.definition_key()).size_key))
        written = getattr(self.board, chosen).named()
        return stone_game(self.board_key).size() if written is None else written[0]

    @property
    def picked(self) -> dict[str, int]:
        """The seed and generator version of a board grown from a seed, by its code or its seed ({} on a lattice
        shape, or where the definition's seed is meant)."""
        chosen = self.chosen
        if chosen is None:
            named, seed = grown(self.board), getattr(self.board, "seed", None)
            return ({"seed": named.seed, "version": named.version} if named else {} if seed is None else {"seed": seed})
        written = getattr(self.board, chosen).named()
        return {} if written is None or len(written) < 3 else {"seed": written[1], "version": written[2]}

    def default_title(self) -> str:
        game = stone_game(self.board_key)
        return f"{game.definition.title}, {game.sized(self.size)}"


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def grown_board_keys() -> dict[str, Any]:
    """The board keys of a board grown from a seed (shape: mudcrack): which board, by its seed or its code. (Codes
    are read only for such a game.)"""
    from pnp.boards.mudcrack.spec import CODE_HELP, SEED_HELP, BoardCode, Seed

    return {"seed": (Annotated[Seed, Field(description=SEED_HELP)], None),
            "code": (Annotated[BoardCode, Field(description=CODE_HELP)], None)}


def grown(board: Any) -> MudName | None:
    """The board a position's `code` names, or None."""
    code = getattr(board, "code", None)
    if code is None:
        return None
    from pnp.boards.mudcrack.code import decode

    return decode(code)


def code_problems(board: Any, game: StoneGame) -> list[Unplanned]:
    """A code beside the size key or a seed (it names both), or naming a board of more or fewer cells than the
    game's."""
    named = grown(board)
    if named is None:
        return []
    key, size = game.size_key, game.definition.board.size
    found = [Unplanned(("board", name), f"a board code names the {key} and the seed already; give {name} or code, "
                                        "not both") for name in (key, "seed") if name in board.model_fields_set]
    if not size.min <= named.cells <= size.max:
        found.append(Unplanned(("board", "code"), f"{board.code} names a board of {named.cells} cells; "
                                                  f"{game.definition.title} is played on {size.min} to {size.max}"))
    return found


def chosen_board(board: Any, game: StoneGame) -> str | None:
    """Which alternative board a board block names (the first written), or None."""
    written = getattr(board, "model_fields_set", set())
    return next((name for name in game.definition.board.alternatives if name in written), None)


def mixed(board: Any, game: StoneGame, loc: tuple[str, ...] = ("board",)) -> list[Unplanned]:
    """What a board block asks that cannot be: the game's own board keys beside an alternative board (or two
    alternatives), or an alternative's block naming no board; each said at its key."""
    chosen = chosen_board(board, game)
    if chosen is None:
        return []
    definition = game.definition
    other = definition.board.alternatives[chosen]
    own = (definition.board.size.key, "cell_mm", "coordinates", *(n for n in definition.board.alternatives if n != chosen))
    why = (f"is for the {definition.board.shape}; {_a(other.title)} {other.title} board is as large as the paper "
           f"allows and numbers its cells, so leave it out (or leave out board.{chosen})" if seeded(other.shape) else
           f"is for the {definition.board.shape}; leave it out (or leave out board.{chosen})")
    found = [Unplanned((*loc, key), why) for key in own if key in board.model_fields_set]
    return found + getattr(board, chosen).mix((*loc, chosen))


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
               "coordinates": (Annotated[bool, Field(description="The cells' names along the edges.")], True),
               **(grown_board_keys() if seeded(game.definition.board.shape) else {}),
               **{name: (block_model(key, name), EMPTY) for name in game.definition.board.alternatives}})
        _MADE[name].__doc__ = f"The board of {game.definition.title}."
    return _MADE[name]


class BoardBlock(Strict):
    """An alternative board's block: its size key, and for a board grown from a seed `seed` or `code`."""

    size_key: ClassVar[str] = ""

    def named(self) -> tuple[int, ...] | None:
        """(size,) of a lattice shape; (cells, seed, version) of a grown board (by its code, or cells and a seed:
        the latest generator); None while the block names no board (`mix` says so)."""
        code = getattr(self, "code", None)
        if code is not None:
            from pnp.boards.mudcrack.code import decode

            return tuple(decode(code))
        size = getattr(self, self.size_key)
        if size is None:
            return None
        if "seed" not in type(self).model_fields:
            return (size,)
        from pnp.boards.mudcrack.names import DEFAULT_SEED, LATEST

        return (size, DEFAULT_SEED if self.seed is None else self.seed, LATEST)  # type: ignore[attr-defined]

    def mix(self, loc: tuple[str, ...]) -> list[Unplanned]:
        """The size with a code, or a seed without the size, or nothing at all: each said at its key."""
        size = type(self).model_fields[self.size_key]
        least, most = (m.ge for m in size.metadata if hasattr(m, "ge")), (m.le for m in size.metadata if hasattr(m, "le"))
        if getattr(self, "code", None) is not None:
            return [Unplanned((*loc, key), f"a board code names the {self.size_key} and the seed already; give {key} "
                              "or code, not both") for key in (self.size_key, "seed") if getattr(self, key) is not None]
        if getattr(self, self.size_key) is None:
            span = f"{next(least)} to {next(most)}"
            if "code" not in type(self).model_fields:
                return [Unplanned(loc, f"give {self.size_key} ({span})")]
            return [Unplanned(loc, f"give {self.size_key} ({span}, and a seed if you like) or the code printed on a "
                                   f"board, e.g. {{{self.size_key}: 120, seed: 7}}")]
        return []


def block_model(key: str, name: str) -> type[BoardBlock]:
    """The block of the alternative board `name`: its size key with its range, and `seed` and `code` where it is
    grown from a seed."""
    made_name = BLOCK + _tag(f"{key}{ON}{name}")
    if made_name not in _MADE:
        game = stone_game(on_board(key, name))
        board = game.definition.board
        fields: dict[str, Any] = {board.size.key: (Annotated[int | None, Field(ge=board.size.min, le=board.size.max, description=(
            f"How many cells; the paper must give each room for a stone (pnp names the most that fit)." if seeded(board.shape)
            else size_words(game)))], None)}
        if seeded(board.shape):
            from pnp.boards.mudcrack.spec import CODE_HELP, SEED_HELP, BoardCode, Seed

            fields |= {"seed": (Annotated[Seed, Field(description=SEED_HELP)], None),
                       "code": (Annotated[BoardCode, Field(description=CODE_HELP)], None)}
        made = create_model(made_name, __base__=BoardBlock, __module__=__name__, **fields)
        made.__doc__ = (f"{_a(game.definition.title).capitalize()} {game.definition.title} board: {board.size.key}"
                        + (" and a seed, or a board code" if seeded(board.shape) else "") + ".")
        type.__setattr__(made, "size_key", board.size.key)
        _MADE[made_name] = made
    return _MADE[made_name]  # type: ignore[return-value]


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
    for key, sides in owners.shared_keys().items():
        words = groups_words(sorted(sides, key=kind.sides.index), kind)
        found[key] = f"{words[:1].upper()}{words[1:]}, which both players aim for."
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
    if name.startswith(BLOCK):
        return block_model(*bytes.fromhex(name[len(BLOCK):]).decode("utf-8").split(ON))
    for prefix, make in ((SPEC, spec_model), (BOARD, board_model), (STYLE, style_model)):
        if name.startswith(prefix):
            return make(bytes.fromhex(name[len(prefix):]).decode("utf-8"))
    raise AttributeError(name)
