"""How much drawing a scene holds, counted in shapes: what a writer's work grows with (pnp/build.py decides by
it which process writes a kit's formats)."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.scene.primitives import Document, Group, Page, PrintedDocument, Shape


def shapes_over(docs: Iterable[Document | PrintedDocument], most: int) -> bool:
    """Whether the docs' pages hold more than `most` shapes, a group counting as one besides its own; counted only
    until the answer is known, so a board of 20,000 cells costs no more to ask about than a small one. A booklet
    (a PrintedDocument without a scene) holds none: its PDF is written already."""
    count = 0
    waiting: list[Iterable[Shape]] = [page.children for doc in docs for page in _pages(doc)]
    while waiting:
        for shape in waiting.pop():
            count += 1
            if count > most:
                return True
            if isinstance(shape, Group):
                waiting.append(shape.children)
    return False


def _pages(doc: Document | PrintedDocument) -> tuple[Page, ...]:
    scene = doc.scene if isinstance(doc, PrintedDocument) else doc
    return () if scene is None else scene.pages
