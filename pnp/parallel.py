"""A helper process on the machine's other core, started early and warmed up.

A build writes SVG and PDF from the same composed pages, and neither needs the
other. A small build spends most of its writing time importing svgwrite and
reportlab, so the CLI forks a worker as it starts: the worker imports the
writers while this process reads, checks and plans the specs, then renders
whatever pages it is sent: every format of a small kit, the SVGs of a larger one
while this process writes the PDFs (pnp/build.py). A build of several specs
shares them with it instead, reading included (pnp/shared.py). Work goes over pipes as pickles (the
worker reads them off its pipe on a thread, so sending never waits for it to
finish what it is doing); a job's error comes back and is raised here. Where fork is missing (Windows), there is
no worker and everything runs in this process. An error a job raises comes
back as JobFailed (`kind: message`), or as itself when its class says
`reraise_in_parent = True` (pnp's own errors, already worded for the user).
"""

from __future__ import annotations

import importlib
import os
import pickle
import queue
import signal
import struct
import threading
from collections.abc import Callable, Iterable
from typing import Any

_SIZE = struct.Struct("!Q")


class JobFailed(Exception):
    """A job in the worker raised; carries the worker's error as `kind: message`."""


class Worker:
    """A forked process that imports `warm` modules at once (running a module's own `warm()`, where it has one)
    and then runs jobs in order."""

    def __init__(self, warm: tuple[str, ...]) -> None:
        down_r, self._down = os.pipe()
        self._up, up_w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self._down)
            os.close(self._up)
            _serve(warm, down_r, up_w)  # never returns
        os.close(down_r)
        os.close(up_w)
        self.pending = 0

    def submit(self, job: Callable[..., Any], *args: Any) -> None:
        """Send a job; its result is read, in order, by `result`. A send cut short (Ctrl-C in the middle of a
        large one) stops the worker: it would wait for the rest of the message, and this process for its reply."""
        message = pickle.dumps((job, args))
        try:
            _send(self._down, message)
        except BaseException:
            self.stop()
            raise
        self.pending += 1

    def result(self) -> Any:
        """The next job's result, or its error raised (as JobFailed, or as itself)."""
        kind, value = pickle.loads(_receive(self._up))
        self.pending -= 1  # only once the reply is in: an interrupted wait leaves the job pending
        if kind == "error":
            raise JobFailed(value)
        if kind == "raise":
            raise value
        return value

    def ready(self) -> bool:
        """Whether the next result is already in (reading it will not wait)."""
        import select

        return bool(self.pending) and bool(select.select([self._up], [], [], 0)[0])

    def stop(self) -> None:
        """Kill the worker now and reap it: after a failure here, nothing it still does is wanted."""
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            self._reap()

    def close(self) -> None:
        """Tell the worker to stop and wait for it (also after an error here)."""
        if not self.pid:
            return
        try:
            _send(self._down, b"")
        except OSError:
            pass
        self._reap()

    def _reap(self) -> None:
        pid, self.pid, self.pending = self.pid, 0, 0   # once only, even where an interrupt cuts the wait short
        os.close(self._down)
        os.close(self._up)
        os.waitpid(pid, 0)


def start_worker(warm: tuple[str, ...]) -> Worker | None:
    """A warmed-up worker, or None where this platform cannot fork."""
    return Worker(warm) if hasattr(os, "fork") else None


def warm_up(modules: Iterable[str]) -> None:
    """Import `modules`, running each one's own `warm()` where it has one (what its first use does first: the PDF
    writer reads Vera), as a worker starts. Only a head start: what fails here is left to the job that needs it,
    which meets the same error and reports it as that job's."""
    for name in modules:
        try:
            module = importlib.import_module(name)
            if hasattr(module, "warm"):
                module.warm()
        except Exception:  # noqa: BLE001 - said by the job that needs the module, in the words of its error
            continue


def exit_on_sigterm() -> None:
    """Make SIGTERM unwind like Ctrl-C (temporaries removed on the way), exiting 143; the worker inherits it."""
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _serve(warm: tuple[str, ...], down: int, up: int) -> None:
    """The worker's life: import, then run each job sent until told to stop; leave without exit handlers."""
    code = 0
    try:
        warm_up(warm)
        inbox = _drain(down)
        while message := inbox.get():
            if isinstance(message, BaseException):
                raise message
            job, args = pickle.loads(message)
            try:
                reply = ("ok", job(*args))
            except Exception as exc:  # noqa: BLE001 - reported to the parent, which decides
                plain = getattr(exc, "reraise_in_parent", False)
                reply = ("raise", exc) if plain else ("error", f"{type(exc).__name__}: {exc}")
            _send(up, pickle.dumps(reply))
    except BaseException:  # noqa: BLE001 - the parent went away or interrupted; nothing to report to
        code = 1
    os._exit(code)


def _drain(down: int) -> "queue.SimpleQueue[bytes | BaseException]":
    """The jobs sent, read off the pipe by a thread as they come, so that sending one never waits for the worker
    to finish the one before (a pipe holds 64 KB; one kit can be more). Ends with the empty stop message, or
    with the error that ended the reading (the parent gone)."""
    inbox: queue.SimpleQueue[bytes | BaseException] = queue.SimpleQueue()

    def read() -> None:
        try:
            while message := _receive(down):
                inbox.put(message)
            inbox.put(b"")
        except BaseException as exc:  # noqa: BLE001 - handed to the worker's loop, which ends on it
            inbox.put(exc)

    threading.Thread(target=read, daemon=True).start()
    return inbox


def _send(fd: int, payload: bytes) -> None:
    data = _SIZE.pack(len(payload)) + payload
    while data:
        data = data[os.write(fd, data):]


def _receive(fd: int) -> bytes:
    (size,) = _SIZE.unpack(_read_exactly(fd, _SIZE.size))
    return _read_exactly(fd, size)


def _read_exactly(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError("the other process closed the pipe")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
