"""A folder's whole set of files replaced in one step: staged in a sibling folder, then the two folders exchanged.

A build writes every file of OUT/NAME into a fresh sibling, OUT/.NAME.XXXXXXXX.tmp; carries over, as hard
links, whatever in OUT/NAME it neither replaces nor drops (other formats' files, the user's own); and then
exchanges the two folders with one renameat2(RENAME_EXCHANGE) call. So a reader, or a build killed at any
instant (even by SIGKILL), sees the old set or the new one, never a mix. SIGINT and SIGTERM wait while the
commit runs.

No file pnp did not write is ever removed. Someone may write into OUT/NAME while the build runs (an editor's
save, a script, a shell whose working folder it is): what lands in the old folder after its files were carried
over is moved into the new one after the exchange (pnp/writers/retire.py), and the old folder is emptied of
pnp's own files (by name) and of what was carried (checked to be the file carried), and removed only once
empty. What cannot be moved (a name changed on both sides, something in the way) stays in the old folder,
which is kept, with its journal, and named in a warning; the next build tries again. (`pnp diagram` takes the
folder's lock as a build does, so it waits for one writing OUT/NAME and writes into the folder it left.)

Before the carry-over the build writes a journal beside the stage, OUT/.NAME.XXXXXXXX.journal: the stage's
inode and the names that are pnp's. A build killed mid-commit leaves the stage (or the old set under its name)
and the journal; the next build of NAME, which holds the lock on OUT/NAME first, reads them: a stage never
exchanged holds only pnp's files and links to OUT/NAME's, and goes; an old set is retired into OUT/NAME as
above.

The lock is taken on OUT/NAME itself. Since the folder is replaced by every commit, a build that waited on the
lock checks, once it has it, that OUT/NAME is still the folder it locked, and otherwise locks the new one
(`Folder.held`).

Nothing crosses into another file system: a mount point inside OUT/NAME is refused before anything is
written (pnp/writers/mounts.py), and none is entered, linked through or removed on the way.

Where the exchange is missing (not Linux, or a file system without it) the staged files are renamed into
OUT/NAME one by one, as earlier versions did: the set is then mixed if the process dies in the middle, and
the stage, holding nothing but links by then, goes.
"""

from __future__ import annotations

import errno
import json
import os
import re
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.writers.atomic import TEMP_SUFFIX, Folder, OutputPlaceError, WriteError, _NEW_FILE, _write_all
from pnp.writers.mounts import refuse_mounts, refused
from pnp.writers.renames import exchange
from pnp.writers.retire import Carried, Identity, discard, identity, retire

JOURNAL_SUFFIX = ".journal"
HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM}
UNLINKABLE = {errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP}   # EXDEV: a mount, refused

Warn = Callable[[str], None]


def stage_pattern(name: str, suffix: str = TEMP_SUFFIX) -> re.Pattern[str]:
    """The names of the sibling folders builds of `name` stage in (and of old sets waiting for removal); with
    JOURNAL_SUFFIX, of their journals."""
    return re.compile(rf"\.{re.escape(name)}\.[a-z0-9]{{8}}{re.escape(suffix)}")


