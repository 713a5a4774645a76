"""Writers turn a scene Document into files; they know primitives, never games.

Each writer takes the same neutral Document and returns (file name, bytes)
pairs, so adding a format (PNG, say) means adding one entry to WRITERS.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.scene import Document

Writer = Callable[[Document], list[tuple[str, bytes]]]


def _svg(doc: Document) -> list[tuple[str, bytes]]:
    from pnp.writers.svg import write_document

    return write_document(doc)


def _pdf(doc: Document) -> list[tuple[str, bytes]]:
    from pnp.writers.pdf import write_document

    return write_document(doc)


WRITERS: dict[str, Writer] = {"svg": _svg, "pdf": _pdf}
FORMATS: tuple[str, ...] = tuple(WRITERS)
