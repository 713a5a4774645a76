"""YAML syntax errors a person can act on: every game's starter spec (as `pnp init` writes it) edited the way a user
edits it by hand, each mistake refused with one line that keeps file:line, says what is wrong in plain words
(never PyYAML's "<block end>" or "<block mapping start>") and how to fix it; where the fix is mechanical, making
it gives a spec that passes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp import registry
from pnp.spec import SpecError, read_kit
from pnp.starter import _own_block, starter_spec

GAMES = registry.names()
JARGON = ("<block", "<stream", "<scalar", "expected <", "while parsing", "while scanning", "cannot start any token")


def starter(game: str) -> list[str]:
    return starter_spec(game, "kit").splitlines()


def at(lines: list[str], pattern: str) -> int:
    """The index of the first line that matches `pattern` (a starter's line, commented out or not)."""
    return next(i for i, line in enumerate(lines) if re.match(pattern, line))


def block_and_keys(game: str, lines: list[str]) -> tuple[int, str, list[int]]:
    """The game's own first block: its commented line's index, its name, and the indices of its keys' lines that
    hold a value (a key shown blank has no value to uncomment)."""
    block = _own_block(registry.game(game).spec)
    head = at(lines, rf"# {block}:")
    keys = []
    for index in range(head + 1, len(lines)):
        if not lines[index].startswith("#   "):
            break
        own = not lines[index].startswith("#     ")   # a key of the block itself, not of a block inside it
        if own and lines[index].split("#")[1].split(":", 1)[1].strip():
            keys.append(index)
    return head, block, keys


def refused(tmp_path: Path, lines: list[str]) -> tuple[int | None, str]:
    path = tmp_path / "kit.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        read_kit(path)
    (problem,) = caught.value.problems
    said = str(problem)
    assert said.startswith(f"{path}:{problem.line}: YAML syntax error: "), said
    assert not any(word in said for word in JARGON), said
    return problem.line, said.split("YAML syntax error: ", 1)[1]


def passes(tmp_path: Path, lines: list[str]) -> None:
    path = tmp_path / "fixed.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read_kit(path)


def uncommented(line: str, leave: str = "") -> str:
    """The line with its `# ` deleted (with `leave` put back where the `# ` was)."""
    return leave + line[2:]


def key_of(line: str) -> str:
    return line.lstrip("# ").split(":", 1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_key_uncommented_with_its_space_left_says_to_line_it_up(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    paper = at(lines, "# paper:")
    lines[paper] = lines[paper][1:]   # only the `#` deleted: ` paper: a4`
    line, said = refused(tmp_path, lines)
    assert line == paper + 1
    above = key_of(lines[max(i for i in range(paper) if not lines[i].startswith("#"))])
    assert said.startswith("`paper:` is indented 1 space but ") and said.endswith(f"line `paper:` up with `{above}:`")
    lines[paper] = lines[paper].lstrip()
    passes(tmp_path, lines)


@pytest.mark.parametrize("game", GAMES)
def test_a_key_uncommented_without_its_block_says_to_uncomment_the_block(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    head, block, keys = block_and_keys(game, lines)
    lines[keys[0]] = uncommented(lines[keys[0]])
    line, said = refused(tmp_path, lines)
    assert line == keys[0] + 1
    assert said.startswith(f"`{key_of(lines[keys[0]])}:` is indented as if under a block, but the line above it")
    assert said.endswith(f"is not a block's key; uncomment the block's line `{block}:` (line {head + 1}) too")
    lines[head] = uncommented(lines[head])
    passes(tmp_path, lines)


@pytest.mark.parametrize("game", GAMES)
def test_a_second_key_of_a_block_uncommented_without_the_block_names_the_block(game: str, tmp_path: Path) -> None:
    """The first key left commented, the second uncommented: the block line is still found above both."""
    lines = starter(game)
    head, block, keys = block_and_keys(game, lines)
    lines[keys[-1]] = uncommented(lines[keys[-1]])
    line, said = refused(tmp_path, lines)
    assert line == keys[-1] + 1 and f"uncomment the block's line `{block}:` (line {head + 1}) too" in said


@pytest.mark.parametrize("game", GAMES)
def test_a_tab_says_to_indent_with_spaces(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    head, _, keys = block_and_keys(game, lines)
    lines[head] = uncommented(lines[head])
    lines[keys[0]] = "\t" + lines[keys[0]][4:]
    line, said = refused(tmp_path, lines)
    assert line == keys[0] + 1
    assert said == "this line is indented with a tab; YAML does not allow tabs for indentation: use spaces"
    lines[keys[0]] = lines[keys[0]].replace("\t", "  ")
    passes(tmp_path, lines)


@pytest.mark.parametrize("game", GAMES)
def test_keys_of_one_block_out_of_line_say_which_to_line_up(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    head, _, keys = block_and_keys(game, lines)
    first, second = keys[0], keys[1]
    lines[head], lines[first] = uncommented(lines[head]), uncommented(lines[first])
    lines[second] = uncommented(lines[second], " ")   # a space too many
    line, said = refused(tmp_path, lines)
    assert line == second + 1
    assert said == (f"`{key_of(lines[second])}:` is indented 3 spaces but `{key_of(lines[first])}:` above it (line "
                    f"{first + 1}) 2 spaces, and that key holds a value, so nothing can be indented under it; line "
                    f"`{key_of(lines[second])}:` up with `{key_of(lines[first])}:`")
    lines[second] = lines[second][1:]
    passes(tmp_path, lines)
    lines[second] = lines[second][1:]   # a space too few: between the block's keys and the top level
    line, said = refused(tmp_path, lines)
    assert line == second + 1 and "lines up with no key above it" in said


@pytest.mark.parametrize("game", GAMES)
def test_a_colon_inside_a_value_says_to_quote_it_and_the_quoted_line_passes(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    title = at(lines, "# title:")
    lines[title] = "title: Club night: round 2   # as a user writes it"
    line, said = refused(tmp_path, lines)
    assert line == title + 1
    fix = 'title: "Club night: round 2"'
    assert said == f"the value of `title:` holds `: `, which YAML reads as the start of another key; put the value in quotes: {fix}"
    lines[title] = fix
    passes(tmp_path, lines)


@pytest.mark.parametrize("game", GAMES)
def test_a_hash_inside_a_list_says_it_starts_a_comment_and_to_quote_it(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    outputs = at(lines, "# outputs:")
    first, second = registry.game(game).spec.model_fields["outputs"].default[:2]
    lines[outputs] = f"outputs: [{first}, #{second}]"
    line, said = refused(tmp_path, lines)
    assert line == outputs + 1
    assert said == ("a `#` after a space starts a comment, so this line ends there and its `[` is never closed; put a "
                    f"value that holds # in quotes, e.g. \"#{second}\"")


@pytest.mark.parametrize("game", GAMES)
def test_an_unclosed_list_and_a_quote_inside_quotes_are_said_plainly(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    outputs, title = at(lines, "# outputs:"), at(lines, "# title:")
    first = registry.game(game).spec.model_fields["outputs"].default[0]
    edits: list[tuple[int, str, Callable[[str], bool], str]] = [
        (outputs, f"outputs: [{first}", lambda s: s.startswith("the `[` opened on this line is not closed; end it with `]`"),
         f"outputs: [{first}]"),
        (title, "title: 'Sam's kit'", lambda s: s.endswith("""quote it with " instead: title: "Sam's kit\""""),
         'title: "Sam\'s kit"'),
    ]
    for index, wrong, said_right, fix in edits:
        edited = list(lines)
        edited[index] = wrong
        line, said = refused(tmp_path, edited)
        assert line == index + 1 and said_right(said), said
        edited[index] = fix
        passes(tmp_path, edited)


def test_an_error_no_hint_covers_keeps_pyyamls_words_and_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f"game: {GAMES[0]}\nname: x\n- a list item under a mapping\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        read_kit(path)
    (problem,) = caught.value.problems
    assert problem.line == 3 and "YAML syntax error: while parsing a block mapping" in str(problem)


@pytest.mark.parametrize("game", GAMES)
def test_a_key_without_its_colon_or_its_space_says_how_to_write_it(game: str, tmp_path: Path) -> None:
    lines = starter(game)
    head, block, keys = block_and_keys(game, lines)
    lines[head] = uncommented(lines[head])
    key, value = uncommented(lines[keys[0]]).split("#")[0].strip().split(": ", 1)

    no_space = list(lines)
    no_space[keys[0]] = f"  {key}:{value}"   # one word to YAML: the block's value, not a key of it
    path = tmp_path / "kit.yaml"
    path.write_text("\n".join(no_space) + "\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        read_kit(path)
    (problem,) = caught.value.problems
    assert problem.line == keys[0] + 1
    assert str(problem).endswith(f"{block}: expected a mapping of keys to values, got '{key}:{value}'; a key needs a "
                                 f"space after its colon: {key}: {value}")

    no_colon = list(lines)
    no_colon[keys[0]] = f"  {key} {value}"
    no_colon[keys[1]] = uncommented(no_colon[keys[1]])   # a key after it, which YAML then cannot place
    line, said = refused(tmp_path, no_colon)
    assert line == keys[0] + 1 and said == f"`{key} {value}` has no `: ` after its key; write it as `{key}: {value}`"
