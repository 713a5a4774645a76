"""A folder's whole set of files replaced in one step: staged in a sibling folder, then the two folders exchanged.

A build writes every file of OUT/NAME into a fresh sibling, OUT/.NAME.XXXXXXXX.tmp; carries over, as hard
links, whatever in OUT/NAME it neither replaces nor drops (other formats' files, the user's own); and then
exchanges the two folders with one renameat2(RENAME_EXCHANGE) call. So a reader, or a build killed at any
instant (even by SIGKILL), sees the old set or the new one, never a mix. SIGINT and SIGTERM wait while the
commit runs. The old folder, now under the sibling's name, is removed next; one a killed build left behind is
removed by the next build of NAME, which holds the lock on OUT/NAME first.

The lock is taken on OUT/NAME itself. Since the folder is replaced by every commit, a build that waited on the
lock checks, once it has it, that OUT/NAME is still the folder it locked, and otherwise locks the new one.

Where the exchange is missing (not Linux, or a file system without it) the staged files are renamed into
OUT/NAME one by one, as earlier versions did: the set is then mixed if the process dies in the middle.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.writers.atomic import TEMP_SUFFIX, Folder, OutputPlaceError, WriteError, _NEW_FILE, _write_all

RENAME_EXCHANGE = 2          # linux/fs.h: swap the two names
LOCK_TRIES = 1000            # a build that waited finds OUT/NAME replaced at most this often in a row
HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM}
UNSUPPORTED = {errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM}
UNLINKABLE = {errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP}


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


def exchange(dir_fd: int, first: str, second: str) -> bool:
    """Swap two names in one folder in a single step; False where the system or file system cannot."""
    if _RENAMEAT2 is None:
        return False
    import ctypes

    if _RENAMEAT2(dir_fd, os.fsencode(first), dir_fd, os.fsencode(second), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), second)


def stage_pattern(name: str) -> re.Pattern[str]:
    """The names of the sibling folders builds of `name` stage in (and of old sets waiting for removal)."""
    return re.compile(rf"\.{re.escape(name)}\.[a-z0-9]{{8}}{re.escape(TEMP_SUFFIX)}")


@contextmanager
def held_signals() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block ends, then act as usual (SIGKILL cannot be held, nor need be)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class Replacement:
    """OUT/NAME open and locked, and the fresh sibling folder `stage` where its next set is written."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self._made = not os.path.lexists(target)  # a first build: a failure takes the empty folder away again
        self.current = _locked(target)
        try:
            self._parent = _open_parent(target)
            _sweep(self._parent, target)
            self.stage: Folder | None = _fresh_sibling(self._parent, target)
            self._stage_name = self.stage.path.name
        except BaseException:
            self.current.close()
            raise

    def __enter__(self) -> Replacement:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def commit(self, written: Iterable[str], dropped: Callable[[str], bool]) -> None:
        """Make the staged files OUT/NAME's set: `written` replace theirs, names `dropped` says go, the rest stay.
        A name inside a folder (`split/board.png`) is of a folder pnp writes whole: the staged one replaces it."""
        written = set(written)
        folders = whole_folders(written)
        for name in sorted(written):
            if "/" not in name and self.current.is_dir(name):
                raise OutputPlaceError(f"{self.target / name} is a folder where pnp writes a file; remove it")
        with held_signals():
            try:
                older = [n for n in self.current.names() if n not in written and n not in folders]
                # A name goes if `dropped` says so and it is not a folder (pnp's own, split/, are replaced whole).
                gone = {n for n in older if dropped(n) and not self.current.is_dir(n)}
                swapped = _RENAMEAT2 is not None and self._swap([n for n in older if n not in gone])
            except OSError as exc:
                raise WriteError.of(exc, self.target, "replacing the files of") from None
            if not swapped:
                _move_one_by_one(self.stage, self.current, written, gone, self.target)
            self.stage.close()
            self.stage = None
            # Now the old set (or, after the fallback, the emptied stage) under the sibling's name.
            _remove_tree(self._parent, self._stage_name)

    def _swap(self, keep: list[str]) -> bool:
        """Carry `keep` over into the stage and exchange the folders; False where the file system cannot."""
        _carry_over(self.current, self.stage, keep, self.target)
        os.fsync(self.stage.fd)
        return exchange(self._parent, self._stage_name, self.target.name)

    def close(self) -> None:
        """Release the lock; a stage never committed (a failure, an interrupt) goes with its files."""
        if self.stage is not None:
            self.stage.close()
            self.stage = None
            _remove_tree(self._parent, self._stage_name)
            if self._made:
                try:
                    os.rmdir(self.target.name, dir_fd=self._parent)  # only if still empty
                except OSError:
                    pass
        os.close(self._parent)
        self.current.close()


