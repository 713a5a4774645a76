"""The --out check made before anything is written: OUT must be (or become) a folder pnp can write in,
every OUT/NAME a real folder or nothing yet, with no mount point inside (pnp/writers/mounts.py), and every
name and path pnp will write short enough for the file system (check_lengths).

OUT itself may be a link to a folder (the user chose it); OUT/NAME may not,
since pnp writes and removes files there. The same refusals are made again,
race-free, when a build opens OUT/NAME (see pnp/writers/atomic.py). A name pnp
derives from a file's name (a template's, a position's) must pass the check a
spec's `name` passes, so it can never be `..` or lead anywhere but OUT/NAME.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

from pnp.writers.atomic import OutputPlaceError
from pnp.writers.mounts import refuse_mounts

_HINT = "choose another --out"
DEFAULT_NAME_MAX, DEFAULT_PATH_MAX = 255, 4096   # where os.pathconf cannot say (Linux's usual limits)
TEMP_ROOM = len(".") + len(".XXXXXXXX") + len(".journal")   # a stage beside NAME (.NAME.XXXXXXXX.tmp), its journal
FILE_ROOM = 128   # what pnp writes under a folder it fills, at most (split/THING.png and its temporary)
OPTION_CHARS = 100   # the most of a long --out a message about its length repeats
# An OSError with one of these says the place will not take files (no permission, a read-only or special file
# system such as /proc, something in the way): the user's choice of --out, so bad input, exit 2. Any other (a full
# disk, an I/O error) is a fault of the machine: exit 1.
PLACE_ERRNOS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT, errno.ENOTDIR, errno.EISDIR,
                          errno.ELOOP, errno.EEXIST, errno.ENAMETOOLONG})


def check_out(out: str, names: Iterable[str], files: Iterable[str] = (), folders: Iterable[str] = ()) -> Path:
    """The output folder as a Path, or OutputPlaceError saying what is wrong and what would do. `names` are the
    OUT/NAME folders pnp replaces whole (a mount inside is refused); `folders` others it writes files into and
    `files` files it writes, both as paths under OUT (the gallery's index.html, its thumbnails in index.files/)."""
    if not out:
        raise OutputPlaceError("--out is empty; name a folder (default: output), or . for this one")
    path, names, files, folders = Path(out), list(names), list(files), list(folders)
    check_lengths(f"--out {out}", [path / name for name in names + folders], [path / name for name in files])
    existing = _check_base(out, path)
    if names or files or folders:  # OUT/NAME is made there, or replaced by a folder staged beside it (swap.py)
        _check_writable(existing, f"--out {out}: ")
    for name in names:
        _check_folder(path / name)
        refuse_mounts(path / name)
    for name in folders:
        _check_folder(path / name)
    for name in files:
        if (path / name).is_dir() and not (path / name).is_symlink():  # a link is replaced, its target untouched
            raise OutputPlaceError(f"{path / name} is a folder where pnp writes a file; remove it or {_HINT}")
    return path


def check_file(out: str, path: Path) -> Path:
    """--out FILE (`pnp diagram`): a new name, or a regular file to replace, in a folder pnp can write in."""
    if not out:
        raise OutputPlaceError("--out is empty; name a file such as diagram.svg (default: output/diagrams/STEM.svg)")
    shown = f"--out {out}" if path == Path(out) else f"--out {out}: {path}"
    check_lengths(f"--out {out}", [], [path])
    if path.is_symlink():
        raise OutputPlaceError(f"{shown} is a symbolic link; pnp replaces only a regular file: remove the link or {_HINT}")
    if os.path.lexists(path) and not path.is_file():
        raise OutputPlaceError(f"{shown} is {_kind(path)}, not a regular file; {_HINT}")
    _check_writable(_check_base(out, path.parent), f"--out {out}: ")
    return path


def check_lengths(option: str, folders: Iterable[Path], files: Iterable[Path]) -> None:
    """The paths pnp will write checked against the file system's limits before anything is written (so a long
    --out is exit 2, not a traceback): OutputPlaceError naming the first name longer than NAME_MAX, or a path
    that would be longer than PATH_MAX. `folders` pnp fills with its files (OUT/NAME), `files` it writes one by one
    (index.html, a diagram); each has a temporary or a stage beside it (TEMP_ROOM more bytes), and a folder's
    files in it (FILE_ROOM more), so those must fit too. One check for every command that writes."""
    from pnp.spec.problems import clip, show

    option = clip(option, OPTION_CHARS)
    for path, room in [*((folder, FILE_ROOM) for folder in folders), *((file, 0) for file in files)]:
        whole = Path(os.path.abspath(path))
        existing = _nearest_existing(whole)
        name_max = _limit(existing, "PC_NAME_MAX", DEFAULT_NAME_MAX)
        made = whole.parts[len(existing.parts):] or whole.parts[-1:]   # the names made, and always the last
        for n, part in enumerate(made, 1):
            beside = TEMP_ROOM if n == len(made) else 0   # pnp makes OUT's folders plainly, the last with a sibling
            size = len(os.fsencode(part))
            if size + beside > name_max:
                extra = f" with the {beside} bytes pnp adds for the temporary beside it" if beside else ""
                raise OutputPlaceError(f"{option}: the name {show(part)} is {size} bytes long{extra}, more than the "
                                       f"{name_max} this file system takes; choose a shorter --out")
        path_max = _limit(existing, "PC_PATH_MAX", DEFAULT_PATH_MAX)
        size = len(os.fsencode(str(whole))) + TEMP_ROOM + room
        if size >= path_max:
            raise OutputPlaceError(f"{option}: {show(str(whole))} is {len(os.fsencode(str(whole)))} bytes long, and "
                                   f"with the names pnp writes under it would pass the {path_max} bytes this system "
                                   "takes in a path; choose a shorter --out")


def _nearest_existing(path: Path) -> Path:
    """The longest leading part of an absolute path that exists (/ at least)."""
    for part in (path, *path.parents):
        try:
            os.stat(part)
            return part
        except OSError:
            continue
    return Path(path.anchor)


def _limit(folder: Path, name: str, default: int) -> int:
    """A file system limit (os.pathconf) for names made in `folder`; `default` where the system does not say."""
    try:
        found = os.pathconf(folder, name)
    except (OSError, ValueError, AttributeError):
        return default
    return found if found and found > 0 else default


def check_name(name: str, said: str, what: str, fix: str = "") -> str:
    """`name` if it passes the check of a spec's `name` (so never `..`, never a path); else OutputPlaceError
    `SAID NAME, which cannot name WHAT; the rule: FIX`."""
    from pnp.spec.base import NAME_PATTERN, NAME_RULE
    from pnp.spec.problems import show

    if re.fullmatch(NAME_PATTERN, name) is None:
        raise OutputPlaceError(f"{said} {show(name)}, which cannot name {what}; {NAME_RULE}{': ' + fix if fix else ''}")
    return name


def derived_name(name: str, source: Path, what: str, fix: str) -> str:
    """`name`, taken from the file `source`'s name to name `what`, checked as `check_name` does."""
    from pnp.spec.problems import printable

    return check_name(name, f"{printable(str(source))}: its file name gives", what, fix)


def _check_base(out: str, path: Path) -> Path:
    """OUT, or the nearest part of it that exists, is a folder; that part."""
    existing = path
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if existing.is_symlink() and not existing.exists():
        raise OutputPlaceError(f"--out {out}: {existing} is a symbolic link to nothing; {_HINT}")
    if not existing.is_dir():
        where = "is a file, not a folder" if existing == Path(out) else f"lies under {existing}, which is a file"
        raise OutputPlaceError(f"--out {out} {where}; {_HINT}")
    return existing


def _check_folder(folder: Path) -> None:
    """OUT/NAME is missing, or a real folder this user can write in (never a link)."""
    if folder.is_symlink():
        raise OutputPlaceError(f"{folder} is a symbolic link; pnp writes only into a real folder: remove the link or {_HINT}")
    if os.path.lexists(folder) and not folder.is_dir():
        raise OutputPlaceError(f"{folder} is a file, not a folder; remove it or {_HINT}")
    if folder.is_dir():
        _check_writable(folder, "")


def _check_writable(folder: Path, prefix: str) -> None:
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPlaceError(f"{prefix}cannot write in {folder} ({_why_not(folder)}); {_HINT}")


def _why_not(folder: Path) -> str:
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows)
        read_only = False
    return "a read-only file system" if read_only else "permission denied"


def _kind(path: Path) -> str:
    """What a name that is not a regular file is, in words."""
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    return "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
