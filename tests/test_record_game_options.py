"""A command that reads records takes the named game's own options, whatever the game: each shipped game's, as
its position model says what each takes, and a designer's definition's size key (`size: {key: rings}` gives
`--rings`). Every option a game does not take, and every value it does not, is exit 2 naming the option and what
would be right; nothing here names a shipped game: the games come from the registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_pnp
from pnp.positions.text_games import games_with_records, options_for, takes

GAMES = games_with_records()

# A game of one's own whose size key no shipped game has, and one whose key is written with underscores.
DEFINITION = """\
pnp-game: 1
name: ring-count
title: Ring Count
designer: A. Designer
board:
  shape: hexagon
  size: {{key: {key}, default: 4, min: 3, max: 9}}
  ids: a1
players: [green, purple]
pie: take-over
goals:
  - connect: {{any: 3, of: sides}}
"""


def own_game(folder: Path, key: str) -> Path:
    (folder / "mine.yaml").write_text(DEFINITION.format(key=key), encoding="utf-8")
    (folder / "game.txt").write_text("1. c3 swap\n", encoding="utf-8")
    return folder


def refused(*args: str, cwd: Path | None = None) -> str:
    done = run_pnp(*args, cwd=cwd)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    return done.stderr


def test_a_designers_size_key_is_an_option_of_every_command_that_reads_records(tmp_path: Path):
    own = own_game(tmp_path, "rings")
    scored = run_pnp("score", "game.txt", "--game", "mine.yaml", "--rings", "5", "--json", cwd=own)
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["game"] == "ring-count"
    same = run_pnp("score", "--rings=5", "game.txt", "--game", "mine.yaml", "--json", cwd=own)   # before the file, with =
    assert same.stdout == scored.stdout
    drawn = run_pnp("diagram", "game.txt", "--game", "mine.yaml", "--rings", "5", "-o", "game.svg", cwd=own)
    assert drawn.returncode == 0 and (own / "game.svg").is_file(), drawn.stderr
    written = run_pnp("record", "game.txt", "--game", "mine.yaml", "--rings", "5", "--format", "text", cwd=own)
    assert written.returncode == 0, written.stderr
    assert written.stdout.splitlines()[0] == "# pnp score THIS.txt --game mine.yaml --rings 5"   # reads back as typed


def test_a_designers_size_key_is_bounded_by_its_range(tmp_path: Path):
    own = own_game(tmp_path, "rings")
    assert refused("score", "game.txt", "--game", "mine.yaml", "--rings", "12", cwd=own) == (
        "game.txt: --rings: must be a whole number from 3 to 9 for mine.yaml, got 12\n")
    said = refused("score", "game.txt", "--game", "mine.yaml", "--size", "5", cwd=own)
    assert said.startswith("game.txt: --size is for ") and said.endswith(
        "; mine.yaml takes --rings (a whole number from 3 to 9) or --first (green or purple)\n")


def test_a_key_with_underscores_is_written_with_them_or_with_dashes(tmp_path: Path):
    own = own_game(tmp_path, "cells_per_side")
    for option in ("--cells_per_side", "--cells-per-side"):
        done = run_pnp("score", "game.txt", "--game", "mine.yaml", option, "4", "--json", cwd=own)
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("game", GAMES)
def test_each_games_options_are_listed_in_the_help_with_what_they_take(game: str):
    shown = " ".join(run_pnp("score", "--help").stdout.split())
    row = shown.split(f" {game} ", 1)[1]
    for name, what in takes(game).items():
        assert f"--{name} ({what.said()})" in row


@pytest.mark.parametrize("game", GAMES)
def test_a_number_out_of_a_games_range_or_not_a_number_names_the_option_and_the_range(game: str, tmp_path: Path):
    numbers = {name: what for name, what in takes(game).items() if what.number and what.high is not None}
    record = tmp_path / "game.txt"
    record.write_text("1. a1\n", encoding="utf-8")
    for name, what in numbers.items():
        right = f"must be a whole number from {what.low} to {what.high} for {game}"
        for value, got in ((str(what.high + 1), str(what.high + 1)), ("many", "'many'")):
            assert refused("score", str(record), "--game", game, f"--{name}", value) == (
                f"{record}: --{name}: {right}, got {got}\n")


@pytest.mark.parametrize("game", GAMES)
def test_an_option_the_game_lacks_names_what_it_takes(game: str, tmp_path: Path):
    record = tmp_path / "game.txt"
    record.write_text("1. a1\n", encoding="utf-8")
    said = refused("score", str(record), "--game", game, "--no-such-key", "1")
    assert said.startswith(f"{record}: {game} has no option --no-such-key; {game} takes ")
    assert all(f"--{name} (" in said for name in options_for(game))


def test_an_option_without_its_value_is_no_option_of_the_command(tmp_path: Path):
    record = tmp_path / "game.txt"
    record.write_text("1. a1\n", encoding="utf-8")
    said = refused("score", str(record), "--jsno")
    assert said == "pnp: no such option --jsno; did you mean --json? (a game's own option takes a value, e.g. --size " \
                   "11: see --help)\n"
    assert refused("score", str(record), "--game", GAMES[0], f"--{options_for(GAMES[0])[0]}",
                   "--json").startswith("pnp: no such option")   # a value that is an option is no value


def test_a_yaml_position_takes_no_game_option_and_names_a_typo_as_none_of_pnps(tmp_path: Path):
    position = tmp_path / "p.yaml"
    position.write_text(f"game: {GAMES[0]}\n", encoding="utf-8")
    option = options_for(GAMES[0])[0]
    assert refused("score", str(position), f"--{option}", "5") == (
        f"{position}: --{option} is for a text record (a .txt file) or an SGF file; a position file names its game "
        "and board itself\n")
    assert refused("score", str(position), "--colour", "5") == (
        f"{position}: --colour is no option of pnp; a position file names its game and board itself\n")


def test_no_size_key_a_definition_may_take_is_an_option_of_a_record_command():
    """A size key is typed as --KEY on the commands that read records: the definition's check refuses every name
    those commands (or --first) already take, as the CLI declares them."""
    import typer.main

    from pnp.cli import GameOptionsCommand, app
    from pnp.definitions.checks import RECORD_OPTIONS

    declared = {opt.lstrip("-").replace("-", "_") for command in typer.main.get_command(app).commands.values()
                if isinstance(command, GameOptionsCommand)
                for param in command.params for opt in (*param.opts, *param.secondary_opts) if opt.startswith("--")}
    assert declared | {"first", "help"} == set(RECORD_OPTIONS)


@pytest.mark.parametrize("key", ["json", "width_mm", "first"])
def test_a_definition_whose_size_key_is_a_record_commands_option_is_refused(key: str, tmp_path: Path):
    own = own_game(tmp_path, key)
    said = refused("score", "game.txt", "--game", "mine.yaml", cwd=own)
    assert "board.size.key" in said and f"'{key}' is already an option of pnp score" in said