def _locked(target: Path) -> Folder:
    """OUT/NAME, made if missing, opened and locked; the one that is there once the lock is ours."""
    for _ in range(LOCK_TRIES):
        folder = Folder.create(target)
        folder.lock()
        try:
            now = os.stat(target, follow_symlinks=False)
        except FileNotFoundError:
            now = None
        if now is not None and (now.st_dev, now.st_ino) == (folder.ref.device, folder.ref.inode):
            return folder
        folder.close()  # another build replaced it while we waited
    raise WriteError(f"{target} kept being replaced by other builds; nothing was changed")


def _open_parent(target: Path) -> int:
    """OUT, followed if a link (the user named it): where OUT/NAME and its sibling are exchanged."""
    try:
        return os.open(target.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise WriteError.of(exc, target.parent, "opening the folder") from None


def _fresh_sibling(parent: int, target: Path) -> Folder:
    """A new empty OUT/.NAME.XXXXXXXX.tmp, opened; messages about its files name OUT/NAME's."""
    for _ in range(100):
        name = f".{target.name}.{os.urandom(4).hex()}{TEMP_SUFFIX}"
        try:
            os.mkdir(name, 0o777, dir_fd=parent)
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteError.of(exc, target, "making a folder beside") from None
        try:
            os.chmod(name, stat.S_IMODE(os.stat(target, follow_symlinks=False).st_mode), dir_fd=parent)
            return Folder.opened_at(parent, name, target.parent / name, shown=target)
        except OSError as exc:
            _remove_tree(parent, name)
            raise WriteError.of(exc, target, "making a folder beside") from None
    raise WriteError(f"no free folder name beside {target}; nothing was changed")


def _sweep(parent: int, target: Path) -> None:
    """Remove the stages and old sets that killed builds of NAME left in OUT (we hold NAME's lock)."""
    pattern = stage_pattern(target.name)
    for name in os.listdir(parent):
        if pattern.fullmatch(name):
            _remove_tree(parent, name)


def _remove_tree(parent: int, name: str) -> None:
    """Remove OUT/name and all in it, following no link; another build removing it too is no error."""
    try:
        info = os.stat(name, dir_fd=parent, follow_symlinks=False)
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(info.st_mode):
        os.unlink(name, dir_fd=parent)
        return

    def gone(function: object, path: str, exc_info: tuple) -> None:
        if not isinstance(exc_info[1], FileNotFoundError):
            raise exc_info[1]

    shutil.rmtree(name, dir_fd=parent, onerror=gone)


def _carry_over(source: Folder, stage: Folder, names: list[str], target: Path) -> None:
    """Hard-link each kept name into the stage (folders are made anew and filled the same way)."""
    for name in names:
        try:
            _link(source.fd, stage.fd, name)
        except FileNotFoundError:
            continue  # removed meanwhile by someone else: nothing to keep
        except OSError as exc:
            raise WriteError.of(exc, target / name, "keeping") from None


def _link(source: int, stage: int, name: str) -> None:
    info = os.stat(name, dir_fd=source, follow_symlinks=False)
    if stat.S_ISDIR(info.st_mode):
        os.mkdir(name, stat.S_IMODE(info.st_mode), dir_fd=stage)
        inner_source = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=source)
        inner_stage = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=stage)
        try:
            for inner in os.listdir(inner_source):
                _link(inner_source, inner_stage, inner)
        finally:
            os.close(inner_source)
            os.close(inner_stage)
        return
    try:
        os.link(name, name, src_dir_fd=source, dst_dir_fd=stage, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in UNLINKABLE:
            raise
        _copy(source, stage, name, info)


def _copy(source: int, stage: int, name: str, info: os.stat_result) -> None:
    """Where hard links are refused: a link made anew, a regular file copied."""
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(name, dir_fd=source), name, dir_fd=stage)
        return
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EPERM, "not a regular file, and this file system cannot link it", name)
    reading = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=source)
    writing = os.open(name, _NEW_FILE, stat.S_IMODE(info.st_mode), dir_fd=stage)
    try:
        while chunk := os.read(reading, 1 << 20):
            _write_all(writing, chunk)
    finally:
        os.close(reading)
        os.close(writing)


def whole_folders(written: Iterable[str]) -> set[str]:
    """The folders in OUT/NAME that a set of names writes whole: those named before a `/`."""
    return {name.split("/", 1)[0] for name in written if "/" in name}


def _move_one_by_one(stage: Folder, current: Folder, written: set[str], gone: set[str], target: Path) -> None:
    """The fallback: rename each staged file (a whole folder: the old one removed first) into OUT/NAME, then
    remove the names that go."""
    moved = 0
    folders = whole_folders(written)
    for name in sorted({n for n in written if "/" not in n} | folders):
        try:
            if name in folders:
                _remove_tree(current.fd, name)
            os.replace(name, name, src_dir_fd=stage.fd, dst_dir_fd=current.fd)
        except OSError as exc:
            outcome = "nothing was changed" if moved == 0 else "the folder now holds some new files and some old"
            raise WriteError.of(exc, target / name, "renaming into", outcome) from None
        moved += 1
    for name in sorted(gone):
        try:
            current.remove(name)
        except OSError as exc:
            raise WriteError.of(exc, target / name, "removing the stale page", "the new files are in place") from None
