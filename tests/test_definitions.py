"""Game definitions read and refused (shared/DESIGN.md, "Game definitions"; issue 34, item 6): a designer's own game
from a file in a temporary folder, and every refusal with its file, line, field and what would be right."""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import pytest

from pnp.cellboard.goals import CONNECT, RING, Goal
from pnp.definitions.read import read_definition
from pnp.definitions.shipped import shipped, shipped_names
from pnp.positions.base import ImpossiblePosition
from pnp.spec.problems import SpecError

OWN = """\
pnp-game: 1
name: six-sides
title: Six Sides
designer: A. Designer
year: 2024
board:
  lattice: hex
  shape: hexagon
  size: {key: base, default: 5, min: 3, max: 12}
  ids: numbers
  corners: apart
players: [north, south]
pie: take-over
goals:
  - connect: {any: 3, of: sides}
    name: fork
  - ring: true
"""
HEXLIKE = """\
pnp-game: 1
name: diagonal-hex
title: Diagonal Hex
designer: A. Designer
board:
  shape: rhombus
  size: {key: size, default: 7, min: 2, max: 19}
  ids: hexgui
players: [red, blue]
pie: mirror
goals:
  - connect: [top, bottom]
    players: [red]
  - connect: [left, right]
    players: [blue]
"""


def write(folder: Path, text: str, name: str = "game.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refusals(folder: Path, text: str) -> list[str]:
    """Every problem said of a definition, as the lines a user reads."""
    with pytest.raises(SpecError) as caught:
        read_definition(write(folder, text))
    return [str(problem) for problem in caught.value.problems]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# --- a game of one's own -------------------------------------------------------------------------------------------


def test_a_designers_own_game_reads_and_plays(tmp_path: Path):
    game = read_definition(write(tmp_path, OWN))
    assert (game.name, game.players, game.pie, game.size_key, game.size()) == (
        "six-sides", ("north", "south"), "take-over", "base", 5)
    assert game.goals == (Goal(CONNECT, tuple(f"side-{k}" for k in range(1, 7)), 3, (), "fork"), Goal(RING))
    graph = game.graph()
    assert len(graph.ids) == 61 and graph.ids[:3] == ("1", "2", "3")
    assert game.graph(12) is game.graph(12) and len(game.graph(12).ids) == 397
    with pytest.raises(ValueError, match="base 13 is not one of this game's: give 3 to 12"):
        game.graph(13)
    ring = [graph.ids[j] for j in graph.neighbours[graph.index["31"]]]   # round the centre of the base-5 hexagon
    verdict = game.judge({cell: "south" for cell in ring})
    assert (verdict.winner, verdict.kind, verdict.goal, set(verdict.path)) == ("south", RING, 1, set(ring))
    assert game.score_json({c: "south" for c in ring}) == {"game": "six-sides", "full": False, "winner": "south",
                                                           "goal": "ring", "path": list(verdict.path)}
    assert game.swapped("17") == "17"
    assert game.played(["17", "swap", "18"]) == [(0, "17", "south"), (2, "18", "north")]
    won = game.first_win(["31", *ring[:5], "1", ring[5]], start={})
    assert won is None   # north and south alternate: south's six are not all south's
    assert game.first_win([ring[0], "1", ring[1], "2", ring[2], "3", ring[3], "4", ring[4], "5", ring[5]],
                          first="south").move == 11
    assert game.template("rules") is None


def test_a_swap_where_the_game_has_no_pie_rule(tmp_path: Path):
    game = read_definition(write(tmp_path, edited(OWN, "pie: take-over", "pie: none")))
    assert game.first_win(["17", "18"]) is None
    with pytest.raises(ValueError, match="no pie rule"):
        game.first_win(["17", "swap"])


def test_templates_are_found_beside_the_definition(tmp_path: Path):
    (tmp_path / "rules.md").write_text("# Rules\n", encoding="utf-8")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "card.md").write_text("# Card\n", encoding="utf-8")
    game = read_definition(write(tmp_path, OWN + "rules: rules.md\ncard: cards/card.md\n"))
    assert game.template("rules") == tmp_path / "rules.md" and game.template("card") == tmp_path / "cards" / "card.md"


def test_a_mirror_where_the_goals_are_each_others_reflection(tmp_path: Path):
    game = read_definition(write(tmp_path, HEXLIKE))
    assert game.swapped("c2") == "b3" and game.played(["c2", "swap"]) == [(0, "b3", "blue")]


