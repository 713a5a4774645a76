"""The other core for a watch's saves: one worker process (pnp/parallel.py) kept from round to round.

After the first round the watching process has everything it read and drew loaded; the helper is forked from it
then, so it starts as warm, imports the formats' writers (which the first round may have left to its worker),
and stays: a round sends it the kit (a pickle of a few tens of KB) and it lays out the rule booklet and writes
the SVGs (every format of a small kit this process has no writer loaded for) while this process draws and renders
the rest (pnp/build.py). Forking
afresh for every round would copy most of both processes' memory page by page each time; one kept worker
copies it once. When a font, a game definition or a template is saved, the helper forgets what it read of them,
as the watching process does, so it never knows older files than the watch; it is forked once, before the watch
starts its threads, and again only when one was killed from outside.

It ignores Ctrl-C, which a terminal sends to the whole process group: the watch alone decides. Every way out
(an error in a round, Ctrl-C, SIGTERM, the watch ending) goes through `stop`, which kills it with SIGKILL and
reaps it, so a watch never waits for it to end nor leaves it behind; on Linux it is killed with the watch even
when the watch is killed outright. A helper that is gone (killed from outside) is replaced at the next job.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import Any

from pnp.parallel import JobFailed, Worker

# Assets the build lays out in the helper while this process draws the others (pnp/build.py's `_composed`): the
# rule booklet, the longest single thing in a kit to lay out, which needs nothing another asset draws.
COMPOSES = ("rules", "rules-booklet")
ENDING = (signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []))   # kill the helper outright
PR_SET_PDEATHSIG = 1   # prctl(2): the signal a process is sent when its parent dies


class Helper:
    """The build's worker for a watch's rounds (Worker's interface), started when first wanted."""

    composes = COMPOSES

    def __init__(self, warm: tuple[str, ...] = ()) -> None:
        self.worker: Worker | None = None
        self.warm = warm   # the writers' modules, imported as it starts (with the signals still held)

    @property
    def pending(self) -> int:
        return self.worker.pending if self.worker is not None else 0

    def start(self) -> None:
        """Fork the helper now (the watch calls it after its first round, as it begins to watch)."""
        if self.worker is None:
            from pnp.writers.swap import held_signals

            with held_signals():   # the helper is ours before Ctrl-C can cut in; it is deaf to it from its first job
                self.worker = Worker(self.warm)
                self.worker.submit(_deafen)
            self.worker.result()

    def submit(self, job: Callable[..., Any], *args: Any) -> None:
        """Send a job (the helper forked first where there is none); one that is gone is replaced once."""
        self.start()
        try:
            self.worker.submit(job, *args)  # type: ignore[union-attr]
        except OSError:   # killed from outside: its pipe is closed
            self.stop()
            self.start()
            self.worker.submit(job, *args)  # type: ignore[union-attr]

    def result(self) -> Any:
        """The next job's result, or its error raised; a helper that died on the way is a JobFailed too."""
        try:
            return self.worker.result()  # type: ignore[union-attr]
        except EOFError as exc:   # its pipe closed: not an error it sent (a WriteError comes back as itself)
            self.stop()
            raise JobFailed(f"the helper process ended: {exc}") from None

    def ready(self) -> bool:
        return self.worker is not None and self.worker.ready()

    def forget(self) -> None:
        """A font, definition or template was saved: the helper forgets what it read of them in its own process
        (a job), as the watch does. It is not forked again: by now the watch runs threads (the watcher's, a
        preview's server), and a child forked beside them could inherit a lock one of them holds."""
        if self.worker is None:
            return
        from pnp.watch.session import forget_read_files

        try:
            self.submit(forget_read_files)
            self.result()
        except JobFailed:   # gone on the way: the next round forks one, which has read nothing yet
            self.stop()

    def stop(self) -> None:
        """Kill the helper with SIGKILL and reap it (a round cut short, the watch ending); none is left."""
        worker, self.worker = self.worker, None
        if worker is not None:
            worker.stop()

    close = stop


def start_helper(warm: tuple[str, ...] = ()) -> Helper | None:
    """A helper where it pays (a platform that can fork, with a second core), that imports `warm` as it starts."""
    return Helper(warm) if hasattr(os, "fork") and (os.cpu_count() or 1) > 1 else None


def _deafen() -> None:
    """The helper's first job: Ctrl-C ignored (this process ends it), SIGTERM and SIGHUP ending it at once, and
    (Linux) SIGKILL when the watching process dies; then the signals held across its fork let through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for kind in ENDING:
        signal.signal(kind, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass   # elsewhere the closed pipe ends it once its job is done
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
