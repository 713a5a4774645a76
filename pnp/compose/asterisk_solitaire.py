"""The solitaire setup page: which cells start filled, how to play, and optionally a dealt start.

The board is drawn as large as the page allows next to a few text blocks (a
key, a how-to, and with a seed the pieces still in the bag). Text goes into
the empty corners beside the triangle's slopes when it fits there, otherwise
to the right of or below the board, whichever leaves the larger board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from pnp.compose.asterisk_board import BAND, LABEL_GAP, LABEL_SIZE, board_group, grid_width, unit_extent
from pnp.compose.blocks import paragraph, shift, wrap
from pnp.compose.furniture import furniture
from pnp.compose.piece import piece
from pnp.fonts import text_width
from pnp.games.asterisk import PIECE_TYPES, PieceType, deal, solitaire_fill
from pnp.geometry.asterisk import AsteriskBoard
from pnp.geometry.hexagon import SQRT3, pointy_hexagon
from pnp.layout import content_area
from pnp.paper import Paper, paper
from pnp.scene import Document, Group, Page, Paint, Polygon, Shape, Text
from pnp.spec.models import AsteriskSpec
from pnp.style import Style, style_from

TEXT_MM = 3.0          # body text; headings a little larger
GAP_MM = 6.0           # between the board and a text block, and between blocks
PIECE_SHARE_MAX = 0.92  # a dealt piece never covers more of its cell than this, so the shading shows
HOW_TO = (
    "Put a piece on every shaded cell, drawn blind from the full set{dealt}. Leave the white cells empty.",
    "Then draw the other pieces blind, one at a time, and place each on any empty cell.",
    "Place them so that no chain of one colour, one shape or one marking links all three sides.",
    "You win if the very last piece is the first to make such a chain; if an earlier one must, you lose. "
    "You may look at what is left in the bag, but always draw blind.",
)


@dataclass(frozen=True)
class Block:
    """A text block built at the origin: its size and its shapes."""

    width: float
    height: float
    shapes: tuple[Shape, ...]


@dataclass(frozen=True)
class Setup:
    """What the page shows: the fill cells, and with a seed the deal and the bag."""

    side: int
    fill: tuple[str, ...]
    empty: tuple[str, ...]
    seed: int | None
    dealt: dict[str, str]
    rest: tuple[str, ...]


def setup(spec: AsteriskSpec) -> Setup:
    """Fill cells from the ring rule; with a seed, one piece dealt to each of them."""
    board = AsteriskBoard(spec.board.side, 1.0)
    fill = tuple(c.id for c in board.cells if solitaire_fill(board.side, c.row, c.pos))
    empty = tuple(c.id for c in board.cells if c.id not in set(fill))
    seed = spec.solitaire.seed
    dealt, rest = deal(spec.piece_counts(), list(fill), seed) if seed is not None else ({}, [])
    return Setup(board.side, fill, empty, seed, dealt, tuple(rest))


def fits_paper(spec: AsteriskSpec) -> bool:
    """Whether the board, key and how-to fit one page of the spec's paper at all (for spec checks)."""
    style = style_from(spec.style.model_dump())
    return best_plan(paper(spec.paper), setup(spec), spec.board.coordinates, style) is not None


def compose_solitaire(spec: AsteriskSpec) -> Document:
    style = style_from(spec.style.model_dump())
    start = setup(spec)
    coords = spec.board.coordinates
    plan = best_plan(paper(spec.paper), start, coords, style)
    assert plan is not None, "spec checks guarantee the page fits"
    board = AsteriskBoard(start.side, plan.scale, plan.origin)
    grid = Paint(fill=style.fill_mark, stroke=style.grid, width=grid_width(plan.scale, style))
    classes = {**{c: "fill" for c in start.fill}, **{c: "empty" for c in start.empty}}
    title = f"{spec.display_title}: solitaire"
    facts = f"side {start.side} · {len(start.fill)} to fill, {len(start.empty)} empty"
    facts += f" · seed {start.seed}" if start.seed is not None else ""
    children: list[Shape] = [
        *furniture(plan.sheet, title, facts, style),
        board_group(board, style, coords, {c: grid for c in start.fill}, classes),
    ]
    if start.dealt:
        children.append(dealt_pieces(spec, board, start, style))
    children.extend(shift(Group(b.shapes, cls="panel"), x, y) for b, (x, y) in plan.blocks)
    page = Page(plan.sheet.width, plan.sheet.height, tuple(children), title)
    return Document("solitaire", title, (page,))