def test_the_shipped_definitions_read_and_are_listed_from_their_folder():
    names = shipped_names()
    assert len(names) >= 3 and list(names) == sorted(names)
    for name in names:
        game = shipped(name)
        assert game.name == name and game.goals and len(game.players) == 2
    with pytest.raises(ValueError, match="not a game pnp ships"):
        shipped("no-such-game")


def test_two_winners_in_a_position_without_a_record(tmp_path: Path):
    """A position as it stands in which both players meet a goal: no game reaches it (a game stops at its first
    win, and a move completes only its own player's goals), so the referee names no winner and says why."""
    game = read_definition(write(tmp_path, OWN))
    graph = game.graph()
    inner = [i for i in range(len(graph.ids)) if not graph.border[i]]
    first = inner[0]
    second = next(i for i in inner if not ({i, *graph.neighbours[i]} & {first, *graph.neighbours[first]}))
    rings = {graph.ids[j]: player for player, i in (("north", first), ("south", second)) for j in graph.neighbours[i]}
    with pytest.raises(ImpossiblePosition, match="north and south have each reached their goal"):
        game.judge(rings)
    north = {cell: who for cell, who in rings.items() if who == "north"}
    assert game.judge(north).winner == "north"


# --- refusals ------------------------------------------------------------------------------------------------------

