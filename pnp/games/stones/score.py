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


def reported(key: str, size: int, code: str | None) -> str:
    """The board as a report and a diagram's title name it: `look.report`, else the title and the board, and a
    grown board's code."""
    game = stone_game(key)
    written = game.definition.look.report
    if written:
        return written.format(title=game.definition.title, board=game.sized(size), size=size, code=code or "")
    return title(key, size) + (f", board {code}" if code else "")


def score(position: DefinedPosition) -> DefinedVerdict:
    """The referee's verdict on a position as it stands (pnp/cellboard/referee.py)."""
    key, size, picked = position.board_key, position.size, position.picked
    game = stone_game(key)
    owners = {str(cell): player for cell, player in position.owners().items()}
    board = game.board(size, **picked)
    named = reported(key, size, board.code if isinstance(board, MudcrackShapeBoard) else None)
    return DefinedVerdict(game, size, named, owners, game.judge(owners, size, **picked), dict(picked))


def text_form(key: str):  # -> text_record.Form
    """Moves are cell ids or swap; the board's size is given by its size key as an option (--size, --base, a
    designer's --rings), and a board grown from a seed by its code (--code)."""
    from pnp.positions.text_form import BOARD, STONE_HOW, Form, read_stone

    game = stone_game(key)
    ids = game.graph().ids
    board = game.definition.board
    options = {game.size_key: (*BOARD, game.size_key), **({"code": (*BOARD, "code")} if seeded(board.shape) else {}),
               **{"code": (*BOARD, name, "code") for name, other in board.alternatives.items() if seeded(other.shape)}}
    return Form("moves", options, f"{STONE_HOW}, e.g. {ids[len(ids) // 2]}", read_stone, str)
