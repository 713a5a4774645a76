"""A defined game's kit planned before anything is drawn: the board on its sheet or tiled, the stones, the pad.

The board page, the stone sheets and the pad are the layer's (pnp/boards/), as
for every stone game; the definition gives its board (a placed shape board,
pnp/cellboard/placed.py) and what that board draws (look.unit_extent).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pnp.boards.cutouts import StoneSheets, fit_stones
from pnp.boards.kit import StonesKit, stones_kit
from pnp.boards.pad import PadRecord, PadSheet, plan_pad as plan_pad_sheet
from pnp.boards.placement import BoardPage, BoardWords, plan_board_page
from pnp.cellboard.placed import PlacedBoard
from pnp.definitions.engine import StoneGame
from pnp.games.stones.draw import Extras
from pnp.boards.mudcrack.grow import Mudcrack
from pnp.boards.mudcrack.plan import plan_mudcrack, plan_mudcrack_pad
from pnp.cellboard.mudcrack import MudcrackShapeBoard
from pnp.games.stones.game import base_key, is_file_key, stone_game
from pnp.games.stones.look import UnitBoard, unit_extent
from pnp.games.stones.spec import DefinedSpec, code_problems, mixed, own_style_keys
from pnp.games.stones.style import DefinedStyle, game_colours
from pnp.games.stones.words import player_name
from pnp.geometry.hexagon import Point
from pnp.layout.packing import Apart
from pnp.layout.paper import spec_paper
from pnp.positions.text_record import score_command
from pnp.spec.problems import PlanError, Unplanned
from pnp.style import resolve_style
from pnp.texts import say

BoardPlan = BoardPage[PlacedBoard, Extras]
PadPlan = PadSheet[PlacedBoard, Extras]
KitPlan = StonesKit[DefinedStyle, PlacedBoard, Extras]
STONE_ROOM = 1.0   # the circle a hexagon cell holds about its centre, per mm of cell: its width across flats


def plan_kit(spec: DefinedSpec) -> KitPlan:
    """Plan every output the spec asks for; raise PlanError with every problem found."""
    game = stone_game(type(spec).definition_key())
    refused = mixed(spec.board, game) or code_problems(spec.board, game)
    if refused:
        raise PlanError(refused)
    key = spec.board_key
    board = plan_board(spec, key)
    stones = (plan_stones(spec, stone_game(key), board.board)
              if "stones" in spec.outputs and isinstance(board, BoardPage) else None)
    pad = plan_pad(spec, key) if "pad" in spec.outputs else None
    return stones_kit(spec.display_title, style_of(stone_game(key), spec), board, stones, pad)


def style_of(game: StoneGame, spec: DefinedSpec) -> DefinedStyle:
    """The colours the players' names say, then the spec's own."""
    given = {key: value for key, value in own_style_keys(game, spec.style.model_dump()).items() if value is not None}
    chosen = {**game_colours(game.definition.look, game.players), **given}
    return replace(resolve_style(DefinedStyle, chosen, spec.print.ink, spec.print.bleed_mm), players=game.players)


def words(game: StoneGame, size: int) -> BoardWords:
    """The board as messages name it, and the key that sets its size."""
    return BoardWords(game.board_words(size), f"board.{game.size_key}")


def unit_board(spec: DefinedSpec, key: str) -> UnitBoard:
    return UnitBoard(key, spec.size, tuple(spec.picked.items()))


def placed(unit: UnitBoard) -> Callable[[float, Point], PlacedBoard]:
    """How the plan makes the board at a cell size, its frame's top-left at origin."""
    return lambda cell_mm, origin: unit.at(cell_mm, origin)


def grown(spec: DefinedSpec, key: str) -> tuple[Mudcrack, tuple[str, ...]] | None:
    """A board grown from a seed: the generator's board, and the spec's key of its size; None for a lattice shape."""
    board = stone_game(key).board(spec.size, **spec.picked)
    if not isinstance(board, MudcrackShapeBoard):
        return None
    chosen = spec.chosen
    return board.mud, ("board", *([chosen] if chosen else []), stone_game(key).size_key)


def plan_board(spec: DefinedSpec, key: str) -> BoardPlan | Unplanned:
    """The board at the spec's cell size (or the largest that fits); a board grown from a seed as large as the paper
    allows (pnp/boards/mudcrack/plan.py)."""
    game, size, coordinates = stone_game(key), spec.size, spec.board.coordinates  # type: ignore[attr-defined]
    unit = unit_board(spec, key)
    found = grown(spec, key)
    if found is not None:
        return plan_mudcrack(spec, found[0], found[1], placed(unit), lambda board: Extras(key, False))
    return plan_board_page(spec, spec.board.cell_mm, unit_extent(unit, coordinates),  # type: ignore[attr-defined]
                           words(game, size), placed(unit), lambda board: Extras(key, coordinates))


def plan_stones(spec: DefinedSpec, game: StoneGame, board: PlacedBoard) -> StoneSheets | Unplanned:
    """Stones that sit in the smallest cell with clearance, half the cells and the spares per player, packed."""
    found = grown(spec, spec.board_key)
    larger = f"fewer {'.'.join(found[1])}" if found else "a larger board.cell_mm"
    return fit_stones(spec.stones, STONE_ROOM * board.cell_mm, board.cell_mm, len(board.cells), spec_paper(spec),
                      Apart.of(spec.print), larger, players=game.players)


def pad_record(key: str, size: int, code: str | None = None) -> PadRecord:
    """The words under each pad board: the command that scores a typed record (a designer's game named by its
    file, as run beside it; a grown board by its code), the pie rule, the record's fields."""
    from pnp.games.stones.score import text_form

    game, form = stone_game(key), text_form(base_key(key))
    named = Path(base_key(key)).name if is_file_key(key) else game.name
    sizes = {"code": code} if code else {game.size_key: size} if game.size_key in form.options else {}
    fields = (*map(player_name, game.players), say("stones", "pad.first"), say("stones", "pad.result"))
    swapped = (lambda cell: game.swapped(cell, size)) if game.pie == "mirror" else (lambda cell: cell)
    return PadRecord(score_command(named, form=form, **sizes), "stones", swapped, pie_key=f"pad.pie.{game.pie}",
                     fields=fields)


def plan_pad(spec: DefinedSpec, key: str) -> PadPlan | Unplanned:
    game, size, coordinates = stone_game(key), spec.size, spec.board.coordinates  # type: ignore[attr-defined]
    unit = unit_board(spec, key)
    found = grown(spec, key)
    if found is not None:
        code = unit.at(1.0).code
        return plan_mudcrack_pad(spec, found[0], found[1], placed(unit), Extras(key, False),
                                 pad_record(key, size, code))
    return plan_pad_sheet(spec_paper(spec), unit_extent(unit, coordinates), spec.pad.cell_mm,
                          words(game, size), f"a smaller board.{game.size_key}", placed(unit),
                          Extras(key, coordinates), fitted=spec.pad.fitted, record=pad_record(key, size))
