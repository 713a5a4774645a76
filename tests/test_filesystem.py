"""The output folder under hostile conditions: files, links, stale pages, kills, races, a full disk,
the environment and the umask. Nothing outside OUT/NAME is ever written or removed."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import ROOT, files_under, pnp_env, run_pnp, write_spec

# Two specs of the same name whose pieces run to two SVG pages (TWO) or one (ONE).
TWO = "game: asterisk\nname: x\noutputs: [board, pieces]\nboard: {side: 8}\npieces: {size_mm: 40}\n"
ONE = "game: asterisk\nname: x\noutputs: [board, pieces]\nboard: {side: 8}\npieces: {size_mm: 28}\n"
TWO_FILES = ["board.pdf", "board.svg", "pieces-1.svg", "pieces-2.svg", "pieces.pdf"]
ONE_FILES = ["board.pdf", "board.svg", "pieces.pdf", "pieces.svg"]
# TWO with kit.pdf, which is made of every asset's PDF in the main process: a fresh `pnp build` of it writes its
# PDFs there and its SVGs in the worker (a small kit without is all written by the worker: pnp/build.py, `_away`).
BOTH = TWO.replace("outputs: [board, pieces]", "outputs: [board, pieces, kit]")
BOTH_FILES = sorted([*TWO_FILES, "kit.pdf"])


def _kit(tmp_path: Path, text: str, name: str = "spec.yaml"):
    from pnp.spec import read_kit

    return read_kit(write_spec(tmp_path, text, name))


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every name in the folder (temporaries included) with its bytes, links as their target text."""
    return {p.name: (os.readlink(p).encode() if p.is_symlink() else p.read_bytes()) for p in sorted(folder.iterdir())}


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _staged(out: Path, name: str = "x") -> list[str]:
    """The files in the stage folders builds of NAME keep beside OUT/NAME (a killed build's, or a live one's)."""
    from pnp.writers.swap import stage_pattern

    pattern = stage_pattern(name)
    return sorted(f.name for d in out.iterdir() if pattern.fullmatch(d.name) for f in d.iterdir())


def _one_line(result: subprocess.CompletedProcess[str], code: int) -> str:
    assert result.returncode == code, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- 1. --out checked before anything is written ------------------------------------------------------


def _bad_out(tmp: Path) -> dict[str, tuple[str, str]]:
    """case -> (--out, expected message after `pnp: `), with the file system prepared."""
    (tmp / "afile").write_text("mine")
    (tmp / "o1").mkdir()
    (tmp / "o1" / "x").write_text("mine")
    (tmp / "o2").mkdir()
    (tmp / "o2" / "x").symlink_to(tmp / "nowhere")
    (tmp / "dangling").symlink_to(tmp / "nowhere")
    return {
        "out is a file": ("afile", "--out afile is a file, not a folder; choose another --out"),
        "out under a file": ("afile/sub", "--out afile/sub lies under afile, which is a file; choose another --out"),
        "out empty": ("", "--out is empty; name a folder (default: output), or . for this one"),
        "out a dangling link": ("dangling", "--out dangling: dangling is a symbolic link to nothing; choose another --out"),
        "NAME is a file": ("o1", "o1/x is a file, not a folder; remove it or choose another --out"),
        "NAME a dangling link": ("o2", "o2/x is a symbolic link; pnp writes only into a real folder: "
                                        "remove the link or choose another --out"),
    }


@pytest.mark.parametrize("case", ["out is a file", "out under a file", "out empty", "out a dangling link",
                                  "NAME is a file", "NAME a dangling link"])
def test_an_unusable_out_is_bad_input_and_nothing_is_written(tmp_path: Path, case: str):
    spec = write_spec(tmp_path, ONE)
    out, message = _bad_out(tmp_path)[case]
    before = {p: p.read_bytes() for p in files_under(tmp_path)}
    names = sorted(os.listdir(tmp_path))
    result = run_pnp("build", str(spec), "--out", out, cwd=tmp_path)
    assert _one_line(result, 2) == f"pnp: {message}"
    assert sorted(os.listdir(tmp_path)) == names and {p: p.read_bytes() for p in files_under(tmp_path)} == before


