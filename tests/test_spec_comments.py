"""pnp/spec/comments.py: text a YAML comment took from a plain value (`title: Club night #3` reads "Club night") is
warned of, with its line, its field, what was read and the quoted line that keeps it all; comments written as
comments (`# ...`), quoted values and numbers are left alone. Both of pnp's YAML readers (libyaml's and the pure
Python one) give the same warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import run_pnp, write_spec
from pnp.spec import yamlsafe
from pnp.spec.comments import cut_by_comments

SPEC = "game: asterisk\nname: club\ntitle: {title}\nboard: {{side: 8}}\noutputs: [board]\nformats: [svg]\n"


@pytest.fixture(params=["libyaml", "python"])
def load(request, monkeypatch):
    """pnp's YAML reading through libyaml, or through the pure-Python loader it falls back to."""
    if request.param == "python":
        monkeypatch.setattr(yaml, "__with_libyaml__", False)
    elif not yaml.__with_libyaml__:
        pytest.skip("this PyYAML has no libyaml")
    return lambda text: yamlsafe.load(text.encode("utf-8"))


def _kept(suggestion: str) -> object:
    """The value the warning's suggested line gives, read as YAML."""
    return next(iter(yaml.safe_load(suggestion.split("quote it: ", 1)[1]).values()))


def test_a_comment_touching_a_number_after_a_title_is_warned_of_with_the_line_that_keeps_it(load):
    (note,) = cut_by_comments(load(SPEC.format(title="Club night #3")))
    field, words = note
    assert field == "title"
    assert words.startswith("line 3: '#3' begins a YAML comment")
    assert "the value read is 'Club night'" in words
    assert words.endswith('quote it: title: "Club night #3"')
    assert _kept(words) == "Club night #3"


@pytest.mark.parametrize("title", ["Club night # the spring one", "Club night", '"Club night #3"', "'Club night #3'",
                                   "Club#3 night", "2024 #3"])
def test_comments_written_as_comments_quoted_values_and_numbers_are_left_alone(load, title: str):
    assert cut_by_comments(load(SPEC.format(title=title))) == ()


def test_a_value_holding_quotes_gets_a_suggestion_that_reads_back_whole(load):
    (note,) = cut_by_comments(load(SPEC.format(title='Say "hi" \\ now #1')))
    assert _kept(note[1]) == 'Say "hi" \\ now #1'


def test_list_items_nested_keys_continued_lines_aliases_and_crlf(load):
    text = ("outputs:\n  - board #x\nstyle:\n  font: a.ttf #2\ntitle: Club\n  night #3\n"
            "one: &same Red #1\ntwo: *same\n").replace("\n", "\r\n")
    notes = cut_by_comments(load(text))
    assert [field for field, _ in notes] == ["outputs[0]", "style.font", "title", "one"]
    assert [words.split(":")[0] for _, words in notes] == ["line 2", "line 4", "line 6", "line 7"]
    assert notes[0][1].endswith('quote it: - "board #x"')
    assert "the value read is 'Club night'" in notes[2][1]


def test_in_brackets_the_suggestion_is_the_quoted_value_alone(load):
    notes = cut_by_comments(load("outputs: [board, pad #2\n  ]\nstyle: {font: a.ttf #1\n  }\n"))
    assert [field for field, _ in notes] == ["outputs[1]", "style.font"]
    assert notes[0][1].endswith('quote it: "pad #2"') and notes[1][1].endswith('quote it: font: "a.ttf #1"')


def test_validate_and_build_say_it_and_still_build_what_the_file_says(tmp_path: Path):
    spec = write_spec(tmp_path, SPEC.format(title="Club night #3"))
    checked = run_pnp("validate", str(spec))
    built = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    for done in (checked, built):
        assert done.returncode == 0, done.stderr
        assert f"{spec}: title: warning: line 3: '#3' begins a YAML comment" in done.stderr
    assert "<title>Club night</title>" in (tmp_path / "out" / "club" / "board.svg").read_text(encoding="utf-8")
    quiet = run_pnp("validate", str(write_spec(tmp_path, SPEC.format(title='"Club night #3"'), "quoted.yaml")))
    assert quiet.returncode == 0 and "warning" not in quiet.stderr


def test_a_definition_s_text_cut_by_a_comment_is_said_for_each_spec_of_it(tmp_path: Path):
    """A designer's own game: the warning names the definition's file, its field and line, under the spec's `game`."""
    definition = tmp_path / "mine.yaml"
    definition.write_text("pnp-game: 1\nname: mine\ntitle: Mine #2\ndesigner: A. Designer\n"
                          "board: {shape: rhombus, size: {key: size, default: 5, min: 3, max: 9}}\n"
                          "players: [red, blue]\npie: mirror\ngoals:\n  - connect: [top, bottom]\n    players: [red]\n"
                          "  - connect: [left, right]\n    players: [blue]\n", encoding="utf-8")
    spec = write_spec(tmp_path, "game: ./mine.yaml\nname: kit\noutputs: [board]\nformats: [svg]\n")
    done = run_pnp("validate", str(spec))
    assert done.returncode == 0, done.stderr
    assert (f"{spec}: game: warning: mine.yaml: title: line 3: '#2' begins a YAML comment (a '#' after a space "
            "does), so the value read is 'Mine'; to keep all of it, quote it: title: \"Mine #2\"") in done.stderr
