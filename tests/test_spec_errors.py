"""The bad-spec corpus, each case through the real CLI.

Every bad spec must: exit 2; say on stderr which file (and, where one exists,
which line and field) is wrong, one line per problem; print no traceback; and
write nothing at all.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import files_under, run_pnp, write_spec


@dataclass(frozen=True)
class Case:
    id: str
    text: str | bytes
    line: int | None = None       # the line the message must point at
    field: str | None = None      # the field path the message must name
    must: tuple[str, ...] = ()    # words the message must contain
    problems: int = 1             # how many lines stderr must hold


BILLION_LAUGHS = """\
game: asterisk
name: bomb
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""

CASES = [
    Case("yaml-syntax-indent", "game: asterisk\nname: x\nboard:\n  side: 11\n   cell_mm: 3\n", line=5, must=("YAML",)),
    Case("yaml-syntax-unclosed-quote", 'game: asterisk\nname: "x\n', must=("YAML",)),
    Case("yaml-duplicate-key", "game: asterisk\nname: x\nboard:\n  side: 11\n  side: 12\n", line=5, must=("duplicate", "side", "line 4")),
    Case("empty-file", "", must=("empty",)),
    Case("comment-only", "# nothing here yet\n", must=("empty",)),
    Case("not-utf8", b"game: asterisk\nname: \xff\xfe\n", line=2, must=("UTF-8",)),
    Case("top-level-list", "- game: asterisk\n- name: x\n", line=1, must=("list", "mapping")),
    Case("top-level-scalar", "just some words\n", line=1, must=("mapping",)),
    Case("missing-game", "name: x\n", field="game", must=("asterisk",)),
    Case("unknown-game", "name: x\ngame: chess\n", line=2, field="game", must=("chess", "asterisk")),
    Case("missing-name", "game: asterisk\nboard:\n  side: 11\n", field="name", must=("missing",)),
    Case("side-9-line-4", "game: asterisk\nname: x\nboard:\n  side: 9\n", line=4, field="board.side",
         must=("45 cells", "8, 11, 12, 15, 20, 23, 24")),
    Case("side-negative", "game: asterisk\nname: x\nboard:\n  side: -11\n", line=4, field="board.side", must=("-11",)),
    Case("side-float", "game: asterisk\nname: x\nboard:\n  side: 11.5\n", line=4, field="board.side", must=("11.5", "whole number")),
    Case("side-string", 'game: asterisk\nname: x\nboard:\n  side: "11"\n', line=4, field="board.side", must=("'11'",)),
    Case("side-huge", "game: asterisk\nname: x\nboard:\n  side: 100000\n", line=4, field="board.side", must=("200", "100000")),
    Case("typo-top-level", "game: asterisk\nname: x\ntitel: My board\n", line=3, field="titel", must=("'title'",)),
    Case("typo-nested", "game: asterisk\nname: x\nboard:\n  sied: 11\n", line=4, field="board.sied", must=("'side'",)),
    Case("paper-a5", "game: asterisk\nname: x\npaper: a5\n", line=3, field="paper", must=("a5", "a4", "letter")),
    Case("paper-custom-half", "game: asterisk\nname: x\npaper:\n  width_mm: 200\n", field="paper.height_mm", must=("height_mm",)),
    Case("cell-mm-zero", "game: asterisk\nname: x\nboard:\n  cell_mm: 0\n", line=4, field="board.cell_mm"),
    Case("cell-mm-too-big-for-paper", "game: asterisk\nname: x\nboard:\n  cell_mm: 40\n", line=4, field="board.cell_mm",
         must=("a4", "largest")),
    Case("name-slash", "game: asterisk\nname: a/b\n", line=2, field="name", must=("a/b",)),
    Case("name-dotdot", "game: asterisk\nname: ..\n", line=2, field="name", must=("'..'",)),
    Case("name-absolute", "game: asterisk\nname: /tmp/x\n", line=2, field="name"),
    Case("python-tag", 'game: asterisk\nname: x\ntitle: !!python/object/apply:os.system ["touch {tmp}/pwned"]\n',
         line=3, must=("python/object",)),
    Case("python-object-new", "game: asterisk\nname: !!python/object/new:pathlib.Path [x]\n", line=2, must=("python/object",)),
    Case("alias-bomb", BILLION_LAUGHS, must=("aliases",)),
    # *Star
    Case("star-rings-12", "game: starstar\nname: x\nboard:\n  rings: 12\n", line=4, field="board.rings", must=("at most 10", "12")),
    Case("star-rings-1", "game: starstar\nname: x\nboard:\n  rings: 1\n", line=4, field="board.rings", must=("at least 2",)),
    Case("star-rings-text", "game: starstar\nname: x\nboard:\n  rings: ten\n", line=4, field="board.rings", must=("whole number",)),
    Case("star-side-key", "game: starstar\nname: x\nboard:\n  side: 11\n", line=4, field="board.side",
         must=("unknown key 'side'", "rings", "outline_rings")),
    Case("star-typo-ring", "game: starstar\nname: x\nboard:\n  ring: 8\n", line=4, field="board.ring", must=("'rings'",)),
    Case("star-outline-not-inside", "game: starstar\nname: x\nboard:\n  rings: 6\n  outline_rings: [4, 6]\n", line=5,
         field="board.outline_rings[1]", must=("6-ring", "2 to 5")),
    Case("star-outline-two-wrong", "game: starstar\nname: x\nboard:\n  rings: 4\n  outline_rings:\n    - 5\n    - 9\n",
         line=6, field="board.outline_rings[0]", must=("2 to 3",), problems=2),
    Case("star-outline-ring-1", "game: starstar\nname: x\nboard:\n  outline_rings: [1]\n", line=4,
         field="board.outline_rings[0]", must=("at least 2",)),
    Case("star-outline-not-list", "game: starstar\nname: x\nboard:\n  outline_rings: 6\n", line=4,
         field="board.outline_rings", must=("a list",)),
    Case("star-output-pieces", "game: starstar\nname: x\noutputs: [board, pieces]\n", line=3, field="outputs[1]",
         must=("'pieces'", "board")),
    Case("star-labels-maybe", "game: starstar\nname: x\nboard:\n  labels: maybe\n", line=4, field="board.labels",
         must=("true or false",)),
    Case("star-cell-too-big", "game: starstar\nname: x\nboard:\n  rings: 10\n  cell_mm: 12\n", line=5,
         field="board.cell_mm", must=("a4", "largest that fits is 8")),
    Case("star-style-colour", "game: starstar\nname: x\nstyle:\n  bridge: gold\n", line=4, field="style.bridge",
         must=("#rrggbb",)),
    Case("star-and-asterisk-keys", "game: starstar\nname: x\npieces:\n  spares: 2\nboard:\n  rings: 11\n", line=3,
         field="pieces", must=("unknown key 'pieces'",), problems=2),
]


