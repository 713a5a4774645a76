"""An old set's folder, after the exchange (pnp/writers/swap.py), emptied into the new one and removed, losing
nothing pnp did not write.

In the old folder are pnp's old files (`ours`: the names the new set replaces or drops), what the build carried
over into the new folder (each kept name, linked or copied: `carried`), and whatever someone wrote there after
the carry-over (a note saved, a diagram written into OUT/NAME by name a moment before the exchange, or through
a folder still open). So, entry by entry:
- pnp's own file: removed;
- carried, and unchanged since: removed, the new folder holds it;
- anything else: moved into the new folder; where the new folder holds that name already, it replaces the
  carried one there only if that is unchanged (the old folder's is the newer), and is otherwise left;
- a folder: the same inside it; moved whole where the new folder has none.
A file of someone else's is only ever removed once it is out of others' reach: it is first renamed into a
private folder (a trash), checked to be the file meant, and only then unlinked; another put there meanwhile is
merged from the trash like any newcomer. Nothing
on another file system is entered, moved or removed. The old folder is removed only when empty (rmdir), and
listed again until it is, so what keeps arriving is moved too; what cannot be moved stays, and so does the
folder, for the caller to name.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass

from pnp.writers.renames import exchange, rename_noreplace

Identity = tuple[int, int]    # inode and modification time: differ for a file changed, or a new one on a reused inode
Carried = dict[str, tuple[Identity, Identity]]   # path in the folder -> its identity in the old folder, in the new
ROUNDS = 100                  # listings of the old folder before giving up on one that keeps being written into
TRASH = re.compile(r"\.pnp-trash\.[0-9a-f]{8}")
_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class Retired:
    """What stayed in the old folder, each as `path (why)`; nothing when it is gone."""

    left: tuple[str, ...] = ()


def retire(parent: int, name: str, old: int, new: int, ours: list[str], carried: Carried,
           prefix: str = "") -> Retired:
    """Empty the folder `name` in `parent` (open as `old`) into the folder open as `new`, then remove it.
    `ours` and `carried` name paths relative to the new folder; `prefix`: the old folder's own path there."""
    retiring = _Retiring(_mine(ours), carried, os.fstat(old).st_dev)
    for _ in range(ROUNDS):
        try:
            retiring.merge(old, new, prefix)
        except OSError as exc:   # the old folder itself cannot be listed: it stays
            retiring.left.append(f"{prefix or '.'} ({exc.strerror or exc})")
        if retiring.left:
            return Retired(tuple(retiring.left))
        try:
            os.rmdir(name, dir_fd=parent)
            return Retired()
        except FileNotFoundError:
            return Retired()
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                return Retired((f"{prefix or '.'} ({exc.strerror})",))
    return Retired(tuple(f"{n} (written into again and again)" for n in sorted(os.listdir(old))))


def discard(parent: int, name: str) -> bool:
    """Remove `name` in `parent` and all in it, following no link and entering no other file system: for a
    folder only pnp wrote in (a stage never exchanged). False if something stayed (nothing is raised: this runs
    while something else already failed, too)."""
    try:
        info = os.stat(name, dir_fd=parent, follow_symlinks=False)
        if not stat.S_ISDIR(info.st_mode):
            _unlink(parent, name)
            return True
        if info.st_dev != os.fstat(parent).st_dev:
            return False
        inner = os.open(name, _DIR, dir_fd=parent)
        try:
            emptied = all([discard(inner, entry) for entry in os.listdir(inner)])
        finally:
            os.close(inner)
        os.rmdir(name, dir_fd=parent)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return emptied


def _mine(ours: list[str]) -> Callable[[str], bool]:
    """Is a path one of pnp's files: a name in `ours`, or a file in a folder pnp writes whole (split/) with the
    extension of the files pnp writes there (a stale page of it too)?"""
    names = set(ours)
    extensions: dict[str, set[str]] = {}
    for path in ours:
        folder, _, file = path.partition("/")
        if file:
            extensions.setdefault(folder, set()).add(os.path.splitext(file)[1])

    def mine(path: str) -> bool:
        folder, _, file = path.partition("/")
        inside = bool(file) and "/" not in file
        return path in names or (inside and os.path.splitext(file)[1] in extensions.get(folder, ()))

    return mine


