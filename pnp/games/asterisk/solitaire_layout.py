"""The solitaire page planned: the start (which cells to fill, the deal), its text blocks, and where all goes.

The board is drawn as large as the page allows next to a few text blocks (a
key, a how-to, and with a seed the pieces still in the bag). Text goes into
the empty corners beside the triangle's slopes when it fits there, otherwise
to the right of or below the board, whichever leaves the larger board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pnp.boards.lattice.shapes import triangle
from pnp.boards.placement import Placement
from pnp.fonts import ASCENT, MIDDLE, text_width
from pnp.games.asterisk.board import AsteriskBoard
from pnp.games.asterisk.look import row_spans, unit_extent
from pnp.games.asterisk.rules import PIECE_TYPES, deal, piece_size, solitaire_fill
from pnp.games.asterisk.spec import AsteriskSpec
from pnp.geometry.rect import Rect
from pnp.layout.blocks import Block, Bundle, Item, Line, Slot, lines, wrapped
from pnp.layout.fit import content_area
from pnp.layout.flow import clear_of, column_keep_out, groupings, largest, stack
from pnp.layout.paper import Paper, spec_paper
from pnp.layout.text import wrap
from pnp.layout.tiles import Tiling
from pnp.spec.problems import Unplanned
from pnp.texts import say, say_all

TEXT_MM = 3.0          # body text; headings a little larger
HEADING = 1.2          # heading size per unit of body text size
GAP_MM = 6.0           # between the board and a text block, and between blocks
WIDTHS_MM = (55.0, 65.0, 75.0, 90.0)      # text column widths tried beside the board
TEXT_SIZES_MM = (TEXT_MM, 2.6, 2.2, 1.8)  # smaller text only when a page is too small for the first
PIECE_SHARE_MAX = 0.92  # a dealt piece never covers more of its cell than this, so the shading shows
SMALLEST_SHARE = 0.5   # a page whose board is under half the size it would have alone is no good
Maker = Callable[[float], list[Block]]


@dataclass(frozen=True)
class Setup:
    """What the page shows: the fill cells, and with a seed the deal and the bag."""

    side: int
    fill: tuple[str, ...]
    empty: tuple[str, ...]
    seed: int | None
    dealt: dict[str, str]
    rest: tuple[str, ...]


@dataclass(frozen=True)
class PageLayout:
    """Where everything goes: the sheet, the cell size, the board frame's origin, each block's corner.

    `tallest` is the tallest column of text: among boards of one size, shorter columns look calmer.
    """

    sheet: Paper
    scale: float
    origin: tuple[float, float]
    blocks: tuple[tuple[Block, tuple[float, float]], ...]
    tallest: float


@dataclass(frozen=True)
class SolitairePlan:
    """The solitaire page: the start it shows, the page layout, and the sizes of the dealt pieces."""

    setup: Setup
    layout: PageLayout
    coordinates: bool
    piece_size: float  # dealt pieces: as on the piece sheet, but never hiding their cell's shading
    tiling: Tiling | None = None   # a board tiled over pages: the start is too, at the board's cell size, after a
                                   # page of the text blocks (the layout's origin then puts the board's corner at 0, 0)

    @property
    def board(self) -> AsteriskBoard:
        return AsteriskBoard(self.setup.side, self.layout.scale, self.layout.origin)


def setup_of(spec: AsteriskSpec) -> Setup:
    """Fill cells from the ring rule; with a seed, one piece dealt to each of them."""
    side = spec.board.side
    # One pass over the triangle's places, no cell geometry: ids and rings are all the start needs.
    fill: list[str] = []
    empty: list[str] = []
    for name, place in triangle(side).places.items():
        (fill if solitaire_fill(place.ring) else empty).append(name)
    seed = spec.solitaire.seed
    dealt, rest = deal(spec.piece_counts(), fill, seed) if seed is not None else ({}, [])
    return Setup(side, tuple(fill), tuple(empty), seed, dealt, tuple(rest))


def plan_solitaire(spec: AsteriskSpec, placed: Placement) -> SolitairePlan | Unplanned:
    """The page with the largest board, or, where the board is tiled (`placed`: the board printed at the spec's cell
    size), the board's pages at its cell size; or why the paper is too small for it."""
    start = setup_of(spec)
    sheet = spec_paper(spec)
    if placed.tiling is not None:
        return tiled_plan(spec, start, placed)
    layout = best_plan(sheet, start, spec.board.coordinates)
    if layout is None:
        return _too_small(sheet)
    return SolitairePlan(start, layout, spec.board.coordinates, dealt_size(spec, layout.scale))