def _write(tmp_path: Path, case: Case) -> Path:
    spec = tmp_path / "spec.yaml"
    if isinstance(case.text, bytes):
        spec.write_bytes(case.text)
    else:
        spec.write_text(case.text.replace("{tmp}", str(tmp_path)), encoding="utf-8")
    return spec


def assert_refused(result, spec_paths: list[Path], tmp_path: Path, before: list[Path]) -> list[str]:
    """Exit 2, a problem per line each naming its file, no traceback, nothing written."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, "a refusal must say why"
    names = [str(p) for p in spec_paths]
    for line in lines:
        assert any(line.startswith(n + ":") for n in names), f"line does not start with the file name: {line!r}"
    assert files_under(tmp_path) == before, "a refused build must write nothing"
    return lines


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_spec_is_refused(case: Case, tmp_path: Path):
    spec = _write(tmp_path, case)
    before = files_under(tmp_path)
    out = tmp_path / "out"
    started = time.monotonic()
    result = run_pnp("build", str(spec), "--out", str(out))
    elapsed = time.monotonic() - started
    lines = assert_refused(result, [spec], tmp_path, before)
    assert not out.exists()
    assert len(lines) == case.problems, lines
    message = lines[0]
    if case.line is not None:
        assert message.startswith(f"{spec}:{case.line}: "), message
    if case.field is not None:
        assert f": {case.field}: " in message, message
    for word in case.must:
        assert word in message, f"{word!r} missing from {message!r}"
    if case.id == "python-tag":
        assert not (tmp_path / "pwned").exists(), "the YAML tag ran a command"
    if case.id == "alias-bomb":
        assert elapsed < 30, f"the alias bomb took {elapsed:.1f} s to refuse"


def test_validate_reports_every_bad_file_in_one_run(tmp_path: Path):
    """The whole corpus at once through `pnp validate`: each file is named, with the same line, nothing written."""
    paths = []
    for case in CASES:
        folder = tmp_path / case.id
        folder.mkdir()
        paths.append(_write(folder, case))
    before = files_under(tmp_path)
    result = run_pnp("validate", *map(str, paths), cwd=tmp_path)
    lines = assert_refused(result, paths, tmp_path, before)
    assert result.stdout == "", "no file of the corpus is ok"
    assert len(lines) == sum(c.problems for c in CASES)
    for case, path in zip(CASES, paths):
        mine = [line for line in lines if line.startswith(f"{path}:")]
        assert len(mine) == case.problems, (case.id, mine)
        if case.line is not None:
            assert mine[0].startswith(f"{path}:{case.line}: "), mine[0]


MULTI = """\
game: asterisk
name: bad/name
titel: Oops
paper: a5
board:
  side: 9
  cell_mm: 0
