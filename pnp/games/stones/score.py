"""`pnp score` of a defined game, and the text form of its records (pnp/positions/text_record.py)."""

from __future__ import annotations

from pnp.cellboard.kinds import seeded
from pnp.cellboard.mudcrack import MudcrackShapeBoard
from pnp.games.stones.game import stone_game
from pnp.games.stones.position import DefinedPosition
from pnp.games.stones.verdict import DefinedVerdict


def title(key: str, size: int) -> str:
    game = stone_game(key)
    return f"{game.definition.title}, {game.sized(size)}"


def score(position: DefinedPosition) -> DefinedVerdict:
    """The referee's verdict on a position as it stands (pnp/cellboard/referee.py)."""
    key, size, picked = position.definition, position.size, position.picked
    game = stone_game(key)
    owners = {str(cell): player for cell, player in position.owners().items()}
    board = game.board(size, **picked)
    named = title(key, size) + (f", board {board.code}" if isinstance(board, MudcrackShapeBoard) else "")
    return DefinedVerdict(game, size, named, owners, game.judge(owners, size, **picked), dict(picked))


def text_form(key: str):  # -> text_record.Form
    """Moves are cell ids or swap; the board's size is given by its size key as an option (--size, --base, a
    designer's --rings), and a board grown from a seed by its code (--code)."""
    from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone

    game = stone_game(key)
    ids = game.graph().ids
    keys = (game.size_key, *(["code"] if seeded(game.definition.board.shape) else []))   # a grown board: its code
    options = {key: (*BOARD, key) for key in keys}
    return Form("moves", options, f"{STONE_HOW}, e.g. {ids[len(ids) // 2]}", read_stone, str)
