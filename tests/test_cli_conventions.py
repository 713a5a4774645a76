"""What people expect of a command line: examples in every --help, shell completion, -q/-v on build, paper names
in any case and the same list of them everywhere."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pnp.cli import app
from pnp.layout.sizes import PAPERS
from pnp.spec import SpecError, read_kit

from conftest import PROCESS_TIMEOUT, files_under, pnp_env

COMMANDS = typer.main.get_command(app).commands   # name -> click command


def helped(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    return result.stdout


def examples(text: str) -> list[str]:
    """The lines under "Examples:" of a help text."""
    below = text.split("Examples:", 1)[1] if "Examples:" in text else ""
    return [line.strip() for line in below.splitlines() if line.strip()]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_help_shows_examples_of_that_command_with_its_own_options(name: str) -> None:
    shown = examples(helped(name))
    assert 1 <= len(shown) <= 3, f"pnp {name} --help: {shown}"
    known = {opt for param in COMMANDS[name].params for opt in (*param.opts, *param.secondary_opts)}
    for line in shown:
        for command in line.split("&&"):
            words = shlex.split(command.split(">")[0])
            if words[1] != name:
                continue
            assert words[0] == "pnp", line
            assert {w for w in words if w.startswith("-")} <= known, f"pnp {name}: {line} uses an option it lacks"
    assert any(shlex.split(line)[:2] == ["pnp", name] for line in shown)


def test_the_main_help_shows_examples() -> None:
    assert [line.split()[:2] for line in examples(helped())][:2] == [["pnp", "init"], ["pnp", "build"]]


def test_shell_completion_is_offered_and_completes_games() -> None:
    text = helped()
    assert "--install-completion" in text and "--show-completion" in text
    # --show-completion takes no shell's name: typer looks for the shell among the process's parents (shellingham).
    # So it runs as a user types it, in bash, in a `pnp` process of its own. (In pytest's process the answer
    # depended on how pytest was started: under sh, or with no shell above it, typer says "Shell sh not
    # supported." or "Shell  not supported." and exits 1.)
    script = subprocess.run(["bash", "-c", '"$0" --show-completion; exit $?', str(Path(sys.executable).parent / "pnp")],
                            env=pnp_env(), capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    assert script.returncode == 0 and "complete -o" in script.stdout and "_PNP_COMPLETE" in script.stdout, \
        (script.returncode, script.stderr, script.stdout)
    done = CliRunner().invoke(app, [], env={"_PNP_COMPLETE": "complete_bash", "COMP_WORDS": "pnp init star",
                                            "COMP_CWORD": "2"}, prog_name="pnp")
    assert done.stdout.split() == ["starry-night", "starstar"], (done.exit_code, done.stderr, done.exception)


def _spec(folder: Path, paper: str = "a4", outputs: str = "board, markers") -> Path:
    spec = folder / "x.yaml"
    spec.write_text(f"game: asterisk\nname: x\npaper: {paper}\noutputs: [{outputs}]\nformats: [svg]\n", encoding="utf-8")
    return spec


def test_quiet_says_nothing_and_verbose_says_every_step_and_file(tmp_path: Path) -> None:
    spec, out = _spec(tmp_path), tmp_path / "out"
    quiet = CliRunner().invoke(app, ["build", str(spec), "--out", str(out), "-q"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == ""
    assert [p.name for p in files_under(out / "x")] == ["board.svg", "markers.svg"]
    loud = CliRunner().invoke(app, ["build", str(spec), "--out", str(out), "--verbose"])
    assert loud.exit_code == 0, loud.stderr
    lines = loud.stderr.splitlines()
    steps = [line.split(" (")[0] for line in lines if line.startswith("x: ") and " files in " not in line]
    assert steps == ["x: drawing board", "x: drawing markers", "x: writing board.svg", "x: writing markers.svg"]
    assert f"x: 2 files in {out / 'x'}" in loud.stderr
    assert [line.strip() for line in lines[-2:]] == [str(out / "x" / "board.svg"), str(out / "x" / "markers.svg")]


def test_quiet_and_verbose_together_are_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(_spec(tmp_path)), "--out", str(tmp_path / "out"), "-q", "-v"])
    assert result.exit_code == 2
    assert result.stderr == "pnp build: --quiet and --verbose contradict each other; choose one\n"
    assert not (tmp_path / "out").exists()


def test_paper_names_take_any_case_and_print_the_same(tmp_path: Path) -> None:
    built = {}
    for written in ("a4", "A4", "Letter", "HALF-LETTER"):
        out = tmp_path / written
        result = CliRunner().invoke(app, ["build", str(_spec(tmp_path, written)), "--out", str(out), "-q"])
        assert result.exit_code == 0, result.stderr
        built[written] = (out / "x" / "board.svg").read_bytes()
    assert built["a4"] == built["A4"]
    assert built["Letter"] != built["a4"] and built["HALF-LETTER"] != built["Letter"]


@pytest.mark.parametrize("name", ["a5", "a6", "b5", "half-letter"])
def test_the_new_named_sizes_are_papers_of_a_spec(name: str, tmp_path: Path) -> None:
    kit = read_kit(_spec(tmp_path, name, "board, pieces"))
    from pnp.layout.paper import spec_paper

    sheet = spec_paper(kit.spec)
    assert (sheet.name, sheet.width, sheet.height) == (name, *PAPERS[name])


def test_an_unknown_paper_is_refused_as_written_with_the_list(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as caught:
        read_kit(_spec(tmp_path, "A7"))
    (problem,) = caught.value.problems
    assert str(problem).endswith(f"paper: 'A7' is not allowed; use one of: {', '.join(PAPERS)}")


def test_the_named_papers_are_reportlab_s_sizes() -> None:
    """As reportlab.lib.pagesizes has them, but for half-letter: Letter cut in two (reportlab's is 5.5 x 8 in)."""
    from reportlab.lib import pagesizes
    from reportlab.lib.units import mm

    for name, size in PAPERS.items():
        if name == "half-letter":
            assert size == (PAPERS["letter"][1] / 2, PAPERS["letter"][0])
            continue
        expected = getattr(pagesizes, name.upper())
        assert size == pytest.approx((expected[0] / mm, expected[1] / mm), abs=0.01), name


def test_one_list_of_papers_in_the_spec_the_schema_and_sky_help() -> None:
    from pnp.spec.schema import schema_json

    sky = "".join(helped("sky").split())   # the help wraps where it likes, even inside half-letter
    assert "".join(f"--paper <str> {', '.join(PAPERS)} (any case), or WIDTHxHEIGHT in mm.".split()) in sky
    schema = json.loads(schema_json())
    enums = [node["enum"] for node in _nodes(schema) if isinstance(node.get("enum"), list) and "a4" in node["enum"]]
    assert enums and all(enum == list(PAPERS) for enum in enums)


def _nodes(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _nodes(value)


def test_the_readme_says_exactly_which_files_pnp_sky_writes(tmp_path: Path) -> None:
    from conftest import ROOT

    said = re.findall(r"^pnp sky (.+?)\s+# -> output/(sky-[^/]+)/: (.+)$", (ROOT / "README.md").read_text(encoding="utf-8"), re.M)
    assert len(said) >= 2, "the README shows what `pnp sky` writes"
    for number, (args, folder, files) in enumerate(said):
        out = tmp_path / str(number)
        result = CliRunner().invoke(app, ["sky", *shlex.split(args), "--out", str(out)])
        assert result.exit_code == 0, result.stderr
        written = [Path(line) for line in result.stdout.splitlines()]
        assert {p.parent for p in written} == {out / folder}
        assert sorted(p.name for p in written) == sorted(files.split()) == sorted(p.name for p in files_under(out))


# An escape sequence that retitles a terminal window (OSC ... BEL), and a carriage return that would let a message
# overwrite its own start: what a hostile code, file name or folder could carry into a message.
HOSTILE = "\x1b]0;pwned\x07\r"
ASTERISK_POSITION = "game: asterisk\nboard: {side: 8}\npieces: {a1: dark-hexagon-empty}\n"


def _hostile_runs(tmp_path: Path) -> list[list[str]]:
    """Commands that repeat what the user typed, each given HOSTILE in the part it repeats."""
    named = tmp_path / f"p{HOSTILE}.yaml"
    named.write_text(ASTERISK_POSITION, encoding="utf-8")
    record = tmp_path / f"r{HOSTILE}.txt"
    record.write_text("1. a1 b2\n2. c3\n3. d4 e5\n", encoding="utf-8")
    template = tmp_path / f"t{HOSTILE}.md"
    template.write_text("# Rules\n\n{{ missing }}\n", encoding="utf-8")
    plain = tmp_path / "plain.yaml"
    plain.write_text(ASTERISK_POSITION, encoding="utf-8")
    spec = tmp_path / "h.yaml"
    spec.write_text("game: hex\nname: h\nboard: {size: 5}\noutputs: [board]\nformats: [svg]\n", encoding="utf-8")
    return [["sky", HOSTILE], ["sky", f"106A-H61J-GAXD{HOSTILE}"], ["sky", "106A-H61J-GAXD", "--paper", HOSTILE],
            ["score", str(named)], ["score", str(record), "--game", "hex", "--size", "5"],
            ["diagram", str(plain), "-o", str(tmp_path / f"d{HOSTILE}.svg")], ["diagram", str(named)],
            ["rules", str(template), "--name", "t"], ["build", str(tmp_path / f"{HOSTILE}.yaml")],
            ["init", "hex", "--name", HOSTILE], ["init", HOSTILE],
            ["sky", "106A-H61J-GAXD", "--out", str(tmp_path / f"o{HOSTILE}"), "-f", "svg"],
            ["build", str(spec), "--out", str(tmp_path / f"b{HOSTILE}"), "-v"]]


def test_no_message_puts_a_control_character_the_user_typed_on_the_terminal(tmp_path: Path) -> None:
    """Regression: `pnp sky $'\\e]0;pwned\\a'` echoed the raw escape sequence. Every line pnp prints, on stdout or
    stderr, shows a control character as an escape (\\x1b), whatever the command and whichever part of the input
    it repeats."""
    for args in _hostile_runs(tmp_path):
        result = CliRunner().invoke(app, args)
        printed = result.stdout + result.stderr
        assert printed.strip(), args
        assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", printed), (args, printed)
        assert "\\x1b]0;pwned\\x07" in printed or "pwned" not in printed, (args, printed)   # shown, escaped
