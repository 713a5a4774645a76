"""A spec's set of files changes all at once or not at all, even when the build is killed mid-commit.

The build writes the new set into a stage folder beside OUT/NAME and exchanges the two folders in one step
(pnp/writers/swap.py). These tests stop a real build at each moment of that commit, kill it, and look at
OUT/NAME as any reader would: it must hold exactly the old set or exactly the new one.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, pnp_env, run_pnp, write_spec

# The same name, so both build into OUT/x; the second has two pieces pages instead of one.
OLD = "game: asterisk\nname: x\noutputs: [board, pieces]\nboard: {side: 8}\npieces: {size_mm: 28}\n"
NEW = "game: asterisk\nname: x\noutputs: [board, pieces]\nboard: {side: 8}\npieces: {size_mm: 40}\n"

# A real `pnp build` whose commit stops at POINT: marks the moment in MARK, then sleeps PAUSE seconds.
_PAUSED = """
import os, sys, time
from pnp.writers import swap
point, mark, pause = os.environ["POINT"], os.environ["MARK"], float(os.environ["PAUSE"])
def stop_here():
    open(mark, "w").close()
    time.sleep(pause)
link, exchange = swap._link, swap.exchange
def slow_link(*args):
    link(*args)
    if point == "carrying":
        stop_here()
def slow_exchange(*args):
    if point == "before exchange":
        stop_here()
    done = exchange(*args)
    if point == "after exchange":
        stop_here()
    return done
swap._link, swap.exchange = slow_link, slow_exchange
slow = os.replace
def slow_replace(*args, **kwargs):
    slow(*args, **kwargs)
    if point == "renaming":  # the issue's reproducer: every rename slowed
        stop_here()
os.replace = slow_replace
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""
POINTS = ["carrying", "before exchange", "after exchange", "renaming"]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() if p.is_file() else b"<folder>" for p in sorted(folder.iterdir())}


def _sets(tmp_path: Path) -> tuple[Path, Path, dict[str, bytes], dict[str, bytes]]:
    """OUT holding the old set (SVG and PDF); the new spec; the old and the new set as a reader sees them.
    The new build writes SVG only, so the old PDFs are carried over: the commit has work in every phase."""
    out, reference = tmp_path / "out", tmp_path / "reference"
    old_spec, new_spec = write_spec(tmp_path, OLD, "old.yaml"), write_spec(tmp_path, NEW, "new.yaml")
    for folder in (out, reference):
        assert run_pnp("build", str(old_spec), "--out", str(folder)).returncode == 0
    assert run_pnp("build", str(new_spec), "--out", str(reference), "-f", "svg").returncode == 0
    old, new = _snapshot(out / "x"), _snapshot(reference / "x")
    assert old != new and set(old) - set(new) and set(new) - set(old)
    return out, new_spec, old, new