@contextmanager
def held_signals() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block ends, then act as usual (SIGKILL cannot be held, nor need be).

    They are blocked for this thread. In a process with other threads (pnp watch's file watcher, the live
    preview's server) the kernel then hands them to another thread, and Python still runs their handlers in the
    main thread, inside the block: so there the handlers are held too, and a signal that came is raised again
    once the block is over."""
    came: list[int] = []
    handlers = {}
    if threading.current_thread() is threading.main_thread():
        handlers = {kind: signal.signal(kind, lambda signum, frame: came.append(signum)) for kind in HELD_SIGNALS}
    masked = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS) if masked else set()
    try:
        yield
    finally:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for kind, handler in handlers.items():
            signal.signal(kind, signal.SIG_DFL if handler is None else handler)
        for signum in dict.fromkeys(came):
            signal.raise_signal(signum)


class Replacement:
    """OUT/NAME open and locked, and the fresh sibling folder `stage` where its next set is written. `warn` hears
    of an old folder kept because something in it could not be moved back (its message names it)."""

    def __init__(self, target: Path, warn: Warn | None = None) -> None:
        self.target = target
        self.warn = warn or (lambda message: print(f"pnp: warning: {message}", file=sys.stderr, flush=True))
        self._made = not os.path.lexists(target)  # a first build: a failure takes the empty folder away again
        self.current = Folder.held(target)
        try:
            refuse_mounts(target)
            self._parent = _open_parent(target)
            try:
                self._sweep()
                self.stage: Folder | None = _fresh_sibling(self._parent, target)
            except BaseException:
                os.close(self._parent)
                raise
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
        self.stage.flushed()   # every staged file on disk before anything is exchanged
        with held_signals():
            try:
                older = [n for n in self.current.names() if n not in written and n not in folders]
                # A name goes if `dropped` says so and it is not a folder (pnp's own, split/, are replaced whole).
                gone = {n for n in older if dropped(n) and not self.current.is_dir(n)}
                ours = sorted(written | gone)
                _write_journal(self._parent, _journal(self._stage_name), self.stage, ours)
                carried = _carry_over(self.current, self.stage, [n for n in older if n not in gone], self.target)
                os.fsync(self.stage.fd)
                swapped = exchange(self._parent, self._stage_name, self._parent, self.target.name)
            except OSError as exc:
                raise WriteError.of(exc, self.target, "replacing the files of") from None
            if swapped:   # the old set is now under the stage's name, and the stage is OUT/NAME: never discarded
                new, self.stage = self.stage, None
                with new:
                    self._retire(self._stage_name, self.current.fd, new.fd, ours, carried)
            else:   # a failure on the way: close() discards the stage, as for any failure before the commit
                _move_one_by_one(self.stage, self.current, written, gone, self.target)
                self.stage.close()
                self.stage = None
                self._discard(self._stage_name)

    def _retire(self, name: str, old: int, new: int, ours: list[str], carried: Carried) -> None:
        """The old set's folder `name` emptied into the new one (pnp's files dropped), then removed with its
        journal; or kept with it (a later build tries again), and named in a warning with what is left in it."""
        done = retire(self._parent, name, old, new, ours, carried)
        if not done.left:
            _forget(self._parent, _journal(name))
            return
        shown = ", ".join(done.left[:5]) + (f" and {len(done.left) - 5} more" if len(done.left) > 5 else "")
        self.warn(f"{self.target.parent / name} holds what pnp could not move back into {self.target}: {shown}; "
                  f"it is kept: move what you need into {self.target}, then remove it")

    def _discard(self, name: str) -> None:
        """A stage never exchanged: only pnp's files and links to OUT/NAME's; it goes whole, with its journal."""
        if discard(self._parent, name):
            _forget(self._parent, _journal(name))
        else:
            self.warn(f"{self.target.parent / name} could not be removed (something in it is on another file system "
                      "or in use); remove it yourself")

    def _sweep(self) -> None:
        """The stages and old sets that killed builds of NAME left in OUT (we hold NAME's lock): a stage never
        exchanged goes; an old set is retired into OUT/NAME, as its commit would have; a journal alone goes."""
        stages, journals = stage_pattern(self.target.name), stage_pattern(self.target.name, JOURNAL_SUFFIX)
        names = sorted(os.listdir(self._parent))
        for name in filter(stages.fullmatch, names):
            journal = _read_journal(self._parent, _journal(name))
            try:
                info = os.stat(name, dir_fd=self._parent, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if journal is None or not stat.S_ISDIR(info.st_mode) or (info.st_dev, info.st_ino) == journal[0]:
                self._discard(name)
                continue
            try:
                old = Folder.opened_at(self._parent, name, self.target.parent / name, self.target)
            except OSError as exc:
                self.warn(f"{self.target.parent / name} could not be opened ({exc.strerror}); it is kept")
                continue
            with old:
                self._retire(name, old.fd, self.current.fd, journal[1], {})
        for name in filter(journals.fullmatch, names):
            if name.removesuffix(JOURNAL_SUFFIX) + TEMP_SUFFIX not in names:
                _forget(self._parent, name)

    def close(self) -> None:
        """Release the lock; a stage never committed (a failure, an interrupt) goes with its files."""
        if self.stage is not None:
            self.stage.close()
            self.stage = None
            self._discard(self._stage_name)
            if self._made:
                try:
                    os.rmdir(self.target.name, dir_fd=self._parent)  # only if still empty
                except OSError:
                    pass
        os.close(self._parent)
        self.current.close()


def _journal(stage: str) -> str:
    """The journal of the stage `stage`: OUT/.NAME.XXXXXXXX.journal."""
    return stage.removesuffix(TEMP_SUFFIX) + JOURNAL_SUFFIX


def _forget(parent: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=parent)
    except FileNotFoundError:
        pass


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
            discard(parent, name)
            raise WriteError.of(exc, target, "making a folder beside") from None
    raise WriteError(f"no free folder name beside {target}; nothing was changed")


def _write_journal(parent: int, name: str, stage: Folder, ours: list[str]) -> None:
    """OUT/.NAME.XXXXXXXX.journal, flushed before anything is carried over or exchanged: which folder is the stage
    and which names are pnp's, for a later build to tell a killed build's stage from its old set."""
    data = json.dumps({"stage": [stage.ref.device, stage.ref.inode], "ours": ours}).encode("utf-8")
    fd = os.open(name, _NEW_FILE, 0o666, dir_fd=parent)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.fsync(parent)


def _read_journal(parent: int, name: str) -> tuple[tuple[int, int], list[str]] | None:
    """The stage's (device, inode) and pnp's names; None for a journal missing or cut short (written, then
    flushed, before the exchange: without a whole one the stage was never exchanged)."""
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=parent)
    except OSError:
        return None
    try:
        read = json.loads(os.read(fd, 1 << 24).decode("utf-8"))
        device, inode = read["stage"]
        return (int(device), int(inode)), [str(n) for n in read["ours"]]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, OSError):
        return None
    finally:
        os.close(fd)


def _carry_over(source: Folder, stage: Folder, names: list[str], target: Path) -> Carried:
    """Hard-link each kept name into the stage (folders are made anew and filled the same way); what was carried,
    by path, as (inode in OUT/NAME, inode in the stage), for the old folder's retirement to tell what changed."""
    carried: Carried = {}
    for name in names:
        try:
            _link(source.fd, stage.fd, name, name, source.ref.device, carried, target)
        except FileNotFoundError:
            continue  # removed meanwhile by someone else: nothing to keep
        except OSError as exc:
            raise WriteError.of(exc, target / name, "keeping") from None
    return carried


def _link(source: int, stage: int, name: str, path: str, device: int, carried: Carried, target: Path) -> None:
    info = os.stat(name, dir_fd=source, follow_symlinks=False)
    if info.st_dev != device:
        raise refused(target, target / path)
    if stat.S_ISDIR(info.st_mode):
        os.mkdir(name, stat.S_IMODE(info.st_mode), dir_fd=stage)
        inner_source = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=source)
        inner_stage = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=stage)
        try:
            for inner in os.listdir(inner_source):
                try:
                    _link(inner_source, inner_stage, inner, f"{path}/{inner}", device, carried, target)
                except FileNotFoundError:
                    continue
        finally:
            os.close(inner_source)
            os.close(inner_stage)
        return
    try:
        os.link(name, name, src_dir_fd=source, dst_dir_fd=stage, follow_symlinks=False)
    except OSError as exc:
        if exc.errno == errno.EXDEV:   # the same device, yet no link across: a bind mount on the way
            raise refused(target, target / path) from None
        if exc.errno not in UNLINKABLE:
            raise
        carried[path] = _copy(source, stage, name, info)
        return
    linked = identity(os.stat(name, dir_fd=stage, follow_symlinks=False))   # the very file linked, in both
    carried[path] = (linked, linked)


