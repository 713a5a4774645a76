"""One file written into a folder in one step, replacing the file of that name: what `pnp diagram` writes, and
the gallery's page and thumbnails. A reader sees the old file or the new one; on any failure (or an interrupt)
the temporary goes and the old file stays."""

from __future__ import annotations

from pnp.writers.atomic import Folder, OutputPlaceError, WriteError


def replace_file(folder: Folder, name: str, data: bytes) -> None:
    """Stage `data` beside `name`, then rename it over `name`: a link there is replaced, never followed; a folder
    there is refused (OutputPlaceError), since a rename cannot replace it."""
    if folder.is_dir(name):
        raise OutputPlaceError(f"{folder.path / name} is a folder where pnp writes a file; remove it or choose another --out")
    tmp = folder.stage(name, data)
    try:
        folder.put(tmp, name)
    except BaseException as exc:
        folder.discard(tmp)
        if isinstance(exc, OSError):
            raise WriteError.of(exc, folder.path / name, "renaming into") from None
        raise