def test_a_symlinked_name_folder_is_refused_and_its_target_untouched(tmp_path: Path):
    """The issue's case: OUT/NAME links to a folder elsewhere holding a file a build would remove."""
    spec = write_spec(tmp_path, ONE)
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "board-2.svg").write_text("someone's file")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x").symlink_to(target)
    result = run_pnp("build", str(spec), "--out", "out", cwd=tmp_path)
    assert _one_line(result, 2) == ("pnp: out/x is a symbolic link; pnp writes only into a real folder: "
                                    "remove the link or choose another --out")
    assert _snapshot(target) == {"board-2.svg": b"someone's file"}


def test_a_link_swapped_in_after_the_check_is_still_refused(tmp_path: Path):
    """The build opens OUT/NAME without following a link, whatever the check before saw."""
    from pnp.build import build_kit
    from pnp.writers.atomic import OutputPlaceError

    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x").symlink_to(target)
    with pytest.raises(OutputPlaceError, match="is a file or a symbolic link, not a folder"):
        build_kit(_kit(tmp_path, ONE), tmp_path / "out", ["svg"])
    assert list(target.iterdir()) == []


def test_the_worker_refuses_a_folder_replaced_during_the_build(tmp_path: Path):
    from pnp.writers.atomic import Folder, WriteError

    with Folder.create(tmp_path / "out" / "x") as folder:
        ref = folder.ref
    (tmp_path / "out" / "x").rename(tmp_path / "moved")
    (tmp_path / "out" / "x").symlink_to(tmp_path / "moved")
    with pytest.raises(WriteError, match="opening the folder"):
        Folder.reopen(ref)
    (tmp_path / "out" / "x").unlink()
    (tmp_path / "out" / "x").mkdir()
    with pytest.raises(WriteError, match="was replaced by another folder"):
        Folder.reopen(ref)


def _as_nobody():
    os.setgid(65534)
    os.setuid(65534)


def test_an_unwritable_out_names_the_folder(tmp_path: Path):
    """Run as an ordinary user (root writes anywhere): exit 2 naming the folder, never a traceback."""
    work = Path(tempfile.mkdtemp(prefix="pnp-ro-"))  # pytest's own folder is private to root
    try:
        work.chmod(0o755)
        spec = write_spec(work, ONE)
        spec.chmod(0o644)
        (work / "ro").mkdir(mode=0o555)
        (work / "ro").chmod(0o555)
        env = pnp_env()
        try:
            result = subprocess.run([sys.executable, "-m", "pnp", "build", str(spec), "--out", str(work / "ro")],
                                    cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                                    preexec_fn=_as_nobody if os.geteuid() == 0 else None)
        except PermissionError:
            pytest.skip("root here, and user nobody cannot run this Python")
        assert _one_line(result, 2) == f"pnp: --out {work / 'ro'}: cannot write in {work / 'ro'} (permission denied); choose another --out"
        assert list((work / "ro").iterdir()) == []
    finally:
        (work / "ro").chmod(0o755)
        for path in reversed(sorted(work.rglob("*"))):
            path.rmdir() if path.is_dir() else path.unlink()
        work.rmdir()


def test_an_unwritable_out_or_name_folder_is_refused_up_front(tmp_path: Path, monkeypatch):
    """The same check where root would write anyway: the folder's permission bits say no."""
    from pnp.writers.outdir import OutputPlaceError, check_out

    (tmp_path / "out" / "x").mkdir(parents=True)
    refused = {tmp_path / "out" / "x"}
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) not in refused)
    with pytest.raises(OutputPlaceError, match=f"^cannot write in {tmp_path / 'out' / 'x'} \\(permission denied\\)"):
        check_out(str(tmp_path / "out"), ["x"])
    refused = {tmp_path / "out"}
    for names in (["x", "y"], ["x"]):  # y is made in out; x is replaced by a folder staged in out
        with pytest.raises(OutputPlaceError, match=f"^--out {tmp_path / 'out'}: cannot write in {tmp_path / 'out'} "):
            check_out(str(tmp_path / "out"), names)
    refused = set()
    assert check_out(str(tmp_path / "out"), ["x"]) == tmp_path / "out"


