"""Game records as plain text, typed from a score sheet: `1. S60 swap  2. A61 *53 ...`, one pair of moves a number.

    pnp score game.txt --game starstar --rings 10

A pair is the first player's move and the second player's; `N.` numbers are
optional, but one that is written must be the number of the pair it starts;
any spaces or line breaks go between tokens; `#` starts a comment to the end of
the line. A move is a cell id (*Star, Hex, Y; a Mudcrack Y board's numbers),
`swap`, an Asterisk piece as `CELL=piece-type`, a Starry Night edge as `A-B`.
The text says no game and no board: the options do (`--game`, and the game's
own board keys, `--first`).

`loaded(path, header)` turns the text into the position data a YAML file gives,
as YAML flow text with every move on the line it has in the .txt, so the
position goes through the same checks (pnp/positions/read.py) and every message
names the .txt and the move's own line; `text_problems` then words the checks'
fields as the text form has them (`--rings`, `move 7`). `record_text` writes a
position's record in this form, and `score_command` the command a printed sheet
or pad shows for reading a record typed from it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, get_args

from pnp import registry
from pnp.positions.meta import FIELDS as META_FIELDS
from pnp.positions.record import LONGEST_RECORD_KB, SWAP
from pnp.spec import gamename, yamlsafe
from pnp.spec.problems import Kept, Problem, SpecError, YamlProblem, clip
from pnp.spec.source import read_spec_bytes
from pnp.spec.yamltree import MAX_EXPANDED_NODES

SUFFIX = ".txt"
TOKEN_CHARS = 40                # the longest move token: far beyond any cell id, piece or edge
HEADER_VALUES = 20              # YAML values besides the moves: game, board (a Mudcrack code nests 3 deep), first...
MAX_MOVES = MAX_EXPANDED_NODES - HEADER_VALUES  # the most cell moves a record holds (a YAML position's values)
FLOW_EXTRA = 8                  # the most characters a move's YAML form adds to its text: quotes, braces, a comma
HEADER_CHARS = 1024             # the YAML form's first line: game and options (each at most OPTION_CHARS)
OPTION_CHARS = 100              # an option's value: far beyond any board code, player or opening
# A text record's bytes: four times the longest record a game can have, and small enough that its YAML form (the
# text less its numbers and comments, each move FLOW_EXTRA longer) is always within a position file's bound.
RECORD_BYTES = 512 * 1024
assert RECORD_BYTES + MAX_MOVES * FLOW_EXTRA + HEADER_CHARS <= yamlsafe.MAX_BYTES
assert RECORD_BYTES >= 4 * LONGEST_RECORD_KB * 1000
COMMENT = "#"
TYPED_FILE = "game.txt"         # the file a sheet's or pad's command reads: what a player typed the record into
LINE_CHARS = 72                 # record_text: as many numbered pairs a line as fit this (one at least)
PAIR_GAP = "  "                 # between two pairs on a line
NUMBER = re.compile(r"(\d+)\.(.*)")
CELL = re.compile(r"[A-Za-z0-9*]+")
PIECE = re.compile(r"([A-Za-z0-9]+)=([A-Za-z-]+)")
EDGE = re.compile(r"(\d+)-(\d+)")
WANTED = "a text record; name a .txt file"
SHOWN_MOVES = 6                 # the moves a numbering slip's message repeats


@dataclass(frozen=True)
class Header:
    """What a text record cannot say itself: its game, its board and who moves first (the command's options)."""

    game: str | None = None
    rings: int | None = None
    size: int | None = None
    side: int | None = None
    base: int | None = None   # a game whose board's size key is `base` (a definition's)
    code: str | None = None
    first: str | None = None
    opening: str | None = None
    handicap: int | None = None

    def given(self) -> list[str]:
        """The options given, by name, game first."""
        return [f.name for f in fields(self) if getattr(self, f.name) is not None]


@dataclass(frozen=True)
class Form:
    """One game's text form: the position's list the moves go in, the options its board takes (option -> the
    key path in the position), how a token reads as a move (None: not a move of this game) and back."""

    key: str
    options: dict[str, tuple[str, ...]]
    how: str
    read: Callable[[str], Any]
    write: Callable[[Any], str]
    required: tuple[str, ...] = ()
    values: int = 1   # YAML values one move takes: a cell 1; a piece {cell: type} or an edge [a, b] 3

    def most_moves(self) -> int:
        """The most moves a record of this form holds: as many as a YAML position's values allow."""
        return MAX_MOVES // self.values


def read_stone(token: str) -> Any:
    return SWAP if token.lower() == SWAP else (token if CELL.fullmatch(token) else None)


def read_piece(token: str) -> Any:
    if token.lower() == SWAP:
        return SWAP
    found = PIECE.fullmatch(token)
    return {found[1]: found[2]} if found else None


def write_piece(move: Any) -> str:
    if isinstance(move, str):
        return move
    ((cell, kind),) = dict(move).items()
    return f"{cell}={kind}"


def read_edge(token: str) -> Any:
    found = EDGE.fullmatch(token)
    return [int(found[1]), int(found[2])] if found else None


def write_edge(move: Any) -> str:
    first, second = move
    return f"{first}-{second}"


STONE_HOW = "a move is a cell id or swap"
BOARD = ("board",)
OPTION_HELP = {"code": "the sky code printed under the sky, e.g. 106A-H61J-GAXD"}


def is_text(path: Path) -> bool:
    """A position file named .txt is a text record; any other is YAML."""
    return path.suffix.lower() == SUFFIX


def loaded(path: Path, header: Header) -> yamlsafe.Loaded:
    """The text record in `path` as the position data a YAML file gives (line for line); SpecError naming the file
    and line of every token that is no move, every pair number out of place, and every option that does not fit.
    `header.game` is already the registered name (`registered`)."""
    file = str(path)
    form = _form(file, header)
    text = _text(file)
    moves, found = tokens(file, text, form)
    if found:
        raise SpecError(found)
    if not moves:
        raise SpecError([Problem(file, None, "", f"no moves; a text record is the moves in numbered pairs, "
                                                 f"e.g. 1. f6 swap  2. e7 d5 ({form.how})")])
    try:
        return yamlsafe.load(_flow(header, form, moves, facts(header.game or "", text)).encode("utf-8"))
    except YamlProblem as exc:   # the flow text keeps every line, so it may outgrow what the text was allowed
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None


def form_of(game: str) -> Form:
    """The text form of a game, as the game says it (its Game's `text_form`: found by name, or a definition by its
    path from here); KeyError for a game without records."""
    found = registry.find(game, Path.cwd())
    if found.text_form is None:
        raise KeyError(game)
    return registry._function(found.text_form)()


def _known_form(game: str) -> bool:
    try:
        form_of(game)
    except KeyError:
        return False
    return True


def games_with_records() -> list[str]:
    return [name for name in registry.names() if _known_form(name)]


def registered(header: Header) -> Header:
    """The options with --game as the registry names it, in whatever case it was typed (`--game Hex`)."""
    return replace(header, game=registry.canonical(header.game) or header.game)


def options_for(game: str) -> list[str]:
    """The options a text record of `game` takes besides --game."""
    form = form_of(game)
    first = ["first"] if _has_first(game) else []
    return [*form.options, *first]


def _has_first(game: str) -> bool:
    model = registry.find(game, Path.cwd()).position_model()
    return model is not None and "first" in model.model_fields


def _form(file: str, header: Header) -> Form:
    """The game's form, once the options fit it: --game given and known, each option one the game takes."""
    known = ", ".join(games_with_records()) + ", or a game definition's .yaml file"
    if header.game is None:
        raise SpecError([Problem(file, None, "", f"a text record names no game; give it with --game ({known})")])
    if not _known_form(header.game):
        meant = gamename.unknown(header.game, games_with_records(), gamename.RECORD)
        raise SpecError([Problem(file, None, "--game", f"{clip(header.game)!r} is not a game with records; {meant}")])
    form = form_of(header.game)
    game, takes, board = header.game, options_for(header.game), list(form.options)
    found = [Problem(file, None, "", f"--{name} is for {_games_taking(name)}; {game} takes "
                                     f"{_listed([f'--{n}' for n in board])}")
             for name in header.given() if name != "game" and name not in takes]
    found += [Problem(file, None, f"--{name}", f"{len(value):,} characters; an option's value is at most {OPTION_CHARS}")
              for name in header.given() if isinstance(value := getattr(header, name), str) and len(value) > OPTION_CHARS]
    if header.side is not None and header.code is not None:
        found.append(Problem(file, None, "", "--side and --code name two boards; give one: --side for the triangle, "
                                             "--code for a Mudcrack Y board"))
    found += [Problem(file, None, "", f"{game} text records need --{name} ({OPTION_HELP.get(name, name)})")
              for name in form.required if getattr(header, name) is None]
    if found:
        raise SpecError(found)
    return form


def _games_taking(option: str) -> str:
    return _listed([game for game in games_with_records() if option in options_for(game)], "and")


def _listed(names: Sequence[str], joined: str = "or") -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joined} {names[-1]}"


