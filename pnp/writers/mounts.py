"""Mount points in a folder pnp replaces (OUT/NAME), found before anything is written.

A build replaces OUT/NAME whole: it carries the folder's other files over into its stage and retires the old
folder (pnp/writers/swap.py). A file system mounted inside (a USB stick, a bind mount) must never be copied onto
the parent disk nor have its files removed, and OUT/NAME itself cannot be exchanged if it is a mount point; so
either is refused, naming the mount. On Linux the kernel's list of mounts (/proc/self/mountinfo) names every
one, bind mounts of the same file system too; elsewhere a folder on another device than OUT/NAME's is one.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from pnp.writers.atomic import OutputPlaceError

MOUNTINFO = Path("/proc/self/mountinfo")
_ESCAPED = re.compile(r"\\([0-7]{3})")   # mountinfo writes space, tab, newline and backslash as \040 and so on


def mounts_in(folder: Path) -> list[Path]:
    """The mount points at `folder` or inside it, as paths under `folder`, sorted; none for a missing folder."""
    if not folder.is_dir() or folder.is_symlink():
        return []
    real = os.path.realpath(folder)
    points = _listed() if MOUNTINFO.is_file() else None
    if points is None:
        return _other_devices(folder)
    inside = [point for point in points if point == real or point.startswith(real.rstrip("/") + "/")]
    return sorted(folder / os.path.relpath(point, real) if point != real else folder for point in set(inside))


def refuse_mounts(folder: Path) -> None:
    """OutputPlaceError naming a mount point at or inside `folder`, if there is one."""
    found = mounts_in(folder)
    if found:
        raise refused(folder, found[0])


def refused(folder: Path, point: Path) -> OutputPlaceError:
    """The refusal of `folder`, which pnp replaces, for the mount point (or other file system) at `point`."""
    if point == folder:
        return OutputPlaceError(f"{folder} is a mount point (another file system); pnp replaces that folder whole and "
                                "cannot replace a mount: unmount it, or choose another --out")
    return OutputPlaceError(f"{point} is a mount point (another file system) inside {folder}, which pnp replaces "
                            "whole; pnp never crosses into one: unmount it or move it out of the folder, or choose "
                            "another --out")


def _listed() -> list[str] | None:
    """Every mount point this process sees (the fifth field of each mountinfo line); None if unreadable."""
    try:
        lines = MOUNTINFO.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    except OSError:
        return None
    return [_ESCAPED.sub(lambda m: chr(int(m[1], 8)), fields[4]) for line in lines if len(fields := line.split()) > 4]


def _other_devices(folder: Path) -> list[Path]:
    """Where the kernel lists no mounts: the folders under `folder` (links not followed) on another device."""
    device = os.stat(folder, follow_symlinks=False).st_dev
    found = []
    for top, dirs, _ in os.walk(folder, followlinks=False):
        for name in list(dirs):
            path = Path(top) / name
            try:
                if os.stat(path, follow_symlinks=False).st_dev != device:
                    found.append(path)
                    dirs.remove(name)
            except OSError:
                dirs.remove(name)
    return sorted(found)