def tiled_plan(spec: AsteriskSpec, start: Setup, placed: Placement) -> SolitairePlan | Unplanned:
    """The start tiled as the board is (same cell size, same pages), its text blocks on a page before the tiles."""
    assert placed.tiling is not None
    sheet = placed.tiling.sheet
    text = text_page(sheet, start)
    if text is None:
        return _too_small(sheet)
    blocks_at, tallest = text
    origin = placed.origin(unit_extent(start.side, spec.board.coordinates))
    layout = PageLayout(sheet, placed.cell_mm, origin, blocks_at, tallest)
    return SolitairePlan(start, layout, spec.board.coordinates, dealt_size(spec, placed.cell_mm), placed.tiling)


def dealt_size(spec: AsteriskSpec, cell_mm: float) -> float:
    """A dealt piece: as on the piece sheet, but never hiding its cell's shading."""
    return min(piece_size(spec.pieces.size_mm, spec.pieces.clearance_mm, cell_mm), cell_mm * PIECE_SHARE_MAX)


def _too_small(sheet: Paper) -> Unplanned:
    return Unplanned(("paper",), f"{sheet.name} paper ({sheet.width:g} x {sheet.height:g} mm) is too small for the "
                                 f"solitaire page (board, key and how-to); choose larger paper such as a4 or letter")


def text_page(sheet: Paper, start: Setup) -> tuple[tuple[tuple[Block, tuple[float, float]], ...], float] | None:
    """The text blocks on a page of their own: the fewest columns that hold them, at the largest text size."""
    area = content_area(sheet)
    count = len(blocks(start, WIDTHS_MM[0], TEXT_MM))
    for size in TEXT_SIZES_MM:
        for groups in sorted(groupings(count), key=len):
            width = min(WIDTHS_MM[-1], (area.width - GAP_MM * (len(groups) - 1)) / len(groups))
            made = blocks(start, width, size)
            columns = [stack([made[i] for i in group], area.x + k * (width + GAP_MM), area.y, GAP_MM)
                       for k, group in enumerate(groups)]
            height = max(h for _, h in columns)
            if height <= area.height:
                return tuple(b for column, _ in columns for b in column), height
    return None


# --- text blocks -----------------------------------------------------------------------------


def blocks(start: Setup, width: float, size: float) -> list[Block]:
    """The key, the how-to, and with a deal the bag: each wrapped to `width`."""
    found = [key_block(start, width, size), how_block(start, width, size)]
    if start.dealt:
        found.append(bag_block(start, width, size))
    return found


def heading(text: str, width: float, size: float) -> tuple[list[Item], float]:
    """A block's title, a little larger than its text; returns the lines and the y below them."""
    return wrapped(text, 0.0, 0.0, size * HEADING, width, bold=True, cls="heading")


def key_block(start: Setup, width: float, size: float) -> Block:
    """Two swatches, shaded and white, with what each means."""
    items, y = heading(say("asterisk", "solitaire.key_heading"), width, size)
    swatch = size * 2.2
    for kind in ("fill", "empty"):
        y += size * 0.5
        cx, cy = swatch / 2, y + swatch * 0.58
        items.append(Slot("key", (cx, cy), swatch, kind))
        items.append(Line((swatch + size, cy + MIDDLE * size), say("asterisk", f"solitaire.key_{kind}"), size, cls="key-text"))
        y += swatch * 1.16
    if start.seed is not None:
        note, y = wrapped(say("asterisk", "solitaire.dealt_note", seed=start.seed), 0.0, y + size * 0.6, size, width)
        items.extend(note)
    return Block(width, y, tuple(items))