def dealt_pieces(spec: AsteriskSpec, board: AsteriskBoard, start: Setup, style: Style) -> Group:
    """The dealt start: each piece on its cell (data-at names the cell), sized like the real pieces."""
    size = spec.pieces.size_mm or board.cell_mm - spec.pieces.clearance_mm
    size = min(size, board.cell_mm * PIECE_SHARE_MAX)
    shapes = []
    for cell_id in start.fill:
        if cell_id in start.dealt:
            drawn = piece(PieceType.parse(start.dealt[cell_id]), board.by_id[cell_id].center, size, style)
            shapes.append(replace(drawn, data=drawn.data + (("at", cell_id),)))
    return Group(tuple(shapes), cls="deal", data=(("seed", str(start.seed)),))


# --- text blocks -----------------------------------------------------------------------------


def blocks(start: Setup, width: float, size: float, style: Style) -> list[Block]:
    """The key, the how-to, and with a deal the bag: each wrapped to `width`."""
    found = [key_block(start, width, size, style), how_block(start, width, size, style)]
    if start.dealt:
        found.append(bag_block(start, width, size, style))
    return found


def heading(text: str, width: float, size: float, style: Style) -> tuple[list[Shape], float]:
    """A block's title, a little larger than its text; returns the shapes and the y below it."""
    return paragraph(wrap(text, size * 1.2, width, bold=True), 0.0, 0.0, size * 1.2, style.ink, bold=True, cls="heading")


def key_block(start: Setup, width: float, size: float, style: Style) -> Block:
    """Two swatches, shaded and white, with what each means."""
    shapes, y = heading("Solitaire start", width, size, style)
    swatch = size * 2.2
    rows = ((style.fill_mark, "shaded: fill at the start", "fill"),
            (style.cell_fill, "white: leave empty", "empty"))
    for fill, words, cls in rows:
        y += size * 0.5
        cx, cy = swatch / 2, y + swatch * 0.58
        hexagon = pointy_hexagon((cx, cy), swatch)
        shapes.append(Polygon(hexagon, Paint(fill=fill, stroke=style.grid, width=0.25), cls=f"key {cls}"))
        shapes.append(Text((swatch + size, cy + 0.36 * size), words, size, style.ink, cls="key-text"))
        y += swatch * 1.16
    if start.seed is not None:
        note = f"Dealt with seed {start.seed}: set out the pieces as shown."
        texts, y = paragraph(wrap(note, size, width), 0.0, y + size * 0.6, size, style.ink)
        shapes.extend(texts)
    return Block(width, y, tuple(shapes))


def how_block(start: Setup, width: float, size: float, style: Style) -> Block:
    """The solitaire rules as numbered steps."""
    shapes, y = heading("How to play", width, size, style)
    indent = size * 1.4
    dealt = " (or as dealt here)" if start.dealt else ""
    for number, step in enumerate(HOW_TO, 1):
        y += size * 0.35
        shapes.append(Text((0.0, y + 0.76 * size), f"{number}.", size, style.ink, bold=True))
        texts, y = paragraph(wrap(step.format(dealt=dealt), size, width - indent), indent, y, size, style.ink)
        shapes.extend(texts)
    return Block(width, y, tuple(shapes))


def bag_block(start: Setup, width: float, size: float, style: Style) -> Block:
    """The pieces left to draw after the deal, per type: icon, words, count (words shrink to leave the count room)."""
    shapes, y = heading(f"Still in the bag: {len(start.rest)}", width, size, style)
    icon = size * 2.0
    count_w = text_width("× 000", size, bold=True)
    names = {name: name.replace("-", " ", 1).replace("-", ", ") for name in PIECE_TYPES}
    room = width - icon - size * 2 - count_w
    words_size = min(size, room / max(text_width(t, 1.0) for t in names.values()))
    for name in PIECE_TYPES:
        count = start.rest.count(name)
        y += size * 0.45
        cy = y + icon / 2
        row: list[Shape] = [
            piece(PieceType.parse(name), (icon / 2, cy), icon, style, tagged=False),
            Text((icon + size, cy + 0.36 * words_size), names[name], words_size, style.ink),
            Text((width, cy + 0.36 * size), f"× {count}", size, style.ink, anchor="end", bold=True),
        ]
        shapes.append(Group(tuple(row), cls="remaining", data=(("remaining", name), ("count", str(count)))))
        y += icon
    return Block(width, y, tuple(shapes))


