"""Files flushed to disk together: a build's staged files are each fsynced before the stage is swapped in, but
side by side rather than one after another.

A file system commits its journal for an fsync; fsyncs that wait at the same time share one commit, while one
after another each waits for its own (15 new files of 60 kB: about 50 ms one by one on the project's machine,
3 to 8 ms together). So `Folder.write` (pnp/writers/atomic.py) writes a file's bytes and hands the descriptor to
a few threads that flush and close it, while the build goes on drawing; the stage waits for them all before it
is committed (pnp/writers/swap.py) or handed back by the worker (pnp/writers/files.py). Every file is on disk
before the exchange, as before: only the waiting overlaps.
"""

from __future__ import annotations

import os
import threading

TOGETHER = 8          # threads flushing at once
OPEN_AT_MOST = 64     # files written and not yet flushed: a writer waits for the oldest beyond this (descriptors)


class _Flush:
    """One file's flush: `done` once its descriptor is flushed and closed; `error`, what failed."""

    def __init__(self, fd: int) -> None:
        self.fd, self.error, self.done = fd, None, threading.Event()


def _flushing(jobs) -> None:
    """A flushing thread's life: each file handed over flushed and closed, for good (a daemon)."""
    while True:
        flush = jobs.get()
        try:
            os.fsync(flush.fd)
        except OSError as exc:
            flush.error = exc
        finally:
            try:
                os.close(flush.fd)
            except OSError:
                pass
            flush.done.set()


_jobs: tuple[int, object] | None = None
_started = threading.Lock()


def _handed(flush: _Flush) -> None:
    """Hand a flush to this process's threads, started on first use (a forked worker starts its own: a fork
    copies no thread). Plain threads and a queue, not concurrent.futures, which a build would import for it."""
    global _jobs
    with _started:
        if _jobs is None or _jobs[0] != os.getpid():
            from queue import SimpleQueue

            jobs: SimpleQueue[_Flush] = SimpleQueue()
            for _ in range(TOGETHER):
                threading.Thread(target=_flushing, args=(jobs,), name="pnp-flush", daemon=True).start()
            _jobs = (os.getpid(), jobs)
    _jobs[1].put(flush)  # type: ignore[attr-defined]


class Flushing:
    """The files of one folder being flushed: (name, its flush)."""

    def __init__(self) -> None:
        self._files: list[tuple[str, _Flush]] = []

    def add(self, name: str, fd: int) -> None:
        """Flush and close `fd` (the new file `name`) beside the caller."""
        if len(self._files) >= OPEN_AT_MOST:
            self._files[-OPEN_AT_MOST][1].done.wait()   # at most OPEN_AT_MOST descriptors open
        flush = _Flush(fd)
        _handed(flush)
        self._files.append((name, flush))

    def wait(self) -> tuple[str, OSError] | None:
        """Wait for every flush; the first file that failed, with its error, or None. Each file is closed."""
        files, self._files = self._files, []
        failed = None
        for name, flush in files:
            flush.done.wait()
            if flush.error is not None and failed is None:
                failed = (name, flush.error)
        return failed