def _text(file: str) -> str:
    """The file's text: a regular file, at most RECORD_BYTES, UTF-8 (yamlsafe's own decoding)."""
    try:
        raw = read_spec_bytes(Path(file), WANTED, RECORD_BYTES)
        if len(raw) > RECORD_BYTES:
            raise SpecError([Problem(file, None, "", f"the record is larger than {RECORD_BYTES:,} bytes "
                                                     f"({RECORD_BYTES >> 10} KiB), the most a text record may be; the "
                                                     f"longest game's is about {LONGEST_RECORD_KB} KB: is this the "
                                                     "right file?")])
        return yamlsafe.decode(raw)
    except YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None


def tokens(file: str, text: str, form: Form) -> tuple[list[tuple[int, Any]], list[Problem]]:
    """(line, move) of every move in `text`, and a Problem for each token that is no move of the form and each
    pair number out of place. A number is judged from the last one written (the first pair's, 1, before any), so
    one slip, a wrong number or a move left out or doubled, is one problem and the pairs after it read as written."""
    moves: list[tuple[int, Any]] = []
    found = Kept(file)
    last, since = 1, 0   # the last pair number written, and the moves read before it
    for line, words in _lines(text):
        for word in words:
            numbered = NUMBER.fullmatch(word) if len(word) <= TOKEN_CHARS else None   # int() of any length is slow
            if numbered:
                number = int(numbered[1])
                said = _number_problem(number, last, [form.write(move) for _, move in moves[since:]], len(moves))
                if said:
                    found.add(Problem(file, line, "", said))
                last, since = number, len(moves)
                word = numbered[2]
                if not word:
                    continue
            said = _token_problem(word, form)
            if said:
                found.add(Problem(file, line, "", said))
            elif len(moves) == form.most_moves():
                return moves, [*found.problems(), Problem(file, line, "", f"more than {form.most_moves()} moves, the "
                                                                          "most a record holds: is this the right file?")]
            else:
                moves.append((line, form.read(word)))
    return moves, found.problems()


