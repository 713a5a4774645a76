"""Names that forgive: a game named in any case is that game everywhere (`pnp init`, a spec's and a position's
`game:`, a text record's `--game`); another name a game declares (its registry entry's aliases) or a near miss is
answered with one line naming the right one; a wrong value (not only a wrong key) gets "did you mean" where one
is close, and a key written outside its block is told which block takes it. Every game is checked through the
registry; no game is named here."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from pydantic import ValidationError

from pnp import registry
from pnp.positions import read_position
from pnp.positions.text_games import games_with_records
from pnp.spec import SpecError, read_kit
from pnp.spec.base import Strict
from pnp.spec.messages import message
from pnp.starter import _own_block, starter_spec

from conftest import ROOT, files_under, run_pnp

GAMES = registry.names()
ALIASES = [(game, alias) for game in GAMES for alias in registry.game(game).aliases]
POSITIONS = sorted((ROOT / "examples" / "positions").glob("*.yaml"))
RECORDS = sorted((ROOT / "examples" / "records").glob("*.txt"))


def spec_problems(path: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        read_kit(path)
    return [str(problem) for problem in caught.value.problems]


def position_problems(path: Path, *options: str) -> list[str]:
    done = run_pnp("score", str(path), *options)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.splitlines()


def record_options(record: Path) -> list[str]:
    """The options a shipped text record's first line gives `pnp score`."""
    return shlex.split(record.read_text(encoding="utf-8").splitlines()[0])[4:]


# --- any case ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_init_takes_a_game_in_any_case_and_writes_the_same_starter(game: str, tmp_path: Path) -> None:
    for written in dict.fromkeys((game.upper(), game.title())):
        done = run_pnp("init", written, "--out", str(tmp_path / written))
        assert done.returncode == 0, done.stderr
        assert (tmp_path / written / f"{game}.yaml").read_text(encoding="utf-8") == starter_spec(game, game)


@pytest.mark.parametrize("game", GAMES)
def test_a_spec_names_its_game_in_any_case(game: str, tmp_path: Path) -> None:
    path = tmp_path / "kit.yaml"
    path.write_text(starter_spec(game, "kit").replace(f"\ngame: {game} ", f"\ngame: {game.upper()} "), encoding="utf-8")
    assert f"game: {game.upper()} " in path.read_text(encoding="utf-8")
    assert read_kit(path).spec.game == game


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.stem)
def test_a_position_names_its_game_in_any_case(position: Path, tmp_path: Path) -> None:
    game = read_position(position).model.game
    shouted = tmp_path / position.name
    shouted.write_text(position.read_text(encoding="utf-8").replace(f"game: {game}\n", f"game: {game.upper()}\n"),
                       encoding="utf-8")
    assert f"game: {game.upper()}" in shouted.read_text(encoding="utf-8")
    said, asked = (run_pnp("score", str(path), "--json") for path in (position, shouted))
    assert said.returncode == asked.returncode == 0 and said.stdout == asked.stdout


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_a_text_records_game_option_takes_any_case(record: Path) -> None:
    options = record_options(record)
    shouted = [word.upper() if before == "--game" else word for before, word in zip(["", *options], options)]
    assert shouted != options
    said, asked = (run_pnp("score", str(record), *given, "--json") for given in (options, shouted))
    assert said.returncode == asked.returncode == 0 and json.loads(said.stdout) == json.loads(asked.stdout)


# --- aliases and near misses: one line naming the right one --------------------------------------------------

def test_games_declare_aliases() -> None:
    assert ALIASES, "the games' registry entries declare the other names people give them"
    assert any(alias.called for _, alias in ALIASES) and any(not alias.called for _, alias in ALIASES)


@pytest.mark.parametrize("game,alias", ALIASES, ids=lambda x: getattr(x, "name", x))
def test_an_alias_is_answered_with_its_game_in_one_line_everywhere(game: str, alias, tmp_path: Path) -> None:
    said = run_pnp("init", alias.name, "--out", str(tmp_path / "out"))
    assert said.returncode == 2 and not (tmp_path / "out").exists()
    (line,) = said.stderr.splitlines()
    wanted = (f"{alias.called} is `pnp init {game}`, then set `board: {alias.setting}` in the spec it writes"
              if alias.called else f"did you mean `pnp init {game}`?")
    assert line == f"pnp init: {alias.name!r} is not a game pnp knows; {wanted}"

    spec = tmp_path / "kit.yaml"
    spec.write_text(f"game: {json.dumps(alias.name)}\nname: kit\n", encoding="utf-8")
    in_spec = (f"{alias.called} is `game: {game}` with `board: {alias.setting}`" if alias.called
               else f"did you mean `game: {game}`?")
    assert spec_problems(spec) == [f"{spec}:1: game: unknown game {alias.name!r}; {in_spec}"]

    if registry.game(game).position:
        position = tmp_path / "position.yaml"
        position.write_text(f"game: {json.dumps(alias.name)}\n", encoding="utf-8")
        assert position_problems(position) == [f"{position}:1: game: unknown game {alias.name!r}; {in_spec}"]
    if game in games_with_records():
        record = tmp_path / "game.txt"
        record.write_text("1. a1 swap\n", encoding="utf-8")
        option = (f"{alias.called} is `--game {game} {alias.option}`" if alias.called and alias.option
                  else f"{alias.called} is `--game {game}`" if alias.called else f"did you mean `--game {game}`?")
        assert position_problems(record, "--game", alias.name) == [
            f"{record}: --game: {alias.name!r} is not a game with records; {option}"]


