"""Run a shell line that runs until Ctrl-C (`pnp watch`, `pnp preview --watch`), and press Ctrl-C as a user does
once it says it is ready: once its output holds READY (or after LONGEST_S, ready or not). Its exit status is
this script's. Standard library only: tests/test_packaging.py runs it with the installed wheel's python.

    python stop_when_ready.py OUT ERR LINE     # LINE's output goes to the files OUT and ERR
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

READY = "Ctrl-C stops"   # the line both commands print once they watch (and serve)
LONGEST_S = 30.0
POLL_S = 0.05
SETTLE_S = 0.3           # a moment past the ready line, as a user reads it before pressing Ctrl-C


def main(out: str, err: str, line: str) -> int:
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        # the command itself (exec: no shell between), in a process group of its own, with SIGINT as a terminal gives it
        child = subprocess.Popen(["sh", "-c", f"exec {line}"], stdout=stdout, stderr=stderr, start_new_session=True,
                                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        end = time.monotonic() + LONGEST_S
        while time.monotonic() < end and child.poll() is None and not _said(out, err):
            time.sleep(POLL_S)
        time.sleep(SETTLE_S)
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGINT)
        return child.wait(timeout=LONGEST_S)


def _said(*files: str) -> bool:
    return any(READY in Path(name).read_text(encoding="utf-8", errors="replace") for name in files)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
