"""Asterisk piece sheets: every piece at the size of its board's cell, packed for quick cutting.

Hexagons sit in a honeycomb so each cut serves two pieces; circles sit in a
square grid whose lines run the block's full length, so a ruler or guillotine
cuts whole rows at once. Guides are thin light grey and lie only on piece
boundaries. Each page ends with a legend of what is on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.compose.asterisk_board import board_fit
from pnp.compose.furniture import furniture, mm_text
from pnp.compose.piece import piece
from pnp.games.asterisk import PIECE_TYPES, PieceType
from pnp.geometry.hexagon import SQRT3, Point, circumradius, pointy_hexagon
from pnp.layout import content_area
from pnp.paper import Paper, paper
from pnp.scene import Document, Group, Page, Paint, Path, Polygon, Shape, Text
from pnp.spec.models import AsteriskSpec
from pnp.style import Style, style_from

LEGEND_MM = 17.0      # legend band above the footer
BLOCK_GAP_MM = 6.0    # between the honeycomb and the circle grid
CIRCLE_MARGIN = 0.5   # paper kept around a circle inside its square, each side
CROP_MM = 3.0         # guide lines run this far past a block, to lay a ruler on


@dataclass(frozen=True)
class Placed:
    """A piece type at a centre on one page."""

    kind: str
    center: Point


@dataclass
class SheetPage:
    hexes: list[Placed]
    circles: list[Placed]


def piece_size(spec: AsteriskSpec) -> float:
    """Across flats (hexagon) or diameter (circle): the set size, else cell minus clearance."""
    if spec.pieces.size_mm is not None:
        return spec.pieces.size_mm
    return board_fit(spec)[1] - spec.pieces.clearance_mm


def piece_list(spec: AsteriskSpec) -> list[str]:
    """Every piece to print, grouped by type: hexagons first, then circles."""
    counts = spec.piece_counts()
    kinds = sorted(PIECE_TYPES, key=lambda name: (PieceType.parse(name).shape != "hexagon", PIECE_TYPES.index(name)))
    return [name for name in kinds for _ in range(counts[name] + spec.pieces.spares)]


def compose_pieces(spec: AsteriskSpec) -> Document:
    style = style_from(spec.style.model_dump())
    size = piece_size(spec)
    names = piece_list(spec)
    sheet, pages = _best_packing(paper(spec.paper), names, size)
    title = f"{spec.display_title}: pieces"
    facts = f"pieces {mm_text(size)} mm across · {len(names)} pieces"
    out = []
    for number, page in enumerate(pages, 1):
        heading = title if len(pages) == 1 else f"{title} (sheet {number} of {len(pages)})"
        children = [
            *furniture(sheet, heading, facts, style),
            *_guides(page, size, style),
            *(piece(PieceType.parse(p.kind), p.center, size, style) for p in page.hexes + page.circles),
            _legend(sheet, page, style),
        ]
        out.append(Page(sheet.width, sheet.height, tuple(children), heading))
    return Document("pieces", title, tuple(out))


def _best_packing(base: Paper, names: list[str], size: float) -> tuple[Paper, list[SheetPage]]:
    """The fewest sheets; among equals, each type on rows of its own (easier to sort), portrait first."""
    options = [
        (sheet, _pack(sheet, names, size, by_type))
        for by_type in (True, False)
        for sheet in base.orientations()
    ]
    return min(options, key=lambda option: len(option[1]))


def _rows(names: list[str], per_row: int, by_type: bool) -> list[list[str]]:
    """Split into rows of at most per_row; with by_type, a new type starts a new row."""
    groups = [[n for n in names if n == kind] for kind in dict.fromkeys(names)] if by_type else [names]
    return [group[i:i + per_row] for group in groups for i in range(0, len(group), per_row)]


def _pack(sheet: Paper, names: list[str], size: float, by_type: bool) -> list[SheetPage]:
    """Fill pages top to bottom: honeycomb rows of hexagons, then square-grid rows of circles."""
    x0, y0, width, height = content_area(sheet)
    height -= LEGEND_MM
    hexes = [n for n in names if PieceType.parse(n).shape == "hexagon"]
    circles = [n for n in names if PieceType.parse(n).shape == "circle"]
    pages: list[SheetPage] = [SheetPage([], [])]
    cursor = y0
    cursor = _pack_hexes(pages, hexes, size, by_type, x0, y0, width, height, cursor)
    if circles and pages[-1].hexes:
        cursor += BLOCK_GAP_MM
    _pack_circles(pages, circles, size, by_type, x0, y0, width, height, cursor)
    return [p for p in pages if p.hexes or p.circles] or [SheetPage([], [])]


def _pack_hexes(pages: list[SheetPage], names: list[str], s: float, by_type: bool,
                x0: float, y0: float, width: float, height: float, cursor: float) -> float:
    """Honeycomb rows (odd rows shifted half a piece); returns the y below the last row."""
    radius, step = circumradius(s), s * SQRT3 / 2
    per_row = max(1, int((width - s / 2) // s))
    left = x0 + (width - (per_row * s + s / 2)) / 2 + s / 2
    row, top = 0, cursor
    for chunk in _rows(names, per_row, by_type):
        if top + row * step + 2 * radius > y0 + height + 1e-9:
            pages.append(SheetPage([], []))
            row, top = 0, y0
        cy = top + radius + row * step
        shift = s / 2 if row % 2 else 0.0
        for i, name in enumerate(chunk):
            pages[-1].hexes.append(Placed(name, (left + shift + i * s, cy)))
        row += 1
    return top + (row - 1) * step + 2 * radius if row else cursor


def _pack_circles(pages: list[SheetPage], names: list[str], s: float, by_type: bool,
                  x0: float, y0: float, width: float, height: float, cursor: float) -> None:
    """Square-grid rows; each square is the circle plus a thin margin of paper."""
    pitch = s + 2 * CIRCLE_MARGIN
    per_row = max(1, int(width // pitch))
    left = x0 + (width - per_row * pitch) / 2
    top = max(cursor, y0 + CROP_MM)  # the grid's crop marks stick out above its first row
    for chunk in _rows(names, per_row, by_type):
        if top + pitch > y0 + height + 1e-9:
            pages.append(SheetPage([], []))
            top = y0 + CROP_MM
        for i, name in enumerate(chunk):
            pages[-1].circles.append(Placed(name, (left + (i + 0.5) * pitch, top + pitch / 2)))
        top += pitch


def _guides(page: SheetPage, s: float, style: Style) -> list[Shape]:
    """Cut guides: hexagon outlines for the honeycomb, full-length lines for the circle grid."""
    paint = Paint(stroke=style.cut, width=style.cut_width, join="round")
    shapes: list[Shape] = []
    if page.hexes:
        runs = tuple(pointy_hexagon(p.center, s) for p in page.hexes)
        shapes.append(Path(runs, paint, closed=True, cls="cut-guide"))
    if page.circles:
        shapes.append(Path(_grid_lines(page.circles, s + 2 * CIRCLE_MARGIN), paint, cls="cut-guide"))
    return shapes


def _grid_lines(circles: list[Placed], pitch: float) -> tuple[tuple[Point, ...], ...]:
    """Row and column lines of the square grid, each running the full extent of its squares."""
    half = pitch / 2
    rows: dict[float, list[float]] = {}
    for p in circles:
        rows.setdefault(round(p.center[1], 6), []).append(p.center[0])
    lines: list[tuple[Point, ...]] = []
    ordered = sorted(rows.items())
    for k, (cy, xs) in enumerate(ordered):
        above = max(xs) if k == 0 else max(max(xs), max(ordered[k - 1][1]))
        lines.append(((min(xs) - half - CROP_MM, cy - half), (above + half + CROP_MM, cy - half)))
    last_y, last_xs = ordered[-1]
    lines.append(((min(last_xs) - half - CROP_MM, last_y + half), (max(last_xs) + half + CROP_MM, last_y + half)))
    columns: dict[float, set[float]] = {}
    for p in circles:
        for x in (p.center[0] - half, p.center[0] + half):
            columns.setdefault(round(x, 6), set()).add(p.center[1])
    for x, ys in sorted(columns.items()):
        for first, last in _runs(sorted(ys), pitch):
            lines.append(((x, first - half - CROP_MM), (x, last + half + CROP_MM)))
    return tuple(lines)


def _runs(values: list[float], step: float) -> list[tuple[float, float]]:
    """Group sorted, evenly spaced values into runs without gaps: [(first, last), ...]."""
    runs: list[tuple[float, float]] = []
    for v in values:
        if runs and v - runs[-1][1] <= step * 1.01:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _legend(sheet: Paper, page: SheetPage, style: Style) -> Group:
    """What is on this sheet: an icon, a count and the type's three words, per type."""
    x0, y0, width, height = content_area(sheet)
    top = y0 + height - LEGEND_MM + 3.0
    counts = {name: 0 for name in PIECE_TYPES}
    for p in page.hexes + page.circles:
        counts[p.kind] += 1
    present = [name for name in PIECE_TYPES if counts[name]]
    shapes: list[Shape] = [Text((x0, top), "On this sheet", 3.0, style.ink, bold=True)]
    column = width / 3
    for i, name in enumerate(present):
        cx, cy = x0 + (i % 3) * column, top + 4.5 + (i // 3) * 6.0
        shapes.append(piece(PieceType.parse(name), (cx + 2.5, cy), 4.6, style, tagged=False))
        words = name.replace("-", " ")
        shapes.append(Text((cx + 6.5, cy + 1.1), f"{counts[name]} × {words}", 3.0, style.ink))
    hint = "Cut along the grey lines. Hexagons share their edges; cut the circle grid into squares, then trim each round."
    if not present:
        hint = "This set has no pieces (all counts are 0)."
    shapes.append(Text((x0 + width, top), hint, 2.6, style.muted, anchor="end"))
    return Group(tuple(shapes), cls="legend")
