"""The watching itself: watchfiles on the inputs' folders, its events kept to the inputs, a round per burst.

Folders are watched, not files, because editors save by writing a new file and renaming it over the old one:
a watch on the old file would end with it, while the folder sees the new file come in under the name. Events
of other files in those folders (the editor's backup and swap files) are dropped before a round is started.
A file named through a link is watched where it really is too. When a round changes the inputs (a spec names
another font), the watcher is set up again on the new folders; whatever changed while a watcher was being set up
(told by the files' stat, pnp/watch/session.py) gets its round.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.watch.session import Session

STEP_MS = 10         # a burst of events (an editor's save: write, rename, remove its backup) has ended after this
                     # long without one: the round starts 10 to 20 ms after the last event (a shorter step answers
                     # sooner but wakes the idle watch more often: at 10 ms it takes about 4 ms of CPU a second, at 20 ms 2)
DEBOUNCE_MS = 1600   # the longest a burst is gathered before its round starts (a large font being copied in)
IDLE_S = 0.5         # how often a watch with no folder left to watch (all removed) looks for them again


def watch(session: Session, armed: Callable[[], None] = lambda: None, stop: threading.Event | None = None) -> None:
    """Rounds as inputs are saved, until `stop` is set or the process is interrupted (KeyboardInterrupt).
    `armed` hears when the watcher is first set up: from then on no save is missed."""
    import watchfiles

    stop = stop or threading.Event()
    first = True
    while not stop.is_set():
        names = _event_names(session.watched())
        folders = sorted({os.path.dirname(name) for name in names if os.path.isdir(os.path.dirname(name))})
        if not folders:
            stop.wait(IDLE_S)
            session.run(session.changed_unseen())
            continue
        ready = _Ready(stop, session, armed if first else lambda: None)
        first = False
        for changes in watchfiles.watch(*folders, watch_filter=lambda _, name: name in names, debounce=DEBOUNCE_MS,
                                        step=STEP_MS, stop_event=ready, recursive=False):
            session.run({names[name] for _, name in changes})
            if _event_names(session.watched()) != names:
                break   # watch the new inputs' folders
        if not stop.is_set():
            session.run(session.changed_unseen())


class _Ready:
    """watchfiles' stop event, asked at every step once its watcher is set up. The first time, it tells `armed`,
    and stops that watcher at once if an input changed while it was being set up (then `watch` gives the change
    its round and sets a watcher up again); after that it is `stop`."""

    def __init__(self, stop: threading.Event, session: Session, armed: Callable[[], None]) -> None:
        self.stop, self.session, self.armed, self.asked = stop, session, armed, False

    def is_set(self) -> bool:
        if not self.asked:
            self.asked = True
            self.armed()
            if self.session.changed_unseen():
                return True
        return self.stop.is_set()


def _event_names(inputs: tuple[Path, ...]) -> dict[str, Path]:
    """The names a watcher's events may give each input: its path, and where a link leads, the file it leads to."""
    names: dict[str, Path] = {}
    for path in inputs:
        names.setdefault(str(path), path)
        names.setdefault(os.path.realpath(path), path)
    return names


class Stopped(KeyboardInterrupt):
    """SIGTERM (or SIGHUP, the terminal gone): unwinds as Ctrl-C does, a build's stage folder removed on the way."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP end the watch as Ctrl-C does (the caller catches KeyboardInterrupt)."""
    kinds = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
    before = {kind: signal.signal(kind, _stop) for kind in kinds}
    try:
        yield
    finally:
        for kind, handler in before.items():
            signal.signal(kind, handler)
