"""A defined game's outputs: the board page, the stone sheets, the pencil pad (registry hooks, one each)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp.boards.cutouts import compose_stones as layer_stones
from pnp.boards.cutouts import StoneSheets
from pnp.boards.pad_page import boards_words, pad_document
from pnp.boards.pages import board_document
from pnp.cellboard.placed import PlacedBoard
from pnp.games.stones.draw import Extras, board_group
from pnp.games.stones.plan import BoardPlan, PadPlan
from pnp.games.stones.style import DefinedStyle
from pnp.games.stones.words import goals_line, player_name
from pnp.layout.furniture import mm_text
from pnp.scene import Document, Group
from pnp.texts import article, say

PAD_LABEL = "#9a9a9a"   # coordinates pale enough to write over, still read at a glance
PAD_CORNER = "#ececec"  # corner cells on the pad: marked, still easy to colour


def _line(written: str | None, path: str, **fields: object) -> str:
    """A facts line: the definition's own (`look.facts`, `look.pad_facts`), else pnp's, with the fields filled in."""
    return written.format(**fields) if written else say("stones", path, **fields)


def typical_cell_mm(board: Any) -> float:
    """A board's cells' size as pad.cell_mm means it: a lattice cell's across flats; on a board grown from a seed,
    the across flats of a hexagon as large as its average cell."""
    placed = getattr(board, "placed", None)
    return placed.mean_cell_mm if placed is not None else board.cell_mm


def facts(board: PlacedBoard, extras: Extras) -> str:
    game = extras.game
    look = game.definition.look
    cell = mm_text(board.cell_mm)
    grown = "grown_" if getattr(board, "code", None) else ""
    return _line(look.facts, f"board.{grown}facts", board=game.sized(board.board.size), cells=len(board.cells),
                 cell=cell, goals=look.goals or goals_line(game), code=getattr(board, "code", ""), article=article(cell))


def drawn_board(page: BoardPlan, style: DefinedStyle) -> Group:
    """The board as its page draws it; also its image of its own (the split kit)."""
    return board_group(page.board, style, page.extras)


def compose_board(page: BoardPlan, title: str, style: DefinedStyle) -> Document:
    return board_document(page, title, facts(page.board, page.extras), style, drawn_board(page, style))


def compose_pad(pad: PadPlan, title: str, style: DefinedStyle) -> Document:
    """One sheet of boards to colour in, each with its record box: white cells, pale coordinates."""
    light = replace(style, **{"cell_fill": "#ffffff", "label": PAD_LABEL, "corner_fill": PAD_CORNER,
                              **pad.extras.game.definition.look.pad_colours})
    first = pad.boards[0]
    grown = "grown_" if getattr(first, "code", None) else ""
    line = _line(pad.extras.game.definition.look.pad_facts, f"board.{grown}pad_facts", boards=boards_words(len(pad.boards)),
                 board=pad.extras.game.sized(first.board.size), cell=mm_text(typical_cell_mm(first)),
                 cells=len(first.cells), code=getattr(first, "code", ""))
    return pad_document(pad, title, line, style, lambda board: board_group(board, light, pad.extras))


def compose_stones(stones: StoneSheets, title: str, style: DefinedStyle) -> Document:
    """The stone sheets, each player's stones counted under their name."""
    names = {player: say("stones", "stones.player", player=player_name(player),
                         shade=say("stones", "stones.light" if i == 0 else "stones.dark"))
             for i, player in enumerate(style.players)}
    return layer_stones(stones, title, style, names)
