"""Build: planned kits -> Documents -> files under OUT/NAME/, named and written atomically here.

File names are decided in one place for every format: ASSET.EXT for a
one-file asset, ASSET-1.EXT, ASSET-2.EXT, ... when a per-page writer has
several pages. Pages an earlier build left over are removed for every format.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.spec import Kit
from pnp.writers import WRITERS, Writer
from pnp.writers.atomic import write_atomic


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def file_names(asset: str, writer: Writer, count: int) -> list[str]:
    """The names of `count` files a writer made for an asset."""
    if count == 1:
        return [f"{asset}{writer.extension}"]
    return [f"{asset}-{n}{writer.extension}" for n in range(1, count + 1)]


def build_kit(kit: Kit, out: Path, formats: Iterable[str] | None = None) -> Built:
    """Compose every output the spec asks for and write it in every format."""
    writers = [WRITERS[f] for f in (formats or kit.spec.formats)]
    folder = out / kit.spec.name
    files: list[Path] = []
    for asset in kit.spec.outputs:
        doc = kit.game.compose(asset, kit.plan)
        for writer in writers:
            blobs = writer.render(doc)
            for name, data in zip(file_names(asset, writer, len(blobs)), blobs):
                write_atomic(folder / name, data)
                files.append(folder / name)
            _remove_stale(folder, asset, writer, {p.name for p in files})
    return Built(kit.spec.name, tuple(files))


def build_all(kits: list[Kit], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None) -> list[Built]:
    results = []
    for kit in kits:
        built = build_kit(kit, out, formats)
        progress(built)
        results.append(built)
    return results


def _remove_stale(folder: Path, asset: str, writer: Writer, written: set[str]) -> None:
    """Drop this asset's files of this format left by an earlier build with more (or fewer) pages."""
    pattern = re.compile(rf"^{re.escape(asset)}(-\d+)?{re.escape(writer.extension)}$")
    for old in folder.glob(f"{asset}*{writer.extension}"):
        if pattern.match(old.name) and old.name not in written:
            old.unlink()