def _lines(text: str) -> Iterable[tuple[int, list[str]]]:
    """(line number, tokens) of each line, comments left out; lines end where YAML's do."""
    for number, line in enumerate(yamlsafe.LINE_BREAK.split(text), 1):
        yield number, line.split(COMMENT, 1)[0].split()


def _number_problem(number: int, last: int, between: list[str], played: int) -> str | None:
    """What is wrong with the pair number `number`, written after the moves `between` that follow the number
    `last` (`played` moves in all), or None."""
    pairs, odd = divmod(len(between), 2)
    if not odd:
        expected = last + pairs
        return None if number == expected else f"{number}. where {expected}. was expected"
    wanted = 2 * (number - last)
    if number > last and abs(len(between) - wanted) == 1:   # one move left out, or one too many
        span = f"pair {last} has" if number - last == 1 else f"pairs {last} to {number - 1} have"
        shown = " ".join(between[:SHOWN_MOVES]) + (" …" if len(between) > SHOWN_MOVES else "")
        fix = "one is missing: add it" if len(between) < wanted else "one is too many: take it out"
        return (f"{span} {len(between)} move{'s' if len(between) != 1 else ''} ({shown}) before {number}., where "
                f"{wanted} were expected (a pair is two moves, the first player's and the second's); {fix}")
    return (f"{number}. comes after move {played}, the first of pair {last + pairs}; a pair is two moves, "
            "the first player's and the second's, after its number")


def _token_problem(token: str, form: Form) -> str | None:
    if len(token) > TOKEN_CHARS:
        return f"a move of {len(token)} characters ({clip(token)!r}); {form.how}, at most {TOKEN_CHARS} characters"
    if not token.isascii() or form.read(token) is None:
        return f"{clip(token)!r} is not a move; {form.how}"
    return None


def _flow(header: Header, form: Form, moves: list[tuple[int, Any]],
          facts: Sequence[tuple[int, str, Any]] = ()) -> str:
    """The position as YAML flow text, its keys on line 1, every move on the line it has in the text, and each of
    `facts` (line, top-level key, value: the `# key: value` lines) on its own line, or after the moves. A game
    named by its definition's path is named by its absolute path (the text's folder need not be this one)."""
    game = header.game or ""
    data: dict[str, Any] = {"game": str(Path(game).resolve()) if registry.is_path(game) else game}
    for name, path in form.options.items():
        if getattr(header, name) is not None:
            _put(data, path, getattr(header, name))
    if header.first is not None:
        data["first"] = header.first
    lines = [json.dumps(data)[:-1]]

    def put(line: int, text: str) -> None:
        lines.extend([""] * (line - len(lines)))
        lines[-1] += text

    first = moves[0][0] if moves else len(lines)
    for line, key, value in (fact for fact in facts if fact[0] < first):
        put(line, f", {json.dumps(key)}: {json.dumps(value)}")
    put(first, f", {json.dumps(form.key)}: [")
    for index, (line, move) in enumerate(moves):
        put(line, ("" if index == 0 else ", ") + json.dumps(move))
    put(len(lines), "]")
    for line, key, value in (fact for fact in facts if fact[0] >= first):
        put(line, f", {json.dumps(key)}: {json.dumps(value)}")
    return "\n".join(lines) + "}"


