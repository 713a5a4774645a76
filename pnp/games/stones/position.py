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

from pydantic import Field, create_model

from pnp.boards.position import LETTERS_AND_NUMBER, BoardIds, ConnectionPosition, lettered
from pnp.cellboard.pie import NO_PIE
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

    @property
    def size(self) -> int:
        """The board's size; a board not yet validated (a reader's model_construct, as SGF's reflection makes
        one) gives the size it holds, or the definition's default."""
        game = stone_game(self.definition)
        board = self.board
        if isinstance(board, dict):
            return int(board.get(game.size_key, game.definition.board.size.default))
        return int(getattr(board, game.size_key))

    def swapped(self, cell: Hashable) -> Hashable:
        game = stone_game(self.definition)
        if game.pie == NO_PIE:
            return cell
        try:
            return game.swapped(str(cell), self.size)
        except ValueError:
            return cell   # an unknown cell: its own problem is said where it is read

    def board_ids(self) -> BoardIds:
        game = stone_game(self.definition)
        ids = game.graph(self.size).ids
        return BoardIds(frozenset(ids), game.board_words(self.size), f"a cell is {game.scheme.about}{spans(ids)}, "
                                                                     f"e.g. {ids[len(ids) // 2]}", nearest=lettered(ids))

    def problems(self) -> list[Unplanned]:
        found = super().problems()
        if stone_game(self.definition).pie == NO_PIE and SWAP in self.moves:
            index = self.moves.index(SWAP)
            found.append(Unplanned(("moves", index), f"move {index + 1}: this game has no pie rule, so swap is no "
                                                     "move; give a cell"))
        return found


def position_model(key: str) -> type[DefinedPosition]:
    """The position model of the definition `key` names."""
    if key in _MADE:
        return _MADE[key]  # type: ignore[return-value]
    game = stone_game(key)
    size = game.definition.board.size
    board = create_model("PositionBoard", __base__=Strict, **{size.key: (
        Annotated[int, Field(ge=size.min, le=size.max, description="The board's size.")], size.default)})
    stones = create_model("Stones", __base__=Strict, **{player: (
        list[str], Field(default_factory=list, description=f"Cells {player_name(player)} holds.")) for player in game.players})
    named: Any = str if is_file_key(key) else Literal[game.name]  # type: ignore[valid-type]
    made = create_model(
        "Position", __base__=DefinedPosition,
        game=(named, ...), board=(board, EMPTY), stones=(stones, EMPTY),
        first=(Literal[game.players], Field(game.players[0], description="Who makes move 1 of the record.")),  # type: ignore[valid-type]
        resigned=(Literal[game.players] | None, Field(None, description=(  # type: ignore[valid-type]
            "The player who resigned after the record's last move: the other wins."))))
    type.__setattr__(made, "definition", key)
    type.__setattr__(made, "players", game.players)
    _MADE[key] = made
    return made  # type: ignore[return-value]