def test_a_folder_that_cannot_be_made_names_it(tmp_path: Path, monkeypatch):
    """Past the check (root, a race): exit 1's error names the folder and says nothing changed."""
    from pnp.build import build_kit
    from pnp.writers.atomic import WriteError

    def refuse(path, *args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr(os, "mkdir", refuse)
    with pytest.raises(WriteError, match=f"^making the folder {tmp_path / 'out'} failed: Permission denied; nothing was changed$"):
        build_kit(_kit(tmp_path, ONE), tmp_path / "out")


# --- 2. links inside OUT/NAME are replaced or removed, never written through ---------------------------


def test_links_inside_the_folder_are_never_followed(tmp_path: Path):
    from pnp.build import build_kit

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.svg").write_text("keep me")
    (outside / "old-page.svg").write_text("keep me too")
    folder = tmp_path / "out" / "x"
    folder.mkdir(parents=True)
    (folder / "board.svg").symlink_to(outside / "precious.svg")      # a file pnp writes
    (folder / "pieces-3.svg").symlink_to(outside / "old-page.svg")   # a stale page pnp removes
    (folder / "pieces-4.svg").symlink_to(outside)                    # a stale page linking to a folder
    build_kit(_kit(tmp_path, TWO), tmp_path / "out", ["svg"])
    assert _snapshot(outside) == {"old-page.svg": b"keep me too", "precious.svg": b"keep me"}
    assert sorted(os.listdir(folder)) == ["board.svg", "pieces-1.svg", "pieces-2.svg"]
    assert not (folder / "board.svg").is_symlink() and (folder / "board.svg").read_bytes().startswith(b"<?xml")


# --- 3. stale pages: only names exactly as pnp writes them --------------------------------------------


@pytest.mark.parametrize("name, count, stale", [
    ("board-2.svg", 1, True), ("board-1.svg", 1, True), ("board.svg", 1, False),
    ("board.svg", 2, True), ("board-2.svg", 2, False), ("board-3.svg", 2, True), ("board-12.svg", 11, True),
    ("board-0.svg", 1, False), ("board-01.svg", 1, False), ("board-02.svg", 1, False), ("board-1.svg.bak", 1, False),
    ("board-extra.svg", 1, False), ("board-extra-2.svg", 1, False), ("boardx-2.svg", 1, False),
    ("board-2.pdf", 1, False), ("Board-2.svg", 1, False), ("board--2.svg", 1, False), ("board-+2.svg", 1, False),
])
def test_which_names_are_stale_pages(name: str, count: int, stale: bool):
    from pnp.writers.files import is_stale_page

    assert is_stale_page(name, "board", ".svg", count) is stale


def test_cleanup_removes_only_this_specs_stale_pages(tmp_path: Path):
    """From the issue: solitaire-0.svg, markers-01.svg and other assets' names survive; so does a folder."""
    from pnp.build import build_kit

    folder = tmp_path / "out" / "x"
    folder.mkdir(parents=True)
    theirs = ["solitaire-0.svg", "markers-01.svg", "board-extra.svg", "board-extra-2.svg", "board-0.svg",
              "board-01.svg", "solitaire-2.svg", "pieces-2.png", "notes.txt", "board-2.svg.bak"]
    for name in theirs:
        (folder / name).write_text("theirs")
    for name in ["board-2.svg", "board-1.svg", "board-2.pdf", "pieces.svg", "pieces-3.svg", "pieces-1.pdf"]:
        (folder / name).write_text("an earlier build's page")
    (folder / "pieces-9.svg").mkdir()  # not a file: left alone
    build_kit(_kit(tmp_path, TWO), tmp_path / "out", ["svg", "pdf"])
    assert sorted(os.listdir(folder)) == sorted(theirs + TWO_FILES + ["pieces-9.svg"])
    assert all((folder / name).read_text() == "theirs" for name in theirs)


def test_page_count_going_down_and_up(tmp_path: Path):
    from pnp.build import build_kit

    folder = tmp_path / "out" / "x"
    for text, names in [(TWO, TWO_FILES), (ONE, ONE_FILES), (TWO, TWO_FILES)]:
        built = build_kit(_kit(tmp_path, text), tmp_path / "out")
        assert sorted(os.listdir(folder)) == names
        assert sorted(p.name for p in built.files) == names


# --- 4. interrupted builds: temporaries removed, SIGTERM like SIGINT ------------------------------------


def test_the_next_build_removes_its_own_stale_temporaries_only(tmp_path: Path):
    from pnp.build import build_kit

    folder = tmp_path / "out" / "x"
    folder.mkdir(parents=True)
    (tmp_path / "outside.txt").write_text("keep")
    ours = [".board.svg.abcd1234.tmp", ".pieces-2.svg.zz_9zz99.tmp", ".board.pdf.00000000.tmp", ".pieces-7.pdf.q1w2e3r4.tmp"]
    theirs = [".markers.svg.abcd1234.tmp", ".board.svg.tmp", ".board.svg.ABCD1234.tmp", ".board.svg.abc.tmp",
              ".board-01.svg.abcd1234.tmp", ".notes.txt.abcd1234.tmp", "board.svg.abcd1234.tmp", ".board-extra.svg.abcd1234.tmp"]
    for name in ours[:-1] + theirs:
        (folder / name).write_text("left over")
    (folder / ours[-1]).symlink_to(tmp_path / "outside.txt")  # a link by that name: the link goes, not its target
    build_kit(_kit(tmp_path, ONE), tmp_path / "out", ["svg"])
    assert sorted(os.listdir(folder)) == sorted(theirs + ["board.svg", "pieces.svg"])
    assert (tmp_path / "outside.txt").read_text() == "keep"


# Run the real CLI in a subprocess whose staging pauses after each process's first temporary.
_PAUSED = """
import os, sys, time
from pnp.writers import atomic
write = atomic.Folder.write
def paused(self, name, data):
    write(self, name, data)
    open(os.path.join(os.environ["MARKS"], str(os.getpid())), "w").close()
    time.sleep(60)
atomic.Folder.write = paused
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""


def _start_paused(tmp_path: Path, spec: Path, out: Path, holders: int = 2) -> tuple[subprocess.Popen[str], Path]:
    """The build started and paused once `holders` of its processes hold a temporary (both; or 1, the worker, for a
    small kit it writes alone)."""
    marks = tmp_path / "marks"
    marks.mkdir()
    env = pnp_env(MARKS=str(marks))
    proc = subprocess.Popen([sys.executable, "-c", _PAUSED, "build", str(spec), "--out", str(out)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(list(marks.iterdir())) < holders:
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)
    return proc, marks


@pytest.mark.parametrize("whom", ["main process", "process group"])
@pytest.mark.parametrize("text,holders", [(BOTH, 2), (TWO, 1)], ids=["both hold files", "the worker alone"])
def test_sigterm_cleans_up_like_sigint(tmp_path: Path, whom: str, text: str, holders: int):
    out = tmp_path / "out"
    assert run_pnp("build", str(write_spec(tmp_path, ONE)), "--out", str(out)).returncode == 0
    before = _snapshot(out / "x")
    proc, marks = _start_paused(tmp_path, write_spec(tmp_path, text, "two.yaml"), out, holders)
    assert len(_staged(out)) == holders
    if holders == 1:
        assert [mark.name for mark in marks.iterdir()] != [str(proc.pid)], "the worker holds the file"
    if whom == "main process":
        os.kill(proc.pid, signal.SIGTERM)
    else:
        os.killpg(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err
    assert _snapshot(out / "x") == before, "an interrupted build changed the earlier files"
    assert sorted(os.listdir(out)) == ["x"], "the interrupted build left its stage behind"


def test_a_killed_builds_temporaries_go_with_the_next_build(tmp_path: Path):
    out = tmp_path / "out"
    spec = write_spec(tmp_path, BOTH)
    proc, _ = _start_paused(tmp_path, spec, out)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    assert len(_staged(out)) == 2, "the kill left no staged files: the test proves nothing"
    assert run_pnp("build", str(spec), "--out", str(out)).returncode == 0
    assert sorted(os.listdir(out / "x")) == BOTH_FILES
    assert sorted(os.listdir(out)) == ["x"], "the killed build's stage is still there"


# --- 5. concurrent builds of one folder --------------------------------------------------------------


def test_sixteen_concurrent_builds_with_changing_page_counts(tmp_path: Path):
    """Half the builds write two pieces pages, half one; each ends well and the folder holds one whole set."""
    specs = [write_spec(tmp_path, TWO, "two.yaml"), write_spec(tmp_path, ONE, "one.yaml")]
    refs = []
    for spec in specs:
        assert run_pnp("build", str(spec), "--out", str(tmp_path / spec.stem)).returncode == 0
        refs.append(_snapshot(tmp_path / spec.stem / "x"))
    out = tmp_path / "out"
    assert run_pnp("build", str(specs[0]), "--out", str(out)).returncode == 0
    env = pnp_env()
    procs = [subprocess.Popen([sys.executable, "-m", "pnp", "build", str(specs[i % 2]), "--out", str(out)], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(16)]
    results = [(proc.wait(timeout=300), proc.stderr.read()) for proc in procs]
    for proc in procs:
        proc.stdout.close()
        proc.stderr.close()
    assert [code for code, _ in results] == [0] * 16, [err for _, err in results if err]
    assert _snapshot(out / "x") in refs


def test_cleanup_tolerates_a_file_already_gone(tmp_path: Path):
    """Another process removed a file between listing and carrying it over: it is simply not kept."""
    from pnp.writers.swap import Replacement

    folder = tmp_path / "out" / "x"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    (folder / "gone.txt").write_text("old")
    with Replacement(folder) as replacement:
        listed = replacement.current.names()
        (folder / "gone.txt").unlink()
        replacement.current.names = lambda: listed  # the listing still shows it
        replacement.stage.write("board.svg", b"new")
        replacement.commit(["board.svg"], lambda name: False)
    assert _snapshot(folder) == {"board.svg": b"new", "notes.txt": b"mine"}


# --- 6. a full disk: the earlier set stays whole, the message names the file ------------------------------


def _disk_full_after(files: int):
    """An os.write that fails with ENOSPC on the first write to the (files + 1)th regular file."""
    real = os.write
    seen: list[int] = []

    def write(fd: int, data) -> int:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            key = os.fstat(fd).st_ino
            if key not in seen:
                seen.append(key)
            if len(seen) > files:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    return write


@pytest.mark.parametrize("files", range(5))
def test_disk_full_at_every_file_leaves_the_earlier_set(tmp_path: Path, monkeypatch, files: int):
    from pnp.build import build_kit
    from pnp.writers.atomic import WriteError

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, ONE), out)
    before = _snapshot(out / "x")
    monkeypatch.setattr(os, "write", _disk_full_after(files))
    with pytest.raises(WriteError) as caught:
        build_kit(_kit(tmp_path, TWO, "two.yaml"), out)
    monkeypatch.undo()
    assert _snapshot(out / "x") == before
    message = str(caught.value)
    assert message.startswith(f"no space left on the device while writing {out / 'x'}/") and message.endswith("; nothing was changed")
    assert message.split(" while writing ")[1].split(";")[0].rsplit("/", 1)[1] in TWO_FILES


def test_disk_full_in_the_worker_only(tmp_path: Path, monkeypatch):
    """The worker stages the SVGs: its failure comes back as the same error, and this process's PDFs go too."""
    from pnp.build import build_kit
    from pnp.parallel import start_worker
    from pnp.writers.atomic import WriteError

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, ONE), out)
    before = _snapshot(out / "x")
    parent, full = os.getpid(), _disk_full_after(0)
    monkeypatch.setattr(os, "write", lambda fd, data, real=os.write: (real if os.getpid() == parent else full)(fd, data))
    worker = start_worker(("pnp.writers.files",))
    try:
        with pytest.raises(WriteError, match=r"no space left on the device while writing .*/x/board\.svg; nothing was changed"):
            build_kit(_kit(tmp_path, TWO, "two.yaml"), out, ["svg", "pdf"], worker)
    finally:
        worker.close()
    assert _snapshot(out / "x") == before


