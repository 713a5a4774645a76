"""`pnp diagram` of a defined game: the board as printed, at diagram size, the stones, and the win on top.

A connection is drawn as its chain (links through the winning cells), a ring as
its closed loop; the first player's in a deep red, the second's in a deep blue
and dashed, each on a white casing, so both show on either kind of stone and in
black and white. Coordinates are drawn where the diagram's cells leave them 5 pt
or more (look.readable); a small diagram leaves them off.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.boards.chains import chain
from pnp.boards.diagram import diagram_frame
from pnp.boards.marks import mark
from pnp.boards.move_numbers import numbered_width, record_stones
from pnp.games.stones.draw import Extras, board_group
from pnp.games.stones.game import not_drawn, stone_game
from pnp.games.stones.look import UnitBoard, readable, unit_extent
from pnp.games.stones.position import DefinedPosition
from pnp.games.stones.style import DefinedStyle, player_defaults
from pnp.games.stones.verdict import DefinedVerdict
from pnp.games.stones.words import _say, player_name
from pnp.positions.page import LineLook, diagram_page
from pnp.positions.record import diagram_caption
from pnp.scene import Document, Shape
from pnp.spec.problems import Problem, SpecError
from pnp.style import resolve_style

STONE_SHARE = 0.8      # a stone's size, per cell: a rim of the cell (and its tint) shows round it
HIGHLIGHT = "#fff1a8"
CASING = "#ffffff"
LINES = (LineLook("#c0392b"), LineLook("#1f5fa8", dash=(2.0, 1.0)))   # the first player's win, the second's


def diagram_style(key: str, saver: bool) -> DefinedStyle:
    game = stone_game(key)
    style = resolve_style(DefinedStyle, player_defaults(game.players), "saver" if saver else "full")
    return replace(style, players=game.players)


def diagram(position: DefinedPosition, verdict: DefinedVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram of one position; `saver`: the second player's stones hatched, as the stone sheets print them.
    `widest_mm` is the registry's (how far a diagram may grow for its labels): this board's coordinates are drawn
    only where they print at 5 pt at the width asked for, and left off otherwise, so it never grows for them."""
    key, size = position.definition, position.size
    if (refused := not_drawn(stone_game(key))) is not None:
        raise SpecError([Problem("pnp diagram", None, "game", refused)])
    style = diagram_style(key, saver)
    unit_board = UnitBoard(key, size)
    numbers = {str(c): n for c, n in position.move_numbers().items()}
    coordinates = True
    unit = unit_extent(unit_board, True)
    width_mm = numbered_width(width_mm, unit, STONE_SHARE, max(numbers.values(), default=None))
    if not readable(diagram_frame(unit, width_mm).cell_mm):
        coordinates, unit = False, unit_extent(unit_board, False)
    box, cell, origin = diagram_frame(unit, width_mm)
    board = unit_board.at(cell, origin)
    owners = {str(c): player for c, player in position.owners().items()}
    tint = dict.fromkeys(map(str, position.highlight), HIGHLIGHT)
    shapes: list[Shape] = [board_group(board, style, Extras(key, coordinates), tint)]
    stones, shown = record_stones(owners, lambda c: board.by_id[c].center, numbers, STONE_SHARE * cell, style,
                                  frozenset(map(str, position.marks)))
    shapes += stones
    key_lines: list[tuple[LineLook, str]] = []
    # the winner on the board: a resignation's verdict (pnp/positions/resign.py) names its winner with no path
    winner = verdict.judged.winner if position.chain else None
    if winner is not None:
        line = LINES[verdict.game.players.index(winner)]
        shapes.append(chain(board, list(verdict.path), line, CASING, cls=f"chain chain-{winner}",
                            data=(("chain", winner),), closed=verdict.is_ring))
        what = _say("score.loop" if verdict.is_ring else "score.group")
        key_lines.append((line, _say("score.key", player=player_name(winner), what=what)))
    shapes += shown
    shapes += [mark(board.by_id[str(c)], text, str(c) in owners, cell, style.ink) for c, text in position.marks.items()]
    caption = diagram_caption(position, position.caption or verdict.caption())
    return diagram_page(f"{verdict.board}: {caption}", box, shapes, caption, key_lines, style)
