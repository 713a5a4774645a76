"""How a `pnp` command's process ends: its exit handlers run and its streams flushed, then no interpreter teardown.

When a command returns, what it wrote is on disk (each set of files flushed before it was committed) and its
worker is reaped. Python would then take every module apart and free what they hold, some 5 to 9 ms of a side 11
board's 0.23 s, a tenth of what the build may spend above the import floor (docs/contributing/speed.md). So
`leave` runs the exit handlers (atexit's, as Python would first), flushes stdout and stderr, and ends the process
with os._exit. Where another thread still runs, or this Python has no way to run the handlers, or a profiler or
tracer is on (`python -m cProfile -m pnp ...`, coverage: they write what they gathered after the program returns),
the ordinary exit is kept. Only the `pnp` command and `python -m pnp` end so; `pnp.cli.main`, which tests
call in their own process, raises SystemExit as before.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Callable
from typing import NoReturn

FLUSH_FAILED = 120   # the status Python itself exits with when flushing a standard stream fails at exit


def leave(command: Callable[[], object]) -> NoReturn:
    """Run `command` (which ends with SystemExit, or returns for 0), then end the process with its status."""
    try:
        command()
        code: object = None
    except SystemExit as exc:
        code = exc.code
    run_handlers = getattr(atexit, "_run_exitfuncs", None)   # CPython's, what its own exit calls
    if run_handlers is None or threading.active_count() > 1 or sys.getprofile() or sys.gettrace():
        sys.exit(code)
    status = _status(code)
    run_handlers()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            status = status or FLUSH_FAILED
    os._exit(status)


def _status(code: object) -> int:
    """The exit status of SystemExit(code), as Python gives it: None is 0, a number itself, anything else is
    printed to stderr and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1
