"""Which Inkscape layer each shape of an SVG page goes in: one rule, by class, for every game.

A shape's first class word names its layer (LAYER_OF: `board`, `piece`, `cut-guide`, ...). Two kinds of group
are looked into rather than placed whole: a diagram (its board, stones and marks go to their own layers) and a
board, whose coordinate labels (LABELS_OF_BOARD) go to the `labels` layer; a child whose class the table does
not name stays with its parent. Everything else goes whole: a piece, a pad's board, a sky, and a tile of a board
too large for its sheet (a clipped window is one thing: its labels and alignment marks stay in it).

A group split over layers leaves its class and data on the part in its own layer; its other parts are spliced
into theirs (it never carries a clip: tiles go whole). Each layer sits where its first shape did, so shapes of a
layer met again later (a sheet's legend after its pieces, a solitaire page's panels after its board) move down
under what came between. None of them overlaps what it moves under, so the page looks as the PDF, which draws in
scene order, does (tests/test_writers_agree.py holds every SVG page to its PDF).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from pnp.scene import Group, Shape

FURNITURE, BOARD, LABELS, PIECES, STARS, MARKS = "furniture", "board", "labels", "pieces", "stars", "marks"
MARKERS, CARDS, SKIES, FORMS, CUT_GUIDES = "markers", "cards", "skies", "forms", "cut guides"
REGISTRATION = "registration"   # a print-then-cut sheet's corner marks: kept when cut guides are hidden
DRAWING = "drawing"   # a top-level shape of a class not in the table (a new one belongs in LAYER_OF)

LAYER_OF: dict[str, str] = {
    # what frames a page: its title, facts line, calibration square, instructions, keys and legends
    "title": FURNITURE, "facts": FURNITURE, "calibration": FURNITURE, "tile-map": FURNITURE,
    "instructions": FURNITURE, "legend": FURNITURE, "panel": FURNITURE, "caption": FURNITURE, "key": FURNITURE,
    "board": BOARD, "tile": BOARD, "pad-board": BOARD, "diagram": BOARD,
    "piece": PIECES, "stone": PIECES, "deal": PIECES, "edge": PIECES,   # edge: a Starry Night move, in a diagram
    "star": STARS, "island": STARS, "highlight": STARS,   # a diagram's scored stars, a sky's stars and rings
    "chain": MARKS, "owned": MARKS, "mark": MARKS,        # what a diagram's referee and its position mark
    "move-number": MARKS,                                 # a record's move number, over the chain across its stone
    "marker": MARKERS, "card": CARDS, "sky": SKIES,
    "game": FORMS, "moves": FORMS, "record-field": FORMS, "reminder": FORMS,   # a score sheet's forms
    "cut-guide": CUT_GUIDES, "crop-mark": CUT_GUIDES, "cut": CUT_GUIDES, "card-edge": CUT_GUIDES,
    "registration": REGISTRATION,
}
LABELS_OF_BOARD = frozenset({"label", "label-guide", "sector", "board-code"})   # a board's children, to `labels`

Layer = tuple[str, tuple[Shape, ...]]
Part = tuple[str, Shape]


def layers(shapes: Iterable[Shape]) -> list[Layer]:
    """The page's shapes sorted into layers, each layer where its first shape was, shapes in page order."""
    placed: dict[str, list[Shape]] = {}
    for shape in shapes:
        for name, part in _parts(shape, LAYER_OF.get(_word(shape.cls), DRAWING)):
            placed.setdefault(name, []).append(part)
    return [(name, tuple(parts)) for name, parts in placed.items()]


def _word(cls: str) -> str:
    return cls.split(" ", 1)[0]


def _parts(shape: Shape, own: str) -> list[Part]:
    """The shape in layer `own`, or a diagram or board split by its children's layers."""
    if not isinstance(shape, Group) or shape.clip is not None:
        return [(own, shape)]
    word = _word(shape.cls)
    if word == "diagram":
        parts = [part for child in shape.children
                 for part in _parts(child, LAYER_OF.get(_word(child.cls), own))]
    elif word == "board":
        parts = [(LABELS if _word(child.cls) in LABELS_OF_BOARD else own, child) for child in shape.children]
    else:
        return [(own, shape)]
    if all(name == own for name, _ in parts):
        return [(own, shape)]
    return _split(shape, own, parts)


def _split(group: Group, own: str, parts: list[Part]) -> list[Part]:
    """The group's own part keeps it (class and data) with its own children; the rest are spliced, in order."""
    mine = tuple(part for name, part in parts if name == own)
    out: list[Part] = [(own, replace(group, children=mine))] if mine else []
    return out + [(name, part) for name, part in parts if name != own]
