"""`pnp score` of a defined game, and the text form of its records (pnp/positions/text_record.py)."""

from __future__ import annotations

from pnp.games.stones.game import stone_game
from pnp.games.stones.position import DefinedPosition
from pnp.games.stones.verdict import DefinedVerdict


def title(key: str, size: int) -> str:
    game = stone_game(key)
    return f"{game.definition.title}, {game.size_key} {size}"


def score(position: DefinedPosition) -> DefinedVerdict:
    """The referee's verdict on a position as it stands (pnp/cellboard/referee.py)."""
    key, size = position.definition, position.size
    game = stone_game(key)
    owners = {str(cell): player for cell, player in position.owners().items()}
    return DefinedVerdict(game, size, title(key, size), owners, game.judge(owners, size))


def text_form(key: str):  # -> text_record.Form
    """Moves are cell ids or swap; the board's size is given by its size key as an option (--size, --base, a
    designer's --rings)."""
    from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone

    game = stone_game(key)
    ids = game.graph().ids
    options = {game.size_key: (*BOARD, game.size_key)}
    return Form("moves", options, f"{STONE_HOW}, e.g. {ids[len(ids) // 2]}", read_stone, str)