def _start(tmp_path: Path, spec: Path, out: Path, point: str, pause: float) -> tuple[subprocess.Popen[str], Path]:
    mark = tmp_path / "mark"
    env = pnp_env(POINT=point, MARK=str(mark), PAUSE=str(pause))
    proc = subprocess.Popen([sys.executable, "-c", _PAUSED, "build", str(spec), "--out", str(out), "-f", "svg"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while not mark.exists():
        assert time.monotonic() < deadline, "the build never reached the point"
        if proc.poll() is not None:
            return proc, mark  # finished without passing the point (e.g. no rename on this path)
        time.sleep(0.01)
    return proc, mark


@pytest.mark.parametrize("point", POINTS)
def test_a_kill_at_any_moment_of_the_commit_leaves_one_whole_set(tmp_path: Path, point: str):
    out, spec, old, new = _sets(tmp_path)
    proc, _ = _start(tmp_path, spec, out, point, pause=60)
    finished = proc.poll() is not None  # "renaming": the commit renames no file one by one, so it never stops
    if not finished:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    seen = _snapshot(out / "x")
    assert seen in (old, new), f"killed while {point}: a mix of {sorted(seen)}"
    assert seen == (new if point in ("after exchange", "renaming") else old)
    assert finished == (point == "renaming") and (not finished or proc.returncode == 0)
    assert run_pnp("build", str(spec), "--out", str(out), "-f", "svg").returncode == 0
    assert _snapshot(out / "x") == new and sorted(os.listdir(out)) == ["x"], "the next build did not tidy up"


def test_sigterm_during_the_commit_waits_for_it(tmp_path: Path):
    """SIGTERM that lands while files are being carried over: the commit ends whole, then the build exits 143."""
    out, spec, old, new = _sets(tmp_path)
    proc, _ = _start(tmp_path, spec, out, "carrying", pause=1.0)
    assert proc.poll() is None
    os.kill(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err
    assert _snapshot(out / "x") == new
    assert sorted(os.listdir(out)) == ["x"], "the stage or the old set was left behind"


def _kit(tmp_path: Path, text: str, name: str):
    from pnp.spec import read_kit

    return read_kit(write_spec(tmp_path, text, name))


def _two_builds(tmp_path: Path) -> tuple[Path, dict[str, bytes], int]:
    """Build the old set, add a folder of the user's, then build the new set in SVG only, in process:
    OUT, the user's folder as it was, and the inode of the old board.pdf."""
    from pnp.build import build_kit

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, OLD, "old.yaml"), out)
    (out / "x" / "notes").mkdir()
    (out / "x" / "notes" / "mine.txt").write_text("mine")
    before, inode = _snapshot(out / "x" / "notes"), os.stat(out / "x" / "board.pdf").st_ino
    build_kit(_kit(tmp_path, NEW, "new.yaml"), out, ["svg"])
    return out, before, inode


def test_what_the_build_does_not_write_is_kept(tmp_path: Path):
    """The other format's files (the same inodes: linked, not copied) and the user's own folder come through."""
    out, notes, inode = _two_builds(tmp_path)
    assert sorted(os.listdir(out / "x")) == ["board.pdf", "board.svg", "notes", "pieces-1.svg", "pieces-2.svg", "pieces.pdf"]
    assert _snapshot(out / "x" / "notes") == notes
    assert os.stat(out / "x" / "board.pdf").st_ino == inode
    assert sorted(os.listdir(out)) == ["x"]


@pytest.mark.parametrize("code", [errno.EPERM, errno.EMLINK])
def test_where_hard_links_are_refused_kept_files_are_copied(tmp_path: Path, monkeypatch, code: int):
    """A file system without hard links (EPERM: FAT) or a file with too many (EMLINK): kept files are copied.
    (EXDEV, a link across a mount, is refused instead: tests/test_no_file_lost.py.)"""
    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    from pnp.build import build_kit

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, OLD, "old.yaml"), out)
    pdfs = {name: (out / "x" / name).read_bytes() for name in ("board.pdf", "pieces.pdf")}
    monkeypatch.setattr(os, "link", refuse)
    build_kit(_kit(tmp_path, NEW, "new.yaml"), out, ["svg"])
    assert {name: (out / "x" / name).read_bytes() for name in pdfs} == pdfs
    assert sorted(os.listdir(out / "x")) == ["board.pdf", "board.svg", "pieces-1.svg", "pieces-2.svg", "pieces.pdf"]


def test_without_the_exchange_files_are_renamed_one_by_one(tmp_path: Path, monkeypatch):
    """A system or file system with no atomic exchange still gets the right set (only not atomically)."""
    from pnp.writers import renames

    monkeypatch.setattr(renames, "_RENAMEAT2", None)
    first, notes, _ = _two_builds(tmp_path)
    monkeypatch.undo()
    (tmp_path / "again").mkdir()
    second, _, _ = _two_builds(tmp_path / "again")
    assert _snapshot(first / "x") == _snapshot(second / "x")
    assert _snapshot(first / "x" / "notes") == notes and sorted(os.listdir(first)) == ["x"]


def test_the_folder_keeps_its_mode(tmp_path: Path):
    from pnp.build import build_kit

    out = tmp_path / "out"
    build_kit(_kit(tmp_path, OLD, "old.yaml"), out)
    (out / "x").chmod(0o750)
    build_kit(_kit(tmp_path, NEW, "new.yaml"), out)
    assert stat.S_IMODE(os.stat(out / "x").st_mode) == 0o750


def test_a_build_that_waited_locks_the_folder_that_replaced_its_own(tmp_path: Path):
    """The lock is on OUT/NAME, which every commit replaces: the waiter must not build into the old one."""
    from pnp.writers.swap import Replacement

    target = tmp_path / "out" / "x"
    with Replacement(target) as first:
        first.stage.write("a.txt", b"first")
        first.commit(["a.txt"], lambda name: False)
    with Replacement(target) as second:
        assert second.current.ref.inode == os.stat(target).st_ino
        second.stage.write("a.txt", b"second")
        second.commit(["a.txt"], lambda name: False)
    assert _snapshot(target) == {"a.txt": b"second"}