"""


def test_several_problems_in_one_file_are_all_reported(spec_file, tmp_path: Path):
    spec = spec_file(MULTI)
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [spec], tmp_path, before)
    assert len(lines) == 5, lines
    expected = {2: "name", 3: "titel", 4: "paper", 6: "board.side", 7: "board.cell_mm"}
    found = {}
    for line in lines:
        rest = line[len(str(spec)) + 1:]
        number, fieldname, _ = rest.split(": ", 2)
        found[int(number)] = fieldname
    assert found == expected


def test_problems_across_files_are_all_reported_and_nothing_builds(tmp_path: Path):
    bad_side = write_spec(tmp_path, "game: asterisk\nname: one\nboard:\n  side: 10\n", "one.yaml")
    bad_paper = write_spec(tmp_path, "game: asterisk\nname: two\npaper: b5\n", "two.yaml")
    good = write_spec(tmp_path, "game: asterisk\nname: three\noutputs: [board]\n", "three.yaml")
    before = files_under(tmp_path)
    result = run_pnp("build", str(good), str(bad_side), str(bad_paper), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [good, bad_side, bad_paper], tmp_path, before)
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{bad_side}:4: board.side: ") and "55 cells" in lines[0]
    assert lines[1].startswith(f"{bad_paper}:3: paper: ") and "b5" in lines[1]
    assert not (tmp_path / "out").exists(), "a good spec must not build while another is bad"


def test_two_specs_with_one_name_are_refused(tmp_path: Path):
    a = write_spec(tmp_path, "game: asterisk\nname: same\noutputs: [board]\n", "a.yaml")
    b = write_spec(tmp_path, "game: asterisk\nname: same\noutputs: [board]\nboard:\n  side: 8\n", "b.yaml")
    before = files_under(tmp_path)
    result = run_pnp("build", str(a), str(b), "--out", str(tmp_path / "out"))
    lines = assert_refused(result, [a, b], tmp_path, before)
    assert "same" in lines[0] and str(a) in lines[0]


def test_missing_spec_file(tmp_path: Path):
    missing = tmp_path / "nowhere.yaml"
    result = run_pnp("build", str(missing), "--out", str(tmp_path / "out"))
    assert_refused(result, [missing], tmp_path, [])


def test_validate_good_spec_exits_0_and_writes_nothing(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    before = files_under(tmp_path)
    result = run_pnp("validate", str(spec), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert str(spec) in result.stdout and "ok" in result.stdout
    assert result.stderr == ""
    assert files_under(tmp_path) == before
    assert not (tmp_path / "output").exists()


def test_unknown_format_is_bad_input(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "--format", "png", cwd=tmp_path)
    assert result.returncode == 2
    assert "png" in result.stderr and "--format" in result.stderr
    assert "Traceback" not in result.stderr
    assert files_under(tmp_path) == before


def test_out_pointing_at_a_file_is_bad_input(spec_file, tmp_path: Path):
    spec = spec_file("game: asterisk\nname: fine\noutputs: [board]\n")
    target = tmp_path / "out"
    target.write_text("keep me\n")
    before = files_under(tmp_path)
    result = run_pnp("build", str(spec), "--out", str(target), cwd=tmp_path)
    assert result.returncode == 2
    assert str(target) in result.stderr
    assert "Traceback" not in result.stderr
    assert target.read_text() == "keep me\n"
    assert files_under(tmp_path) == before
