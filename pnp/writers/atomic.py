"""One output folder, held open: files staged as temporaries, renamed into place, never through a link.

Every operation goes through the folder's own descriptor (`dir_fd`), so a link
put at OUT/NAME, or a folder swapped for one mid-build, is never followed, and
a name inside the folder is only ever created fresh (O_EXCL), replaced by
rename (which replaces a link itself, not its target) or unlinked (which
removes a link itself). Files are created with mode 0o666 and the kernel
applies the user's umask, as for any other program's files. Where the
platform lacks descriptor-relative calls (Windows), plain paths are used.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from pnp.writers.flush import Flushing

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None

_AT = os.open in os.supports_dir_fd and hasattr(os, "O_DIRECTORY")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
TEMP_SUFFIX = ".tmp"
LOCK_TRIES = 1000            # a locker that waited finds the folder replaced at most this often in a row
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | getattr(os, "O_BINARY", 0)


class OutputPlaceError(Exception):
    """OUT or OUT/NAME cannot be used as it stands (a file, a link, not writable): bad input, exit 2."""


class WriteError(OSError):
    """Writing failed for a reason outside pnp (full disk, permissions): exit 1, the message names the file."""

    reraise_in_parent = True  # pnp.parallel sends it back from the worker as itself

    @classmethod
    def of(cls, exc: OSError, path: Path, doing: str = "writing", outcome: str = "nothing was changed") -> WriteError:
        """A one-line message naming the file: what went wrong, and what it did to the folder. It keeps the
        errno, which tells the CLI a place that takes no files (exit 2) from a fault such as a full disk."""
        error = cls(cls._says(exc, path, doing, outcome))
        error.errno = exc.errno
        return error

    @staticmethod
    def _says(exc: OSError, path: Path, doing: str, outcome: str) -> str:
        if exc.errno == errno.ENOSPC:
            return f"no space left on the device while {doing} {path}; {outcome}"
        if exc.errno == getattr(errno, "EDQUOT", -1):
            return f"disk quota exceeded while {doing} {path}; {outcome}"
        return f"{doing} {path} failed: {exc.strerror or exc}; {outcome}"


@dataclass(frozen=True)
class FolderRef:
    """Where a folder is and which one it must be, for another process to open the same folder."""

    path: Path
    device: int
    inode: int
    shown: Path  # the folder messages name: OUT/NAME for the stage its next set is written in


class Folder:
    """An open OUT/NAME folder; its names are plain file names inside it."""

    def __init__(self, path: Path, fd: int | None, shown: Path | None = None) -> None:
        self.path, self._fd, self.shown = path, fd, shown or path
        self._flushing = Flushing()
        info = os.fstat(fd) if fd is not None else os.stat(path)
        self.ref = FolderRef(path, info.st_dev, info.st_ino, self.shown)

    @property
    def fd(self) -> int:
        """The open folder's descriptor, for calls relative to it (pnp/writers/swap.py)."""
        assert self._fd is not None, "descriptor-relative calls are missing on this platform"
        return self._fd

    @classmethod
    def create(cls, path: Path) -> Folder:
        """Make OUT (and its parents) and OUT/NAME if missing, then open OUT/NAME, refusing a link."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.mkdir(path)
            except FileExistsError:
                pass
        except OSError as exc:
            raise WriteError.of(exc, Path(exc.filename or path), "making the folder") from None
        try:
            return cls(path, _open_dir(path))
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise OutputPlaceError(f"{path} is a file or a symbolic link, not a folder; "
                                       "pnp writes only into a real folder: remove it or choose another --out") from None
            raise WriteError.of(exc, path, "opening the folder") from None

    @classmethod
    def chosen(cls, path: Path) -> Folder:
        """OUT itself, made if missing: a link there is followed, since the user named it (`--out`)."""
        try:
            path.mkdir(parents=True, exist_ok=True)
            return cls(path, _open_dir(path.resolve()))
        except OSError as exc:
            raise WriteError.of(exc, Path(exc.filename or path), "opening the folder") from None

    @classmethod
    def opened_at(cls, parent: int, name: str, path: Path, shown: Path) -> Folder:
        """The folder `name` inside the open folder `parent`, never through a link; messages name `shown`."""
        return cls(path, os.open(name, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=parent), shown)

    @classmethod
    def reopen(cls, ref: FolderRef) -> Folder:
        """The same folder opened again (in the worker); refuses one that was replaced meanwhile."""
        try:
            folder = cls(ref.path, _open_dir(ref.path), ref.shown)
        except OSError as exc:
            raise WriteError.of(exc, ref.shown, "opening the folder") from None
        if folder.ref != ref:
            folder.close()
            raise WriteError(f"{ref.path} was replaced by another folder or a link during the build; nothing was changed")
        return folder

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._flushing.wait()   # a stage given up: its files closed before it goes
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def lock(self) -> None:
        """Wait for other pnp builds of this folder, so temporaries found later are never a live build's."""
        if fcntl is not None and self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX)
            except OSError:  # a file system without locks: builds then only race, as before
                pass

    @classmethod
    def held(cls, path: Path, chosen: bool = False) -> Folder:
        """The folder at `path` (made if missing) opened and locked: the one that is there once the lock is ours,
        since a build replaces OUT/NAME whole (pnp/writers/swap.py) and one may do so while we wait. `chosen`:
        a link at `path` is followed, as `Folder.chosen` does; otherwise it is refused, as `create` does."""
        for _ in range(LOCK_TRIES):
            folder = cls.chosen(path) if chosen else cls.create(path)
            folder.lock()
            try:
                now = os.stat(path, follow_symlinks=chosen)
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (folder.ref.device, folder.ref.inode):
                return folder
            folder.close()  # replaced while we waited
        raise WriteError(f"{path} kept being replaced by pnp builds; nothing was changed")

    def names(self) -> list[str]:
        return os.listdir(self._fd if self._fd is not None else self.path)

    def is_dir(self, name: str) -> bool:
        path, kw = self._at(name)
        try:
            return stat.S_ISDIR(os.stat(path, follow_symlinks=False, **kw).st_mode)
        except FileNotFoundError:
            return False

    def stage(self, name: str, data: bytes) -> str:
        """Write `data` to a fresh temporary beside `name`, flushed to disk; its name."""
        tmp, fd = self._create_temp(name)
        self._fill(fd, tmp, name, data)
        return tmp

    def write(self, name: str, data: bytes) -> None:
        """Write a new file `name` (none may be there yet): for a folder only pnp writes in (a stage). It is
        flushed to disk beside the build, with the others written (pnp/writers/flush.py); `flushed` waits for
        them all, and a stage is committed or handed back only after it."""
        path, kw = self._at(name)
        try:
            fd = os.open(path, _NEW_FILE, 0o666, **kw)
        except OSError as exc:
            raise WriteError.of(exc, self.shown / name) from None
        self._fill(fd, name, name, data, flush=False)
        self._flushing.add(name, fd)

    def flushed(self) -> None:
        """Every file `write` wrote is on disk; the first that could not be flushed raised (WriteError, naming it)."""
        failed = self._flushing.wait()
        if failed is not None:
            name, exc = failed
            raise WriteError.of(exc, self.shown / name) from None

    def make_folder(self, name: str) -> None:
        """Make a new, empty folder `name` inside: for a set of files pnp writes whole (split/)."""
        path, kw = self._at(name)
        try:
            os.mkdir(path, 0o777, **kw)
        except OSError as exc:
            raise WriteError.of(exc, self.shown / name, "making the folder") from None

    def _fill(self, fd: int, created: str, name: str, data: bytes, flush: bool = True) -> None:
        """`data` into the new file `created`, flushed and closed; with `flush` False left open for the caller to
        flush (`write`: beside the build). On any failure the file goes, closed, and nothing else changed."""
        try:
            try:
                _write_all(fd, data)
                if flush:
                    os.fsync(fd)
            except BaseException:
                os.close(fd)
                raise
            if flush:
                os.close(fd)
        except BaseException as exc:
            self.discard(created)
            if isinstance(exc, OSError):
                raise WriteError.of(exc, self.shown / name) from None
            raise

    def put(self, tmp: str, name: str) -> None:
        """Rename a staged temporary to `name`; a link at `name` is replaced, its target untouched."""
        (src, kw), (dst, _) = self._at(tmp), self._at(name)
        os.replace(src, dst, src_dir_fd=kw.get("dir_fd"), dst_dir_fd=kw.get("dir_fd"))

    def put_new(self, tmp: str, name: str) -> None:
        """Rename a staged temporary to `name`, which must not exist yet: FileExistsError if something is there."""
        from pnp.writers.renames import rename_noreplace

        if self._fd is None:
            if os.path.lexists(self.path / name):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(self.path / name))
            os.rename(self.path / tmp, self.path / name)
            return
        rename_noreplace(self._fd, tmp, self._fd, name)

    def set_aside(self, name: str) -> str | None:
        """A second name (a temporary's) for the file at `name`, to put it back with `put` if what replaces it
        must go again; None if nothing is there. A hard link where the file system makes them, else a copy."""
        path, kw = self._at(name)
        try:
            os.stat(path, follow_symlinks=False, **kw)
        except FileNotFoundError:
            return None
        for _ in range(100):
            aside = f".{name}.{os.urandom(4).hex()}{TEMP_SUFFIX}"
            try:
                os.link(path, self._at(aside)[0], src_dir_fd=kw.get("dir_fd"), dst_dir_fd=kw.get("dir_fd"),
                        follow_symlinks=False)
                return aside
            except FileExistsError:
                continue
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
                    raise
                fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC, **kw)
                with os.fdopen(fd, "rb") as old:
                    return self.stage(name, old.read())
        raise WriteError(f"no free temporary name beside {self.shown / name}; nothing was changed")

    def remove(self, name: str) -> None:
        """Unlink `name` itself (a link, never its target); a name already gone or a folder is left be."""
        path, kw = self._at(name)
        try:
            if not self.is_dir(name):
                os.unlink(path, **kw)
        except FileNotFoundError:
            pass

    def discard(self, name: str) -> None:
        """Remove a temporary while something else already failed: its own failure would hide the first."""
        try:
            self.remove(name)
        except OSError:
            pass

    def _create_temp(self, name: str) -> tuple[str, int]:
        for _ in range(100):
            tmp = f".{name}.{os.urandom(4).hex()}{TEMP_SUFFIX}"
            path, kw = self._at(tmp)
            try:
                return tmp, os.open(path, _NEW_FILE, 0o666, **kw)
            except FileExistsError:  # another build's temporary, or anything else by that name
                continue
            except OSError as exc:
                raise WriteError.of(exc, self.shown / name) from None
        raise WriteError(f"no free temporary name beside {self.shown / name}; nothing was changed")

    def _at(self, name: str) -> tuple[str, dict[str, int]]:
        """`name` as (path, keyword arguments) for an os call: relative to the open folder where possible."""
        if self._fd is not None:
            return name, {"dir_fd": self._fd}
        return str(self.path / name), {}


def _open_dir(path: Path) -> int | None:
    if not _AT:
        if path.is_symlink() or not path.is_dir():
            raise OSError(errno.ENOTDIR, "not a folder", str(path))
        return None
    return os.open(path, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
