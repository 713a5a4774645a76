"""A stone game's record written as SGF: HexGui's dialect for a game SGF numbers (Hex: GM[11]), plain SGF for the
others, each read back by pnp/records/sgf_read.py to the same record.

    (;FF[4]CA[UTF-8]AP[pnp:1.2.0]GM[11]SZ[11]PB[Alice]PW[Bob]
    ;B[f6];W[swap-pieces];B[e7];W[d9];W[resign])

HexGui's dialect: cells as pnp writes them (column letter, row number), the
pie rule's swap as `swap-pieces`, Black the first player unless PL[W] says
otherwise. A record read from a file whose swap was swap-sides (`meta.reflected`)
is written as that file had it: `swap-sides`, the later moves reflected back,
the colours changed from then on. Plain SGF (*Star, Y, every definition's
game): the game in PNPGAME[] (none for a designer's game, known by its file only:
`--game PATH` reads it), the board's size in SZ[] (a Mudcrack Y board's code in
PNPCODE[]), a handicap in HA[], every move a cell id exactly as pnp writes it
(S60, *31, c5, 17), `swap` the pie rule's move. Both: set-up stones as AB[]
and AW[], a resignation as a last node `W[resign]` (the resigning player's
colour), the record's facts as PB, PW, EV, RO, DT, PC, RE and SO. The same
record gives the same bytes.
"""

from __future__ import annotations

from typing import Any

from pnp import __version__, registry
from pnp.positions.meta import RESULT
from pnp.positions.record import SWAP, SWAP_MOVE
from pnp.positions.text_games import form_of, game_key
from pnp.positions.text_record import option_value
from pnp.records import dialects
from pnp.records.sgf import escape
from pnp.records.sgf_read import colour_players, players, size_option

LINE_CHARS = 72   # as HexGui writes its files: nodes run on until a line would pass this
APPLICATION = f"pnp:{__version__}"
HOW = {"": "", "by resignation": "Resign", "on time": "Time", "by forfeit": "Forfeit"}
META_PROPERTIES = (("event", "EV"), ("round", "RO"), ("date", "DT"), ("place", "PC"))


class NotStones(ValueError):
    """A record SGF cannot hold: a game whose moves are not stones on cells."""


def record_sgf(position: Any) -> str:
    """The position's record as SGF text (see the module's words)."""
    game = position.game
    if "stones" not in type(position).model_fields:
        raise NotStones(f"SGF holds records of stone games; a {game} record is kept as YAML or as a text record")
    number = dialects.number_of(game_key(position))
    flipping = number is not None and position.meta.reflected and _swapped(position)
    root = [*_header(position, number), *_setup(position), *_facts(position, flipping)]
    nodes = _moves(position, number is not None, flipping)
    return _lines([f"(;{root[0]}", *root[1:], *(f";{node}" for node in nodes)]) + ")\n"


def _swapped(position: Any) -> bool:
    return len(position.moves) >= SWAP_MOVE and position.moves[SWAP_MOVE - 1] == SWAP


def _header(position: Any, number: int | None) -> list[str]:
    game = game_key(position)
    form = form_of(game)
    found = ["FF[4]", "CA[UTF-8]", f"AP[{escape(APPLICATION)}]"]
    if number is not None:
        found.append(f"GM[{number}]")
    elif not registry.is_path(game):   # a designer's file is no name another machine knows: --game PATH reads it
        found.append(f"{dialects.game_property()}[{escape(position.game)}]")
    size, code = option_value(position, form.options[size_option(game)]), None
    if "code" in form.options:
        code = option_value(position, form.options["code"])
    if size is not None:
        found.append(f"SZ[{size}]")
    if code is not None:
        found.append(f"{dialects.code_property()}[{escape(str(code))}]")
    if getattr(position, "handicap", 0):
        found.append(f"HA[{position.handicap}]")
    colours = {player: colour for colour, player in colour_players(game).items()}
    if colours[position.first] != "B":
        found.append(f"PL[{colours[position.first]}]")
    return found


def _setup(position: Any) -> list[str]:
    colours = {player: colour for colour, player in colour_players(game_key(position)).items()}
    found = []
    for player in players(game_key(position)):
        cells = getattr(position.stones, player)
        if cells:
            found.append(f"A{colours[player]}" + "".join(f"[{escape(str(cell))}]" for cell in cells))
    return found


def _end_colours(position: Any, flipping: bool) -> dict[str, str]:
    """Each player's colour as the file's stones stand at the end (after a swap-sides, the other)."""
    colours = {player: colour for colour, player in colour_players(game_key(position)).items()}
    if flipping:
        first, second = players(game_key(position))
        colours = {first: colours[second], second: colours[first]}
    return colours


def _facts(position: Any, flipping: bool) -> list[str]:
    meta, colours = position.meta, _end_colours(position, flipping)
    found = [f"P{colours[player]}[{escape(name)}]" for player, name in sorted(meta.players.items(),
                                                                               key=lambda item: colours[item[0]])]
    found += [f"{prop}[{escape(getattr(meta, key))}]" for key, prop in META_PROPERTIES if getattr(meta, key)]
    if meta.result:
        found.append(f"RE[{_result(meta.result, colours)}]")
    if meta.source:
        found.append(f"SO[{escape(meta.source)}]")
    return found


def _result(result: str, colours: dict[str, str]) -> str:
    said = RESULT.fullmatch(result)
    assert said is not None, result   # the model's check
    if said["winner"] is None:
        return {"draw": "0", "void": "Void"}.get(result, "?")
    return f"{colours[said['winner']]}+{HOW[said['how'] or '']}"


def _moves(position: Any, hexgui: bool, flipping: bool) -> list[str]:
    """Each move as a node `B[cell]`, the swap in the file's dialect, then the resignation."""
    colours = {player: colour for colour, player in colour_players(game_key(position)).items()}
    first, second = players(game_key(position))
    other = second if position.first == first else first
    nodes = []
    for index, move in enumerate(position.moves):
        player = position.first if index % 2 == 0 else other
        colour = colours[player]
        if flipping and index >= SWAP_MOVE:   # after swap-sides the players hold each other's colours
            colour = colours[other if player == position.first else position.first]
            move = position.swapped(move)
        if move == SWAP:
            colour, move = colours[other], ("swap-sides" if flipping else "swap-pieces") if hexgui else SWAP
        nodes.append(f"{colour}[{escape(str(move))}]")
    if position.resigned:
        nodes.append(f"{_end_colours(position, flipping)[position.resigned]}[resign]")
    return nodes


def _lines(parts: list[str]) -> str:
    """The parts run on, a new line begun where one would pass LINE_CHARS (a part longer than that stands alone)."""
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(part) > LINE_CHARS:
            lines.append(part)
        else:
            lines[-1] += part
    return "\n".join(lines)