def test_a_failing_worker_leaves_no_temporaries(tmp_path: Path, monkeypatch):
    """A bug in the worker's writer while this process wrote its PDFs: the PDFs' temporaries go too."""
    import pnp.writers as writers
    from pnp.build import build_kit
    from pnp.parallel import JobFailed, start_worker

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, ONE), out)
    before = _snapshot(out / "x")
    monkeypatch.setitem(writers.WRITERS, "svg", _Crash())
    worker = start_worker(("pnp.writers.files",))
    try:
        with pytest.raises(JobFailed, match="RuntimeError: crashed"):
            build_kit(_kit(tmp_path, TWO, "two.yaml"), out, ["svg", "pdf"], worker)
        assert worker.pending == 0
    finally:
        worker.close()
    assert _snapshot(out / "x") == before


class _Crash:
    name, extension, per_page, loaded = "svg", ".svg", True, True

    def render(self, doc):
        raise RuntimeError("crashed")


_FULL_DISK = """
import errno, os, stat, sys
real = os.write
def write(fd, data):
    if stat.S_ISREG(os.fstat(fd).st_mode) and os.fstat(fd).st_size + len(data) > 20000:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return real(fd, data)
os.write = write
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""


def test_disk_full_from_the_command_line(tmp_path: Path):
    out = tmp_path / "out"
    assert run_pnp("build", str(write_spec(tmp_path, ONE)), "--out", str(out)).returncode == 0
    before = _snapshot(out / "x")
    env = pnp_env()
    result = subprocess.run([sys.executable, "-c", _FULL_DISK, "build", str(write_spec(tmp_path, TWO, "two.yaml")),
                             "--out", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert _one_line(result, 1) == f"pnp: error: no space left on the device while writing {out / 'x' / 'board.pdf'}; nothing was changed"
    assert _snapshot(out / "x") == before


# --- 7. the environment and the umask ---------------------------------------------------------------------


@pytest.mark.parametrize("epoch", ["1700000000", "0", " 42 ", "not a number"])
def test_source_date_epoch_changes_no_byte(tmp_path: Path, monkeypatch, epoch: str):
    from pnp.writers.pdf import render

    kit = _kit(tmp_path, ONE)
    doc = kit.game.compose("board", kit.plan)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = render(doc)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    assert render(doc) == plain
    assert os.environ["SOURCE_DATE_EPOCH"] == epoch, "the variable is restored for everything else"


def test_source_date_epoch_through_the_command_line(tmp_path: Path):
    spec = write_spec(tmp_path, ONE)
    env = pnp_env(SOURCE_DATE_EPOCH="1234567890")
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(spec), "--out", str(tmp_path / "a")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "b")).returncode == 0
    assert _snapshot(tmp_path / "a" / "x") == _snapshot(tmp_path / "b" / "x")


@pytest.mark.parametrize("umask, file_mode, dir_mode", [(0o077, 0o600, 0o700), (0o022, 0o644, 0o755), (0o002, 0o664, 0o775)])
def test_files_respect_the_umask(tmp_path: Path, umask: int, file_mode: int, dir_mode: int):
    from pnp.build import build_kit

    kit = _kit(tmp_path, ONE)
    old = os.umask(umask)
    try:
        built = build_kit(kit, tmp_path / "out")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out" / "x").stat().st_mode) == dir_mode
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in built.files} == {oct(file_mode)}


def test_nothing_is_written_outside_out_name(tmp_path: Path):
    """A build next to other folders and files, with links pointing out: only OUT/NAME changes."""
    work = tmp_path / "work"
    (work / "out" / "other").mkdir(parents=True)
    (work / "out" / "other" / "board-2.svg").write_text("another spec's")
    (work / "out" / "stray.svg").write_text("stray")
    spec = write_spec(work, TWO)
    before = {p: p.read_bytes() for p in files_under(work)}
    result = run_pnp("build", str(spec), "--out", "out", cwd=work)
    assert result.returncode == 0, result.stderr
    after = {p: p.read_bytes() for p in files_under(work)}
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    assert changed == {work / "out" / "x" / name for name in TWO_FILES}
