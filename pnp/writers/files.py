"""Where a writer's bytes go: file names, the whole set staged then renamed into place, stale pages removed.

ASSET.EXT for a one-file asset; ASSET-1.EXT, ASSET-2.EXT, ... when a per-page
writer has several pages. A build writes every file of a spec (every asset,
every format, in both processes) into a stage folder beside OUT/NAME, and only
when all are written swaps it in (pnp/writers/swap.py), so a failure or a kill
leaves the earlier set as it was. The pages an earlier build left over are
dropped on the way: only names exactly as pnp writes them (numbered from 1, no
leading zeros), of this spec's assets, in the formats just written. Light on
imports on purpose: the build's worker process runs `stage_format` without
loading the spec machinery.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from pnp.scene import Document
from pnp.writers import WRITERS, Writer
from pnp.writers.atomic import TEMP_SUFFIX, Folder, FolderRef

if TYPE_CHECKING:  # the worker imports this module; it never commits, so it needs no ctypes and libc lookup
    from pnp.writers.swap import Replacement

# Per asset: the names of its files, in page order.
Staged = dict[str, list[str]]


def file_names(asset: str, writer: Writer, count: int) -> list[str]:
    """The names of `count` files a writer made for an asset: its pages, and with a `companion` extension (the cut
    writer's DXF) a last file of them all, ASSET + companion."""
    companion = getattr(writer, "companion", "")
    pages = count - 1 if companion and count else count
    last = [f"{asset}{companion}"] if companion and count else []
    if pages == 1:
        return [f"{asset}{writer.extension}", *last]
    return [*(f"{asset}-{n}{writer.extension}" for n in range(1, pages + 1)), *last]


def extensions(writer: Writer) -> tuple[str, ...]:
    """Every extension a writer's files end with."""
    companion = getattr(writer, "companion", "")
    return (writer.extension, companion) if companion else (writer.extension,)


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


def stage_format(folder: Folder, docs: list[tuple[str, Document]], writer: Writer,
                 step: Callable[[str], None] = lambda what: None) -> Staged:
    """Render every asset in one format into the stage folder; on failure the stage goes with what it holds.
    `step` is told of each asset before it is rendered (progress; pnp/progress.py)."""
    staged: Staged = {}
    for asset, doc in docs:
        step(writing(asset, writer))
        blobs = writer.render(doc)
        names = file_names(asset, writer, len(blobs))
        for name, data in zip(names, blobs):
            folder.write(name, data)
        staged[asset] = names
    return staged


def writing(asset: str, writer: Writer) -> str:
    """The step told as an asset is written in a format (pnp/progress.py), whichever process writes it."""
    return f"writing {asset}{writer.extension}"


def stage_format_at(ref: FolderRef, docs: list[tuple[str, Document]], writer: Writer) -> Staged:
    """`stage_format` in another process (the worker): opens the same stage, refusing a swapped one."""
    with Folder.reopen(ref) as folder:
        staged = stage_format(folder, docs, writer)
        folder.flushed()   # on disk before the other process commits the stage
        return staged


def commit(replacement: Replacement, staged: list[Staged], writers: list[Writer], assets: Iterable[str],
           folders: Iterable[str] = ()) -> None:
    """Make the staged files the folder's set in one step (pnp/writers/swap.py), dropping what they replace.
    `folders`: files staged in a folder pnp writes whole (split/NAME.png), which replaces the old one."""
    replacement.commit([*(name for one in staged for names in one.values() for name in names), *folders],
                       dropped_by(staged, writers, assets))


def dropped_by(staged: list[Staged], writers: list[Writer], assets: Iterable[str]) -> Callable[[str], bool]:
    """Which names in OUT/NAME a commit of these files drops: the pages of these assets, in the formats just
    written, that an earlier build with more (or fewer) pages left; and temporaries that pnp versions staging
    inside OUT/NAME left there."""
    pages = [(asset, writer.extension, sum(name.endswith(writer.extension) for name in names))
             for writer, one in zip(writers, staged) for asset, names in one.items()]
    left = temporaries(assets, [ext for writer in WRITERS.values() for ext in extensions(writer)])

    def dropped(name: str) -> bool:
        return bool(left.fullmatch(name)) or any(is_stale_page(name, *page) for page in pages)

    return dropped