# --- layout ----------------------------------------------------------------------------------

WIDTHS_MM = (55.0, 65.0, 75.0, 90.0)      # text column widths tried beside the board
TEXT_SIZES_MM = (TEXT_MM, 2.6, 2.2, 1.8)  # smaller text only when a page is too small for the first
Extent = tuple[float, float, float, float]
Maker = Callable[[float], list[Block]]


@dataclass(frozen=True)
class Plan:
    """Where everything goes: the sheet, the cell size, the board frame's origin, each block's corner.

    `tallest` is the tallest column of text: among boards of one size, shorter columns look calmer.
    """

    sheet: Paper
    scale: float
    origin: tuple[float, float]
    blocks: tuple[tuple[Block, tuple[float, float]], ...]
    tallest: float


@lru_cache(maxsize=64)
def row_spans(side: int, coordinates: bool) -> tuple[tuple[float, float, float, float], ...]:
    """(top, bottom, left, right) of each row as drawn (bands and row labels too), for a 1 mm cell."""
    board = AsteriskBoard(side, 1.0)
    band, radius = BAND / 0.866, 1.0 / SQRT3
    spans = []
    for row in range(1, side + 1):
        (lx, y), rx = board.center(row, 1), board.center(row, row)[0]
        left = lx - 0.5 - band
        if coordinates:
            left = min(left, lx - LABEL_GAP - len(str(row)) * 0.64 * LABEL_SIZE / 2 - 0.1)
        spans.append((y - radius - band, y + radius + band, left, rx + 0.5 + band))
    return tuple(spans)


def best_plan(base: Paper, start: Setup, coordinates: bool, style: Style) -> Plan | None:
    """The plan with the largest board, at the first text size that leaves the board at least half its size alone."""
    extent = unit_extent(start.side, coordinates)
    alone = max(min(content_area(s)[2] / _w(extent), content_area(s)[3] / _h(extent)) for s in base.orientations())
    for size in TEXT_SIZES_MM:
        make = lru_cache(maxsize=None)(lambda width, size=size: blocks(start, width, size, style))
        options = [p for sheet in base.orientations() for p in plans(sheet, start.side, coordinates, extent, make)]
        plan = max(options, key=lambda p: (round(p.scale, 2), -p.tallest), default=None)
        if plan is not None and plan.scale >= 0.5 * alone:
            return plan
    return None  # the paper is too small for a useful page (spec checks report it)


def _w(extent: Extent) -> float:
    return extent[2] - extent[0]


def _h(extent: Extent) -> float:
    return extent[3] - extent[1]


def plans(sheet: Paper, side: int, coordinates: bool, extent: Extent, make: Maker) -> list[Plan]:
    """Every way tried on this sheet: text in the corners, in a column at the right, in columns below."""
    found: list[Plan | None] = []
    for width in WIDTHS_MM:
        made = make(width)
        found.extend(corner_plan(sheet, side, coordinates, extent, made[:k], made[k:]) for k in range(len(made) + 1))
        found.append(side_plan(sheet, extent, made))
    found.extend(below_plan(sheet, extent, make, groups) for groups in groupings(len(make(WIDTHS_MM[0]))))
    return [p for p in found if p is not None]


def groupings(count: int) -> list[list[list[int]]]:
    """Every split of blocks 0..count-1, in order, into consecutive columns."""
    if count == 0:
        return [[]]
    found = []
    for cuts in range(1 << (count - 1)):
        groups, current = [], [0]
        for i in range(1, count):
            if cuts >> (i - 1) & 1:
                groups.append(current)
                current = []
            current.append(i)
        found.append(groups + [current])
    return found


def stack(made: list[Block], x: float, y: float) -> tuple[list[tuple[Block, tuple[float, float]]], float]:
    """Blocks one under another from (x, y); returns them placed and their total height."""
    placed, top = [], y
    for block in made:
        placed.append((block, (x, top)))
        top += block.height + GAP_MM
    return placed, max(0.0, top - y - GAP_MM)