def how_block(start: Setup, width: float, size: float) -> Block:
    """The solitaire rules as numbered steps."""
    items, y = heading(say("asterisk", "solitaire.how_heading"), width, size)
    indent = size * 1.4
    dealt = say("asterisk", "solitaire.dealt_aside") if start.dealt else ""
    for number, step in enumerate(say_all("asterisk", "solitaire.how_to"), 1):
        y += size * 0.35
        items.append(Line((0.0, y + ASCENT * size), f"{number}.", size, bold=True))
        texts, y = lines(wrap(step.format(dealt=dealt), size, width - indent), indent, y, size)
        items.extend(texts)
    return Block(width, y, tuple(items))


def bag_block(start: Setup, width: float, size: float) -> Block:
    """The pieces left to draw after the deal, per type: icon, words, count (words shrink to leave the count room)."""
    items, y = heading(say("asterisk", "solitaire.bag_heading", count=len(start.rest)), width, size)
    icon = size * 2.0
    count_w = text_width("× 000", size, bold=True)
    names = {name: name.replace("-", " ", 1).replace("-", ", ") for name in PIECE_TYPES}
    room = width - icon - size * 2 - count_w
    words_size = min(size, room / max(text_width(t, 1.0) for t in names.values()))
    for name in PIECE_TYPES:
        count = start.rest.count(name)
        y += size * 0.45
        cy = y + icon / 2
        row = (
            Slot("piece", (icon / 2, cy), icon, name),
            Line((icon + size, cy + MIDDLE * words_size), names[name], words_size),
            Line((width, cy + MIDDLE * size), f"× {count}", size, bold=True, anchor="end"),
        )
        items.append(Bundle(row, cls="remaining", data=(("remaining", name), ("count", str(count)))))
        y += icon
    return Block(width, y, tuple(items))


# --- where things go -------------------------------------------------------------------------


def best_plan(base: Paper, start: Setup, coordinates: bool) -> PageLayout | None:
    """The plan with the largest board, at the first text size that leaves the board at least half its size alone."""
    extent = unit_extent(start.side, coordinates)
    alone = max(min(content_area(s).width / extent.width, content_area(s).height / extent.height)
                for s in base.orientations())
    for size in TEXT_SIZES_MM:
        make = lru_cache(maxsize=None)(lambda width, size=size: blocks(start, width, size))
        options = [p for sheet in base.orientations() for p in plans(sheet, start.side, coordinates, extent, make)]
        plan = max(options, key=lambda p: (round(p.scale, 2), -p.tallest), default=None)
        if plan is not None and plan.scale >= SMALLEST_SHARE * alone:
            return plan
    return None  # the paper is too small for a useful page (spec checks report it)


def plans(sheet: Paper, side: int, coordinates: bool, extent: Rect, make: Maker) -> list[PageLayout]:
    """Every way tried on this sheet: text in the corners, in a column at the right, in columns below."""
    found: list[PageLayout | None] = []
    for width in WIDTHS_MM:
        made = make(width)
        found.extend(corner_plan(sheet, side, coordinates, extent, made[:k], made[k:]) for k in range(len(made) + 1))
        found.append(side_plan(sheet, extent, made))
    found.extend(below_plan(sheet, extent, make, groups) for groups in groupings(len(make(WIDTHS_MM[0]))))
    return [p for p in found if p is not None]


def board_origin(extent: Rect, scale: float, box: tuple[float, float]) -> tuple[float, float]:
    """The board frame's origin for a drawn box whose top-left corner is `box`."""
    return box[0] - extent.x * scale, box[1] - extent.y * scale


