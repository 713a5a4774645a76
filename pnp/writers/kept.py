"""Renderings kept from one build to the next in a long-running process (`pnp watch`): an asset whose scene is
the same as last time keeps the bytes it was rendered to, instead of being rendered again.

A writer's bytes depend on nothing but the scene it is given, its own options and the fonts on disk (the same
spec gives the same bytes). So a watch turns keeping on: each writer's last few renderings of each asset (one a
spec, for a watch over several) are kept with the scenes they came from, and given again when a new scene equals
one. Scenes are compared, not hashed: a changed
one differs early (its title, usually), an equal one is a walk through tuples, far cheaper than rendering it. A
saved font changes bytes without changing a scene: the watch forgets every rendering then (pnp/watch/session.py).
Off, as in every other command, each rendering is made afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCENES = 8   # renderings kept of each writer and asset, the most recent: one per spec of a watch over several
            # specs (each has its own board, its own booklet), the least recently used dropped

# (writer, asset) -> [(a scene rendered, its bytes)], the most recently used last; None: nothing is kept. A
# PrintedDocument (a page scene whose PDF the build rendered early, for kit.pdf) is kept by its scene, so the PDF
# rendered early and the one written are one rendering.
_kept: dict[tuple[Any, str], list[tuple[Any, list[bytes]]]] | None = None


def keep() -> None:
    """From now on, keep each writer's last rendering of each asset."""
    global _kept
    if _kept is None:
        _kept = {}


def forget() -> None:
    """Drop every rendering kept (a font was saved); keeping goes on."""
    if _kept is not None:
        _kept.clear()


def rendered(writer: Any, doc: Any, render: Callable[[Any], list[bytes]]) -> list[bytes]:
    """`render(doc)`, or the bytes kept of `writer`'s last rendering of this asset where its scene equals `doc`."""
    scene = getattr(doc, "scene", doc)   # a drawn asset whose PDF was rendered early: still its scene
    if _kept is None or scene is None:   # nothing kept; or laid out elsewhere (a booklet), passed through as it is
        return render(doc)
    renderings = _kept.setdefault((writer, doc.asset), [])
    found = next((k for k, (seen, _) in enumerate(renderings) if seen == scene), None)
    if found is not None:
        renderings.append(renderings.pop(found))
        return renderings[-1][1]
    blobs = render(doc)
    renderings.append((scene, blobs))
    del renderings[:-SCENES]
    return blobs