def _copy(source: int, stage: int, name: str, info: os.stat_result) -> tuple[Identity, Identity]:
    """Where hard links are refused: a link made anew, a regular file copied; what was copied and the copy."""
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(name, dir_fd=source), name, dir_fd=stage)
        return identity(info), identity(os.stat(name, dir_fd=stage, follow_symlinks=False))
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EPERM, "not a regular file, and this file system cannot link it", name)
    reading = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=source)
    try:
        writing = os.open(name, _NEW_FILE, stat.S_IMODE(info.st_mode), dir_fd=stage)
        try:
            while chunk := os.read(reading, 1 << 20):
                _write_all(writing, chunk)
            return identity(os.fstat(reading)), identity(os.fstat(writing))
        finally:
            os.close(writing)
    finally:
        os.close(reading)


def whole_folders(written: Iterable[str]) -> set[str]:
    """The folders in OUT/NAME that a set of names writes whole: those named before a `/`."""
    return {name.split("/", 1)[0] for name in written if "/" in name}


def _move_one_by_one(stage: Folder, current: Folder, written: set[str], gone: set[str], target: Path) -> None:
    """The fallback: rename each staged file into OUT/NAME (a whole folder: the old one's files that are not pnp's
    moved into the staged one, and the emptied old one removed, first), then remove the names that go."""
    moved = 0
    folders = whole_folders(written)
    for name in sorted({n for n in written if "/" not in n} | folders):
        try:
            if name in folders and current.is_dir(name):
                with Folder.opened_at(current.fd, name, target / name, target) as old, \
                        Folder.opened_at(stage.fd, name, target / name, target) as new:
                    left = retire(current.fd, name, old.fd, new.fd, sorted(written), {}, prefix=name).left
                if left:
                    raise OSError(errno.ENOTEMPTY, f"it keeps what pnp could not move: {', '.join(left)}", name)
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
