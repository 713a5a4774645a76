"""Sheets of stones and pieces to cut out: packed onto the fewest sheets, each with a legend of what it holds.

A game gives its kinds of item (in legend order, with their words), how one is
drawn, their size and the room its legend takes; this module chooses the
orientation and row grouping that take the fewest sheets (pnp/layout/packing.py
packs), and draws every sheet: furniture, the items under their cut guides, and
the legend (a heading, a count per kind beside a small icon of it, a cutting hint
at the right). Stones, red and blue, round and sized to a board's cells, are
sized (`fit_stones`, from a spec's `stones` block), drawn and packed here whole,
for every game played with them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.boards.blocks import LARGEST_STONE_MM, SMALLEST_STONE_MM, StonesSpec
from pnp.geometry.hatch import circle_points
from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.fit import MOST_PAGES, content_area
from pnp.layout.furniture import mm_text
from pnp.layout.packing import Apart, Sheet, TooManyPages, largest_circle, pack
from pnp.layout.paper import Paper
from pnp.layout.sheets import cut_sheets
from pnp.scene import Circle, Document, Group, Paint, Shape, Text
from pnp.spec.problems import Unplanned
from pnp.style import BaseStyle, StoneStyle, saver_fill
from pnp.texts import say

LEGEND_TEXT_MM = 3.0
HINT_TEXT_MM = 2.6
ICON_MM = 4.6          # an item's icon beside its count
LEGEND_DROP_MM = 3.0   # the heading's baseline below the top of the legend band
COLUMNS = 3            # counts in the legend, per row
ROW_MM = 6.0           # between rows of counts
ICON_AT_MM = 2.5       # an icon's centre, right of its column's start
WORDS_AT = (6.5, 1.1)  # a count's words: right of its column's start, below the icon's centre
STONE_BAND_MM = 12.0   # the legend band under stones: one row of counts
STONE_ROW_MM = 5.0     # its row below the heading
PLAYERS = ("red", "blue")
EDGE_SHARE = 0.04      # a stone's rim, per mm of stone: the line the scissors follow
EDGE_MAX_MM = 0.35

Draw = Callable[[str, Point, float, bool], Shape]   # (kind, centre, size, tagged) -> the item; untagged: a legend icon


@dataclass(frozen=True)
class Legend:
    """What a game says under its sheets: each kind's words in legend order, and the cutting hint for a sheet."""

    kinds: dict[str, str]           # kind -> its words in a count ("3 × dark hexagon asterisk")
    hint: Callable[[Sheet], str]
    band_mm: float                  # the room under the items the legend takes
    row_mm: float                   # the first row of counts below the heading's baseline


@dataclass(frozen=True)
class CutSheets:
    """Items packed for cutting: the paper in the orientation chosen, the item size, what sits where on each sheet."""

    paper: Paper
    size: float
    pages: tuple[Sheet, ...]

    def count(self, kind: str | None = None) -> int:
        """How many items (of `kind`) all the sheets hold."""
        return sum(kind is None or p.name == kind for page in self.pages for p in page.items)


@dataclass(frozen=True)
class StoneSheets(CutSheets):
    """Stones packed for cutting, and the board's cells they are sized for."""

    cell_mm: float


def item_room(paper: Paper, band_mm: float) -> Rect:
    """The content area less the legend band under the items."""
    area = content_area(paper)
    return Rect(area.x, area.y, area.width, area.height - band_mm)


def fewest_sheets(papers: tuple[Paper, ...], items: tuple[list[str], list[str]], size: float, apart: Apart,
                  band_mm: float, mixed_rows: bool = True) -> CutSheets | None:
    """`items` (hexagons, circles) packed on each of `papers` (a sheet's orientations), kinds on rows of their own
    and, with `mixed_rows`, sharing rows: the fewest sheets, the first tried among equals (own rows, the first paper
    first). None when every way takes more than MOST_PAGES sheets."""
    hexes, circles = items
    options = []
    for by_type in (True, False) if mixed_rows else (True,):
        for paper in papers:
            try:
                pages = pack(item_room(paper, band_mm), hexes, circles, size, by_type, apart)
            except TooManyPages:
                continue
            options.append(CutSheets(paper, size, tuple(pages)))
    return min(options, key=lambda option: len(option.pages)) if options else None


