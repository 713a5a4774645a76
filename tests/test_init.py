"""`pnp init GAME`: a starter spec with every key of the game's model at its default, the schema beside it, and a
kit that builds from it at once; the games listed; bad input refused with exit 2 and nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from pnp import registry
from pnp.spec import read_kit
from pnp.spec.base import writes
from pnp.spec.schema import schema_json
from pnp.starter import SCHEMA_LINE

from conftest import files_under, invoke

GAMES = registry.names()
KEY_LINE = re.compile(r"^(?:# )?(?P<indent>(?:  )*)(?P<key>[a-z_]+):(?P<rest>.*)$")


def init(*args: str):
    return invoke(["init", *args])


def written(tmp_path: Path, game: str, *args: str) -> Path:
    result = init(game, "--out", str(tmp_path), *args)
    assert result.exit_code == 0, result.stderr
    spec, schema = map(Path, result.stdout.splitlines())
    assert spec.parent == schema.parent == tmp_path
    return spec


def model_keys(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Every key of the spec model as a dotted path, through its blocks."""
    keys = set()
    for key, field in model.model_fields.items():
        keys.add(prefix + key)
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            keys |= model_keys(field.annotation, f"{prefix}{key}.")
    return keys


def shown_keys(text: str) -> tuple[set[str], list[str]]:
    """The dotted keys of every key line (written or commented out), and the lines without a comment."""
    keys, uncommented, path = set(), [], []
    for line in text.splitlines()[1:]:
        found = KEY_LINE.match(line)
        if not found:
            continue
        depth = len(found["indent"]) // 2
        path = [*path[:depth], found["key"]]
        keys.add(".".join(path))
        if not re.search(r"\s# \S", found["rest"]):
            uncommented.append(line)
    return keys, uncommented


def uncommented_all(text: str) -> dict:
    """The spec with every commented-out key written: keys shown without a value (left out) dropped."""
    lines = [line[2:] if KEY_LINE.match(line) and line.startswith("# ") else line for line in text.splitlines()]

    def without_unset(node):
        if isinstance(node, dict):
            kept = {k: without_unset(v) for k, v in node.items() if v is not None}
            return {k: v for k, v in kept.items() if v != {}}
        return node

    return without_unset(yaml.safe_load("\n".join(lines)))


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_spec_shows_every_key_of_the_model_with_a_comment(game: str, tmp_path: Path) -> None:
    text = written(tmp_path, game).read_text(encoding="utf-8")
    keys, uncommented = shown_keys(text)
    assert keys == model_keys(registry.game(game).spec)
    assert uncommented == [], "every key has a one-line comment"


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_spec_points_at_the_schema_written_beside_it(game: str, tmp_path: Path) -> None:
    spec = written(tmp_path, game)
    assert spec.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE == "# yaml-language-server: $schema=pnp-spec.schema.json"
    schema = tmp_path / "pnp-spec.schema.json"
    assert schema.read_text(encoding="utf-8") == schema_json()
    assert json.loads(schema.read_text(encoding="utf-8"))["$schema"].startswith("https://json-schema.org/")


