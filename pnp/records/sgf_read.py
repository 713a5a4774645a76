"""An SGF file's main line read as the position data a YAML record gives, every move on the line it has in the file.

    pnp score game.sgf            pnp diagram game.sgf --at 20 -o game.svg

The file says its game (GM[11] is Hex in HexGui's dialect, pnp's own PNPGAME[]
any stone game's, Little Golem's SO[] and EV[] the games dialects.yaml lists) or `--game`
does (a name, or a designer's definition file); SZ[] (or the game's size option,
else its default) its board. The moves become `moves`, the pie
rule's swap in each dialect becomes pnp's `swap` (shared/GAMES.md): HexGui's
swap-pieces is pnp's swap as it stands, its swap-sides is pnp's swap with every
later move reflected (`meta.reflected`, which a caption states), Little Golem's
swap is pnp's. A resignation ends the record (`resigned`); the players, event,
date, place, result and source go to `meta`. Set-up stones in the root (AB, AW)
are the position's `stones`.

Like a text record, the data is written as YAML flow text keeping each move's
line (pnp/positions/text_record.py), so the position's own checks name the
file's lines; `sgf_problems` then adds the column and the move as written.
Anything that is no record of a stone game is a SpecError at its line and column.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_args

from pnp import registry
from pnp.positions.meta import META_CHARS, result_text
from pnp.positions.record import SWAP, SWAP_MOVE
from pnp.positions.text_form import Form
from pnp.positions.text_games import Header, checked, form_of, options_for
from pnp.positions.text_record import RECORD_BYTES
from pnp.records import dialects
from pnp.records.dialects import FORFEIT, HEXGUI, LITTLE_GOLEM, PLAIN, RESIGN, SWAP_SIDES, Dialect
from pnp.records.littlegolem import from_column_numbers, from_two_letters
from pnp.records.sgf import Collection, Node, SgfError, Value, parse, shown
from pnp.spec import yamlsafe
from pnp.spec.problems import Problem, SpecError, YamlProblem
from pnp.spec.source import read_spec_bytes

WANTED = "an SGF record; name a .sgf file"
COLOURS = {"B": "Black", "W": "White"}
SIMPLE_META = {"EV": "event", "RO": "round", "DT": "date", "PC": "place"}
RE_COLOUR = re.compile(r"([BW])\+?(.*)", re.I)
RE_HOW = {"": "", "r": "by resignation", "resign": "by resignation", "t": "on time", "time": "on time",
          "f": "by forfeit", "forfeit": "by forfeit"}
SHOWN_LEFT_OUT = 5        # variations a warning names; the rest are counted


@dataclass(frozen=True)
class At(Problem):
    """A problem at a line and a column of an SGF file."""

    column: int = 0

    def __str__(self) -> str:
        from pnp.spec.problems import printable

        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return printable(f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}")


@dataclass
class Reading:
    """What the reader found: the game, the position data (moves aside), where each field came from, the moves
    (value, cell or swap) and warnings."""

    file: str
    game: str = ""
    dialect: Dialect | None = None
    data: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, Value] = field(default_factory=dict)        # a field's path -> the value it came from
    names: dict[str, str] = field(default_factory=dict)            # a field's path -> the property that gave it
    moves: list[tuple[Value, str]] = field(default_factory=list)    # (the value as written, the move pnp reads)
    notes: list[str] = field(default_factory=list)
    turns: Any = None                                               # whose turn it was, as the moves were read

    def fail(self, value: Value | Node, message: str) -> SpecError:
        return SpecError([At(self.file, value.line, "", message, value.column)])


def read_text(path: Path) -> str:
    """The file's text: a regular file, at most RECORD_BYTES, UTF-8 (else Latin-1, SGF's own default)."""
    file = str(path)
    try:
        raw = read_spec_bytes(path, WANTED, RECORD_BYTES)
    except YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None
    if len(raw) > RECORD_BYTES:
        raise SpecError([Problem(file, None, "", f"the file is larger than {RECORD_BYTES:,} bytes ({RECORD_BYTES >> 10} "
                                                 "KiB), the most an SGF record may be: is this the right file?")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read(path: Path, header: Header) -> tuple[yamlsafe.Loaded, Reading]:
    """The SGF file as position data (line for line) and what was read; SpecError at the first thing wrong."""
    file = str(path)
    try:
        tree = parse(read_text(path))
    except SgfError as exc:
        raise SpecError([At(file, exc.line, "", exc.message, exc.column)]) from None
    reading = interpret(file, tree, header)
    try:
        return yamlsafe.load(flow(reading).encode("utf-8")), reading
    except YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None


def interpret(file: str, tree: Collection, header: Header) -> Reading:
    """The main line of `tree` read as a record of its game (see the module's words)."""
    reading = Reading(file)
    root = tree.nodes[tree.main[0]]
    kind = _game(reading, root, header)
    _board(reading, root, header)
    reading.dialect = _dialect(reading, root, kind)
    _setup(reading, root)
    _moves(reading, [tree.nodes[i] for i in tree.main])
    _meta(reading, root)
    reading.notes.extend(_left_out(file, tree))
    return reading


# --- the game and its board --------------------------------------------------------------------------------------


def _game(reading: Reading, root: Node, header: Header) -> tuple[str, str | None]:
    """The game the file holds (what it says, else --game), with its dialect and Little Golem's id scheme."""
    said, kind, ids = _file_says(reading, root, header)
    game = said[0] if said else header.game
    if said and header.game and header.game != said[0]:
        raise reading.fail(said[1], f"the file holds a {said[0]} game; --game {header.game} names another (leave "
                                    "--game out)")
    if game is None:
        raise reading.fail(root, f"the file does not say its game (no GM[] or {dialects.game_property()}[]); give it "
                                 f"with --game ({', '.join(stone_games())}, or a game definition's .yaml file)")
    _stone_game(reading, game, said[1] if said else root)
    reading.game = str(Path(game).resolve()) if registry.is_path(game) else game   # as a text record names it
    return kind, ids


def _file_says(reading: Reading, root: Node, header: Header) -> tuple[tuple[str, Value] | None, str, str | None]:
    """(the game the file names and the value naming it, or None; the dialect; Little Golem's id scheme), from
    GM[], PNPGAME[], or Little Golem's SO[] and EV[]."""
    number = root.one("GM")
    if number is not None:
        entry = dialects.numbered(number.text)
        if entry is None and header.game is None:
            raise reading.fail(number, f"GM[{shown(number.text)}] names a game pnp does not read; pnp reads Hex "
                                       f"(GM[11]) and, with --game NAME, plain SGF of its stone games")
        return ((entry["game"], number), entry["dialect"], None) if entry else (None, PLAIN, None)
    named = root.one(dialects.game_property())
    if named is not None:   # pnp's own file: its SO[] and EV[] may still be Little Golem's, from the game it came from
        if registry.is_path(named.text):   # a stranger's file names no file to read: the user does, with --game
            raise reading.fail(named, f"{dialects.game_property()}[] names a game pnp knows by name; give a game "
                                      "definition's file with --game PATH")
        return (named.text, named), PLAIN, None
    golem = dialects.little_golem_event(_text(root, "SO"), _text(root, "EV"))
    if golem is not None:
        where = root.one("EV") or root.one("SO")
        return ((golem["game"], where), LITTLE_GOLEM, golem["cells"]) if golem and where else (None, LITTLE_GOLEM, None)
    return None, PLAIN, None


def stone_games() -> list[str]:
    """The games with positions whose records are stones placed on cells: the games an SGF record holds."""
    return [name for name in registry.names() if _stones_model(name) is not None]


def _stones_model(game: str) -> Any:
    """The position model of a stone game (a registered name, or a definition's path from here), else None."""
    if not (registry.known(game) or registry.is_path(game)):
        return None
    model = registry.find(game, Path.cwd()).position_model()
    return model if model is not None and "stones" in model.model_fields and _form(game) is not None else None


def _form(game: str) -> Form | None:
    try:
        return form_of(game)
    except KeyError:
        return None


def _stone_game(reading: Reading, game: str, where: Value | Node) -> None:
    if not (registry.known(game) or registry.is_path(game)):
        raise reading.fail(where, f"{shown(game)!r} is not a game pnp scores yet; the games an SGF record may hold: "
                                  f"{', '.join(stone_games())}, or a game definition's .yaml file with --game PATH")
    if _stones_model(game) is None:
        raise reading.fail(where, f"SGF holds records of stone games ({', '.join(stone_games())}); keep a {game} "
                                  "record as YAML or as a text record")


def _dialect(reading: Reading, root: Node, kind: tuple[str, str | None]) -> Dialect:
    """The dialect `_game` found, made for the board `_board` read (a Little Golem cell counted along its column needs the board's size)."""
    name, ids = kind
    if name == HEXGUI:
        return dialects.hexgui(_text(root, "AP"))
    if name == LITTLE_GOLEM:
        size = reading.data.get("board", {}).get(size_option(reading.game)) or _default_size(reading.game)
        read, example = GOLEM_CELLS[ids or TWO_LETTERS]
        return dialects.little_golem(lambda value: read(value, size), example)
    return dialects.plain(form_of(reading.game).how)


def _default_size(game: str) -> int | None:
    """The board's size where neither SZ[] nor an option gives it: the position's own default (a definition's size default)."""
    board = _stones_model(game).model_fields.get("board")
    found = getattr(getattr(board, "annotation", None), "model_fields", {}).get(size_option(game))
    return found.default if found is not None and isinstance(found.default, int) else None


# How Little Golem writes a cell, as dialects.yaml names it for each game (pnp/records/littlegolem.py).
TWO_LETTERS = "two-letters"
GOLEM_CELLS = {TWO_LETTERS: (lambda value, size: from_two_letters(value.lower()), "mf (m6)"),
               "column-numbers": (lambda value, size: from_column_numbers(value, size or 0), "E1")}


def players(game: str) -> tuple[str, str]:
    """The game's two players, first player first (the position model's `first` choices)."""
    first, second = get_args(_stones_model(game).model_fields["first"].annotation)
    return first, second


def colour_players(game: str) -> dict[str, str]:
    """SGF's colours -> the game's players: by name where they are black and white, else Black the first player
    (HexGui's Black joins top and bottom, Red's sides in pnp)."""
    ids = players(game)
    if set(ids) == {"black", "white"}:
        return {"B": "black", "W": "white"}
    return {"B": ids[0], "W": ids[1]}


def size_option(game: str) -> str:
    """The text form's first option of a game is its board's size (hex: size, y: side, starstar: rings)."""
    return next(iter(form_of(game).options))


def _board(reading: Reading, root: Node, header: Header) -> None:
    """The board from SZ[] (or the size option), PNPCODE[] (or --code), HA[] (or --handicap); an option the game
    does not take, or one that contradicts the file, is refused."""
    game, form = reading.game, form_of(reading.game)
    takes = [name for name in options_for(game) if name in (size_option(game), "code", "handicap")]
    wrong = [name for name in header.given() if name not in ("game", *takes)]
    if wrong:   # --first: the file's colours say who moved first
        raise SpecError([Problem(reading.file, None, "", f"--{wrong[0]} is not for an SGF record of {game}; the file "
                                                         f"says its moves and colours, and it takes "
                                                         f"{', '.join('--' + n for n in takes)} where it does not "
                                                         "say its board")])
    given = checked(reading.file, replace(header, game=game), among=takes)
    for name, prop in ((size_option(game), "SZ"), ("code", dialects.code_property()), ("handicap", "HA")):
        value = root.one(prop)
        if value is None:
            continue
        if name not in form.options:
            raise reading.fail(value, f"{prop}[] is not for a {game} record")
        read = value.text if name == "code" else _number(reading, prop, value)
        if name in given and given[name] != read:
            raise reading.fail(value, f"the file says {prop}[{shown(value.text)}]; --{name} {given[name]} says "
                                      "otherwise (leave the option out)")
        given[name] = read
        reading.sources[".".join(form.options[name])], reading.names[".".join(form.options[name])] = value, prop
    for name, value in given.items():
        _put(reading.data, form.options[name], value)


def _number(reading: Reading, prop: str, value: Value) -> int:
    text = value.text.split(":")
    if len(text) == 2 and text[0] == text[1]:
        text = text[:1]
    if len(text) != 1 or not text[0].isdigit() or len(text[0]) > 4:
        raise reading.fail(value, f"{prop}[{shown(value.text)}] is not a number pnp's boards take (a board is n by n: "
                                  f"{prop}[11])")
    return int(text[0])


def _put(data: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data.setdefault(key, {})
    data[path[-1]] = value


def _setup(reading: Reading, root: Node) -> None:
    """Stones set up in the root (AB, AW) as the position's `stones`."""
    if root.one("AE") is not None:
        raise reading.fail(root.one("AE"), "AE[] (cells cleared) is no part of a record pnp reads: a stone once "
                                           "placed stays")   # type: ignore[arg-type]
    by_colour = colour_players(reading.game)
    for prop in ("AB", "AW"):
        for index, value in enumerate(root.properties.get(prop, [])):
            player = by_colour[prop[1]]
            cell = _cell(reading, value)
            reading.data.setdefault("stones", {}).setdefault(player, []).append(cell)
            path = f"stones.{player}[{len(reading.data['stones'][player]) - 1}]"
            reading.sources[path], reading.names[path] = value, prop


def _cell(reading: Reading, value: Value) -> str:
    assert reading.dialect is not None
    read = reading.dialect.read(value.text)
    if read in (None, SWAP, SWAP_SIDES, RESIGN, FORFEIT):
        raise reading.fail(value, f"[{shown(value.text)}] is not a cell; {reading.dialect.how}")
    return read   # type: ignore[return-value]


def _text(node: Node, name: str) -> str | None:
    value = node.one(name)
    return value.text if value is not None else None


# --- the moves ---------------------------------------------------------------------------------------------------


@dataclass
class _Turns:
    """Whose turn it is as the moves are read: the first player, whether a swap-sides has changed the colours."""

    players: tuple[str, str]
    by_colour: dict[str, str]
    first: str | None = None
    flipped: bool = False

    def player_of(self, colour: str) -> str:
        player = self.by_colour[colour]
        return self.other(player) if self.flipped else player

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def expected(self, index: int) -> str:
        assert self.first is not None
        return self.first if index % 2 == 0 else self.other(self.first)

    def colour_of(self, player: str) -> str:
        return next(COLOURS[c] for c in COLOURS if self.player_of(c) == player)


def _moves(reading: Reading, line: list[Node]) -> None:
    """The main line's moves in order: each one colour, one value, alternating (Little Golem's by their order)."""
    turns = _Turns(players(reading.game), colour_players(reading.game))
    plays = line[0].one("PL")
    if plays is not None and plays.text.upper() in COLOURS:
        turns.first, reading.sources["first"], reading.names["first"] = turns.player_of(plays.text.upper()), plays, "PL"
    ended: Value | None = None
    for number, node in enumerate(line):
        _no_setup_after_root(reading, node, number)
        colour, value = _move_of(reading, node)
        if value is None:
            continue
        if ended is not None:
            raise reading.fail(value, f"a move after the record ended at {ended.line}:{ended.column} "
                                      f"({shown(ended.text)}); end the record there")
        ended = _move(reading, turns, colour, value)
    if turns.first is not None and turns.first != turns.players[0]:
        reading.data["first"] = turns.first
    if turns.flipped:
        reading.data.setdefault("meta", {})["reflected"] = True
    reading.turns = turns


def _no_setup_after_root(reading: Reading, node: Node, number: int) -> None:
    found = next((node.one(p) for p in ("AB", "AW", "AE") if node.one(p) is not None), None)
    if number and found is not None:
        raise reading.fail(found, "stones set up (AB, AW, AE) after the record has begun; pnp reads set-up stones in "
                                  "the first node only")


def _move_of(reading: Reading, node: Node) -> tuple[str, Value | None]:
    """The node's colour and move value, ('', None) for a node without one."""
    black, white = node.properties.get("B", []), node.properties.get("W", [])
    if black and white:
        raise reading.fail(white[0], "a node with both B[] and W[]: a node holds one move")
    values = black or white
    if len(values) > 1:
        raise reading.fail(values[1], "a move with two values: a node holds one move, B[cell] or W[cell]")
    return ("B" if black else "W"), (values[0] if values else None)


def _move(reading: Reading, turns: _Turns, colour: str, value: Value) -> Value | None:
    """One move read into `reading.moves`; the value when it ends the record (a resignation, a forfeit)."""
    assert reading.dialect is not None
    index, golem = len(reading.moves), reading.dialect.name == LITTLE_GOLEM
    if value.text.lower() in ("", "pass", "tt"):
        raise reading.fail(value, f"{colour}[{shown(value.text)}] passes; pnp's records have no pass: every move places "
                                  "a stone (or is the swap, move 2)")
    if turns.first is None:
        turns.first = turns.players[0] if golem else turns.player_of(colour)
        reading.sources.setdefault("first", value)
        reading.names.setdefault("first", colour)
    move = reading.dialect.read(value.text)
    player = turns.expected(index) if golem else turns.player_of(colour)
    if move in (RESIGN, FORFEIT):
        return _ending(reading, turns, move, player, value)
    if move is None:
        raise reading.fail(value, f"{colour}[{shown(value.text)}] is not a move; {reading.dialect.how}")
    if player != turns.expected(index):
        raise reading.fail(value, f"{colour}[{shown(value.text)}] is {COLOURS[colour]}'s move, but move {index + 1} is "
                                  f"{turns.colour_of(turns.expected(index))}'s: pnp's records alternate (HexGui's "
                                  "swap-sides alone gives one colour two moves running)")
    if move == SWAP_SIDES:
        move, turns.flipped = SWAP, index + 1 == SWAP_MOVE
    elif move != SWAP and turns.flipped:
        move = _reflected(reading.game, move, reading.data.get("board", {}))
    reading.moves.append((value, move))
    return None


def _ending(reading: Reading, turns: _Turns, move: str, player: str, value: Value) -> Value:
    if move == RESIGN:
        reading.data["resigned"] = player
        reading.sources["resigned"], reading.names["resigned"] = value, "resign"
    else:
        reading.data.setdefault("meta", {}).setdefault("result", result_text(turns.other(player), "by forfeit"))
    return value


def _reflected(game: str, cell: str, board: dict[str, Any]) -> str:
    """A cell as pnp's swap leaves the board: the game's own reflection of the first stone (Hex: the long
    diagonal), applied to every move after HexGui's swap-sides, on the board read so far."""
    return _stones_model(game).model_construct(game=game, board=board).swapped(cell)


# --- what the file says beyond the moves -------------------------------------------------------------------------


def _meta(reading: Reading, root: Node) -> None:
    """PB, PW, EV, RO, DT, PC, RE, SO (or AP) into `meta`; RE's resignation into `resigned`."""
    turns: _Turns = reading.turns
    golem = reading.dialect is not None and reading.dialect.name == LITTLE_GOLEM
    meta = reading.data.setdefault("meta", {})
    for prop, colour in (("PB", "B"), ("PW", "W")):
        value = _meta_value(reading, root, prop)
        if value is not None:
            player = _colour_player(turns, colour, golem)
            meta.setdefault("players", {})[player] = value.text
            reading.sources[f"meta.players.{player}"], reading.names[f"meta.players.{player}"] = value, prop
    for prop, key in (*SIMPLE_META.items(), ("SO", "source")):
        value = _meta_value(reading, root, prop)
        if value is not None:
            meta[key], reading.sources[f"meta.{key}"], reading.names[f"meta.{key}"] = value.text, value, prop
    application = _meta_value(reading, root, "AP")
    if "source" not in meta and application is not None and not application.text.lower().startswith("pnp"):
        meta["source"], reading.sources["meta.source"], reading.names["meta.source"] = application.text, application, "AP"
    if "players" in meta:   # in the game's order, first player first
        meta["players"] = {p: meta["players"][p] for p in turns.players if p in meta["players"]}
    _result(reading, root, turns, golem)
    if not meta:
        del reading.data["meta"]


def _meta_value(reading: Reading, root: Node, prop: str) -> Value | None:
    value = root.one(prop)
    if value is None or not value.text:
        return None
    if len(value.text) > META_CHARS:
        raise reading.fail(value, f"{prop}[] of {len(value.text):,} characters; pnp keeps at most {META_CHARS}")
    kept = "".join(c if c.isprintable() else " " for c in value.text).strip()
    return replace(value, text=kept) if kept else None


def _colour_player(turns: _Turns, colour: str, golem: bool) -> str:
    """Who a colour letter of PB, PW or RE names: Little Golem's B is the first player; elsewhere the player whose
    stones that colour is at the end (after a swap-sides, the other)."""
    if golem:
        return turns.players[0] if colour == "B" else turns.players[1]
    return turns.player_of(colour)


def _result(reading: Reading, root: Node, turns: _Turns, golem: bool) -> None:
    value = _meta_value(reading, root, "RE")
    if value is None:
        return
    meta, text = reading.data["meta"], value.text.strip()
    found = RE_COLOUR.fullmatch(text)
    if text.lower() in ("0", "draw", "jigo"):
        said = "draw"
    elif text.lower() == "void":
        said = "void"
    elif found:
        winner = _colour_player(turns, found[1].upper(), golem)
        how = RE_HOW.get(found[2].strip().lower(), "")
        said = result_text(winner, how)
        if how == RE_HOW["r"]:
            _resigned_by(reading, value, turns.other(winner))
    else:
        said = "unknown"
    meta["result"], reading.sources["meta.result"], reading.names["meta.result"] = said, value, "RE"


def _resigned_by(reading: Reading, value: Value, player: str) -> None:
    """RE[] says `player` resigned: the record ends so, unless its own resign move says another player did."""
    said = reading.data.get("resigned")
    if said is not None and said != player:
        where = reading.sources["resigned"]
        raise reading.fail(value, f"RE[{shown(value.text)}] says {player} resigned, but the move at "
                                  f"{where.line}:{where.column} says {said} did")
    if said is None:
        reading.data["resigned"], reading.sources["resigned"], reading.names["resigned"] = player, value, "RE"


def _left_out(file: str, tree: Collection) -> list[str]:
    """Warnings naming the variations and further games the main line leaves out."""
    found = tree.left_out()
    lines = []
    for variation in found[:SHOWN_LEFT_OUT]:
        what = ("a further game of the collection" if variation.game else "a variation") + \
               f" ({variation.nodes} node{'s' if variation.nodes != 1 else ''})"
        lines.append(f"{file}:{variation.line}:{variation.column}: warning: {what} is left out; pnp reads the first "
                     "game's main line (the first variation at each fork)")
    if len(found) > SHOWN_LEFT_OUT:
        lines.append(f"{file}: warning: ... and {len(found) - SHOWN_LEFT_OUT} more variations left out")
    return lines


# --- the position data, and its problems told at the file's lines and columns -----------------------------------


def flow(reading: Reading) -> str:
    """The position data as one line of YAML flow text (JSON): every problem is told at the SGF value it came from
    (`sgf_problems`), so the text's own lines do not matter."""
    return json.dumps({"game": reading.game, **reading.data, "moves": [move for _, move in reading.moves]})


MOVE_FIELD = re.compile(r"moves\[(\d+)\](.*)")


def sgf_problems(problems: list[Problem], reading: Reading) -> list[Problem]:
    """The position checks' problems told where the file wrote what they are about: a move at its value, with
    the move as written; a field at the property that gave it; anything else without a line."""
    found: list[Problem] = []
    for problem in problems:
        move = MOVE_FIELD.fullmatch(problem.path) or (re.match(r"move (\d+)\b", problem.message)
                                                      if problem.path.startswith("moves") else None)
        if move and problem.path.startswith("moves"):
            index = int(move[1]) - (0 if problem.path.startswith("moves[") else 1)
            found.append(_at_move(reading, problem, index))
            continue
        source = next((path for path in sorted(reading.sources, key=len, reverse=True)
                       if problem.path == path or problem.path.startswith(path + ".") or problem.path.startswith(path + "[")),
                      None)
        if source is not None:
            value = reading.sources[source]
            found.append(At(problem.file, value.line, f"{reading.names[source]}[{shown(value.text)}]", problem.message,
                            value.column))
        else:
            found.append(Problem(problem.file, None, problem.path, problem.message))
    return found


def _at_move(reading: Reading, problem: Problem, index: int) -> Problem:
    if not 0 <= index < len(reading.moves):
        return Problem(problem.file, None, "", problem.message)
    value, move = reading.moves[index]
    written = "" if value.text.lower() == str(move).lower() else f" (the file writes {shown(value.text)}"
    if written and reading.data.get("meta", {}).get("reflected") and index >= SWAP_MOVE:
        written += ", reflected after its swap-sides"
    message = problem.message + (written + ")" if written else "")
    if not message.startswith("move "):
        message = f"move {index + 1}: {message}"
    return At(problem.file, value.line, "", message, value.column)


def read_sgf(path: Path, header: Header) -> Any:
    """An SGF record's main line checked as a YAML record is, its problems told at the file's lines and columns,
    with the reader's warnings (a Position, pnp/positions/read.py)."""
    from pnp.positions.read import Position, checked

    loaded, reading = read(path, header)
    try:
        position = checked(path, str(path), loaded)
    except SpecError as exc:
        raise SpecError(sgf_problems(exc.problems, reading)) from None
    return Position(path, position.model, position.game, tuple(reading.notes))