def legend_group(paper: Paper, sheet: Sheet, style: BaseStyle, legend: Legend, draw: Draw) -> Group:
    """Under the items: the heading, then an icon and a count per kind the sheet holds, and the hint at the right."""
    area = content_area(paper)
    top = area.y + area.height - legend.band_mm + LEGEND_DROP_MM
    heading = say("pages", "cutouts.legend_heading")
    shapes: list[Shape] = [Text((area.x, top), heading, LEGEND_TEXT_MM, style.ink, bold=True)]
    counts = {kind: sum(p.name == kind for p in sheet.items) for kind in legend.kinds}
    column = area.width / COLUMNS
    for i, kind in enumerate(k for k in legend.kinds if counts[k]):
        x, y = area.x + (i % COLUMNS) * column, top + legend.row_mm + (i // COLUMNS) * ROW_MM
        shapes.append(draw(kind, (x + ICON_AT_MM, y), ICON_MM, False))
        words = say("pages", "cutouts.legend_line", count=counts[kind], kind=legend.kinds[kind])
        shapes.append(Text((x + WORDS_AT[0], y + WORDS_AT[1]), words, LEGEND_TEXT_MM, style.ink))
    shapes.append(Text((area.x + area.width, top), legend.hint(sheet), HINT_TEXT_MM, style.muted, anchor="end"))
    return Group(tuple(shapes), cls="legend")


def cutout_document(asset: str, sheets: CutSheets, style: BaseStyle, heading: str, facts: str, legend: Legend,
                    draw: Draw) -> Document:
    """Each sheet: furniture (its heading numbered when there are several), the items under their cut guides, the
    legend."""
    def numbered(n: int, total: int) -> str:
        return heading + say("pages", "cutouts.sheet_of", sheet=n, sheets=total)

    return cut_sheets(asset, sheets.paper, sheets.pages, sheets.size, style, (heading, numbered, facts),
                      lambda sheet: [draw(p.name, p.center, sheets.size, True) for p in sheet.items],
                      lambda sheet: legend_group(sheets.paper, sheet, style, legend, draw))


# --- stones ----------------------------------------------------------------------------------


def stone_fill(player: str, style: StoneStyle) -> str | None:
    """The colour inside `player`'s stone; None where the ink saver hatches it (Blue's)."""
    if style.saver and player == "blue":
        return None
    return style.red if player == "red" else style.blue


def stone(player: str, at: Point, size: float, style: StoneStyle, tagged: bool = True) -> Group:
    """One stone: a disc in its player's colour with a dark rim, so its edge shows on white paper."""
    fill = style.red if player == "red" else style.blue
    data = (("piece", f"stone-{player}"),) if tagged else ()
    if style.saver and player == "blue":   # the dark stone, with little ink: hatched inside a thick rim
        hatched = saver_fill(circle_points(at, size / 2), size, style.blue, style)
        return Group(tuple(hatched), cls="stone saver", data=data)
    rim = min(EDGE_MAX_MM, EDGE_SHARE * size)
    disc = Circle(at, (size - rim) / 2, Paint(fill=fill, stroke=style.outline, width=rim))
    if tagged and style.bleed:   # the colour runs on past the cut, under the stone
        bleed = Group((Circle(at, size / 2 + style.bleed, Paint(fill=fill)),), cls="bleed")
        return Group((bleed, disc), cls="stone", data=data)
    return Group((disc,), cls="stone", data=data)


def stones_each(cells: int, spares: int) -> int:
    """Stones per player: enough for either to fill half the board, plus the spares asked for."""
    return math.ceil(cells / 2) + spares


def fit_stones(wanted: StonesSpec, room: float, cell_mm: float, cells: int, paper: Paper,
               apart: Apart, larger: str = "a larger board.cell_mm") -> StoneSheets | Unplanned:
    """The stones a spec's `stones` block asks for: sized to sit in the board's smallest cell (`room` mm across
    at `cell_mm` cells) less the clearance, or as given if that fits, half the `cells` and the spares per player,
    packed; or why not (a stone too large for the cell, or too small to cut out: `larger` says what gives larger
    cells)."""
    size = wanted.size_mm if wanted.size_mm is not None else min(room - wanted.clearance_mm, LARGEST_STONE_MM)
    if wanted.size_mm is not None and size > room:
        return Unplanned(("stones", "size_mm"), f"{size:g} mm stones do not fit the smallest cell of this board, which holds "
                         f"{room:.1f} mm at {cell_mm:.1f} mm cells; set stones.size_mm to at most {math.floor(room * 10) / 10:g}")
    if size < SMALLEST_STONE_MM:
        return Unplanned(("stones", "clearance_mm"), f"{wanted.clearance_mm:g} mm clearance leaves {size:.1f} mm stones in "
                         f"the smallest cell ({room:.1f} mm across at {cell_mm:.1f} mm cells), under the {SMALLEST_STONE_MM} mm a "
                         f"stone needs; set {larger} or a smaller stones.clearance_mm")
    return pack_stones(paper, size, stones_each(cells, wanted.spares), apart, cell_mm)


def pack_stones(base: Paper, size: float, each: int, apart: Apart, cell_mm: float) -> StoneSheets | Unplanned:
    """`each` stones of Red's and Blue's for `cell_mm` cells, each player's on rows of their own, on the fewest
    sheets; or why they do not fit."""
    holds = [(paper, largest_circle(item_room(paper, STONE_BAND_MM), apart)) for paper in base.orientations()]
    widest = max(most for _, most in holds)
    if size > widest + 1e-9:
        return Unplanned(("stones", "size_mm"), f"{size:.1f} mm stones do not fit {base.name} paper; set "
                         f"stones.size_mm to at most {math.floor(widest * 10) / 10:g}, or choose larger paper")
    names = [player for player in PLAYERS for _ in range(each)]
    papers = tuple(paper for paper, most in holds if size <= most + 1e-9)   # where one stone fits
    packed = fewest_sheets(papers, ([], names), size, apart, STONE_BAND_MM, mixed_rows=False)
    if packed is None:
        return Unplanned(("stones", "size_mm"), f"{2 * each} stones of {size:.1f} mm need more than the {MOST_PAGES} "
                         f"pages pnp prints of one asset on {base.name} paper; set a smaller stones.size_mm, "
                         "fewer stones.spares or larger paper")
    return StoneSheets(packed.paper, size, packed.pages, cell_mm)


def compose_stones(stones: StoneSheets, title: str, style: StoneStyle) -> Document:
    """The stone sheets, with the counts of each player's stones under them (a game's assets/stones.py)."""
    heading = say("pages", "stones.heading", title=title)
    facts = say("pages", "stones.facts", size=mm_text(stones.size), cell=mm_text(stones.cell_mm),
                count=stones.count(PLAYERS[0]))
    words = {p: say("pages", f"stones.players.{p}") for p in PLAYERS}
    legend = Legend(words, lambda sheet: say("pages", "stones.hint"), STONE_BAND_MM, STONE_ROW_MM)
    return cutout_document("stones", stones, style, heading, facts, legend,
                           lambda player, at, size, tagged: stone(player, at, size, style, tagged))
