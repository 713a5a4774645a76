"""Where a writer's bytes go: file names for every format, written atomically, stale pages removed.

ASSET.EXT for a one-file asset; ASSET-1.EXT, ASSET-2.EXT, ... when a per-page
writer has several pages. Pages an earlier build left over (it had more, or
fewer, pages) are removed for every format. Light on imports on purpose: the
build's worker process runs `write_format` without loading the spec machinery.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.scene import Document
from pnp.writers import Writer
from pnp.writers.atomic import write_atomic


def file_names(asset: str, writer: Writer, count: int) -> list[str]:
    """The names of `count` files a writer made for an asset."""
    if count == 1:
        return [f"{asset}{writer.extension}"]
    return [f"{asset}-{n}{writer.extension}" for n in range(1, count + 1)]


def write_format(folder: Path, docs: list[tuple[str, Document]], writer: Writer) -> dict[str, list[str]]:
    """Render and write every asset in one format; the file names written, per asset."""
    written: dict[str, list[str]] = {}
    for asset, doc in docs:
        blobs = writer.render(doc)
        written[asset] = file_names(asset, writer, len(blobs))
        for name, data in zip(written[asset], blobs):
            write_atomic(folder / name, data)
        remove_stale(folder, asset, writer, set(written[asset]))
    return written


def remove_stale(folder: Path, asset: str, writer: Writer, written: set[str]) -> None:
    """Drop this asset's files of this format left by an earlier build with more (or fewer) pages."""
    pattern = re.compile(rf"^{re.escape(asset)}(-\d+)?{re.escape(writer.extension)}$")
    for old in folder.glob(f"{asset}*{writer.extension}"):
        if pattern.match(old.name) and old.name not in written:
            old.unlink()
