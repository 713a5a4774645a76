"""Writers turn a scene Document into bytes; they know primitives, never games.

Every writer answers the same protocol: its format name, its file extension,
whether it writes one file per page (SVG) or one per document (PDF), and
`render`. WRITERS is the one table of formats: the CLI's --format choices and
the spec's `formats` values both come from it, and build.py names the files.
A third writer (PNG, say) is one module with a `render` and one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol

from pnp.scene import Document


class Writer(Protocol):
    name: str
    extension: str
    per_page: bool

    def render(self, doc: Document) -> list[bytes]:
        """One bytes object per page if per_page, else a list of one."""
        ...


@dataclass(frozen=True)
class LazyWriter:
    """A writer whose module (and its heavy library) is imported on first use."""

    name: str
    extension: str
    per_page: bool
    module: str

    def render(self, doc: Document) -> list[bytes]:
        return importlib.import_module(self.module).render(doc)


WRITERS: dict[str, Writer] = {
    "svg": LazyWriter("svg", ".svg", per_page=True, module="pnp.writers.svg"),
    "pdf": LazyWriter("pdf", ".pdf", per_page=False, module="pnp.writers.pdf"),
}
FORMATS: tuple[str, ...] = tuple(WRITERS)