@pytest.mark.parametrize("made_by_user", [False, True])
def test_a_first_build_that_fails_leaves_no_folder_of_its_own(tmp_path: Path, monkeypatch, made_by_user: bool):
    """A full disk on the very first build: OUT/NAME goes again, unless it was there (empty) before."""
    from pnp.build import build_kit
    from pnp.writers.atomic import WriteError

    def full(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    out = tmp_path / "out"
    if made_by_user:
        (out / "x").mkdir(parents=True)
    kit = _kit(tmp_path, OLD, "old.yaml")
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(WriteError, match="no space left on the device"):
        build_kit(kit, out, ["svg"])
    monkeypatch.undo()
    assert sorted(os.listdir(out)) == (["x"] if made_by_user else [])


@pytest.fixture
def slow_fsync(monkeypatch):
    """os.fsync as a slow disk's for pages (100 ms): the (device, inode) of each file flushed, and the most at once."""
    import threading

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("tells a page's descriptor by its name in /proc")
    record = {"synced": set(), "now": 0, "most": 0}
    real, lock = os.fsync, threading.Lock()

    def fsync(fd: int) -> None:
        with lock:
            record["now"] += 1
            record["most"] = max(record["most"], record["now"])
        if os.readlink(f"/proc/self/fd/{fd}").endswith((".pdf", ".svg")):
            time.sleep(0.1)   # a page, not the journal or a folder: slower than the rest of the commit
        real(fd)
        info = os.fstat(fd)
        with lock:
            record["synced"].add((info.st_dev, info.st_ino))
            record["now"] -= 1

    monkeypatch.setattr(os, "fsync", fsync)
    return record


def _files(folder: int) -> list[os.stat_result]:
    return [os.stat(name, dir_fd=folder) for name in os.listdir(folder)]


def test_every_staged_file_is_on_disk_before_the_exchange_though_flushed_side_by_side(tmp_path: Path, monkeypatch,
                                                                                      slow_fsync):
    """Staged files are flushed by threads while the build goes on (pnp/writers/flush.py): the flushes overlap,
    and the exchange still comes only once each staged file was fsynced."""
    import _thread

    from pnp.build import build_kit
    from pnp.spec import read_kit
    from pnp.writers import swap

    real_exchange, seen = swap.exchange, []

    def exchange(parent: int, stage: str, *args):
        fd = os.open(stage, os.O_RDONLY | os.O_DIRECTORY, dir_fd=parent)
        try:
            seen.extend((info.st_dev, info.st_ino) for info in _files(fd))
        finally:
            os.close(fd)
        assert seen and set(seen) <= slow_fsync["synced"], "a staged file not on disk at the exchange"
        return real_exchange(parent, stage, *args)

    monkeypatch.setattr(swap, "exchange", exchange)
    spec = write_spec(tmp_path, "game: asterisk\nname: x\nboard: {side: 8}\n")
    kit = read_kit(spec)
    before = _thread._count()   # flush.py starts its threads with _thread: threading.enumerate() never lists them
    build_kit(kit, tmp_path / "out", ["pdf"])
    assert len(seen) == 8 and slow_fsync["most"] > 1, "the flushes ran one after another"
    ended = time.monotonic() + 1.0   # a thread's state goes a moment after it lets the stage go: poll for that
    while _thread._count() > before and time.monotonic() < ended:
        time.sleep(0.001)
    assert _thread._count() == before, "a flushing thread outlived the build"


def test_a_file_the_worker_could_not_flush_is_its_error(tmp_path: Path, monkeypatch):
    """`stage_format_at` (what the build's worker runs) hands back its files only once they are on disk: one
    that could not be flushed is a WriteError naming it, which the build raises (nothing is committed)."""
    from pnp.scene import Document, Page
    from pnp.writers import WRITERS
    from pnp.writers.atomic import Folder, WriteError
    from pnp.writers.files import stage_format_at

    def fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)
    docs = [(f"page{n}", Document(f"page{n}", "A page", (Page(50, 50, ()),))) for n in range(3)]
    with Folder.create(tmp_path / "stage") as stage:
        with pytest.raises(WriteError, match=r"writing .*page0\.svg failed: Input/output error"):
            stage_format_at(stage.ref, docs, WRITERS["svg"])
