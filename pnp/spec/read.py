"""Read spec files: YAML -> validated model -> the game's plan, or every problem at once.

A spec passes when its model validates and its game can plan it (the board
fits the paper, the pieces fit the sheet, ...). The plan made here is the one
the build draws, so nothing is planned twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import ValidationError

from pnp import registry
from pnp.spec import yamlsafe
from pnp.spec.base import SpecBase
from pnp.spec.comments import cut_by_comments
from pnp.spec.kit import Kit
from pnp.spec.problems import PlanError, Problem, SpecError, YamlProblem, show
from pnp.spec.source import read_spec_bytes
from pnp.spec.yamltree import line_of, located



class Named(Protocol):
    """A spec read: a Kit, or what a worker that keeps the kit tells of it (pnp/shared.py)."""

    @property
    def path(self) -> Path: ...

    @property
    def spec(self) -> SpecBase: ...


ReadT = TypeVar("ReadT", bound=Named)


def read_kits(paths: list[Path], ink: str | None = None, board_only: bool = False) -> list[Kit]:
    """Read every spec; raise one SpecError listing the problems of all of them. `ink` overrides `print.ink`;
    `board_only`: see read_kit."""
    return all_read([attempt(path, ink, board_only) for path in paths])


def attempt(path: Path, ink: str | None = None, board_only: bool = False) -> Kit | SpecError:
    """read_kit's kit, or its SpecError returned (not raised), so that a caller can gather every spec's."""
    try:
        return read_kit(path, ink, board_only)
    except SpecError as exc:
        return exc


def all_read(attempts: list[ReadT | SpecError]) -> list[ReadT]:
    """The specs read, in order; or
    one SpecError with the problems of all of them, and, when there are none, of two specs with one name."""
    problems = [problem for each in attempts if isinstance(each, SpecError) for problem in each.problems]
    read = [each for each in attempts if not isinstance(each, SpecError)]
    names: dict[str, Path] = {}
    for each in read:
        if each.spec.name in names and not problems:
            problems.append(Problem(str(each.path), None, "name",
                                    f"'{each.spec.name}' is also the name of {names[each.spec.name]}; each spec needs its own"))
        names.setdefault(each.spec.name, each.path)
    if problems:
        raise SpecError(problems)
    return read


def read_kit(path: Path, ink: str | None = None, board_only: bool = False) -> Kit:
    """One spec read, checked and planned; SpecError with every problem found. `ink` overrides `print.ink`.
    `board_only` (`pnp graph`): every key is checked, but only the board (the game's `board_asset`) is planned, so
    stones, a pad or a booklet the spec also asks for cannot refuse it."""
    file = str(path)
    try:
        loaded = yamlsafe.load(read_spec_bytes(path))
    except YamlProblem as exc:
        raise SpecError([Problem(file, exc.line, "", exc.message)]) from None
    game = _game(file, loaded, path.parent)
    data = {**loaded.data, "game": game.name}   # the name as registered, however it was written (`Hex`)
    context = {"spec_dir": path.parent}
    try:
        spec = game.spec.model_validate(_with_ink(data, ink), context=context)
    except ValidationError as exc:
        position = _position_given(game, data, context)
        if position:   # a position given for a spec: said once, not as a list of keys a spec lacks
            raise SpecError([Problem(file, None, "", position)]) from None
        from pnp.spec.validation import validation_problems   # this and gamename: only for a spec with problems

        raise SpecError(validation_problems(file, loaded, game.spec, exc.errors())) from None
    if board_only:
        spec = spec.model_copy(update={"outputs": [asset for asset in spec.outputs if asset == game.board_asset]})
    try:
        plan = game.make_plan(spec)
    except PlanError as exc:
        raise SpecError([located(file, loaded.node, u) for u in exc.found]) from None
    kit = Kit(path, spec, game, plan, cut_by_comments(loaded) + game.notes)
    booklet = _booklet_problem(kit)
    if booklet:
        raise SpecError([Problem(file, line_of(loaded.node, ("paper",)), "paper", booklet)])
    return kit


def _position_given(game: registry.Game, data: dict, context: dict) -> str | None:
    """What to say when a spec that does not validate is a position file of its game (`pnp score`'s input): one
    that has no `name`, is no spec with a name added (a spec that only lacks its name is told so), and is a
    position."""
    model = game.position_model()
    if model is None or "name" in data:
        return None
    try:
        game.spec.model_validate({**data, "name": "x"}, context=context)
        return None
    except ValidationError:
        pass
    try:
        position = model.model_validate(data)
    except ValidationError:
        return None
    what = "a game record" if position.record_length() else "a position"
    return f"this is {what}, not a kit spec; `pnp score` or `pnp diagram` reads it"


def _booklet_problem(kit: Kit) -> str | None:
    """The reference card and the rule booklet on the spec's paper, checked as the build checks them (one function
    for both)."""
    if "card" in kit.spec.outputs:
        from pnp.booklet.card import card_problem
        from pnp.layout.paper import spec_paper

        problem = card_problem(spec_paper(kit.spec))
        if problem:
            return problem
    if not {"rules", "rules-booklet"} & set(kit.spec.outputs):
        return None
    from pnp.booklet.kit import paper_problem

    return paper_problem(kit)


def _with_ink(data: dict, ink: str | None) -> dict:
    """The spec's data with `print.ink` set from the command line (`--ink-saver`); a wrong `print` is left to validation."""
    printing = data.get("print", {})
    if ink is None or not isinstance(printing, dict):
        return data
    return {**data, "print": {**printing, "ink": ink}}


def _typed_moves(file: str, data: object) -> str | None:
    """What a file that is no mapping is when it is a text record (named .txt, or numbered moves, `1. a1 b2`),
    said so that `pnp build game.txt` points at the commands that read it; None for anything else."""
    from pnp.positions.text_record import NUMBER, SUFFIX, is_text

    if is_text(Path(file)):
        return "this is a text record (a game's numbered moves), not a kit spec;"
    if isinstance(data, str) and NUMBER.match(data.strip()):
        return f"this looks like a text record (a game's numbered moves), not a kit spec; saved as a {SUFFIX} file,"
    return None


def _game(file: str, loaded: yamlsafe.Loaded, folder: Path) -> registry.Game:
    """Pick the game from `game` (a name, or a definition's path relative to `folder`), with a clear word when the
    top level is wrong; a definition that fails its checks is its own file's problems."""
    data = loaded.data   # every game's name (registry.names(): the shipped definitions listed) only in a message
    if data is None:
        raise SpecError([Problem(file, None, "", f"the file is empty; a spec starts with `game: {registry.names()[0]}` and a `name`")])
    if not isinstance(data, dict):
        record = _typed_moves(file, data)
        if record:
            raise SpecError([Problem(file, 1, "", f"{record} `pnp score` or `pnp diagram` reads it")])
        kind = "a list" if isinstance(data, list) else f"a single value ({show(data)})"
        raise SpecError([Problem(file, 1, "", f"the top level is {kind}; a spec is a mapping of keys (game, name, board, ...)")])
    if "game" not in data:
        raise SpecError([Problem(file, 1, "game", f"required but missing; use one of: {', '.join(registry.names())}")])
    game = data["game"]
    if isinstance(game, str) and registry.is_path(game):
        return registry.find(game, folder)
    name = registry.canonical(game)
    if name is None:
        what = ("no value given" if game is None else f"unknown game {show(game)}" if isinstance(game, str)
                else f"expected the name of a game, got {show(game)}")
        from pnp.spec import gamename

        raise SpecError([Problem(file, line_of(loaded.node, ("game",)), "game",
                                 f"{what}; {gamename.unknown(game, registry.names(), gamename.SPEC)}")])
    return registry.game(name)
