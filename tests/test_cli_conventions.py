"""What people expect of a command line: examples in every --help (and the README's) that name what exists, shell
completion, one -q/-v on every command, paper names in any case and the same list of them everywhere, a position
given to build said to be one, the README's command summary, and a clone that builds its wheel with pip."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from pnp.cli import GameOptionsCommand, app
from pnp.layout.sizes import PAPERS
from pnp.positions.text_games import options_for
from pnp.registry import names
from pnp.spec import SpecError, read_kit

from conftest import PROCESS_TIMEOUT, files_under, invoke, pnp_env
from examples_shown import section_page, shown_text

COMMANDS = typer.main.get_command(app).commands   # name -> click command
GAME = names()[0]   # any one game: what these tests check is the same for all


def helped(*args: str) -> str:
    result = invoke([*args, "--help"], env={"COLUMNS": "200"})
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
    for line in shown:
        for command in line.split("&&"):
            words = shlex.split(command.split(">")[0])
            if words[1] != name:
                continue
            assert words[0] == "pnp", line
            assert {w for w in words if w.startswith("-")} <= _options(name, words), f"pnp {name}: {line} uses an option it lacks"
    assert any(shlex.split(line)[:2] == ["pnp", name] for line in shown)


def _options(name: str, words: list[str]) -> set[str]:
    """The options `pnp NAME` takes on the command line `words`: its own, and a command that reads records the
    own options of the game its --game names."""
    command = COMMANDS[name]
    known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
    if isinstance(command, GameOptionsCommand) and "--game" in words:
        known |= {f"--{option}" for option in options_for(words[words.index("--game") + 1])}
    return known


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
    start = names()[-1][:2]   # the games that begin as one does: one at least
    done = invoke([], env={"_PNP_COMPLETE": "complete_bash", "COMP_WORDS": f"pnp init {start}",
                                            "COMP_CWORD": "2"}, prog_name="pnp")
    wanted = [name for name in names() if name.startswith(start)]
    assert done.stdout.split() == wanted, (done.exit_code, done.stderr, done.exception)


def _spec(folder: Path, paper: str = "a4", outputs: str = "board, markers") -> Path:
    spec = folder / "x.yaml"
    spec.write_text(f"game: asterisk\nname: x\npaper: {paper}\noutputs: [{outputs}]\nformats: [svg]\n", encoding="utf-8")
    return spec


def test_quiet_says_nothing_and_verbose_says_every_step_and_file(tmp_path: Path) -> None:
    spec, out = _spec(tmp_path), tmp_path / "out"
    quiet = invoke(["build", str(spec), "--out", str(out), "-q"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == ""
    assert [p.name for p in files_under(out / "x")] == ["board.svg", "markers.svg"]
    loud = invoke(["build", str(spec), "--out", str(out), "--verbose"])
    assert loud.exit_code == 0, loud.stderr
    lines = loud.stderr.splitlines()
    steps = [line.split(" (")[0] for line in lines if line.startswith("x: ") and " files in " not in line]
    assert steps == ["x: drawing board", "x: drawing markers", "x: writing board.svg", "x: writing markers.svg"]
    assert f"x: 2 files in {out / 'x'}" in loud.stderr
    assert [line.strip() for line in lines[-2:]] == [str(out / "x" / "board.svg"), str(out / "x" / "markers.svg")]


def test_quiet_and_verbose_together_are_refused(tmp_path: Path) -> None:
    result = invoke(["build", str(_spec(tmp_path)), "--out", str(tmp_path / "out"), "-q", "-v"])
    assert result.exit_code == 2
    assert result.stderr == "pnp build: --quiet and --verbose contradict each other; choose one\n"
    assert not (tmp_path / "out").exists()


def test_paper_names_take_any_case_and_print_the_same(tmp_path: Path) -> None:
    built = {}
    for written in ("a4", "A4", "Letter", "HALF-LETTER"):
        out = tmp_path / written
        result = invoke(["build", str(_spec(tmp_path, written)), "--out", str(out), "-q"])
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

    said = re.findall(r"^pnp sky (.+?)\s+# -> output/(sky-[^/]+)/: (.+)$", shown_text(), re.M)
    assert len(said) >= 2, "the docs show what `pnp sky` writes"
    for number, (args, folder, files) in enumerate(said):
        out = tmp_path / str(number)
        result = invoke(["sky", *shlex.split(args), "--out", str(out)])
        assert result.exit_code == 0, result.stderr
        written = [Path(line) for line in result.stdout.splitlines()]
        assert {p.parent for p in written} == {out / folder}
        assert sorted(p.name for p in written) == sorted(files.split()) == sorted(p.name for p in files_under(out))


# --- one command line: the same -q/-v everywhere, examples that name what exists, the README's summary ---------

QUIET, VERBOSE = ("--quiet", "-q"), ("--verbose", "-v")


def _option(command, opts: tuple[str, ...]):
    return next((param for param in command.params if tuple(param.opts) == opts), None)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_takes_quiet_and_verbose_as_one_shared_definition(name: str) -> None:
    for opts in (QUIET, VERBOSE):
        mine, builds = _option(COMMANDS[name], opts), _option(COMMANDS["build"], opts)
        assert mine is not None, f"pnp {name} lacks {opts[0]}"
        assert (mine.help, mine.default, mine.is_flag) == (builds.help, builds.default, builds.is_flag)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_quiet_and_verbose_together_are_refused_by_every_command(name: str, tmp_path: Path) -> None:
    needed = [param for param in COMMANDS[name].params if param.param_type_name == "argument" and param.required]
    args = ["nothing-here.yaml"] * len(needed)
    result = invoke([name, *args, "-q", "-v"])
    assert result.exit_code == 2
    assert result.stderr == f"pnp {name}: --quiet and --verbose contradict each other; choose one\n"


def test_validate_quiet_says_nothing_of_a_good_spec_and_verbose_says_what_a_build_writes(tmp_path: Path) -> None:
    spec = _spec(tmp_path)
    assert invoke(["validate", str(spec), "-q"]).stdout == ""
    loud = invoke(["validate", str(spec), "-v"])
    assert loud.exit_code == 0 and loud.stdout.splitlines()[1:] == ["  board: svg", "  markers: svg"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: asterisk\nname: x\nboard: {side: 9}\n", encoding="utf-8")
    refused = invoke(["validate", str(bad), "-q"])
    assert refused.exit_code == 2 and refused.stdout == "" and f"{bad}:3: board.side:" in refused.stderr


def test_quiet_commands_print_nothing_and_still_write(tmp_path: Path) -> None:
    from conftest import ROOT

    position = ROOT / "examples" / "positions" / "hex-7-red-wins.yaml"
    runs = {"init": ["init", GAME, "--out", str(tmp_path / "specs"), "--examples", "--force"],
            "diagram": ["diagram", str(position), "-o", str(tmp_path / "d.svg")],
            "rules": ["rules", str(ROOT / "examples" / "house-rules.md"), "--out", str(tmp_path / "rules")]}
    for name, args in runs.items():
        loud, quiet = invoke(args), invoke([*args, "-q"])
        assert loud.exit_code == quiet.exit_code == 0, (name, loud.stderr, quiet.stderr)
        assert loud.stdout and quiet.stdout == "" and quiet.stderr == "", name
    assert (tmp_path / "specs" / f"{GAME}.yaml").is_file() and (tmp_path / "d.svg").is_file()
    assert (tmp_path / "rules" / "house-rules" / "rules.pdf").is_file()


def test_score_quiet_prints_the_referees_one_line(tmp_path: Path) -> None:
    from conftest import ROOT

    from pnp.positions import read_position

    for position in sorted((ROOT / "examples" / "positions").glob("*.yaml")):
        loaded = read_position(position)
        said = invoke(["score", str(position), "-q"])
        assert said.exit_code == 0 and said.stdout == loaded.game.judge(loaded.model).caption() + "\n"


def test_graph_plans_only_the_board_so_stones_and_a_pad_it_does_not_draw_cannot_refuse_it(tmp_path: Path) -> None:
    """A spec whose stones (5 mm cells less the clearance) and pad (30 mm cells) would not fit: `pnp validate` and
    `pnp build` refuse it, naming them; `pnp graph` prints the board it would print."""
    from pnp import registry

    stone_games = [name for name in registry.names() if {"stones", "pad"} <= set(registry.game(name).spec.model_fields)]
    assert stone_games
    for game in stone_games:
        spec = tmp_path / f"{game}.yaml"
        spec.write_text(f"game: {game}\nname: x\nboard: {{cell_mm: 5}}\npad: {{cell_mm: 30}}\n", encoding="utf-8")
        refused = invoke(["validate", str(spec)])
        assert refused.exit_code == 2 and "stones." in refused.stderr, (game, refused.stderr)
        drawn = invoke(["graph", str(spec)])
        assert drawn.exit_code == 0, (game, drawn.stderr)
        cells = json.loads(drawn.stdout)["cells"]
        assert cells and drawn.stderr == ""
        widths = [max(p[0] for p in c["polygon"]) - min(p[0] for p in c["polygon"]) for c in cells]
        assert min(widths) > 0


def test_a_position_given_to_build_is_said_to_be_one(tmp_path: Path) -> None:
    from conftest import ROOT

    from pnp.positions import read_position

    for position in sorted((ROOT / "examples" / "positions").glob("*.yaml")):
        what = "a game record" if read_position(position).model.record_length() else "a position"
        for command in ("build", "validate"):
            refused = invoke([command, str(position), "--out" if command == "build" else "-q",
                                               *([str(tmp_path / "out")] if command == "build" else [])])
            assert refused.exit_code == 2
            assert refused.stderr == f"{position}: this is {what}, not a kit spec; `pnp score` or `pnp diagram` reads it\n"
    assert not (tmp_path / "out").exists()


def test_a_text_record_given_to_build_is_said_to_be_one(tmp_path: Path) -> None:
    from conftest import ROOT

    records = sorted((ROOT / "examples" / "records").glob("*.txt"))
    assert records
    typed = tmp_path / "typed.yaml"   # a text record saved under a spec's suffix: told to name it .txt
    typed.write_text(records[0].read_text(encoding="utf-8"), encoding="utf-8")
    for record, saved in [*((r, "") for r in records), (typed, " saved as a .txt file,")]:
        for command in ("build", "validate"):
            refused = invoke([command, str(record), *(["--out", str(tmp_path / "out")] if command == "build" else [])])
            assert refused.exit_code == 2, (record, refused.stderr)
            assert refused.stderr.startswith(f"{record}:1: this ")
            assert refused.stderr.endswith(f"not a kit spec;{saved} `pnp score` or `pnp diagram` reads it\n")
    assert not (tmp_path / "out").exists()
    plain = tmp_path / "plain.yaml"   # any other single value keeps the general word
    plain.write_text("hello\n", encoding="utf-8")
    assert "the top level is a single value ('hello')" in invoke(["validate", str(plain)]).stderr


def test_a_spec_that_only_lacks_its_name_is_still_told_so(tmp_path: Path) -> None:
    spec = tmp_path / "x.yaml"
    spec.write_text(f"game: {GAME}\n", encoding="utf-8")
    refused = invoke(["validate", str(spec)])
    assert refused.exit_code == 2 and "name: required but missing" in refused.stderr


def test_every_example_a_user_is_shown_names_a_command_and_its_own_options() -> None:
    from examples_shown import examples_shown

    shown = examples_shown()
    assert len(shown) >= 25
    for example in shown:
        words = example.words()
        assert words[0] == "pnp" and words[1] in COMMANDS, example.line
        assert {w for w in words[2:] if w.startswith("-")} <= _options(words[1], words) | {"--help"}, example.line


def test_the_readmes_command_summary_lists_every_command_and_format() -> None:
    from conftest import ROOT

    from pnp.writers import FORMATS
    from pnp.writers.frames import DIAGRAM_FORMATS

    readme = section_page("## The command line")
    summary = readme.split("## The command line", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines = {name: [line for line in summary.splitlines() if line.startswith(f"pnp {name} ")] for name in COMMANDS}
    assert all(lines.values()), [name for name, found in lines.items() if not found]
    assert f"--format {'|'.join(FORMATS)}" in lines["build"][0]
    assert f"--format {'|'.join(DIAGRAM_FORMATS)}" in lines["diagram"][0]
    said = readme.split("## The command line", 1)[1].split("\n## ", 1)[0]
    assert "Every command also takes `-q`" in said and "`-v`" in said


def test_git_ignores_what_building_a_wheel_leaves_in_the_clone() -> None:
    from conftest import ROOT

    done = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", "build/lib/pnp/cli.py",
                           "dist/pnp_kits-0.1.0-py3-none-any.whl", "pnp_kits.egg-info/PKG-INFO"],
                          capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 3, done.stdout + done.stderr


def test_the_readme_builds_the_distribution_with_what_it_installs() -> None:
    """Every tool the install section runs to make the wheel or the sdist is pip, or one it has pip install first."""
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Install", 1)[1].split("\n## ", 1)[0]
    tools = re.findall(r"python -m ([\w.-]+)", section)
    assert "pip wheel" in section
    assert all(tool == "pip" or f"pip install {tool}" in section for tool in tools), tools


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
        result = invoke(args)
        printed = result.stdout + result.stderr
        assert printed.strip(), args
        assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", printed), (args, printed)
        assert "\\x1b]0;pwned\\x07" in printed or "pwned" not in printed, (args, printed)   # shown, escaped


def test_a_command_run_alone_reads_and_says_as_among_all(monkeypatch, capsys):
    """`pnp COMMAND` makes a click command of its own command alone (pnp.cli.main, a faster start): its help and
    its refusals are word for word those of the whole group, a mistyped command still hears the right one, and
    the app has every command again after the run."""
    from pnp.cli import main

    def process(*args: str, whole: bool = False) -> subprocess.CompletedProcess[str]:
        """`pnp ARGS` as installed (main), or `whole`: the group of every command run as it is (app)."""
        run = "app()" if whole else "main()"
        code = f"import sys; sys.argv[0] = 'pnp'; from pnp.cli import app, main; {run}"
        return subprocess.run([sys.executable, "-c", code, *args], env=pnp_env(COLUMNS="80"), capture_output=True,
                              text=True, timeout=PROCESS_TIMEOUT)

    for name in COMMANDS:
        alone, whole = process(name, "--help"), process(name, "--help", whole=True)
        assert alone.returncode == whole.returncode == 0, alone.stderr
        assert alone.stdout == whole.stdout, name
    wrong = process("build", "--no-such-option")
    assert wrong.returncode == 2 and "No such option: --no-such-option" in wrong.stderr
    mistyped = process("buil")
    assert mistyped.returncode == 2 and "Did you mean 'build'?" in mistyped.stderr
    every = list(app.registered_commands)
    monkeypatch.setattr(sys, "argv", ["pnp", "schema"])
    # main() sets PYDANTIC_DISABLE_PLUGINS for its process: recorded here (set, then unset) so that monkeypatch
    # restores it after this test, and later tests' processes do not inherit it
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "")
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS")
    with pytest.raises(SystemExit):
        main()
    assert app.registered_commands == every and '"$schema"' in capsys.readouterr().out