class _Retiring:
    """One retirement's state: what is pnp's and what was carried, the old folder's file system, and what had to
    stay."""

    def __init__(self, mine: Callable[[str], bool], carried: Carried, device: int) -> None:
        self.mine, self.carried, self.device = mine, carried, device
        self.left: list[str] = []

    def merge(self, old: int, new: int, at: str) -> None:
        """Every entry of the folder `old` (at path `at`) into `new`; a trash's entries as if they were here."""
        trash: list[tuple[int, str]] = []
        try:
            for name in sorted(os.listdir(old)):
                path = f"{at}/{name}" if at else name
                try:
                    self._entry(old, new, name, path, trash)
                except OSError as exc:   # a folder of the user's made read-only, say: it stays, and is named
                    self.left.append(f"{path} ({exc.strerror or exc})")
        finally:
            for fd, name in trash:
                os.close(fd)
                _rmdir_if_empty(old, name)

    def _entry(self, old: int, new: int, name: str, path: str, trash: list[tuple[int, str]]) -> None:
        try:
            info = os.stat(name, dir_fd=old, follow_symlinks=False)
        except FileNotFoundError:
            return
        if info.st_dev != self.device:
            self.left.append(f"{path} (on another file system)")
        elif stat.S_ISDIR(info.st_mode):
            self._folder(old, new, name, path, trash)
        elif self.mine(path):
            _unlink(old, name)
        else:
            self._file(old, new, name, path, info, trash)

    def _folder(self, old: int, new: int, name: str, path: str, trash: list[tuple[int, str]]) -> None:
        if TRASH.fullmatch(name):   # this retirement's, or a killed one's: its files belong where it is
            self._inside(old, new, name, path, at=path.rpartition("/")[0])
            return
        there = self._there_or_moved(old, new, name, path)
        if there is None:
            return
        if not stat.S_ISDIR(there.st_mode) or there.st_dev != self.device:
            self.left.append(f"{path}/ (the new folder has a file by that name)")
            return
        inner_new = os.open(name, _DIR, dir_fd=new)
        try:
            self._inside(old, inner_new, name, path, at=path)
        finally:
            os.close(inner_new)

    def _inside(self, old: int, new: int, name: str, path: str, at: str) -> None:
        """Merge the folder `name` in `old` into `new` as the folder at `at`, then remove it if emptied."""
        try:
            inner = os.open(name, _DIR, dir_fd=old)
        except OSError as exc:
            self.left.append(f"{path}/ ({exc.strerror})")
            return
        try:
            self.merge(inner, new, at)
        finally:
            os.close(inner)
        try:
            os.rmdir(name, dir_fd=old)
        except OSError as exc:
            if exc.errno not in (errno.ENOENT, errno.ENOTEMPTY, errno.EEXIST):  # not yet empty: the next round
                self.left.append(f"{path}/ ({exc.strerror})")

    def _file(self, old: int, new: int, name: str, path: str, info: os.stat_result, trash: list[tuple[int, str]]) -> None:
        carried = self.carried.get(path)
        if carried is not None and identity(info) == carried[0]:
            self._remove(old, name, info, trash)   # unchanged since carried: the new folder holds it
            return
        there = self._there_or_moved(old, new, name, path)
        if there is None:
            return
        if (there.st_dev, there.st_ino) == (info.st_dev, info.st_ino):
            self._remove(old, name, info, trash)   # the same file, linked in both
        elif carried is not None and identity(there) == carried[1] and exchange(old, name, new, name):
            # Replaced in the old folder after the carry-over, and the new folder's is still the one carried: the
            # old folder's is the newer, so they trade places, and the carried one goes if it is what came back.
            back = os.stat(name, dir_fd=old, follow_symlinks=False)
            if back.st_ino == carried[1][0]:
                self._remove(old, name, back, trash)
            else:
                self.left.append(f"{path} (changed in both folders)")
        else:
            self.left.append(f"{path} (changed in both folders)")

    def _there_or_moved(self, old: int, new: int, name: str, path: str) -> os.stat_result | None:
        """What the new folder holds by this name; where it holds nothing, None, and the old one's moved there."""
        try:
            return os.stat(name, dir_fd=new, follow_symlinks=False)
        except FileNotFoundError:
            self._move(old, new, name, path)
            return None

    def _move(self, old: int, new: int, name: str, path: str) -> None:
        try:
            rename_noreplace(old, name, new, name)
        except FileExistsError:
            pass   # something by that name arrived in the new folder meanwhile: the next round sees both
        except OSError as exc:
            self.left.append(f"{path} ({exc.strerror})")

    def _remove(self, folder: int, name: str, meant: os.stat_result, trash: list[tuple[int, str]]) -> None:
        """Unlink the file `meant` at `name`, never another put there meanwhile: moved into the trash first."""
        if not trash:
            trash.append(_make_trash(folder))
        try:
            os.rename(name, name, src_dir_fd=folder, dst_dir_fd=trash[0][0])
        except FileNotFoundError:
            return
        now = os.stat(name, dir_fd=trash[0][0], follow_symlinks=False)
        if (now.st_dev, now.st_ino) == (meant.st_dev, meant.st_ino):
            os.unlink(name, dir_fd=trash[0][0])
        # Otherwise it stays in the trash, whose entries the next round merges as this folder's.


def identity(info: os.stat_result) -> Identity:
    return info.st_ino, info.st_mtime_ns


def _make_trash(folder: int) -> tuple[int, str]:
    """A fresh private folder inside `folder`: open, and its name."""
    while True:
        name = f".pnp-trash.{os.urandom(4).hex()}"
        try:
            os.mkdir(name, 0o700, dir_fd=folder)
            return os.open(name, _DIR, dir_fd=folder), name
        except FileExistsError:
            continue


def _rmdir_if_empty(folder: int, name: str) -> None:
    try:
        os.rmdir(name, dir_fd=folder)
    except OSError:
        pass   # not empty: the next round merges what is in it


def _unlink(folder: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=folder)
    except FileNotFoundError:
        pass
