"""`pnp diagram` of a defined game: the board as printed, at diagram size, the stones, and the win on top.

A connection is drawn as its chain (links through the winning cells), a ring as
its closed loop; the first player's in a deep red, the second's in a deep blue
and dashed, each on a white casing, so both show on either kind of stone and in
black and white (a definition may give a player's own: `look.lines`). Coordinates
print at 5 pt or more (pnp/boards/readable.py): the diagram grows for them where
it may, else they are thinned to every other line, else left off.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.boards.chains import chain
from pnp.boards.readable import readable_frame
from pnp.boards.marks import mark
from pnp.boards.move_numbers import record_stones
from pnp.definitions.engine import StoneGame
from pnp.games.stones.draw import Extras, board_group
from pnp.games.stones.game import stone_game
from pnp.games.stones.look import UnitBoard, label_room
from pnp.games.stones.position import DefinedPosition
from pnp.games.stones.style import DefinedStyle, game_colours
from pnp.games.stones.verdict import DefinedVerdict
from pnp.games.stones.words import _say, player_name
from pnp.positions.page import LineLook, diagram_page
from pnp.positions.record import diagram_caption
from pnp.scene import Document, Shape
from pnp.style import resolve_style

STONE_SHARE = 0.8      # a stone's size, per cell: a rim of the cell (and its tint) shows round it
HIGHLIGHT = "#fff1a8"
CASING = "#ffffff"
LINES = (LineLook("#c0392b"), LineLook("#1f5fa8", dash=(2.0, 1.0)))   # the first player's win, the second's


def diagram_style(key: str, saver: bool) -> DefinedStyle:
    game = stone_game(key)
    style = resolve_style(DefinedStyle, game_colours(game.definition.look, game.players), "saver" if saver else "full")
    return replace(style, players=game.players)


def win_line(game: StoneGame, player: str) -> LineLook:
    """A player's winning line: the definition's `look.lines`, else the first player's or the second's of LINES."""
    given = game.definition.look.lines.get(player)
    return LineLook(given.colour, tuple(given.dash)) if given else LINES[game.players.index(player)]


def diagram(position: DefinedPosition, verdict: DefinedVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram of one position; `saver`: the second player's stones hatched, as the stone sheets print them.
    `widest_mm`: how far it may grow for its coordinates to print at 5 pt (pnp/boards/readable.py: else they are
    thinned to every other line, or left off, a note saying so)."""
    key = position.board_key
    game, style = stone_game(key), diagram_style(key, saver)
    unit_board = UnitBoard(key, position.size, tuple(position.picked.items()))
    numbers = {str(c): n for c, n in position.move_numbers().items()}
    framed = readable_frame(label_room(unit_board), width_mm, widest_mm, max(numbers.values(), default=None),
                            STONE_SHARE)
    box, cell, origin = framed.frame
    board = unit_board.at(cell, origin)
    owners = {str(c): player for c, player in position.owners().items()}
    tint = dict.fromkeys(map(str, position.highlight), HIGHLIGHT)
    shapes: list[Shape] = [board_group(board, style, Extras(key, True), tint, labels=framed.labels,
                                       lettered=frozenset(map(str, position.marks)))]
    stones, shown = record_stones(owners, lambda c: board.by_id[c].center, numbers, STONE_SHARE * cell, style,
                                  frozenset(map(str, position.marks)))
    shapes += stones
    key_lines: list[tuple[LineLook, str]] = []
    # the winner on the board: a resignation's verdict (pnp/positions/resign.py) names its winner with no path
    winner = verdict.judged.winner if position.chain else None
    if winner is not None:
        line = win_line(game, winner)
        shapes.append(chain(board, list(verdict.path), line, CASING, cls=f"chain chain-{winner}",
                            data=(("chain", winner),), closed=verdict.is_ring))
        key_lines.append((line, _say("score.key", player=player_name(winner), what=verdict.what())))
    shapes += shown
    shapes += [mark(board.by_id[str(c)], text, str(c) in owners, cell, style.ink) for c, text in position.marks.items()]
    caption = diagram_caption(position, position.caption or verdict.caption())
    return diagram_page(f"{verdict.board}: {caption}", box, shapes, caption, key_lines, style, framed.notes)
