"""Build: planned kits -> Documents -> files under OUT/NAME/ (named and written by pnp/writers/files.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.parallel import Worker
from pnp.spec import Kit
from pnp.writers import WRITERS
from pnp.writers.files import write_format


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def build_kit(kit: Kit, out: Path, formats: Iterable[str] | None = None, worker: Worker | None = None) -> Built:
    """Compose every output the spec asks for, then write it in every format.

    With a worker and several formats, the worker writes the first format while
    this process writes the others.
    """
    writers = [WRITERS[f] for f in (formats or kit.spec.formats)]
    folder = out / kit.spec.name
    docs = [(asset, kit.game.compose(asset, kit.plan)) for asset in kit.spec.outputs]
    names: dict[str, dict[str, list[str]]] = {}
    here = writers
    if worker is not None and len(writers) > 1:
        worker.submit(write_format, folder, docs, writers[0])
        here = writers[1:]
    try:
        for writer in here:
            names[writer.name] = write_format(folder, docs, writer)
    finally:
        if worker is not None and worker.pending:
            names[writers[0].name] = worker.result()
    files = [folder / name for asset, _ in docs for writer in writers for name in names[writer.name][asset]]
    return Built(kit.spec.name, tuple(files))


def build_all(kits: list[Kit], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None, worker: Worker | None = None) -> list[Built]:
    results = []
    for kit in kits:
        built = build_kit(kit, out, formats, worker)
        progress(built)
        results.append(built)
    return results
