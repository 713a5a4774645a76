"""Where a writer's bytes go: file names, the whole set staged then renamed into place, stale pages removed.

ASSET.EXT for a one-file asset; ASSET-1.EXT, ASSET-2.EXT, ... when a per-page
writer has several pages. A build stages every file of a spec (every asset,
every format, in both processes) as a temporary `.NAME.XXXXXXXX.tmp`, and only
when all are written renames them into place, so a failure leaves the earlier
set as it was. Then it removes the pages an earlier build left over: only
names exactly as pnp writes them (numbered from 1, no leading zeros), of this
spec's assets, in the formats just written. Light on imports on purpose: the
build's worker process runs `stage_format` without loading the spec machinery.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pnp.scene import Document
from pnp.writers import Writer
from pnp.writers.atomic import TEMP_SUFFIX, Folder, FolderRef, OutputPlaceError, WriteError

# Per asset: (final name, temporary name) for each file, in page order.
Staged = dict[str, list[tuple[str, str]]]


def file_names(asset: str, writer: Writer, count: int) -> list[str]:
    """The names of `count` files a writer made for an asset."""
    if count == 1:
        return [f"{asset}{writer.extension}"]
    return [f"{asset}-{n}{writer.extension}" for n in range(1, count + 1)]


def _page(asset: str, extension: str) -> str:
    """Regex of every name pnp gives this asset's files: ASSET.EXT or ASSET-N.EXT, N from 1."""
    return rf"{re.escape(asset)}(?:-([1-9][0-9]*))?{re.escape(extension)}"


def is_stale_page(name: str, asset: str, extension: str, count: int) -> bool:
    """Is `name` a page of this asset that a build writing `count` pages does not write?"""
    match = re.fullmatch(_page(asset, extension), name)
    if match is None:
        return False
    number = match.group(1)
    return number is not None if count == 1 else number is None or int(number) > count


def temporaries(assets: Iterable[str], extensions: Iterable[str]) -> re.Pattern[str]:
    """Regex of the temporaries pnp stages for pages of these assets (as `re.fullmatch` wants them)."""
    pages = "|".join(_page(asset, ext) for asset in assets for ext in extensions)
    return re.compile(rf"\.(?:{pages})\.[a-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}")


def stage_format(folder: Folder, docs: list[tuple[str, Document]], writer: Writer) -> Staged:
    """Render every asset in one format and stage its files; on failure the caller sweeps the temporaries."""
    staged: Staged = {}
    for asset, doc in docs:
        blobs = writer.render(doc)
        names = file_names(asset, writer, len(blobs))
        staged[asset] = [(name, folder.stage(name, data)) for name, data in zip(names, blobs)]
    return staged


def stage_format_at(ref: FolderRef, docs: list[tuple[str, Document]], writer: Writer) -> Staged:
    """`stage_format` in another process (the worker): opens the same folder, refusing a swapped one."""
    with Folder.reopen(ref) as folder:
        return stage_format(folder, docs, writer)


def commit(folder: Folder, staged: list[Staged]) -> None:
    """Rename every staged file into place; first make sure no rename can meet a folder."""
    moves = [move for one in staged for files in one.values() for move in files]
    for name, _ in moves:
        if folder.is_dir(name):
            raise OutputPlaceError(f"{folder.path / name} is a folder where pnp writes a file; remove it")
    for done, (name, tmp) in enumerate(moves):
        try:
            folder.put(tmp, name)
        except OSError as exc:
            outcome = "nothing was changed" if done == 0 else "the folder now holds some new files and some old"
            raise WriteError.of(exc, folder.path / name, "renaming into", outcome) from None


def remove_stale(folder: Folder, staged: Staged, writer: Writer) -> None:
    """Drop this format's pages of these assets that an earlier build with more (or fewer) pages left."""
    names = folder.names()
    for asset, files in staged.items():
        for name in names:
            if is_stale_page(name, asset, writer.extension, len(files)):
                try:
                    folder.remove(name)
                except OSError as exc:
                    raise WriteError.of(exc, folder.path / name, "removing the stale page",
                                        "the new files are in place") from None


def remove_temporaries(folder: Folder, assets: Iterable[str], extensions: Iterable[str]) -> None:
    """Remove temporaries of these assets' pages: an interrupted build's, or this one's after a failure."""
    pattern = temporaries(assets, extensions)
    for name in folder.names():
        if pattern.fullmatch(name):
            folder.discard(name)
