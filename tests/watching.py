"""`pnp watch` and `pnp preview --watch` run as a user runs them: a process of their own, saves made as editors
make them, what the process says read from its stderr as it comes."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from conftest import PNP_COMMAND, pnp_env

WAIT_S = 60       # the longest a test waits for a build (two busy cores); a save is answered in well under a second
ARMED = "pnp watch: watching"


class Watching:
    """`python -m pnp ARGS` started in `folder`: its stdout and stderr go to files there, read as they grow."""

    def __init__(self, folder: Path, *args: str) -> None:
        logs = folder / "logs"   # a folder of their own: the watch watches `folder`, not inside its subfolders
        logs.mkdir(exist_ok=True)
        self.folder = folder
        self.err_file, self.out_file = logs / "stderr", logs / "stdout"
        with open(self.err_file, "w") as err, open(self.out_file, "w") as out:
            self.process = subprocess.Popen([*PNP_COMMAND, *args], cwd=folder, env=pnp_env(), stdout=out, stderr=err,
                                            stdin=subprocess.DEVNULL)
        self.read = 0   # how much of stderr `said` has looked at

    @property
    def stderr(self) -> str:
        return self.err_file.read_text(encoding="utf-8")

    @property
    def stdout(self) -> str:
        return self.out_file.read_text(encoding="utf-8")

    def said(self, text: str) -> str:
        """Wait until stderr, past what earlier calls read, holds `text`; that part of stderr."""
        def found() -> tuple[str, int] | None:
            err = self.stderr
            at = err.find(text, self.read)
            return (err, at + len(text)) if at >= 0 else None

        err, end = wait_for(found, f"{text!r} on stderr", self)
        start, self.read = self.read, end
        return err[start:end]

    def stop(self, how: int = signal.SIGINT) -> int:
        """Send the signal; the exit status."""
        self.process.send_signal(how)
        return self.process.wait(timeout=WAIT_S)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def wait_for(check: Callable[[], object], what: str, watching: Watching | None = None):
    """What `check` returns once it is true, looked at every 10 ms; fails after WAIT_S (or when the process ended)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        if watching is not None and watching.process.poll() is not None:
            raise AssertionError(f"pnp ended ({watching.process.returncode}) before {what}:\n{watching.stderr}")
        time.sleep(0.01)
    raise AssertionError(f"no {what} in {WAIT_S} s" + (f":\n{watching.stderr}" if watching else ""))


def save(path: Path, text: str) -> None:
    """Save as most editors do: the new text written beside the file, then renamed over it."""
    temporary = path.with_name(f".{path.name}.swp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def identities(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file's inode and modification time: a file rewritten, or a folder replaced, shows here."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
