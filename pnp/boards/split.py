"""A kit split into things of their own (`print.split: pieces`): each kind of piece, the board, as a one-page scene.

A digital tabletop (Tabletop Simulator, Screentop) wants each piece as an image
of its own, cut out, and the board as one picture. A game's split.py says which
things its kit has (the registry's `Game.split_kit`) as Cutouts
(pnp/scene/cutout.py) made with the helpers here; the writer
(pnp/writers/split.py) draws each as a PNG. The drawing is the game's own, as on
its printed sheets, untagged (no bleed: the colour stops at the cut), so an
image is the piece as it comes out of the sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from pnp.boards.cutouts import StoneSheets, stone
from pnp.boards.kit import StonesKit
from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect, bounding
from pnp.scene import Page, Shape
from pnp.scene.bounds import bounds
from pnp.scene.cutout import Cutout
from pnp.scene.transform import shift
from pnp.style import StoneStyle

BOARD_MARGIN_MM = 2.0   # paper around a board's drawing (its labels, its side bands), so nothing touches the edge
BOARD = "board"         # the board's image, and the asset it shows
STONES = "stones"       # the asset whose stones are split


def cutout(name: str, drawn: Shape, box: Rect, opaque: bool = False, count: int | None = None,
           surface: bool = False) -> Cutout:
    """`drawn` on a page that is exactly `box` (where the thing lies in its own frame): what lies outside is cut off."""
    return Cutout(name, Page(box.width, box.height, (shift(drawn, -box.x, -box.y),), name), opaque, surface, count)


def round_box(size: float) -> Rect:
    """The square a round piece `size` mm across, drawn about (0, 0), fills."""
    return Rect(-size / 2, -size / 2, size, size)


def outline_box(outline: tuple[Point, ...]) -> Rect:
    """The box around a piece's cut outline (a hexagon's corners): the image is the piece's printed size."""
    return bounding(list(outline))


def drawing_cutout(name: str, drawn: Shape) -> Cutout:
    """A board or a sky as printed: its whole drawing (labels and bands too) on paper, BOARD_MARGIN_MM around it:
    one surface of the kit."""
    return cutout(name, drawn, bounds(drawn).grown(BOARD_MARGIN_MM), opaque=True, count=1, surface=True)


def stone_cutouts(stones: StoneSheets, style: StoneStyle) -> list[Cutout]:
    """Red's and Blue's stone as their sheets print them (the ink saver's hatching too), each in its own square."""
    origin = (0.0, 0.0)
    return [cutout(f"stone-{player}", stone(player, origin, stones.size, style, tagged=False), round_box(stones.size))
            for player in style.players]


def stone_kit_cutouts(plan: StonesKit[Any, Any, Any], assets: Collection[str],
                      drawn_board: Callable[[], Shape]) -> list[Cutout]:
    """A stone game's kit split (*Star, Hex, Y): the board as its page draws it (`drawn_board`), then each player's
    stone; each only where `assets` (the outputs split) hold it."""
    found = [drawing_cutout(BOARD, drawn_board())] if BOARD in assets else []
    if STONES in assets and plan.stones is not None:
        found.extend(stone_cutouts(plan.stones, plan.style))
    return found