FACT = re.compile(r"\s*#\s*([a-z][a-z-]*)\s*:\s*(.*?)\s*")
YES = ("yes", "true")


def facts(game: str, text: str) -> list[tuple[int, str, Any]]:
    """(line, key, value) of the record's facts besides its moves, written as comment lines `# red: Alice`,
    `# event: Club night`, `# resigned: blue`, `# reflected: yes` (pnp/positions/meta.py): `meta` (its keys
    gathered on the line of the first) and `resigned`, each a top-level key of the position. A comment of any
    other shape stays a comment."""
    players = _players(game)
    meta: dict[str, Any] = {}
    found: list[tuple[int, str, Any]] = []
    for number, line in enumerate(yamlsafe.LINE_BREAK.split(text), 1):
        said = FACT.fullmatch(line)
        if not said or (said[1] not in (*META_FIELDS, "reflected", "resigned", *players)) or not said[2]:
            continue
        key, value = said[1], said[2]
        if key == "resigned":
            found.append((number, key, value))
            continue
        if not meta:
            found.append((number, "meta", meta))
        if key in players:
            meta.setdefault("players", {})[key] = value
        else:
            meta[key] = value.lower() in YES if key == "reflected" else value
    return found


def _players(game: str) -> tuple[str, ...]:
    """The game's players, where its position names who moves first (the stone games: red, blue; a definition's
    own, found by name or by its path from here)."""
    if not (registry.known(game) or registry.is_path(game)):
        return ()
    model = registry.find(game, Path.cwd()).position_model()
    first = model.model_fields.get("first") if model is not None else None
    return tuple(get_args(first.annotation)) if first is not None else ()


def fact_lines(position: Any) -> list[str]:
    """The `# key: value` lines of a position's facts besides its moves, as `facts` reads them back."""
    meta = position.meta
    lines = [f"{COMMENT} {player}: {name}" for player, name in meta.players.items()]
    lines += [f"{COMMENT} {key}: {getattr(meta, key)}" for key in META_FIELDS if getattr(meta, key)]
    if meta.reflected:
        lines.append(f"{COMMENT} reflected: yes")
    if getattr(position, "resigned", None):
        lines.append(f"{COMMENT} resigned: {position.resigned}")
    return lines