def board_origin(extent: Extent, scale: float, box: tuple[float, float]) -> tuple[float, float]:
    """The board frame's origin for a drawn box whose top-left corner is `box`."""
    return box[0] - extent[0] * scale, box[1] - extent[1] * scale


def corner_plan(sheet: Paper, side: int, coordinates: bool, extent: Extent,
                left: list[Block], right: list[Block]) -> Plan | None:
    """The board at the bottom, centred; blocks stacked in the empty corners beside its slopes."""
    ax, ay, aw, ah = content_area(sheet)
    spans = row_spans(side, coordinates)
    lw, rw = max((b.width for b in left), default=0.0), max((b.width for b in right), default=0.0)
    lh, rh = stack(left, 0, 0)[1], stack(right, 0, 0)[1]
    if lh > ah or rh > ah or lw + rw + GAP_MM > aw:
        return None

    def origin(scale: float, lift: float = 0.0) -> tuple[float, float]:
        """The board centred across, `lift` of the way up from the bottom of the area."""
        box_y = ay + (ah - _h(extent) * scale) * (1 - lift)
        return board_origin(extent, scale, (ax + (aw - _w(extent) * scale) / 2, box_y))

    def fits(scale: float, lift: float = 0.0) -> bool:
        """No row beside a text column (or within a gap below it) reaches into the column."""
        ox, oy = origin(scale, lift)
        for top, _, l, r in spans:
            if left and oy + top * scale < ay + lh + GAP_MM and ox + l * scale < ax + lw + GAP_MM:
                return False
            if right and oy + top * scale < ay + rh + GAP_MM and ox + r * scale > ax + aw - rw - GAP_MM:
                return False
        return True

    scale = largest(fits, 0.0, min(aw / _w(extent), ah / _h(extent)))  # a smaller board frees more corner
    if scale <= 0:
        return None
    # Raise the board from the bottom towards the middle of the room under the text, as far as the text allows.
    slack, tallest = ah - _h(extent) * scale, max(lh, rh)
    middle = 1 - (tallest + (slack - tallest) / 2) / slack if slack > 1e-6 else 0.0
    lift = largest(lambda v: fits(scale, v), 0.0, max(0.0, middle), steps=12)
    placed = stack(left, ax, ay)[0] + stack(right, ax + aw - rw, ay)[0]
    return Plan(sheet, scale, origin(scale, lift), tuple(placed), tallest)


def largest(holds: Callable[[float], bool], low: float, high: float, steps: int = 24) -> float:
    """The largest value in [low, high] for which `holds` (true up to some threshold), else `low`."""
    if holds(high):
        return high
    for _ in range(steps):
        mid = (low + high) / 2
        low, high = (mid, high) if holds(mid) else (low, mid)
    return low


def side_plan(sheet: Paper, extent: Extent, made: list[Block]) -> Plan | None:
    """Blocks in one column at the right, the board centred in what is left."""
    ax, ay, aw, ah = content_area(sheet)
    width = max(b.width for b in made)
    placed, height = stack(made, ax + aw - width, ay)
    room = aw - width - GAP_MM
    if height > ah or room <= 0:
        return None
    scale = min(room / _w(extent), ah / _h(extent))
    origin = board_origin(extent, scale, (ax + (room - _w(extent) * scale) / 2, ay + (ah - _h(extent) * scale) / 2))
    return Plan(sheet, scale, origin, tuple(placed), height)


def below_plan(sheet: Paper, extent: Extent, make: Maker, groups: list[list[int]]) -> Plan | None:
    """Blocks in columns across the page under the board; each group of blocks is one column."""
    ax, ay, aw, ah = content_area(sheet)
    width = (aw - GAP_MM * (len(groups) - 1)) / len(groups)
    made = make(width)
    columns = [stack([made[i] for i in group], ax + k * (width + GAP_MM), 0.0) for k, group in enumerate(groups)]
    height = max(h for _, h in columns)
    room = ah - height - GAP_MM
    if room <= 0:
        return None
    scale = min(aw / _w(extent), room / _h(extent))
    origin = board_origin(extent, scale, (ax + (aw - _w(extent) * scale) / 2, ay + (room - _h(extent) * scale) / 2))
    top = ay + ah - height
    placed = tuple((b, (x, y + top)) for column, _ in columns for b, (x, y) in column)
    return Plan(sheet, scale, origin, placed, height)
