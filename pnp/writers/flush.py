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

import _thread
import os
import threading
from collections import deque

TOGETHER = 8          # threads flushing at once
OPEN_AT_MOST = 64     # files written and not yet flushed: a writer waits for the oldest beyond this (descriptors)


class _Flush:
    """One file's flush: `done` once its descriptor is flushed and closed; `error`, what failed."""

    def __init__(self, name: str, fd: int) -> None:
        self.name, self.fd, self.error, self.done = name, fd, None, threading.Event()

    def run(self) -> None:
        try:
            os.fsync(self.fd)
        except OSError as exc:
            self.error = exc
        finally:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.done.set()


class Flushing:
    """The files of one folder being flushed, by up to TOGETHER threads of its own. A thread waits for more files
    until `wait`, which waits until they have all ended: no thread outlives a stage, so a process forked later (pnp
    watch's helper) is forked from a process with no thread of pnp's running. A new thread starts only when every
    thread is busy, and with `_thread.start_new_thread`, the standard library's own primitive, which does not wait
    for the new thread to run as `threading.Thread.start` does (a millisecond or more each time while both cores
    build: a tenth of a second over the shipped configs)."""

    def __init__(self) -> None:
        self._files: list[_Flush] = []
        self._queued: deque[_Flush] = deque()
        self._threads = 0     # running
        self._spare = 0        # threads waiting for a file
        self._closing = False
        self._more = threading.Condition(threading.Lock())

    def add(self, name: str, fd: int) -> None:
        """Flush and close `fd` (the new file `name`) beside the caller."""
        if len(self._files) >= OPEN_AT_MOST:
            self._files[-OPEN_AT_MOST].done.wait()   # at most OPEN_AT_MOST descriptors open
        flush = _Flush(name, fd)
        self._files.append(flush)
        with self._more:
            self._queued.append(flush)
            if self._spare:
                self._more.notify()   # a woken thread takes files until none is left
            elif self._threads < TOGETHER:
                self._threads += 1
                _thread.start_new_thread(self._flushing, ())

    def _flushing(self) -> None:
        try:
            while True:
                with self._more:
                    while not self._queued and not self._closing:
                        self._spare += 1
                        try:
                            self._more.wait()
                        finally:
                            self._spare -= 1
                    if not self._queued:
                        return
                    flush = self._queued.popleft()
                flush.run()
        finally:
            with self._more:
                self._threads -= 1
                self._more.notify_all()

    def wait(self) -> tuple[str, OSError] | None:
        """Wait for every flush and its threads; the first file that failed, with its error, or None. Each file
        is closed."""
        files, self._files = self._files, []
        for flush in files:
            flush.done.wait()
        with self._more:
            self._closing = True
            self._more.notify_all()
            while self._threads:
                self._more.wait()
            self._closing = False
        failed = next((flush for flush in files if flush.error is not None), None)
        return (failed.name, failed.error) if failed is not None else None