def corner_plan(sheet: Paper, side: int, coordinates: bool, extent: Rect,
                left: list[Block], right: list[Block]) -> PageLayout | None:
    """The board at the bottom, centred; blocks stacked in the empty corners beside its slopes."""
    area = content_area(sheet)
    ax, ay, aw, ah = area.x, area.y, area.width, area.height
    spans = row_spans(side, coordinates)
    lw, rw = max((b.width for b in left), default=0.0), max((b.width for b in right), default=0.0)
    lh, rh = stack(left, 0, 0, GAP_MM)[1], stack(right, 0, 0, GAP_MM)[1]
    if lh > ah or rh > ah or lw + rw + GAP_MM > aw:
        return None
    keep_out = ([column_keep_out(ax + lw, ay, lh, GAP_MM, "left")] if left else []) + \
               ([column_keep_out(ax + aw - rw, ay, rh, GAP_MM, "right")] if right else [])

    def origin(scale: float, lift: float = 0.0) -> tuple[float, float]:
        """The board centred across, `lift` of the way up from the bottom of the area."""
        box_y = ay + (ah - extent.height * scale) * (1 - lift)
        return board_origin(extent, scale, (ax + (aw - extent.width * scale) / 2, box_y))

    def fits(scale: float, lift: float = 0.0) -> bool:
        """No row beside a text column (or within a gap below it) reaches into the column."""
        placed = origin(scale, lift)
        return clear_of((row.scaled(scale, placed) for row in spans), keep_out)

    scale = largest(fits, 0.0, min(aw / extent.width, ah / extent.height))  # a smaller board frees more corner
    if scale <= 0:
        return None
    # Raise the board from the bottom towards the middle of the room under the text, as far as the text allows.
    slack, tallest = ah - extent.height * scale, max(lh, rh)
    middle = 1 - (tallest + (slack - tallest) / 2) / slack if slack > 1e-6 else 0.0
    lift = largest(lambda v: fits(scale, v), 0.0, max(0.0, middle), steps=12)
    placed = stack(left, ax, ay, GAP_MM)[0] + stack(right, ax + aw - rw, ay, GAP_MM)[0]
    return PageLayout(sheet, scale, origin(scale, lift), tuple(placed), tallest)


def side_plan(sheet: Paper, extent: Rect, made: list[Block]) -> PageLayout | None:
    """Blocks in one column at the right, the board centred in what is left."""
    area = content_area(sheet)
    width = max(b.width for b in made)
    placed, height = stack(made, area.x + area.width - width, area.y, GAP_MM)
    room = area.width - width - GAP_MM
    if height > area.height or room <= 0:
        return None
    scale = min(room / extent.width, area.height / extent.height)
    origin = board_origin(extent, scale, (area.x + (room - extent.width * scale) / 2,
                                          area.y + (area.height - extent.height * scale) / 2))
    return PageLayout(sheet, scale, origin, tuple(placed), height)


def below_plan(sheet: Paper, extent: Rect, make: Maker, groups: list[list[int]]) -> PageLayout | None:
    """Blocks in columns across the page under the board; each group of blocks is one column."""
    area = content_area(sheet)
    width = (area.width - GAP_MM * (len(groups) - 1)) / len(groups)
    made = make(width)
    columns = [stack([made[i] for i in group], area.x + k * (width + GAP_MM), 0.0, GAP_MM) for k, group in enumerate(groups)]
    height = max(h for _, h in columns)
    room = area.height - height - GAP_MM
    if room <= 0:
        return None
    scale = min(area.width / extent.width, room / extent.height)
    origin = board_origin(extent, scale, (area.x + (area.width - extent.width * scale) / 2,
                                          area.y + (room - extent.height * scale) / 2))
    top = area.y + area.height - height
    placed = tuple((b, (x, y + top)) for column, _ in columns for b, (x, y) in column)
    return PageLayout(sheet, scale, origin, placed, height)