# (what is wrong, the edit to OWN or HEXLIKE, the text of the line the problem points at, the path, what it says)
REFUSED = [
    ("too many cells", OWN, "max: 12}", "max: 60}", "size:", "board.size.max",
     "a hexagon of base 60 has 10,621 cells, more than pnp draws (10,000); give a max of 58 or less"),
    ("default out of range", OWN, "default: 5", "default: 13", "size:", "board.size.default",
     "13 is outside min to max; give 3 to 12"),
    ("min above max", OWN, "min: 3, max: 12", "min: 9, max: 4", "size:", "board.size.max",
     "4 is less than min (9); give a max of 9 or more"),
    ("size below two", OWN, "min: 3", "min: 1", "size:", "board.size.min", "must be at least 2, got 1"),
    ("size key of the spec", OWN, "key: base", "key: cell_mm", "size:", "board.size.key",
     "'cell_mm' is already a board key of every spec"),
    ("unknown group", OWN, "of: sides}", "of: [side-1, side-7, side-2, side-3]}", "of:", "goals[0].connect.of[1]",
     "a hexagon has no group 'side-7'"),
    ("a misspelt group", HEXLIKE, "[top, bottom]", "[top, botom]", "[top, botom]", "goals[0].connect[1]",
     "did you mean 'bottom'?"),
    ("any above the set", OWN, "any: 3", "any: 7", "any:", "goals[0].connect.any",
     "7 of 6 groups cannot be touched; give any from 1 to 6"),
    ("any of none", OWN, "any: 3", "any: 0", "any:", "goals[0].connect.any", "must be at least 1, got 0"),
    ("connect of nothing", HEXLIKE, "[top, bottom]", "[]", "connect: []", "goals[0].connect",
     "give at least 1 item; this has 0"),
    ("one player", OWN, "[north, south]", "[north]", "players:", "players", "give at least 2 items; this has 1"),
    ("three players", OWN, "[north, south]", "[north, south, east]", "players:", "players",
     "give at most 2 items; this has 3"),
    ("the same player twice", OWN, "[north, south]", "[north, north]", "players:", "players",
     "'north' is listed twice"),
    ("a player id with a space", OWN, "[north, south]", "[north, South Side]", "players:", "players[1]",
     "'South Side' is not a player id"),
    ("a stranger's goal", HEXLIKE, "players: [blue]", "players: [green]", "[green]", "goals[1].players[0]",
     "'green' is not a player of this game; use red or blue"),
    ("a player without a goal", HEXLIKE, "players: [blue]", "players: [red]", "players: [red, blue]", "players[1]",
     "blue has no goal, so could never win"),
    ("a ring with no cell to surround", HEXLIKE, "players: [blue]\n", "players: [blue]\n  - ring: true\n",
     "ring: true", "goals[2].ring", "a rhombus of size 2 has no cell off its sides for a ring to surround "
                                    "(size 3 is the first that has); give board.size a min of 3"),
    ("mirror on a hexagon", OWN, "pie: take-over", "pie: mirror", "pie:", "pie",
     "mirror reflects the first stone in a rhombus's long diagonal, and a hexagon has none; use take-over"),
    ("mirror of goals that are no reflection", HEXLIKE, "[left, right]", "[top, right]", "pie:", "pie",
     "mirror serves blue only when their goals are red's reflected in the long diagonal"),
    ("sides with no cell", OWN, "min: 3", "min: 2", "- connect: {any: 3", "goals[0]",
     "side-1, side-2, side-3, side-4, side-5, side-6 hold no cell on the hexagon of base 2 (corners apart)"),
    ("a goal one stone meets", HEXLIKE, "[top, bottom]", "[top, left]", "- connect: [top, left]", "goals[0]",
     "one stone on a cell in top, left, top-left meets this goal alone, so the first move would win"),
    ("the same goal twice", OWN, "  - ring: true\n", "  - ring: true\n  - {ring: true}\n", "{ring: true}", "goals[2]",
     "the same goal as goals[1]"),
    ("ring false", OWN, "ring: true", "ring: false", "ring: false", "goals[1].ring", "ring: false is no goal"),
    ("connect and ring at once", OWN, "  - ring: true\n", "  - ring: true\n    connect: [side-1, side-4]\n",
     "- ring: true", "goals[1]", "give a goal either connect or ring (one of them)"),
    ("a goal of neither", OWN, "  - ring: true\n", "  - name: luck\n", "- name: luck", "goals[1]",
     "give a goal either connect or ring"),
    ("an unknown key", OWN, "pie: take-over", "pie: take-over\ncolour: blue", "colour:", "colour",
     "unknown key 'colour'; allowed here: pnp-game, name"),
    ("an unknown board key", OWN, "  ids: numbers", "  ids: numbers\n  orientation: flat", "orientation:",
     "board.orientation", "unknown key 'orientation'"),
    ("an unknown goal key", OWN, "    name: fork", "    name: fork\n    wins: 2", "wins:", "goals[0].wins",
     "unknown key 'wins'"),
    ("an unknown shape", OWN, "shape: hexagon", "shape: circle", "shape:", "board.shape",
     "'circle' is not allowed; use one of: rhombus, triangle, hexagon"),
    ("an unknown id scheme", OWN, "ids: numbers", "ids: letters", "ids:", "board.ids", "use one of: hexgui, a1"),
    ("an unknown pie rule", OWN, "pie: take-over", "pie: swap", "pie:", "pie",
     "use one of: mirror, take-over, none"),
    ("a later format", OWN, "pnp-game: 1", "pnp-game: 2", "pnp-game:", "pnp-game", "2 is not allowed; use one of: 1"),
    ("a game id with capitals", OWN, "name: six-sides", "name: Six-Sides", "name:", "name", "is not a game's id"),
    ("a template outside the folder", OWN, "pie: take-over", "pie: take-over\nrules: ../rules.md", "rules:", "rules",
     "leaves the definition's folder"),
    ("an absolute template", OWN, "pie: take-over", "pie: take-over\ncard: /etc/card.md", "card:", "card",
     "is not relative"),
    ("a template that is not there", OWN, "pie: take-over", "pie: take-over\nrules: mine.md", "rules:", "rules",
     "'mine.md' is not a file in the definition's folder"),
    ("a template that is no Markdown", OWN, "pie: take-over", "pie: take-over\ncard: card.txt", "card:", "card",
     "is not a Markdown template; name a .md file"),
    ("a board named without its size", HEXLIKE, "pie: mirror", "pie: mirror\nlook: {board: big board}", "look:",
     "look.board", "'big board' names the board by its size: write {size} where the size goes"),
    ("a board named with other braces", HEXLIKE, "pie: mirror", "pie: mirror\nlook: {board: '{size} {n}'}", "look:",
     "look.board", "and no other braces"),
    ("dashed sides of a stranger", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  dashed: [green]", "dashed:",
     "look.dashed[0]", "'green' is no player of this game; name red or blue"),
    ("a winning line of a stranger", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  lines: {green: {colour: '#112233'}}",
     "lines:", "look.lines.green", "'green' is no player of this game"),
    ("a winning line's colour", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  lines: {red: {colour: red}}",
     "lines:", "look.lines.red.colour", "'red' is not a colour; write it as #rrggbb"),
    ("a style key renamed as another", HEXLIKE, "pie: mirror",
     "pie: mirror\nlook:\n  style_keys: {first_sides: red, first_stones: red}", "style_keys:",
     "look.style_keys.first_sides", "'red' is another style key's name"),
    ("a style key renamed as every game's", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  style_keys: {first_sides: grid}",
     "style_keys:", "look.style_keys.first_sides", "'grid' is another style key's name"),
    ("every game's style key renamed", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  style_keys: {cell_fill: fill}",
     "style_keys:", "look.style_keys.cell_fill", "cell_fill is a style key of every game and keeps its name"),
    ("an unknown style key", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  colours: {sea: '#112233'}", "colours:",
     "look.colours.sea", "unknown key 'sea'; allowed here: first_stones"),
    ("a common size out of range", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  common_sizes: [7, 25]",
     "common_sizes:", "look.common_sizes[1]", "25 is outside the board's sizes; give 2 to 19"),
    ("names far off the board", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  coordinates: {letters_at: 5}",
     "coordinates:", "look.coordinates.letters_at", "must be at most 2"),
    ("an unknown look key", HEXLIKE, "pie: mirror", "pie: mirror\nlook:\n  font: big", "font:", "look.font",
     "unknown key 'font'"),
]


