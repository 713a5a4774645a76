"""`pnp watch`'s helper (pnp/watch/helper.py): the worker kept from round to round, forked from the warm watch,
that lays out the rule booklet and writes the SVGs while the watch draws the rest. Its builds write the bytes a
build alone writes and fail with the error a build alone meets; one killed from outside is replaced; a saved
font or template is forgotten by it too; and Ctrl-C, whenever it comes, ends the watch with nothing left running."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import PNP_COMMAND, pnp_env, write_spec
from test_stones_own_game import DEFINITION
from watching import ARMED, WAIT_S, contents, save, wait_for

from pnp.build import build_kit
from pnp.spec import SpecError, read_kit
from pnp.watch.helper import Helper
from pnp.watch.session import Session

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not Path("/proc/self/stat").exists(),
                                reason="the helper is a forked process; its children are read from /proc")

KIT = "game: asterisk\nname: watched\nboard: {side: 8}\n"   # every output: board to booklets, cards and kit.pdf
RULES = "# The game\n\nPlay on a board of side {{ side }}.\n"


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture
def helper():
    helper = Helper()
    try:
        yield helper
    finally:
        helper.stop()


# --- a build with the helper, in this process ---------------------------------------------------------------------

def test_a_kit_built_with_the_helper_is_the_kit_built_alone_and_the_helper_stays(tmp_path: Path, helper: Helper):
    spec = write_spec(tmp_path, KIT)
    build_kit(read_kit(spec), tmp_path / "alone")
    helper.start()
    pid = helper.worker.pid
    for title in ("One", "Two"):
        write_spec(tmp_path, KIT + f"title: {title}\n")
        build_kit(read_kit(spec), tmp_path / "alone")
        build_kit(read_kit(spec), tmp_path / "helped", None, helper)
        built = contents(tmp_path / "helped" / "watched")
        assert built == contents(tmp_path / "alone" / "watched")
        assert {"rules.pdf", "rules-booklet.pdf", "board.svg", "kit.pdf"} <= set(built)
        assert title.encode() in built["board.svg"]
        assert helper.worker.pid == pid and helper.pending == 0, "one helper, kept from build to build"
    helper.stop()
    assert helper.worker is None and not alive(pid), "stopped: killed and reaped"


def test_a_template_error_in_the_helper_is_the_error_a_build_alone_meets(tmp_path: Path, helper: Helper):
    (tmp_path / "three.yaml").write_text(DEFINITION + "rules: rules.md\n", encoding="utf-8")
    (tmp_path / "rules.md").write_text(RULES.replace("{{ side }}", "{{ side }"), encoding="utf-8")
    spec = write_spec(tmp_path, "game: ./three.yaml\nname: watched\nboard: {side: 7}\n")
    errors = []
    for worker in (None, helper):
        with pytest.raises(SpecError) as caught:
            build_kit(read_kit(spec), tmp_path / "out", None, worker)
        errors.append(str(caught.value))
    assert errors[0] == errors[1] and "rules.md" in errors[0], errors
    assert helper.pending == 0 and not (tmp_path / "out" / "watched").exists()


def test_a_helper_killed_from_outside_is_replaced(tmp_path: Path, helper: Helper):
    spec = write_spec(tmp_path, KIT)
    helper.start()
    killed = helper.worker.pid
    os.kill(killed, signal.SIGKILL)
    wait_for(lambda: not alive(killed), "the helper's end")
    build_kit(read_kit(spec), tmp_path / "helped", None, helper)
    build_kit(read_kit(spec), tmp_path / "alone")
    assert contents(tmp_path / "helped" / "watched") == contents(tmp_path / "alone" / "watched")
    assert helper.worker is not None and helper.worker.pid != killed


def test_a_file_the_helper_cannot_write_is_the_builds_error_and_the_helper_stays(tmp_path: Path, helper: Helper,
                                                                                 monkeypatch: pytest.MonkeyPatch):
    from pnp.writers.atomic import WriteError

    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    spec = write_spec(tmp_path, KIT)
    monkeypatch.setattr(os, "fsync", fsync)
    helper.start()   # forked with a disk that takes no SVG; this process's disk is whole again
    monkeypatch.undo()
    with pytest.raises(WriteError, match=r"no space left on the device while writing .*watched/board\.svg"):
        build_kit(read_kit(spec), tmp_path / "out", None, helper)
    assert not (tmp_path / "out" / "watched").exists(), "nothing written"
    assert helper.worker is not None and alive(helper.worker.pid), "the helper goes on"


def booklets_kept() -> int:
    """A job for the helper: how many laid-out booklets its process keeps."""
    from pnp.booklet import kit

    return len(kit._last)


def test_the_helper_forgets_what_it_read_in_its_own_process_and_is_not_forked_again(tmp_path: Path, helper: Helper):
    """A saved template or font: the helper clears what it read, as the watch does, and stays the same process
    (forking again would copy the watch's threads' locks: the watcher's, a preview's server)."""
    spec = write_spec(tmp_path, KIT)
    build_kit(read_kit(spec), tmp_path / "out", None, helper)   # its booklet laid out in the helper
    pid = helper.worker.pid
    helper.submit(booklets_kept)
    assert helper.result() >= 1
    helper.forget()
    helper.submit(booklets_kept)
    assert helper.result() == 0
    assert helper.worker.pid == pid and alive(pid)


def test_a_saved_font_or_template_is_forgotten_by_the_helper_and_a_saved_spec_is_not(tmp_path: Path):
    """It read the old file: it forgets it, as the watch does; a spec is read afresh every round anyway."""
    spec = write_spec(tmp_path, KIT + "style: {font: mine.ttf}\n")
    worker = SimpleNamespace(forgot=0)
    worker.forget = lambda: setattr(worker, "forgot", worker.forgot + 1)
    session = Session([spec], lambda path: (_ for _ in ()).throw(AssertionError("not built here")), None,
                      lambda text, error: None, forget=lambda: None, worker=worker)
    session.inputs[spec] = (spec, tmp_path / "mine.ttf")
    session._round = lambda specs, worker: None
    session.run([spec])
    assert worker.forgot == 0
    session.run([tmp_path / "mine.ttf"])
    assert worker.forgot == 1


# --- the command, in a process ----------------------------------------------------------------------------------

class Terminal:
    """`pnp watch` in a process group of its own, as a shell runs a command: Ctrl-C reaches every process in it."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.log = folder / "stderr"
        with open(self.log, "w") as err:
            self.process = subprocess.Popen([*PNP_COMMAND, "watch", *args], cwd=folder, env=pnp_env(), stderr=err,
                                            stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True,
                                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    @property
    def stderr(self) -> str:
        return self.log.read_text(encoding="utf-8")

    def ctrl_c(self) -> int:
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=WAIT_S)

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@pytest.mark.parametrize("after_s", [0.0, 0.03, 0.08])
def test_ctrl_c_in_the_middle_of_a_round_ends_the_watch_and_its_helper(tmp_path: Path, after_s: float):
    spec = write_spec(tmp_path, KIT, "watched.yaml")
    watching = Terminal(tmp_path, spec.name, "--out", "out")
    try:
        wait_for(lambda: ARMED in watching.stderr, "the watch armed")
        (helper,) = children(watching.process.pid)
        save(spec, KIT + "title: Saved\n")
        time.sleep(after_s)
        assert watching.ctrl_c() == 0, watching.stderr
        assert watching.stderr.endswith("pnp watch: stopped\n") and "Traceback" not in watching.stderr
        wait_for(lambda: not alive(helper), "the helper's end")
        assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["watched"], "no stage folder or journal left"
    finally:
        watching.close()


def test_saves_answered_with_one_helper_and_the_bytes_pnp_build_writes(tmp_path: Path):
    spec = write_spec(tmp_path, KIT, "watched.yaml")
    watching = Terminal(tmp_path, spec.name, "--out", "out")
    try:
        wait_for(lambda: ARMED in watching.stderr, "the watch armed")
        (helper,) = children(watching.process.pid)
        folder = tmp_path / "out" / "watched"
        for rounds, title in enumerate(("First", "Second"), start=2):
            save(spec, KIT + f"title: {title}\n")
            wait_for(lambda: watching.stderr.count("files in out/watched") == rounds, f"the {title} save built")
            assert title in (folder / "board.svg").read_text()
            done = subprocess.run([*PNP_COMMAND, "build", spec.name, "--out", "alone", "-q"], cwd=tmp_path,
                                  env=pnp_env(), capture_output=True, timeout=WAIT_S)
            assert done.returncode == 0, done.stderr
            assert contents(folder) == contents(tmp_path / "alone" / "watched")
            assert children(watching.process.pid) == [helper], "the same helper, kept"
        assert watching.ctrl_c() == 0
        assert not alive(helper)
    finally:
        watching.close()
