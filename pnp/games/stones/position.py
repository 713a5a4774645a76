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

from pnp.boards.mudcrack.names import GROWTH_STEPS
from pnp.boards.position import LETTERS_AND_NUMBER, MOVES_HELP, BoardIds, ConnectionPosition, lettered
from pnp.cellboard.kinds import seeded
from pnp.cellboard.pie import NO_PIE
from pnp.definitions.engine import StoneGame
from pnp.definitions.schemes import numbered
from pnp.positions.base import HIGHLIGHT_HELP, MARKS_HELP
from pnp.games.stones.game import is_file_key, on_board, stone_game
from pnp.games.stones.spec import block_model, chosen_board, code_problems, grown, grown_board_keys, mixed
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


def explained(game: StoneGame, ids: tuple[str, ...]) -> str:
    """What a cell's id is, for a message about one that is not: a number's span ("a cell is its number on the
    board, 1 to 30"), else the scheme's words, the span of letters and numbers, and an example."""
    if ids and all(cell.isdigit() for cell in ids):
        return f"a cell is its number on the board, {min(map(int, ids))} to {max(map(int, ids))}"
    return f"a cell is {game.scheme.about}{spans(ids)}, e.g. {ids[len(ids) // 2]}"


class DefinedPosition(ConnectionPosition):
    """Stones on a defined game's board; the model of each definition narrows `game`, `board`, `stones`, `first`."""

    definition: ClassVar[str] = ""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its definition's key and its data, validated again where it is unpickled (an animation's
        frames are drawn by the build's worker): each definition's model is made at run time, so pickle cannot
        find its class by name."""
        return (_remade, (self.definition, self.model_dump(exclude_unset=True)))

    @property
    def chosen(self) -> str | None:
        """The alternative board the board block names, or None for the game's own."""
        return None if isinstance(self.board, dict) else chosen_board(self.board, stone_game(self.definition))

    @property
    def board_key(self) -> str:
        """The key of the game on the position's board."""
        return on_board(self.definition, self.chosen)

    @property
    def size(self) -> int:
        """The board's size; a grown board named by its code has the code's cells; a board not yet validated (a
        reader's model_construct, as SGF's reflection makes one) gives the size it holds, or the definition's
        default."""
        game = stone_game(self.definition)
        if isinstance(self.board, dict):
            return int(self.board.get(game.size_key, game.definition.board.size.default))
        if self.chosen is not None:
            named = getattr(self.board, self.chosen).named()
            return stone_game(self.board_key).size() if named is None else named[0]
        picked = grown(self.board)
        return picked.cells if picked else int(getattr(self.board, game.size_key))

    @property
    def picked(self) -> dict[str, int]:
        """The seed and generator version of a board grown from a seed, given by its code or its `seed` ({} where
        the board is a lattice shape, or the definition's seed is meant)."""
        if self.chosen is not None:
            named = getattr(self.board, self.chosen).named()
            return {} if named is None or len(named) < 3 else {"seed": named[1], "version": named[2]}
        picked = grown(self.board)
        if picked:
            return {"seed": picked.seed, "version": picked.version}
        seed = getattr(self.board, "seed", None)
        return {} if seed is None else {"seed": seed}

    def board_code(self) -> str | None:
        """The code of the board grown from a seed that the position is on (however it was given), None on a lattice
        shape: a text record names the board by it (pnp/positions/text_record.py)."""
        if isinstance(self.board, dict):
            return None
        board = stone_game(self.board_key).board(self.size, **self.picked)
        return getattr(board, "code", None)

    def search_steps(self) -> int:
        """A board grown from a seed is grown cell by cell; a lattice shape is drawn from its size."""
        from pnp.cellboard.kinds import seeded as grows

        if isinstance(self.board, dict) or not grows(stone_game(self.board_key).definition.board.shape):
            return 0
        return self.size * GROWTH_STEPS

    def swapped(self, cell: Hashable) -> Hashable:
        game = stone_game(self.board_key)
        if game.pie == NO_PIE:
            return cell
        try:
            return game.swapped(str(cell), self.size, **self.picked)
        except ValueError:
            return cell   # an unknown cell: its own problem is said where it is read

    def board_ids(self) -> BoardIds:
        game = stone_game(self.board_key)
        board = game.board(self.size, **self.picked)
        ids = board.graph.ids
        return BoardIds(frozenset(ids), game.board_words(self.size, getattr(board, "code", None)),
                        explained(game, ids), nearest=lettered(ids))

    def problems(self) -> list[Unplanned]:
        refused = mixed(self.board, stone_game(self.definition)) or code_problems(self.board, stone_game(self.definition))
        if refused:   # the board cannot be grown: its cells cannot be checked
            return refused
        found = super().problems()
        if stone_game(self.definition).pie == NO_PIE and SWAP in self.moves:
            index = self.moves.index(SWAP)
            found.append(Unplanned(("moves", index), f"move {index + 1}: this game has no pie rule, so swap is no "
                                                     "move; give a cell"))
        return found


def numbered_cells(game: StoneGame) -> tuple[Any, dict[str, Any]]:
    """The type of a cell id, and the position's lists of cells: where cells are numbers (on the board or an
    alternative), a cell YAML reads as a number is its digits (17 is the cell "17"), in the stones, the record, the
    highlight and the marks."""
    board = game.definition.board
    if all(ids not in numbered() for ids in (board.ids, *(other.ids for other in board.alternatives.values()))):
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
        **(grown_board_keys() if grows else {}),
        **{name: (block_model(key, name), EMPTY) for name in game.definition.board.alternatives})
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
