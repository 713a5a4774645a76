"""Files written into a folder in one step each, replacing the files of those names: what `pnp diagram` writes,
the gallery's page and thumbnails, and `pnp init`'s spec and schema (which change together or not at all). A
reader sees the old file or the new one; on any failure (or an interrupt) the temporaries go and the old files
stay."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.writers.atomic import Folder, OutputPlaceError, WriteError


def replace_file(folder: Folder, name: str, data: bytes) -> None:
    """Stage `data` beside `name`, then rename it over `name`: a link there is replaced, never followed; a folder
    there is refused (OutputPlaceError), since a rename cannot replace it."""
    replace_files(folder, {name: data})


def replace_files(folder: Folder, files: dict[str, bytes], refusals: dict[str, str] | None = None) -> None:
    """Every file of `files` staged first (a full disk changes nothing), then renamed into place; if a rename
    fails, the files already renamed are put back as they were, so the folder changes all at once or not at all.
    A name in `refusals` must not exist yet: if it does (even if it appeared meanwhile), OutputPlaceError with
    the message given for it."""
    refusals = refusals or {}
    for name in files:
        if folder.is_dir(name):
            raise OutputPlaceError(f"{folder.path / name} is a folder where pnp writes a file; "
                                   "remove it or choose another --out")
    staged: dict[str, str] = {}
    placed: list[tuple[str, str | None]] = []   # each name renamed into place, and its old file set aside
    try:
        for name, data in files.items():
            staged[name] = folder.stage(name, data)
        for name in files:
            aside = None
            try:
                if name in refusals:
                    folder.put_new(staged[name], name)
                else:
                    aside = folder.set_aside(name)
                    folder.put(staged[name], name)
            except BaseException as exc:
                if aside is not None:
                    folder.discard(aside)
                outcome = _put_back(folder, placed)
                if isinstance(exc, FileExistsError):
                    raise OutputPlaceError(refusals[name]) from None
                if isinstance(exc, OSError):
                    raise WriteError.of(exc, folder.path / name, "renaming into", outcome) from None
                raise
            del staged[name]
            placed.append((name, aside))
    finally:
        for tmp in staged.values():
            folder.discard(tmp)
    for _, aside in placed:
        if aside is not None:
            folder.discard(aside)


def _put_back(folder: Folder, placed: list[tuple[str, str | None]]) -> str:
    """The old files of the names already replaced put back (the new ones removed where none was there); what the
    folder then holds, in words for the message."""
    try:
        while placed:
            name, aside = placed.pop()
            if aside is None:
                folder.remove(name)
            else:
                folder.put(aside, name)
    except OSError:
        return "some of its files may be new and some old"
    return "nothing was changed"
