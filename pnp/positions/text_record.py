"""Game records as plain text, typed from a score sheet: `1. S60 swap  2. A61 *53 ...`, one pair of moves a number.

    pnp score game.txt --game starstar --rings 10

A pair is the first player's move and the second player's; `N.` numbers are
optional, but one that is written must be the number of the pair it starts;
any spaces or line breaks go between tokens; `#` starts a comment to the end of
the line. A move is a cell id (*Star, Hex, Y; a Mudcrack Y board's numbers),
`swap`, an Asterisk piece as `CELL=piece-type`, a Starry Night edge as `A-B`.
The text says no game and no board: the options do (`--game`, and the game's
own board keys, `--first`): pnp/positions/text_games.py finds the game's form
(pnp/positions/text_form.py) and checks them; this module reads and writes
the records.

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp import registry
from pnp.positions.meta import FIELDS as META_FIELDS
from pnp.positions.record import LONGEST_RECORD_KB, SWAP
from pnp.positions.text_form import MAX_MOVES, Form
from pnp.positions.text_games import Header, form_checked, form_of, game_key, game_written, option_paths, players
from pnp.spec import yamlsafe
from pnp.spec.problems import Kept, Problem, SpecError, YamlProblem, clip
from pnp.spec.source import read_spec_bytes

SUFFIX = ".txt"
TOKEN_CHARS = 40                # the longest move token: far beyond any cell id, piece or edge
FLOW_EXTRA = 8                  # the most characters a move's YAML form adds to its text: quotes, braces, a comma
HEADER_CHARS = 1024             # the YAML form's first line: game and options (each at most OPTION_CHARS)
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
WANTED = "a text record; name a .txt file"
SHOWN_MOVES = 6                 # the moves a numbering slip's message repeats


def is_text(path: Path) -> bool:
    """A position file named .txt is a text record; any other is YAML."""
    return path.suffix.lower() == SUFFIX


def loaded(path: Path, header: Header) -> yamlsafe.Loaded:
    """The text record in `path` as the position data a YAML file gives (line for line); SpecError naming the file
    and line of every token that is no move, every pair number out of place, and every option that does not fit.
    `header.game` is already the registered name (text_games.registered)."""
    file = str(path)
    form, options = form_checked(file, header)
    text = _text(file)
    moves, found = tokens(file, text, form)
    if found:
        raise SpecError(found)
    if not moves:
        raise SpecError([Problem(file, None, "", f"no moves; a text record is the moves in numbered pairs, "
                                                 f"e.g. 1. f6 swap  2. e7 d5 ({form.how})")])
    game = header.game or ""
    try:
        return yamlsafe.load(_flow(game, option_paths(game), options, form, moves, facts(game, text)).encode("utf-8"))
    except YamlProblem as exc:   # the flow text keeps every line, so it may outgrow what the text was allowed
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None


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


def _flow(game: str, paths: Mapping[str, tuple[str, ...]], options: Mapping[str, Any], form: Form,
          moves: list[tuple[int, Any]], facts: Sequence[tuple[int, str, Any]] = ()) -> str:
    """The position as YAML flow text, its keys on line 1 (`options` each at the key of `paths`), every move on the
    line it has in the text, and each of `facts` (line, top-level key, value: the `# key: value` lines) on its own
    line, or after the moves. A game named by its definition's path is named by its absolute path (the text's
    folder need not be this one)."""
    data: dict[str, Any] = {"game": str(Path(game).resolve()) if registry.is_path(game) else game}
    for name, value in options.items():
        _put(data, paths[name], value)
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
    named = players(game)
    meta: dict[str, Any] = {}
    found: list[tuple[int, str, Any]] = []
    for number, line in enumerate(yamlsafe.LINE_BREAK.split(text), 1):
        said = FACT.fullmatch(line)
        if not said or (said[1] not in (*META_FIELDS, "reflected", "resigned", *named)) or not said[2]:
            continue
        key, value = said[1], said[2]
        if key == "resigned":
            found.append((number, key, value))
            continue
        if not meta:
            found.append((number, "meta", meta))
        if key in named:
            meta.setdefault("players", {})[key] = value
        else:
            meta[key] = value.lower() in YES if key == "reflected" else value
    return found


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
    options = {".".join(path): f"--{name}" for name, path in option_paths(header.game or "").items()}
    options["game"] = "--game"
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
    order = getattr(type(position), "players", ("red",))
    if getattr(position, "first", order[0]) != order[0]:
        given["first"] = position.first
    moves = [form.write(move) for move in getattr(position, form.key)]
    command = score_command(game_written(position), "THIS.txt", form, **given)
    return "\n".join([f"{COMMENT} {command}", *fact_lines(position),
                      *pairs(moves)]) + "\n"


def score_command(game: str, file: str = TYPED_FILE, form: Form | None = None, **options: Any) -> str:
    """The command that scores a text record of `game` on the board `options` name (those set: None and 0 are left
    out): "pnp score game.txt --game hex --size 11", as a sheet or a pad prints it under its record. `form`: the
    game's text form where `game` is a definition's file, which need not be found from here."""
    takes = [*form.options, "first"] if form is not None else list(option_paths(game))
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
