"""The --out check made before anything is written: OUT must be (or become) a folder pnp can write in,
and every OUT/NAME a real folder or nothing yet.

OUT itself may be a link to a folder (the user chose it); OUT/NAME may not,
since pnp writes and removes files there. The same refusals are made again,
race-free, when a build opens OUT/NAME (see pnp/writers/atomic.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pnp.writers.atomic import OutputPlaceError

_HINT = "choose another --out"


def check_out(out: str, names: Iterable[str]) -> Path:
    """The output folder as a Path, or OutputPlaceError saying what is wrong and what would do."""
    if not out:
        raise OutputPlaceError("--out is empty; name a folder (default: output), or . for this one")
    path, names = Path(out), list(names)
    existing = _check_base(out, path)
    if not all(os.path.lexists(path / name) for name in names):  # a folder to make there
        _check_writable(existing, f"--out {out}: ")
    for name in names:
        _check_folder(path / name)
    return path


def _check_base(out: str, path: Path) -> Path:
    """OUT, or the nearest part of it that exists, is a folder; that part."""
    existing = path
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if existing.is_symlink() and not existing.exists():
        raise OutputPlaceError(f"--out {out}: {existing} is a symbolic link to nothing; {_HINT}")
    if not existing.is_dir():
        where = "is a file, not a folder" if existing == path else f"lies under {existing}, which is a file"
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
        raise OutputPlaceError(f"{prefix}cannot write in {folder} (permission denied); {_HINT}")