@pytest.mark.parametrize("game", GAMES)
def test_every_default_shown_is_the_default(game: str, tmp_path: Path) -> None:
    """Written out, every key shown builds the same kit as leaving it out: the spec and its resolved style agree."""
    spec = written(tmp_path, game)
    as_is = read_kit(spec)
    full = tmp_path / "full.yaml"
    full.write_text(yaml.safe_dump(uncommented_all(spec.read_text(encoding="utf-8"))), encoding="utf-8")
    spelled = read_kit(full)
    assert spelled.spec.model_dump(exclude={"style"}) == as_is.spec.model_dump(exclude={"style"})
    assert spelled.plan.style == as_is.plan.style
    assert as_is.spec.name == game and as_is.spec.game == game


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_spec_builds_the_whole_kit(game: str, tmp_path: Path) -> None:
    spec = written(tmp_path, game)
    out = tmp_path / "out"
    result = invoke(["build", str(spec), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    kit = read_kit(spec)
    names = {p.name for p in files_under(out / game)}
    for asset, fmt in writes(kit.spec.outputs, kit.spec.formats):
        assert any(re.fullmatch(rf"{re.escape(asset)}(-\d+)?\.{fmt}", n) for n in names), (asset, fmt, sorted(names))
    assert "kit.pdf" in names


def test_init_alone_lists_every_game_with_what_it_is() -> None:
    result = init()
    assert result.exit_code == 0
    lines = result.stdout.splitlines()[1:]
    assert [line.split()[0] for line in lines] == sorted(GAMES)
    assert all(len(line.split(maxsplit=1)[1]) > 20 for line in lines)


def test_an_unknown_game_is_exit_2_with_the_games(tmp_path: Path) -> None:
    result = init("chess", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "pnp init: 'chess' is not a game pnp knows; the games:"
    assert [line.split()[0] for line in result.stderr.splitlines()[1:]] == sorted(GAMES)
    assert files_under(tmp_path) == []


def test_a_name_gives_the_file_and_the_spec_name(tmp_path: Path) -> None:
    spec = written(tmp_path, "starstar", "--name", "club-night")
    assert spec.name == "club-night.yaml"
    assert read_kit(spec).spec.name == "club-night"


@pytest.mark.parametrize("name", ["a b", "../x", "", "x" * 65, "-rf", "-"])
def test_a_name_the_spec_would_refuse_is_exit_2(name: str, tmp_path: Path) -> None:
    """A name that starts with '-' too (it wrote -rf.yaml and told the user to run `pnp build -rf.yaml`, which reads
    as options): a spec's `name` may not start with it either."""
    result = init("asterisk", "--name", name, "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith("pnp: --name is ") and "letters, digits" in result.stderr
    assert files_under(tmp_path) == []
    spec = tmp_path / "spec.yaml"
    spec.write_text(f"game: asterisk\nname: '{name}'\n", encoding="utf-8")
    validated = invoke(["validate", str(spec)])
    assert validated.exit_code == 2 and "name: " in validated.stderr and "letters, digits" in validated.stderr


def test_the_next_command_it_suggests_runs_as_shown(tmp_path: Path) -> None:
    """The hint is a command a shell runs as it is written: an --out with a space is quoted, a name that starts
    with '-' is refused before anything is written (above), and the command builds the spec."""
    import shlex

    from conftest import run_pnp

    folder = tmp_path / "my kits"
    result = init("hex", "--name", "x-1", "--out", str(folder))
    assert result.exit_code == 0, result.stderr
    hint = result.stderr.strip()
    assert hint == f"next: pnp build {shlex.quote(str(folder / 'x-1.yaml'))}"
    command = shlex.split(hint.removeprefix("next: "))
    assert command[:2] == ["pnp", "build"]
    built = run_pnp(*command[1:], "--out", str(tmp_path / "out"), "-q", "-f", "svg")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "x-1" / "board.svg").is_file()


def test_an_existing_spec_is_kept_unless_forced(tmp_path: Path) -> None:
    mine = tmp_path / "asterisk.yaml"
    mine.write_text("game: asterisk\nname: mine\n", encoding="utf-8")
    refused = init("asterisk", "--out", str(tmp_path))
    assert refused.exit_code == 2
    assert refused.stderr == f"pnp: {mine} exists; pass --force to replace it, or choose another --name or --out\n"
    assert mine.read_text(encoding="utf-8") == "game: asterisk\nname: mine\n"
    assert not (tmp_path / "pnp-spec.schema.json").exists()
    forced = init("asterisk", "--out", str(tmp_path), "--force")
    assert forced.exit_code == 0, forced.stderr
    assert mine.read_text(encoding="utf-8").startswith(SCHEMA_LINE)


def test_out_is_checked_as_for_build(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    result = init("asterisk", "--out", str(a_file))
    assert result.exit_code == 2
    assert result.stderr == f"pnp: --out {a_file} is a file, not a folder; choose another --out\n"
    made = init("asterisk", "--out", str(tmp_path / "new" / "folder"))
    assert made.exit_code == 0 and (tmp_path / "new" / "folder" / "asterisk.yaml").is_file()



OLD_SPEC, OLD_SCHEMA = b"game: asterisk\nname: mine\n", b'{"old": "schema"}\n'


def _old_pair(tmp_path: Path, spec_there: bool) -> dict[str, bytes]:
    """The folder holding an older schema (and, if `spec_there`, a spec of the user's); what it holds."""
    (tmp_path / "pnp-spec.schema.json").write_bytes(OLD_SCHEMA)
    if spec_there:
        (tmp_path / "asterisk.yaml").write_bytes(OLD_SPEC)
    return {p.name: p.read_bytes() for p in tmp_path.iterdir()}


def _fails_for(real, name: str, error: int):
    """`real` (os.write or os.replace), failing with `error` when it writes to, or renames onto, a file `name`."""
    import os

    def call(first, *args, **kwargs):
        target = os.readlink(f"/proc/self/fd/{first}") if isinstance(first, int) else str(args[0])
        if Path(target).name.startswith((name, f".{name}.")):
            raise OSError(error, os.strerror(error))
        return real(first, *args, **kwargs)

    return call


@pytest.mark.parametrize("spec_there", [False, True])
@pytest.mark.parametrize("failing", ["asterisk.yaml", "pnp-spec.schema.json"])
def test_a_full_disk_changes_neither_file_and_says_so(tmp_path: Path, monkeypatch, spec_there: bool, failing: str) -> None:
    """ENOSPC while either file is written (with --force over a spec of the user's, or a new one): both files
    keep their old bytes (a new spec is not left), no temporary stays, and the message says nothing changed."""
    import errno
    import os

    before = _old_pair(tmp_path, spec_there)
    monkeypatch.setattr(os, "write", _fails_for(os.write, failing, errno.ENOSPC))
    result = init("asterisk", "--out", str(tmp_path), *(["--force"] if spec_there else []))
    monkeypatch.undo()
    assert result.exit_code == 1
    assert result.stderr == (f"pnp: error: no space left on the device while writing {tmp_path / failing}; "
                             "nothing was changed\n")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("spec_there", [False, True])
def test_a_rename_that_fails_puts_the_first_file_back(tmp_path: Path, monkeypatch, spec_there: bool) -> None:
    """Both files staged, the spec renamed into place, then the schema's rename fails: the spec is put back as it
    was (or removed, if it is new), and the message says nothing changed."""
    import errno
    import os

    before = _old_pair(tmp_path, spec_there)
    monkeypatch.setattr(os, "replace", _fails_for(os.replace, "pnp-spec.schema.json", errno.EIO))
    result = init("asterisk", "--out", str(tmp_path), *(["--force"] if spec_there else []))
    monkeypatch.undo()
    assert result.exit_code == 1
    assert result.stderr == (f"pnp: error: renaming into {tmp_path / 'pnp-spec.schema.json'} failed: Input/output error; "
                             "nothing was changed\n")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_examples_writes_the_packages_examples_byte_for_byte(tmp_path: Path) -> None:
    from pnp.resources import packaged
    from pnp.starter import example_files

    result = init("--examples", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    names = example_files()
    assert {"house-rules.md"} < set(names) and any(n.startswith("positions/") for n in names)
    assert any(n.startswith("records/") for n in names)
    assert result.stdout.splitlines() == [str(tmp_path / "examples" / name) for name in names]
    assert [p.relative_to(tmp_path / "examples").as_posix() for p in files_under(tmp_path)] == names
    for name in names:
        assert (tmp_path / "examples" / name).read_bytes() == packaged("data", "examples", name).read_bytes()
    first = next(name for name in names if name.startswith("positions/"))
    assert result.stderr == f"next: pnp score {tmp_path / 'examples' / first}\n"


def test_examples_already_there_are_kept_unless_forced(tmp_path: Path) -> None:
    from pnp.starter import example_files

    first = example_files()[0]
    mine = tmp_path / "examples" / first
    mine.parent.mkdir(parents=True)
    mine.write_text("my own notes\n", encoding="utf-8")
    refused = init("--examples", "--out", str(tmp_path))
    assert refused.exit_code == 2 and f"{mine} exists" in refused.stderr and "--force" in refused.stderr
    assert files_under(tmp_path) == [mine] and mine.read_text(encoding="utf-8") == "my own notes\n"
    forced = init("--examples", "--out", str(tmp_path), "--force")
    assert forced.exit_code == 0 and mine.read_text(encoding="utf-8") != "my own notes\n"
    assert len(files_under(tmp_path)) == len(example_files())


def test_examples_never_write_through_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "examples").symlink_to(elsewhere)
    refused = init("--examples", "--out", str(out))
    assert refused.exit_code == 2 and "examples" in refused.stderr
    assert list(elsewhere.iterdir()) == []


def test_a_game_and_the_examples_together_write_both(tmp_path: Path) -> None:
    from pnp.starter import example_files

    result = init(GAMES[0], "--examples", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == [str(tmp_path / f"{GAMES[0]}.yaml"), str(tmp_path / "pnp-spec.schema.json")]
    assert len(result.stdout.splitlines()) == 2 + len(example_files())
    assert result.stderr == f"next: pnp build {tmp_path / f'{GAMES[0]}.yaml'}\n"
