"""Drawing the *Star board: cells of one colour, the bridge, peri and quark marks, handicap points, ids, letters.

These take what they draw (a placed board, sizes, a resolved style), never a
spec, so a pad sheet or a rules diagram can call them as the board page does.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.boards.lines import grid_width
from pnp.games.starstar.board import SIDE_COUNT, StarBoard, StarCell
from pnp.games.starstar.look import (
    EDGE, EDGE_MAX_MM, HANDICAP_RING, MARK_LINE, MARK_RADIUS, PERI_WAIST, QUARK_RADIUS, RING_EDGE,
    RING_EDGE_MAX_MM, centred_text, handicap_text_mm, label_point, letter_text, mark_point, size_mm,
)
from pnp.games.starstar.style import StarStyle
from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import star
from pnp.scene import Circle, Group, Paint, Polygon, Shape, Text


def board_group(board: StarBoard, style: StarStyle, label_mm: float | None = None,
                outline_rings: tuple[int, ...] = (), handicap: tuple[str, ...] = (),
                covered: frozenset[str] = frozenset(), lettered: frozenset[str] = frozenset(),
                tint: Mapping[str, str] | None = None, sectors: bool = True) -> Group:
    """The board where its origin puts it: cells, edges, bridge, marks, then ids and sector letters on top.

    A diagram passes the `covered` cells its stones hide (their marks would peek out
    from under a stone), the `lettered` cells whose id gives way to a diagram letter,
    a `tint` (cell id -> fill) for highlighted cells, and `sectors` False where its
    sector letters would print under 5 pt.
    """
    c, tint = board.cell_mm, tint or {}
    marked = {cell.id for cell in board.cells if "peri" in cell.tags} | set(handicap)
    shapes: list[Shape] = [cell_polygon(cell, style, c, tint.get(cell.id)) for cell in board.cells]
    shapes.append(Polygon(board.outline, Paint(stroke=style.outline, width=size_mm(EDGE, c, EDGE_MAX_MM), join="round"),
                          cls="edge"))
    ring_paint = Paint(stroke=style.outline, width=size_mm(RING_EDGE, c, RING_EDGE_MAX_MM), join="round")
    shapes.extend(Polygon(board.ring_outline(k), ring_paint, cls="inner-board", data=(("rings", str(k)),))
                  for k in outline_rings)
    shapes.append(Polygon(board.bridge, Paint(fill=style.bridge, stroke=style.outline, width=grid_width(c, style)),
                          cls="bridge", data=(("node", "bridge"),)))
    shapes.extend(cell_marks(cell, c, style) for cell in board.cells if "peri" in cell.tags and cell.id not in covered)
    shapes.extend(handicap_mark(board.by_id[name], order, c, style) for order, name in enumerate(handicap, 1))
    if label_mm is not None:
        shapes.extend(centred_text(label_point(cell, c, cell.id in marked), cell.id, label_mm, style.label, cls="label")
                      for cell in board.cells if cell.id not in lettered)
    if sectors:
        shapes.extend(letter_text(board, s, style.ink) for s in range(SIDE_COUNT))
    return Group(tuple(shapes), cls="board", data=(("rings", str(board.rings)), ("cell-mm", f"{c:.3f}")))


def cell_polygon(cell: StarCell, style: StarStyle, cell_mm: float, fill: str | None = None) -> Polygon:
    """One cell, one element, named by data-cell (ids hold `*`, so never an XML id)."""
    paint = Paint(fill=fill or style.cell_fill, stroke=style.grid, width=grid_width(cell_mm, style))
    return Polygon(cell.polygon, paint, cls="cell", data=(("cell", cell.id),))


def peri_star(at: Point, cell_mm: float, fill: str) -> Polygon:
    """The peri mark: a small five-pointed star, pointing up like the bridge."""
    radius = MARK_RADIUS * cell_mm
    return Polygon(star(at, radius, radius * PERI_WAIST), Paint(fill=fill), cls="peri")


def cell_marks(cell: StarCell, cell_mm: float, style: StarStyle) -> Group:
    """A perimeter cell's peri star, ringed on the five corners by the quark mark."""
    at = mark_point(cell, cell_mm)
    shapes: list[Shape] = [peri_star(at, cell_mm, style.mark)]
    if "quark" in cell.tags:
        ring = Paint(stroke=style.mark, width=MARK_LINE * cell_mm)
        shapes.append(Circle(at, QUARK_RADIUS * cell_mm, ring, cls="quark"))
    return Group(tuple(shapes), cls="marks", data=(("at", cell.id), ("tags", " ".join(cell.tags))))


def handicap_mark(cell: StarCell, order: int, cell_mm: float, style: StarStyle) -> Group:
    """A handicap point (never a perimeter cell): its order number, readable at any cell size, in a small circle."""
    at, size = mark_point(cell, cell_mm), handicap_text_mm(cell_mm)
    ring = Circle(at, HANDICAP_RING * size, Paint(stroke=style.mark, width=MARK_LINE * cell_mm))
    number: Text = centred_text(at, str(order), size, style.mark, bold=True)
    return Group((ring, number), cls="handicap", data=(("at", cell.id), ("order", str(order))))