def _put(data: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data.setdefault(key, {})
    data[path[-1]] = value


MOVE_FIELD = re.compile(r"(moves|edges)\[(\d+)\](.*)")


def text_problems(problems: Iterable[Problem], header: Header) -> list[Problem]:
    """The position checks' problems worded for a text record: an option's field named as the option (no line:
    the option is on the command line), a move's as `move N`."""
    form = form_of(header.game or "")
    options = {".".join(path): f"--{name}" for name, path in form.options.items()}
    options.update({"first": "--first", "game": "--game"})
    found = []
    for problem in problems:
        problem = replace(problem, message=_said_as_options(problem.message, options))
        move = MOVE_FIELD.fullmatch(problem.path)
        option = next((name for path, name in options.items()
                       if problem.path == path or problem.path.startswith(path + ".")), None)
        if option:
            found.append(Problem(problem.file, None, option, problem.message))
        elif move and problem.message.startswith("move "):
            found.append(Problem(problem.file, problem.line, "", problem.message))
        elif move:
            found.append(Problem(problem.file, problem.line, f"move {int(move[2]) + 1}{move[3]}", problem.message))
        else:
            found.append(problem)
    return found


def _said_as_options(message: str, options: dict[str, str]) -> str:
    """A hint worded for a YAML key ("set opening: swap") worded for the option that sets it ("give --opening swap")."""
    for path, option in options.items():
        message = message.replace(f"set {path}: ", f"give {option} ")
    return message


def pairs(moves: Sequence[str], width: int = LINE_CHARS) -> list[str]:
    """Moves as numbered pairs, as many a line as fit `width` characters: ["1. f6 swap  2. e7 d5", ...]."""
    lines: list[str] = []
    for n in range(0, len(moves), 2):
        pair = f"{n // 2 + 1}. " + " ".join(moves[n:n + 2])
        if lines and len(lines[-1]) + len(PAIR_GAP) + len(pair) <= width:
            lines[-1] += PAIR_GAP + pair
        else:
            lines.append(pair)
    return lines


def game_key(position: Any) -> str:
    """The game a position is of as the registry finds it: its name, or a designer's definition by its file's
    absolute path (the position's `game` then holds the definition's name, which no registry knows)."""
    return getattr(type(position), "definition", "") or position.game


def game_written(position: Any) -> str:
    """The game as a record's command or file names it: its name, or a designer's definition by its file's name
    (as the pad's command does: the record is read beside the definition)."""
    key = game_key(position)
    return Path(key).name if registry.is_path(key) else position.game


def record_text(position: Any) -> str:
    """The record of a position as the text form: a comment saying how to read it back, then numbered pairs.
    ValueError for a position the text cannot hold (stones or pieces set up before the record, a sky given as
    points rather than a code)."""
    form = form_of(game_key(position))
    setup = getattr(position, "stones", None)
    if (setup is not None and any(getattr(setup, f) for f in type(setup).model_fields)) or getattr(position, "pieces", None):
        raise ValueError("the position has stones or pieces set up before its record; the text form holds the "
                         "moves only: keep it as a YAML file")
    given = {name: option_value(position, path) for name, path in form.options.items()}
    missing = [name for name in form.required if given[name] is None]
    if missing:
        raise ValueError(f"the text form names the board by --{missing[0]}; this position has none")
    players = getattr(type(position), "players", ("red",))
    if getattr(position, "first", players[0]) != players[0]:
        given["first"] = position.first
    moves = [form.write(move) for move in getattr(position, form.key)]
    command = score_command(game_written(position), "THIS.txt", form, **given)
    return "\n".join([f"{COMMENT} {command}", *fact_lines(position),
                      *pairs(moves)]) + "\n"


def score_command(game: str, file: str = TYPED_FILE, form: Form | None = None, **options: Any) -> str:
    """The command that scores a text record of `game` on the board `options` name (those set: None and 0 are left
    out): "pnp score game.txt --game hex --size 11", as a sheet or a pad prints it under its record. `form`: the
    game's text form where `game` is a definition's file, which need not be found from here."""
    takes = [*form.options, "first"] if form is not None else options_for(game)
    unknown = set(options) - set(takes)
    assert not unknown, f"{game} text records take no --{', --'.join(sorted(unknown))}"
    said = [f"--{name} {value}" for name, value in options.items() if value not in (None, 0)]
    return " ".join(["pnp score", file, f"--game {game}", *said])


def option_value(position: Any, path: tuple[str, ...]) -> Any:
    """The value of the key at `path`, None where the position has none. A position on a board grown from a seed
    says its code (`board_code`): a board given by cells and seed is named by it, and then by nothing else."""
    code = position.board_code() if hasattr(position, "board_code") else None
    if code is not None:
        return code if path[-1] == "code" else None
    value: Any = position
    for key in path:
        value = getattr(value, key, None)
    return value


EXAMPLE_SHARES = (0.35, 0.45, 0.3)   # a sheet's example line: cells this far out among all, nearest the middle first


def example_moves(cells: Sequence[Any]) -> list[str]:
    """A short opening on a board (any cells with `id` and `center`) for a sheet's example line: a cell part way
    out, swap, then two more; fewer on a board too small for them. The later cells lie nearer or further out than
    the first, so none is where a swap may move the first stone (Hex's mirror keeps its distance from the middle)."""
    if not cells:
        return []
    middle = (sum(c.center[0] for c in cells) / len(cells), sum(c.center[1] for c in cells) / len(cells))
    out = {c.id: round(math.dist(c.center, middle), 6) for c in cells}
    near = sorted(out, key=lambda cell: (out[cell], cell))
    first, *shares = EXAMPLE_SHARES
    chosen = [near[int(first * len(near))]]
    for share in shares:
        start = int(share * len(near))
        found = next((cell for cell in near[start:] + near[:start]
                      if out[cell] != out[chosen[0]] and cell not in chosen), None)
        if found is not None:
            chosen.append(found)
    return [chosen[0], SWAP, *chosen[1:]]


def example_line(cells: Sequence[Any]) -> str:
    """The first numbered pairs of `example_moves`, as a filled sheet types in: "1. f6 swap  2. e8 g5"."""
    return pairs(example_moves(cells))[0] if cells else ""