@pytest.mark.parametrize(("base", "old", "new", "at", "path", "says"), [case[1:] for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_every_refusal_names_its_file_line_and_field(tmp_path: Path, base: str, old: str, new: str, at: str,
                                                     path: str, says: str):
    text = edited(base, old, new)
    found = refusals(tmp_path, text)
    expected = f"{tmp_path / 'game.yaml'}:{line_of(text, at)}: {path}: "
    assert any(line.startswith(expected) and says in line for line in found), (expected, says, found)


def test_every_problem_is_said_at_once(tmp_path: Path):
    text = edited(edited(edited(edited(OWN, "max: 12}", "max: 90}"), "[north, south]", "[north, north]"),
                         "of: sides}", "of: edges}"), "pie: take-over", "pie: mirror\ncolour: blue")
    found = refusals(tmp_path, text)
    assert [re.search(r":\d+: ([^:]+):", line)[1] for line in found] == [
        "board.size.max", "players", "pie", "colour", "goals[0].connect.of[0]"]


def test_a_hostile_goal_is_refused_at_once(tmp_path: Path):
    """A goal listing five thousand names is refused by its length, not checked name by name."""
    names = ", ".join(f"g{i}" for i in range(5_000))
    found = refusals(tmp_path, edited(OWN, "{any: 3, of: sides}", f"{{any: 3, of: [{names}]}}"))
    assert len(found) == 1 and "goals[0].connect.of: give at most 16 items; this has 5000" in found[0]


def test_a_template_reached_through_a_link_outside_the_folder(tmp_path: Path):
    outside = tmp_path / "outside.md"
    outside.write_text("# secret\n", encoding="utf-8")
    folder = tmp_path / "game"
    folder.mkdir()
    os.symlink(outside, folder / "rules.md")
    found = refusals(folder, OWN + "rules: rules.md\n")
    assert any("rules: 'rules.md' leads outside the definition's folder (through a link)" in line for line in found)


@pytest.mark.parametrize(("text", "says"), [
    ("", "the file is empty; a game definition starts with `pnp-game: 1`"),
    ("- a\n- b\n", "the top level is not a mapping of keys"),
    ("game: hex\nname: x\n", "pnp-game: required but missing: this is not a game definition"),
    ("pnp-game: 1\nname: [\n", "YAML syntax error"),
    ("pnp-game: 1\nname: !!python/object:os.system x\n", "is not allowed"),
])
def test_files_that_are_no_definition(tmp_path: Path, text: str, says: str):
    found = refusals(tmp_path, text)
    assert len(found) == 1 and found[0].startswith(str(tmp_path / "game.yaml")) and says in found[0], found


def test_a_file_too_large_is_not_read(tmp_path: Path):
    found = refusals(tmp_path, OWN + "#" * (1 << 20) + "\n")
    assert len(found) == 1 and "larger than 1048576 bytes" in found[0]


def test_a_folder_is_no_definition(tmp_path: Path):
    (tmp_path / "game.yaml").mkdir()
    with pytest.raises(SpecError, match="this is a folder, not a game definition"):
        read_definition(tmp_path / "game.yaml")
