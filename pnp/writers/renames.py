"""Renames Python's os module lacks: two names exchanged in one step, and a rename that never replaces.

Both are Linux's renameat2 (RENAME_EXCHANGE, RENAME_NOREPLACE), reached through libc. Where the system or the
file system has none, `exchange` says so (False) and `rename_noreplace` checks, then renames: the one case
another process could slip a file in between.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable

RENAME_NOREPLACE = 1         # linux/fs.h: fail with EEXIST rather than replace
RENAME_EXCHANGE = 2          # linux/fs.h: swap the two names
UNSUPPORTED = {errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM}


def _renameat2() -> Callable[..., int] | None:
    """libc's renameat2, or None where this system has none (it is not in Python's os module)."""
    if not hasattr(os, "O_DIRECTORY") or not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_RENAMEAT2 = _renameat2()


def _call(source: int, name: str, target: int, new_name: str, flags: int) -> bool:
    """renameat2; False where the system or file system cannot, OSError for any other failure."""
    if _RENAMEAT2 is None:
        return False
    import ctypes

    if _RENAMEAT2(source, os.fsencode(name), target, os.fsencode(new_name), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), new_name)


def exchange(source: int, name: str, target: int, other: str) -> bool:
    """Swap `name` in the folder `source` and `other` in `target` in a single step; False where the system or
    file system cannot."""
    return _call(source, name, target, other, RENAME_EXCHANGE)


def rename_noreplace(source: int, name: str, target: int, new_name: str) -> None:
    """Move `name` from the folder `source` to `new_name` in `target`; FileExistsError if that is taken."""
    if _call(source, name, target, new_name, RENAME_NOREPLACE):
        return
    try:
        os.stat(new_name, dir_fd=target, follow_symlinks=False)
    except FileNotFoundError:
        os.rename(name, new_name, src_dir_fd=source, dst_dir_fd=target)
        return
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), new_name)
