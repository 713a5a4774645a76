"""Every writing command (build, rules, sky, diagram, preview) refuses an --out it cannot use, the way build does:
exit 2 for bad input (a place the user chose that takes no files), exit 1 for a fault of the machine (a full
disk), one line naming the path, no traceback, no temporary left, nothing outside --out touched. Names pnp
derives from file names are held to the rule of a spec's `name`. A reader that closes pnp's output early is no
error (issue 21, items 3, 4 and the closed pipe of 8)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import ROOT, invoke, pnp_env

CODE = "106A-H61J-GAXD"  # the first sky of configs/starry-night.yaml
SPEC = "game: asterisk\nname: x\noutputs: [board]\nformats: [svg]\nboard: {side: 8}\n"
TEMPLATE = "# House rules\n\nRules for {{ title }}.\n"
POSITION = ROOT / "tests" / "positions" / "asterisk-one-each.yaml"
MOUNT_SIZE = "64k"  # a tmpfs this small is full after one booklet
HINT = "choose another --out"

# command -> its arguments without --out, run in a folder holding s.yaml, house.md and pos.yaml.
COMMANDS = {
    "build": ["build", "s.yaml"],
    "rules": ["rules", "house.md"],
    "sky": ["sky", CODE, "-f", "svg"],
    "diagram": ["diagram", "pos.yaml"],
    "preview": ["preview", "s.yaml"],
}
FOLDER_COMMANDS = ["build", "rules", "sky", "preview"]  # --out is a folder; diagram's is a file


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with a spec, a template and a position, made the current folder."""
    (tmp_path / "s.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "house.md").write_text(TEMPLATE, encoding="utf-8")
    shutil.copy(POSITION, tmp_path / "pos.yaml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    return tmp_path


def pnp(*args: str):
    """`pnp ARGS` in-process (the process boundary does not matter here)."""
    return invoke(list(args))


def one_line(result, code: int) -> str:
    """The single stderr line of a run that ended with `code`, with no traceback anywhere."""
    assert result.exit_code == code, (result.exit_code, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def tree(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, object]:
    """Every name under `root` (but under `skip`) with what it is: bytes, a link's target, or a folder."""
    found: dict[str, object] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            if any(path == s or s in path.parents for s in skip):
                continue
            if path.is_symlink():
                found[str(path.relative_to(root))] = ("link", os.readlink(path))
            elif path.is_dir():
                found[str(path.relative_to(root))] = "folder"
            elif path.is_file():
                found[str(path.relative_to(root))] = path.read_bytes()
            else:  # a named pipe: never opened
                found[str(path.relative_to(root))] = ("special", path.stat().st_mode)
    return found


def temporaries(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(".tmp")]


@contextlib.contextmanager
def tmpfs(where: Path, *options: str) -> Iterator[Path]:
    """A small real tmpfs at `where` (as root); skips the test with the reason where none can be mounted."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root; a full disk and a read-only file system are tested as root only")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join([f"size={MOUNT_SIZE}", *options]), "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=True)


def fill(mount: Path) -> None:
    """Fill the file system until it has no byte left."""
    with open(mount / "filler", "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    assert os.statvfs(mount).f_bavail == 0


# --- --out that cannot be used, for every writing command -------------------------------------------------


def out_for(command: str, folder: str) -> str:
    """--out pointing at `folder`: the folder itself, or for diagram a file in it."""
    return f"{folder}/d.svg" if command == "diagram" else folder


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_dangling_link_as_out(work: Path, command: str):
    (work / "dang").symlink_to(work / "nowhere")
    before = tree(work)
    if command == "diagram":
        message = f"pnp: --out dang is a symbolic link; pnp replaces only a regular file: remove the link or {HINT}"
    else:
        message = f"pnp: --out dang: dang is a symbolic link to nothing; {HINT}"
    assert one_line(pnp(*COMMANDS[command], "--out", "dang"), 2) == message
    assert tree(work) == before and not (work / "nowhere").exists()


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_link_to_a_folder_as_out_is_followed_as_build_follows_it(work: Path, command: str):
    (work / "real").mkdir()
    (work / "linked").symlink_to(work / "real")
    before = tree(work, skip=(work / "real",))
    result = pnp(*COMMANDS[command], "--out", "linked")
    assert result.exit_code == 0, result.stderr
    written = {p.relative_to(work / "real").parts[0] for p in (work / "real").rglob("*") if p.is_file()}
    expected = {"build": {"x"}, "rules": {"house"}, "sky": {f"sky-{CODE}"}, "diagram": {"pos.svg"},
                "preview": {"x", "index.html"}}[command]
    assert written == expected
    assert tree(work, skip=(work / "real",)) == before, "only the linked folder changed"


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_as_out(work: Path, command: str):
    (work / "afile").write_text("mine")
    before = tree(work)
    if command == "diagram":  # a file pnp would write beside under a name of its own
        message = ("pnp diagram: --out afile has no extension; pnp writes .svg, .pdf, .png, .gif or .apng files; "
                   "name one of those")
    else:
        message = f"pnp: --out afile is a file, not a folder; {HINT}"
    assert one_line(pnp(*COMMANDS[command], "--out", "afile"), 2) == message
    assert tree(work) == before


def test_a_regular_file_is_what_diagram_replaces(work: Path):
    (work / "old.svg").write_text("an old diagram")
    result = pnp("diagram", "pos.yaml", "--out", "old.svg")
    assert result.exit_code == 0, result.stderr
    assert (work / "old.svg").read_bytes().startswith(b"<?xml") and not temporaries(work)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_out_under_a_file(work: Path, command: str):
    (work / "afile").write_text("mine")
    before = tree(work)
    out = out_for(command, "afile/sub")
    assert one_line(pnp(*COMMANDS[command], "--out", out), 2) == f"pnp: --out {out} lies under afile, which is a file; {HINT}"
    assert tree(work) == before


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_read_only_out(work: Path, command: str):
    with tmpfs(work / "ro", "ro") as mount:
        before = tree(work)
        out = out_for(command, "ro/o")
        line = one_line(pnp(*COMMANDS[command], "--out", out), 2)
        assert line == f"pnp: --out {out}: cannot write in ro (a read-only file system); {HINT}"
        assert tree(work) == before and list(mount.iterdir()) == []


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_full_disk(work: Path, command: str):
    with tmpfs(work / "full") as mount:
        fill(mount)
        outside = tree(work, skip=(mount,))
        out = out_for(command, "full/o")
        line = one_line(pnp(*COMMANDS[command], "--out", out), 1)
        assert line.startswith("pnp: error: no space left on the device while writing full/o/"), line
        assert line.endswith("; nothing was changed"), line
        assert not temporaries(mount)
        assert [p.name for p in mount.rglob("*") if p.is_file()] == ["filler"], "nothing written, nothing left"
        assert tree(work, skip=(mount,)) == outside


def test_the_gallery_page_on_a_full_disk_keeps_the_old_page(work: Path):
    with tmpfs(work / "full") as mount:
        assert pnp("preview", "s.yaml", "--out", "full/o").exit_code == 0
        page = (mount / "o" / "index.html").read_bytes()
        fill(mount)
        line = one_line(pnp("preview", "s.yaml", "--out", "full/o"), 1)
        assert line == "pnp: error: no space left on the device while writing full/o/index.html; nothing was changed"
        assert (mount / "o" / "index.html").read_bytes() == page and not temporaries(mount)


@pytest.mark.parametrize("command", ["build", "rules", "sky", "diagram", "preview"])
def test_an_empty_out_is_refused(work: Path, command: str):
    before = tree(work)
    line = one_line(pnp(*COMMANDS[command], "--out", ""), 2)
    if command == "diagram":
        assert line == "pnp: --out is empty; name a file such as diagram.svg (default: output/diagrams/STEM.svg)"
    else:
        assert line == "pnp: --out is empty; name a folder (default: output), or . for this one"
    assert tree(work) == before


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_out_under_proc_is_bad_input(work: Path, command: str):
    """/proc takes no new files (mkdir says ENOENT, root or not): the user's choice, so exit 2."""
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    out = out_for(command, "/proc/pnp-out")
    line = one_line(pnp(*COMMANDS[command], "--out", out), 2)
    assert "/proc" in line and line.endswith(HINT), line
    assert not os.path.lexists("/proc/pnp-out")


# --- names derived from file names ---------------------------------------------------------------------------


NAME_RULE = "use 1 to 64 letters, digits, '-' or '_', not starting with '-' (no spaces, dots or slashes)"


@pytest.mark.parametrize("file, stem", [("...md", ".."), ("..md", "."), ("my house.md", "my house")])
def test_a_template_name_that_cannot_name_a_folder(work: Path, file: str, stem: str):
    """`...md` once wrote OUT/../rules.pdf (beside OUT, over a file there); `..md` wrote into OUT itself."""
    (work / file).write_text(TEMPLATE, encoding="utf-8")
    (work / "out").mkdir()
    (work / "rules.pdf").write_text("someone's")
    before = tree(work)
    line = one_line(pnp("rules", file, "--out", "out"), 2)
    assert line == (f"pnp: {file}: its file name gives {stem!r}, which cannot name the folder OUT/NAME; {NAME_RULE}: "
                    "rename the file, or name the folder with --name")
    assert tree(work) == before


def test_rules_name_gives_the_folder_and_is_checked_too(work: Path):
    (work / "..md").write_text(TEMPLATE, encoding="utf-8")
    done = pnp("rules", "..md", "--out", "out", "--name", "house")
    assert done.exit_code == 0, done.stderr
    assert sorted(p.name for p in (work / "out" / "house").iterdir()) == ["rules-booklet.pdf", "rules.pdf"]
    before = tree(work)
    line = one_line(pnp("rules", "..md", "--out", "out", "--name", "../x"), 2)
    assert line == f"pnp: --name is '../x', which cannot name the folder OUT/NAME; {NAME_RULE}"
    assert tree(work) == before


def test_a_position_name_that_cannot_name_the_diagram(work: Path):
    shutil.copy(POSITION, work / "my position.yaml")
    before = tree(work)
    line = one_line(pnp("diagram", "my position.yaml"), 2)
    assert line == (f"pnp: my position.yaml: its file name gives 'my position', which cannot name the diagram; {NAME_RULE}: "
                    "rename the file, or name the diagram with --out FILE")
    assert tree(work) == before
    assert pnp("diagram", "my position.yaml", "--out", "mine.svg").exit_code == 0


# --- what stands where pnp writes ---------------------------------------------------------------------------


def test_the_sky_folder_as_a_link_or_a_file(work: Path):
    (work / "out").mkdir()
    (work / "elsewhere").mkdir()
    (work / "out" / f"sky-{CODE}").symlink_to(work / "elsewhere")
    before = tree(work)
    assert one_line(pnp("sky", CODE, "--out", "out"), 2) == (
        f"pnp: out/sky-{CODE} is a symbolic link; pnp writes only into a real folder: remove the link or {HINT}")
    assert tree(work) == before and list((work / "elsewhere").iterdir()) == []
    (work / "out" / f"sky-{CODE}").unlink()
    (work / "out" / f"sky-{CODE}").write_text("mine")
    before = tree(work)
    assert one_line(pnp("sky", CODE, "--out", "out"), 2) == (
        f"pnp: out/sky-{CODE} is a file, not a folder; remove it or {HINT}")
    assert tree(work) == before


def test_the_gallery_page_as_a_folder(work: Path):
    (work / "out" / "index.html").mkdir(parents=True)
    before = tree(work)
    assert one_line(pnp("preview", "s.yaml", "--out", "out"), 2) == (
        f"pnp: out/index.html is a folder where pnp writes a file; remove it or {HINT}")
    assert tree(work) == before, "refused before anything is built"


def test_a_folder_put_where_one_file_goes_after_the_check(tmp_path: Path):
    """The same refusal when the folder appears between the check and the write; no temporary is left."""
    from pnp.writers.atomic import Folder, OutputPlaceError
    from pnp.writers.onefile import replace_file

    (tmp_path / "index.html").mkdir()
    with Folder.chosen(tmp_path) as folder, pytest.raises(OutputPlaceError, match="is a folder where pnp writes a file"):
        replace_file(folder, "index.html", b"<html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]


@pytest.mark.parametrize("out, what", [("/dev/null", "a device"), ("fifo.svg", "a named pipe")])
def test_diagram_writes_only_a_regular_file(work: Path, out: str, what: str):
    """`--out /dev/null` once wrote /dev/null.svg."""
    os.mkfifo(work / "fifo.svg")
    beside = Path(out + ".svg")
    was = _stat(beside)  # a /dev/null.svg left by an older pnp stays as it was
    before = tree(work)
    assert one_line(pnp("diagram", "pos.yaml", "--out", out), 2) == f"pnp: --out {out} is {what}, not a regular file; {HINT}"
    assert _stat(beside) == was and tree(work) == before


def _stat(path: Path) -> tuple[int, int] | None:
    return (path.lstat().st_ino, path.lstat().st_mtime_ns) if os.path.lexists(path) else None


@pytest.mark.parametrize("target", ["nowhere.svg", "real.svg"])
def test_diagram_replaces_no_link(work: Path, target: str):
    (work / "real.svg").write_text("someone's")
    (work / "d.svg").symlink_to(work / target)
    before = tree(work)
    assert one_line(pnp("diagram", "pos.yaml", "--out", "d.svg"), 2) == (
        f"pnp: --out d.svg is a symbolic link; pnp replaces only a regular file: remove the link or {HINT}")
    assert tree(work) == before


def test_source_date_epoch_garbage_changes_nothing(work: Path, monkeypatch: pytest.MonkeyPatch):
    """reportlab reads SOURCE_DATE_EPOCH as a number when a booklet's canvas is made; pnp hides it (same bytes)."""
    plain = pnp("rules", "house.md", "--out", "plain")
    assert plain.exit_code == 0, plain.stderr
    for epoch in ("garbage", "0"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
        done = pnp("rules", "house.md", "--out", epoch)
        assert done.exit_code == 0, done.stderr
        assert tree(work / epoch) == tree(work / "plain")


def test_sky_with_source_date_epoch_garbage(work: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "garbage")
    done = pnp("sky", CODE, "-f", "pdf", "--out", "out")
    assert done.exit_code == 0, done.stderr
    assert (work / "out" / f"sky-{CODE}" / "rules.pdf").read_bytes().startswith(b"%PDF")


# --- a reader that goes away ---------------------------------------------------------------------------------


def _user_env() -> dict[str, str]:
    """The environment as a user's shell has it: stdout buffered (PYTHONUNBUFFERED makes Python drop what a
    closed pipe did not take, silently, so nothing would be tested), no PNP_DEBUG."""
    env = pnp_env()
    env.pop("PYTHONUNBUFFERED", None)
    return env


def _closed_early(args: list[str], read: int) -> subprocess.CompletedProcess[bytes]:
    """Run pnp with stdout a real pipe whose reader takes `read` bytes (0: none), then closes it."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=ROOT, env=_user_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if read:
        assert process.stdout.read(read)
    process.stdout.close()
    stderr = process.stderr.read()
    process.stderr.close()
    return subprocess.CompletedProcess(args, process.wait(timeout=60), b"", stderr)


@pytest.mark.parametrize("args, read", [
    (["score", str(POSITION)], 0),                   # closed before pnp writes its line
    (["score", str(POSITION), "--json"], 0),
    (["graph", str(ROOT / "configs" / "asterisk-20.yaml")], 100),  # 92 kB, more than a pipe holds: a write fails
    (["schema"], 0),
    (["validate", str(ROOT / "configs" / "asterisk-8.yaml")], 0),
    (["--version"], 0),
], ids=["score", "score-json", "graph", "schema", "validate", "version"])
def test_a_reader_closing_early_is_not_an_error(args: list[str], read: int):
    done = _closed_early(args, read)
    assert (done.returncode, done.stderr.decode()) == (0, "")


def test_score_piped_into_head():
    """The issue's reproducer as a user types it, with a head that stops before pnp writes (`head -1` on a
    one-line report often reads it all first, so the pipe would seldom close early enough to test anything)."""
    done = subprocess.run(f"set -o pipefail; {sys.executable} -m pnp score {POSITION} | head -n 0", shell=True,
                          executable="/bin/bash", cwd=ROOT, env=_user_env(), capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")


def test_a_broken_pipe_that_is_not_stdout_is_still_an_error(work: Path, monkeypatch: pytest.MonkeyPatch):
    """Only stdout's reader may go away quietly: a pipe to the build's worker breaking is a fault (exit 1)."""
    from pnp.positions import files as diagram_files

    def broken(*args, **kwargs):
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    monkeypatch.setattr(diagram_files, "write_diagram", broken)
    assert one_line(pnp("diagram", "pos.yaml", "--out", "d.svg"), 1) == "pnp: error: BrokenPipeError: [Errno 32] Broken pipe"


# --- names and paths too long for the file system ------------------------------------------------------------

WRITING = {**COMMANDS, "init": ["init", "hex"]}


def _limits(where: Path) -> tuple[int, int]:
    return os.pathconf(where, "PC_NAME_MAX"), os.pathconf(where, "PC_PATH_MAX")


@pytest.mark.parametrize("command", list(WRITING))
def test_a_name_too_long_for_the_file_system(work: Path, command: str):
    """A 300-byte name in --out (the issue's case: a traceback, exit 1): exit 2 naming the name, its length and
    the file system's limit, before anything is written."""
    name_max, _ = _limits(work)
    long = "n" * (name_max + 45)
    before = tree(work)
    line = one_line(pnp(*WRITING[command], "--out", out_for(command, f"o/{long}/p")), 2)
    assert line.endswith(f": the name '{'n' * 39}…' is {name_max + 45} bytes long, more than the {name_max} this "
                         "file system takes; choose a shorter --out"), line
    assert line.startswith("pnp: --out o/nnn") and len(line) < 300, line
    assert tree(work) == before


def test_a_diagram_name_with_no_room_for_its_temporary(work: Path):
    """A file name the file system takes, but not with the temporary pnp writes beside it first."""
    name_max, _ = _limits(work)
    name = "d" * (name_max - 8) + ".svg"
    before = tree(work)
    line = one_line(pnp("diagram", "pos.yaml", "--out", name), 2)
    assert line.endswith(f"is {name_max - 4} bytes long with the 18 bytes pnp adds for the temporary beside it, "
                         f"more than the {name_max} this file system takes; choose a shorter --out"), line
    assert tree(work) == before


@pytest.mark.parametrize("command", list(WRITING))
def test_a_path_too_long_for_the_system(work: Path, command: str):
    """Every name short enough, the whole path not: exit 2 naming the path's length and the limit."""
    _, path_max = _limits(work)
    deep = "/".join(["p" * 200] * (path_max // 200 + 1))
    before = tree(work)
    line = one_line(pnp(*WRITING[command], "--out", out_for(command, deep)), 2)
    assert re.search(rf"bytes long, and with the names pnp writes under it would pass the {path_max} bytes this "
                     "system takes in a path; choose a shorter --out$", line), line
    assert tree(work) == before
