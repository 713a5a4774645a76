"""Read a position file: YAML -> its game's position model -> the game's checks, or every problem at once.

The spec machinery does the work: the same safe YAML loader (with line marks),
the same wording of pydantic's errors, the same one-line Problems. A game takes
positions once its registry entry names a position model.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from pnp import registry
from pnp.positions.base import PositionBase
from pnp.positions.caption import stated_caption_problem
from pnp.positions import text_record
from pnp.positions.record import LONGEST_RECORD_KB, late_move
from pnp.positions.resign import resign_problem
from pnp.positions.text_games import FIRST, Header, games_taking, registered
from pnp.spec import gamename, yamlsafe
from pnp.spec.problems import Problem, SpecError, clip, show
from pnp.spec.validation import validation_problems
from pnp.spec.source import read_spec_bytes
from pnp.spec.yamltree import line_of, located


@dataclass(frozen=True)
class Position:
    """A position that passed every check, with its game: all `pnp score` and `pnp diagram` need."""

    path: Path
    model: PositionBase
    game: registry.Game
    notes: tuple[str, ...] = ()   # warnings the reader has for the user (an SGF file's variations left out)


def read_position(path: Path, header: Header | None = None) -> Position:
    """The position in `path`; SpecError listing every problem (file:line: field: what would be right). A .txt
    file is a text record (pnp/positions/text_record.py), whose game and board `header` gives."""
    header = registered(header or Header())
    if text_record.is_text(path):
        loaded = text_record.loaded(path, header)
        try:
            return checked(path, str(path), loaded)
        except SpecError as exc:
            raise SpecError(text_record.text_problems(exc.problems, header)) from None
    if header.given():
        raise SpecError([Problem(str(path), None, "", _not_for_a_position(header.given()[0]))])
    return checked(path, str(path), _load(path))


def _not_for_a_position(option: str) -> str:
    """Why a YAML position takes no --game and no game's own option: it names them itself."""
    said = "is no option of pnp" if option not in ("game", FIRST) and not games_taking(option) else \
        "is for a text record (a .txt file) or an SGF file"
    return f"--{clip(option)} {said}; a position file names its game and board itself"


def read_position_text(file: str, text: str) -> Position:
    """A position given as text (a booklet's diagram block), checked as a file is; lines count from the text's first."""
    try:
        loaded = yamlsafe.load(text.encode("utf-8"))
    except yamlsafe.YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None
    return checked(Path(file), file, loaded)


SPEC_KEYS = ("name", "outputs", "paper")   # a kit spec's keys, which no position has


def checked(path: Path, file: str, loaded: yamlsafe.Loaded) -> Position:
    """The position `loaded` holds, through every check: SpecError listing the problems (file:line: field: ...)."""
    game, model = _model(file, loaded)
    data = {**loaded.data, "game": game.name}   # the name as registered, however it was written
    spec = next((key for key in SPEC_KEYS if key in loaded.data and key not in model.model_fields), None)
    if spec:   # a kit spec given for a position: said once, not as a list of keys a position lacks
        raise SpecError([Problem(file, line_of(loaded.node, (spec,)), spec, "this is a kit spec (it has "
                                 f"`{spec}:`), not a position; `pnp build {file}` builds it, and pnp score and "
                                 "pnp diagram read a position file (game, board, stones or pieces, moves)")])
    try:
        position = model.model_validate(data)
    except ValidationError as exc:
        raise SpecError(validation_problems(file, loaded, model, exc.errors())) from None
    found = [located(file, loaded.node, u) for u in position.problems()]
    if found:
        raise SpecError(sorted(found, key=lambda p: p.line or 0))
    late = late_move(position, game.judge) or resign_problem(game.judge(position))  # play after a win; a winner resigns
    if late:
        raise SpecError([located(file, loaded.node, late)])
    wrong = stated_caption_problem(game, position)  # a caption never states a result the referee does not find
    if wrong:
        raise SpecError([Problem(file, line_of(loaded.node, ("caption",)), "caption", wrong)])
    return Position(path, position, game)


POSITION_FILE = "a position file; name a .yaml file (or a .txt text record)"


def _load(path: Path) -> yamlsafe.Loaded:
    try:
        raw = read_spec_bytes(path, POSITION_FILE)  # a regular file, at most the size limit read
        if len(raw) > yamlsafe.MAX_BYTES:
            raise SpecError([Problem(str(path), None, "", f"the file is larger than {yamlsafe.MAX_BYTES:,} bytes (1 MiB), "
                                                          "the most a position file may be; a position is a few hundred "
                                                          f"bytes, and the longest game's record about {LONGEST_RECORD_KB} "
                                                          "KB: is this the right file?")])
        return yamlsafe.load(raw)
    except yamlsafe.YamlProblem as exc:
        raise SpecError([Problem(str(path), exc.line, "", exc.message)]) from None


def games_with_positions() -> list[str]:
    return [name for name in registry.names() if registry.game(name).position]


def _model(file: str, loaded: yamlsafe.Loaded) -> tuple[registry.Game, type[PositionBase]]:
    """The game named by `game` and its position model, with a clear word when the top level is wrong."""
    data = loaded.data   # every game with positions (each game and definition loaded) only in a message
    if not isinstance(data, dict):
        what = "empty" if data is None else ("a list" if isinstance(data, list) else f"a single value ({show(data)})")
        raise SpecError([Problem(file, 1 if data is not None else None, "",
                                 f"the file is {what}; a position is a mapping that starts with `game:` ({_known()})")])
    name = data.get("game")
    if name is None:
        raise SpecError([Problem(file, 1, "game", f"required but missing; use one of: {_known()}")])
    if isinstance(name, str) and registry.is_path(name):
        game: registry.Game | None = registry.find(name, Path(file).parent)
    else:
        registered = registry.canonical(name)   # any case: `Hex` is hex
        game = registry.game(registered) if registered else None
    model = game.position_model() if game else None
    if game is None or model is None:
        message = (f"unknown game {show(name)}; {gamename.unknown(name, games_with_positions(), gamename.SPEC)}"
                   if game is None else f"pnp cannot read {name} positions yet; games with positions: {_known()}")
        raise SpecError([Problem(file, line_of(loaded.node, ("game",)), "game", message)])
    return game, model


def _known() -> str:
    return ", ".join(games_with_positions())
