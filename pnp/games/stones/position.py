"""A position of a game written as data: its board size, each player's stones, and a record.

    game: NAME or ./my-game.yaml      # a designer's definition: a path relative to the position file
    board: {SIZE_KEY: 8}
    stones: {white: [e5], black: [d4]}   # one list per player the definition names
    moves: [e5, swap, d4]             # optional: a record; `first` is who makes move 1 (the definition's first)
    highlight, marks, chain, caption  # optional, for diagrams

The checks are every stone game's (pnp/boards/position.py: an unknown cell with
the nearest id, a cell twice, a cell both players hold, a record's moves), with
the definition's players, ids and pie rule; a swap where the game has no pie
rule is refused naming its move. Each definition gets its own model class, made
once (`position_model`).
"""

from typing import Annotated, Any, ClassVar, Hashable, Literal

from pydantic import BeforeValidator, Field, create_model

from pnp.boards.mudcrack.names import MudName
from pnp.boards.position import LETTERS_AND_NUMBER, MOVES_HELP, BoardIds, ConnectionPosition, lettered
from pnp.cellboard.kinds import seeded
from pnp.cellboard.pie import NO_PIE
from pnp.definitions.engine import StoneGame
from pnp.definitions.schemes import numbered
from pnp.positions.base import HIGHLIGHT_HELP, MARKS_HELP
from pnp.games.stones.game import is_file_key, stone_game
from pnp.games.stones.words import player_name
from pnp.positions.record import SWAP
from pnp.spec.base import EMPTY, Strict
from pnp.spec.problems import Unplanned

_MADE: dict[str, type] = {}


def spans(ids: tuple[str, ...]) -> str:
    """Where ids are letters and a number, the letters and the numbers the board runs through: "; a to k, 1 to 11"."""
    found = [LETTERS_AND_NUMBER.fullmatch(cell) for cell in ids]
    if not all(found):
        return ""
    letters = sorted({f[1] for f in found if f}, key=lambda text: (len(text), text))
    numbers = sorted({int(f[2]) for f in found if f})
    return f"; {letters[0]} to {letters[-1]}, {numbers[0]} to {numbers[-1]}"


class DefinedPosition(ConnectionPosition):
    """Stones on a defined game's board; the model of each definition narrows `game`, `board`, `stones`, `first`."""

    definition: ClassVar[str] = ""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its definition's key and its data, validated again where it is unpickled (an animation's
        frames are drawn by the build's worker): each definition's model is made at run time, so pickle cannot
        find its class by name."""
        return (_remade, (self.definition, self.model_dump(exclude_unset=True)))

    @property
    def size(self) -> int:
        """The board's size; a grown board named by its code has the code's cells; a board not yet validated (a
        reader's model_construct, as SGF's reflection makes one) gives the size it holds, or the definition's
        default."""
        game = stone_game(self.definition)
        if isinstance(self.board, dict):
            return int(self.board.get(game.size_key, game.definition.board.size.default))
        picked = grown(self.board)
        return picked.cells if picked else int(getattr(self.board, game.size_key))

    @property
    def picked(self) -> dict[str, int]:
        """The seed and generator version of a board grown from a seed, given by its code or its `seed` ({} where
        the board is a lattice shape, or the definition's seed is meant)."""
        picked = grown(self.board)
        if picked:
            return {"seed": picked.seed, "version": picked.version}
        seed = getattr(self.board, "seed", None)
        return {} if seed is None else {"seed": seed}

    def swapped(self, cell: Hashable) -> Hashable:
        game = stone_game(self.definition)
        if game.pie == NO_PIE:
            return cell
        try:
            return game.swapped(str(cell), self.size, **self.picked)
        except ValueError:
            return cell   # an unknown cell: its own problem is said where it is read

    def board_ids(self) -> BoardIds:
        game = stone_game(self.definition)
        ids = game.graph(self.size, **self.picked).ids
        return BoardIds(frozenset(ids), game.board_words(self.size), f"a cell is {game.scheme.about}{spans(ids)}, "
                                                                     f"e.g. {ids[len(ids) // 2]}", nearest=lettered(ids))

    def problems(self) -> list[Unplanned]:
        refused = code_problems(self.board, stone_game(self.definition))
        if refused:   # the board cannot be grown: its cells cannot be checked
            return refused
        found = super().problems()
        if stone_game(self.definition).pie == NO_PIE and SWAP in self.moves:
            index = self.moves.index(SWAP)
            found.append(Unplanned(("moves", index), f"move {index + 1}: this game has no pie rule, so swap is no "
                                                     "move; give a cell"))
        return found


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


def numbered_cells(game: StoneGame) -> tuple[Any, dict[str, Any]]:
    """The type of a cell id, and the position's lists of cells: where cells are numbers, a cell YAML reads as a
    number is its digits (17 is the cell "17"), in the stones, the record, the highlight and the marks."""
    if game.definition.board.ids not in numbered():
        return str, {}
    from pnp.boards.mudcrack.spec import number_as_text

    cell = Annotated[str, BeforeValidator(number_as_text)]
    return cell, {"highlight": (list[cell], Field(default_factory=list, description=HIGHLIGHT_HELP)),
                  "marks": (dict[cell, str], Field(default_factory=dict, description=MARKS_HELP)),
                  "moves": (list[cell], Field(default_factory=list, description=MOVES_HELP))}


def _remade(key: str, data: dict[str, Any]) -> DefinedPosition:
    return position_model(key).model_validate(data)


def position_model(key: str) -> type[DefinedPosition]:
    """The position model of the definition `key` names."""
    if key in _MADE:
        return _MADE[key]  # type: ignore[return-value]
    game = stone_game(key)
    size = game.definition.board.size
    grows = seeded(game.definition.board.shape)
    board = create_model("PositionBoard", __base__=Strict, **{size.key: (
        Annotated[int, Field(ge=size.min, le=size.max, description="The board's size.")], size.default)},
        **(grown_board_keys() if grows else {}))
    cell, lists = numbered_cells(game)
    stones = create_model("Stones", __base__=Strict, **{player: (
        list[cell], Field(default_factory=list, description=f"Cells {player_name(player)} holds.")) for player in game.players})
    named: Any = str if is_file_key(key) else Literal[game.name]  # type: ignore[valid-type]
    made = create_model(
        "Position", __base__=DefinedPosition, **lists,
        game=(named, ...), board=(board, EMPTY), stones=(stones, EMPTY),
        first=(Literal[game.players], Field(game.players[0], description="Who makes move 1 of the record.")),  # type: ignore[valid-type]
        resigned=(Literal[game.players] | None, Field(None, description=(  # type: ignore[valid-type]
            "The player who resigned after the record's last move: the other wins."))))
    type.__setattr__(made, "definition", key)
    type.__setattr__(made, "players", game.players)
    _MADE[key] = made
    return made  # type: ignore[return-value]
