"""Renderings kept from one build to the next in a long-running process (`pnp watch`): an asset whose scene is
the same as last time keeps the bytes it was rendered to, instead of being rendered again.

A writer's bytes depend on nothing but the scene it is given, its own options and the fonts on disk (the same
spec gives the same bytes). So a watch turns keeping on: each writer's last rendering of each asset is kept with
the scene it came from, and given again when the new scene equals it. Scenes are compared, not hashed: a changed
one differs early (its title, usually), an equal one is a walk through tuples, far cheaper than rendering it. A
saved font changes bytes without changing a scene: the watch forgets every rendering then (pnp/watch/session.py).
Off, as in every other command, each rendering is made afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (writer, asset) -> (the scene last rendered, its bytes); None: nothing is kept. A PrintedDocument (a page scene
# whose PDF the build rendered early, for kit.pdf) is kept by its scene, so the PDF rendered early and the one
# written are one rendering.
_kept: dict[tuple[Any, str], tuple[Any, list[bytes]]] | None = None


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
    key = (writer, doc.asset)
    last = _kept.get(key)
    if last is not None and last[0] == scene:
        return last[1]
    blobs = render(doc)
    _kept[key] = (scene, blobs)
    return blobs
