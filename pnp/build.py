"""Build: validated specs -> Documents -> files under OUT/NAME/, written atomically."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.assets import composer
from pnp.spec.models import Spec
from pnp.writers import WRITERS
from pnp.writers.atomic import write_atomic


@dataclass(frozen=True)
class Built:
    spec_name: str
    files: tuple[Path, ...]


def build_spec(spec: Spec, out: Path, formats: Iterable[str] | None = None) -> Built:
    """Compose every output the spec asks for and write it in every format."""
    wanted = [f for f in (formats or spec.formats)]
    folder = out / spec.name
    files: list[Path] = []
    for asset in spec.outputs:
        doc = composer(spec.game, asset)(spec)
        for fmt in wanted:
            for name, data in WRITERS[fmt](doc):
                write_atomic(folder / name, data)
                files.append(folder / name)
        _remove_stale_pages(folder, asset, {p.name for p in files})
    return Built(spec.name, tuple(files))


def build_all(specs: list[Spec], out: Path, formats: Iterable[str] | None,
              progress: Callable[[Built], None] = lambda built: None) -> list[Built]:
    results = []
    for spec in specs:
        built = build_spec(spec, out, formats)
        progress(built)
        results.append(built)
    return results


def _remove_stale_pages(folder: Path, asset: str, written: set[str]) -> None:
    """Drop SVG pages of this asset left by an earlier build with more (or fewer) pages."""
    if not any(name.endswith(".svg") for name in written):
        return
    pattern = re.compile(rf"^{re.escape(asset)}(-\d+)?\.svg$")
    for old in folder.glob(f"{asset}*.svg"):
        if pattern.match(old.name) and old.name not in written:
            old.unlink()
