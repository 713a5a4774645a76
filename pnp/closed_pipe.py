"""A reader that stops reading pnp's output (`pnp score POS | head -1`) is no error: pnp ends quietly, exit 0.

Python's docs ("Note on SIGPIPE") advise this: catch BrokenPipeError and point
stdout at devnull, so the flush at exit does not fail again. The default
action of SIGPIPE (killing the process) is not restored instead, since a build
must never die half-way for a closed pipe. Only stdout's pipe counts: a broken
pipe to the build's worker process is still an error.
"""

from __future__ import annotations

import os
import select
import sys

_GONE = getattr(select, "POLLERR", 0) | getattr(select, "POLLHUP", 0)


def stdout_closed() -> bool:
    """Has the reader of stdout gone? (A pipe whose reading end is closed polls as an error.)"""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # not a file (a test's capture): no pipe to lose
        return False
    if not hasattr(select, "poll"):  # no poll (Windows): no worker pipes either, so it was stdout's
        return True
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    return any(events & _GONE for _, events in poller.poll(0))


def silence_stdout() -> None:
    """What is still buffered for stdout goes to devnull, so Python's flush at exit raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, ValueError, OSError):
        pass
