"""The Asterisk board page: coloured sides, cells with ids, coordinates.

Everything on the board scales with the cell size, so the board's extent is
known for a 1 mm cell and the layout only has to pick a scale.
"""

from __future__ import annotations

from pnp.compose.furniture import furniture, mm_text
from pnp.geometry.asterisk import SIDES, AsteriskBoard, cell_count, letters
from pnp.layout import Fit, fixed_fit, largest_fit
from pnp.paper import paper
from pnp.scene import Document, Group, Page, Paint, Polygon, Polyline, Shape, Text
from pnp.spec.models import AsteriskSpec
from pnp.style import Style, style_from

BAND = 0.18          # visible width of a side band, in cells
LABEL_GAP = 1.2      # label distance from the edge cell's centre, in cells
LABEL_SIZE = 0.3     # label font size, in cells
LABEL_MAX_MM = 4.5


def unit_extent(side: int, coordinates: bool) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of everything drawn, for a 1 mm cell, in board frame."""
    board = AsteriskBoard(side, 1.0)
    band = BAND / 0.866  # the zigzag's corners stick out further than the band's width
    left, top, right, bottom = -band, -band, board.width + band, board.height + band
    if coordinates:
        digits = len(str(side)) * 0.64 * LABEL_SIZE
        left = min(left, board.center(side, 1)[0] - LABEL_GAP - digits / 2 - 0.1)
        bottom = max(bottom, board.center(side, 1)[1] + LABEL_GAP * 0.866 + LABEL_SIZE)
    return left, top, right, bottom


def board_fit(spec: AsteriskSpec) -> tuple[Fit | None, float]:
    """Where the board goes and its cell size; Fit is None if a set cell_mm cannot fit."""
    left, top, right, bottom = unit_extent(spec.board.side, spec.board.coordinates)
    sheet = paper(spec.paper)
    if spec.board.cell_mm is None:
        fit = largest_fit(sheet, right - left, bottom - top)
        return fit, fit.scale
    return fixed_fit(sheet, right - left, bottom - top, spec.board.cell_mm), spec.board.cell_mm


def board_size_mm(spec: AsteriskSpec, cell_mm: float) -> tuple[float, float]:
    left, top, right, bottom = unit_extent(spec.board.side, spec.board.coordinates)
    return (right - left) * cell_mm, (bottom - top) * cell_mm


def compose_board(spec: AsteriskSpec) -> Document:
    fit, cell_mm = board_fit(spec)
    assert fit is not None, "spec checks guarantee the board fits"
    style = style_from(spec.style.model_dump())
    left, top, _, _ = unit_extent(spec.board.side, spec.board.coordinates)
    board = AsteriskBoard(spec.board.side, cell_mm, (fit.x - left * cell_mm, fit.y - top * cell_mm))
    facts = (
        f"side {board.side} · {cell_count(board.side)} cells · "
        f"cells {mm_text(cell_mm)} mm across flats"
    )
    children = [
        *furniture(fit.sheet, spec.display_title, facts, style),
        board_group(board, style, spec.board.coordinates),
    ]
    page = Page(fit.sheet.width, fit.sheet.height, tuple(children), spec.display_title)
    return Document("board", spec.display_title, (page,))


def board_group(board: AsteriskBoard, style: Style, coordinates: bool,
                cell_paint: dict[str, Paint] | None = None, cell_class: dict[str, str] | None = None) -> Group:
    """The board where its origin puts it; other assets reuse it with their own cell fills and classes."""
    shapes: list[Shape] = list(side_bands(board, style))
    base = Paint(fill=style.cell_fill, stroke=style.grid, width=grid_width(board.cell_mm, style))
    for cell in board.cells:
        paint = (cell_paint or {}).get(cell.id, base)
        cls = "cell " + (cell_class or {}).get(cell.id, "") if cell_class else "cell"
        shapes.append(Polygon(cell.polygon, paint, cls.strip(), (("cell", cell.id),)))
    if coordinates:
        shapes.extend(labels(board, style))
    return Group(tuple(shapes), cls="board", data=(("side", str(board.side)), ("cell-mm", f"{board.cell_mm:.3f}")))


def grid_width(cell_mm: float, style: Style) -> float:
    """Cell outlines thin enough for small cells, never thinner than a printer can show."""
    return max(0.1, min(style.grid_width, cell_mm * 0.02))


def side_bands(board: AsteriskBoard, style: Style) -> list[Shape]:
    """Each side's outer edges stroked in its colour, drawn under the cells so only the outer half shows."""
    width = 2 * BAND * board.cell_mm
    return [
        Polyline(board.side_outline(side), Paint(stroke=style.side_color(side), width=width), cls=f"side side-{side}")
        for side in SIDES
    ]


def labels(board: AsteriskBoard, style: Style) -> list[Shape]:
    """Row numbers left of each row; letters below the bottom row, along each letter's diagonal."""
    n, w = board.side, board.cell_mm
    size = min(LABEL_SIZE * w, LABEL_MAX_MM)
    lift = 0.36 * size  # puts the middle of a digit's height on the point
    texts = []
    for row in range(1, n + 1):
        x, y = board.center(row, 1)
        texts.append(Text((x - LABEL_GAP * w, y + lift), str(row), size, style.muted, anchor="middle", cls="label"))
    for pos in range(1, n + 1):
        x, y = board.center(n, pos)
        at = (x - LABEL_GAP * w * 0.5, y + LABEL_GAP * w * 0.866 + lift)
        texts.append(Text(at, letters(pos), size, style.muted, anchor="middle", cls="label"))
    return texts

