"""One thing drawn alone (a piece, a stone, a board) on a page of its printed size: a kit split for a digital
tabletop (print.split: pieces). Games make them (pnp/boards/split.py), pnp/writers/split.py draws each as a PNG."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.scene.primitives import Page


@dataclass(frozen=True)
class Cutout:
    """The thing's name (its file's, without .png), the thing alone on a page exactly its printed size, and whether
    that page is paper (`opaque`: a board, a sky, a card) or nothing around a piece (transparent); whether it is a
    surface played or drawn on (a board, a sky) rather than a thing moved about; how many the kit has of it (None:
    as many as a game takes, as stones)."""

    name: str
    page: Page
    opaque: bool = False
    surface: bool = False
    count: int | None = None