@pytest.mark.parametrize("game", GAMES)
def test_a_near_miss_is_answered_with_the_game(game: str, tmp_path: Path) -> None:
    typo = game + game[-1]
    said = run_pnp("init", typo, "--out", str(tmp_path))
    assert said.returncode == 2
    assert said.stderr == f"pnp init: {typo!r} is not a game pnp knows; did you mean `pnp init {game}`?\n"
    spec = tmp_path / "kit.yaml"
    spec.write_text(f"name: kit\ngame: {typo}\n", encoding="utf-8")
    assert spec_problems(spec) == [f"{spec}:2: game: unknown game {typo!r}; did you mean `game: {game}`?"]
    assert list(tmp_path.iterdir()) == [spec]


def test_a_name_like_no_game_still_lists_every_game(tmp_path: Path) -> None:
    said = run_pnp("init", "qqqqqq", "--out", str(tmp_path))
    assert said.returncode == 2 and said.stderr.splitlines()[0] == "pnp init: 'qqqqqq' is not a game pnp knows; the games:"
    assert [line.split()[0] for line in said.stderr.splitlines()[1:]] == sorted(GAMES)
    spec = tmp_path / "kit.yaml"
    spec.write_text("game: qqqqqq\nname: kit\n", encoding="utf-8")
    assert spec_problems(spec) == [f"{spec}:1: game: unknown game 'qqqqqq'; use one of: {', '.join(GAMES)}"]


# --- wrong values: did you mean ------------------------------------------------------------------------------

class Choices(Strict):
    kind: str = "a"
    shape: "Shape" = "hexagon"
    sizes: "list[Size]" = []


from typing import Literal  # noqa: E402  (the model's choices, after the class that names them)

Shape = Literal["hexagon", "circle", "half-letter"]
Size = Literal["small", "large"]
Choices.model_rebuild()


@pytest.mark.parametrize("written,meant", [("hexagons", "hexagon"), ("Circle", "circle"), ("CIRCLE", "circle"),
                                           ("halfletter", "half-letter"), ("square", None), ("", None)])
def test_a_wrong_choice_gets_the_nearest_one_from_the_shared_messages(written: str, meant: str | None) -> None:
    with pytest.raises(ValidationError) as caught:
        Choices.model_validate({"shape": written})
    (error,) = caught.value.errors()
    said = message(error, Choices)
    hint = f"did you mean '{meant}'? " if meant else ""
    assert said == f"{written!r} is not allowed; {hint}use one of: hexagon, circle, half-letter"


def test_each_item_of_a_list_of_choices_gets_its_own_guess() -> None:
    with pytest.raises(ValidationError) as caught:
        Choices.model_validate({"sizes": ["smal", "large", "LARGE"]})
    said = [message(error, Choices) for error in caught.value.errors()]
    assert said == ["'smal' is not allowed; did you mean 'small'? use one of: small, large",
                    "'LARGE' is not allowed; did you mean 'large'? use one of: small, large"]


@pytest.mark.parametrize("game", GAMES)
def test_a_specs_wrong_values_say_which_was_meant_on_their_lines(game: str, tmp_path: Path) -> None:
    first = registry.game(game).spec.model_fields["outputs"].default[0]
    spec = tmp_path / "kit.yaml"
    spec.write_text(f"game: {game}\nname: kit\nformats: [SVG]\npaper: A44\noutputs: [{first}s]\n", encoding="utf-8")
    problems = spec_problems(spec)
    assert any(p.startswith(f"{spec}:3: formats[0]: 'SVG' is not allowed; did you mean 'svg'?") for p in problems)
    assert any(p.startswith(f"{spec}:4: paper: 'A44' is not allowed; did you mean 'a4'?") for p in problems)
    assert any(p.startswith(f"{spec}:5: outputs[0]: '{first}s' is not allowed; did you mean '{first}'?")
               for p in problems), problems


@pytest.mark.parametrize("game", GAMES)
def test_a_blocks_key_written_outside_it_names_the_block(game: str, tmp_path: Path) -> None:
    model = registry.game(game).spec
    block = _own_block(model)
    key = next(k for k in model.model_fields[block].annotation.model_fields if k not in model.model_fields)
    spec = tmp_path / "kit.yaml"
    spec.write_text(f"game: {game}\nname: kit\n{key}: 1\n", encoding="utf-8")
    (problem,) = spec_problems(spec)
    holders = [f"`{name}:`" for name, field in model.model_fields.items()
               if key in getattr(field.annotation, "model_fields", {})]
    assert f"`{block}:`" in holders
    lines = "that line" if len(holders) == 1 else "one of those lines"
    assert problem.startswith(f"{spec}:3: {key}: unknown key '{key}'; it is a key of {' and '.join(holders)}: "
                              f"write it indented under {lines}; allowed here: ")
    assert not files_under(tmp_path / "output")
