"""A spec file's bytes: from a regular file only, and never more than the loader would accept."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.spec.problems import YamlProblem
from pnp.spec.yamlsafe import MAX_BYTES

# Opening a FIFO for reading waits for a writer; non-blocking, it returns at once and fstat says what it is.
OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a device"),
         (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_spec_bytes(path: Path, wanted: str = "a spec file; name a .yaml file", limit: int = MAX_BYTES) -> bytes:
    """At most `limit` + 1 bytes (enough to know it is too long), so /dev/zero or a huge file cannot fill memory.
    `wanted`: what the file should have been (rule templates are read here too)."""
    try:
        fd = os.open(path, OPEN_FLAGS)
    except OSError as exc:
        raise YamlProblem(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in KINDS if test(mode)), "not a regular file")
            raise YamlProblem(f"this is {kind}, not {wanted}")
        with os.fdopen(fd, "rb", closefd=False) as file:
            return file.read(limit + 1)
    except OSError as exc:
        raise YamlProblem(f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
