"""Checks that need more than one field, or the layout: run after the models pass.

Each returns (field path, message) pairs; the reader adds file and line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.geometry.asterisk import cell_count

Found = list[tuple[tuple[Any, ...], str]]


def check_asterisk(spec: Any) -> Found:
    from pnp.compose.asterisk_board import board_fit, board_size_mm
    from pnp.paper import paper

    found: Found = []
    cells = cell_count(spec.board.side)
    if spec.pieces.counts is not None and not spec.pieces.allow_mismatch:
        total = sum(spec.piece_counts().values())
        if total != cells:
            found.append((("pieces", "counts"),
                          f"the counts add up to {total} pieces but the side-{spec.board.side} board has {cells} cells; "
                          f"make them add up to {cells} (default {cells // 6} of each type) or set pieces.allow_mismatch: true"))
    fit, cell_mm = board_fit(spec)
    if fit is None:
        w, h = board_size_mm(spec, cell_mm)
        sheet = paper(spec.paper)
        best = board_fit(spec.model_copy(update={"board": spec.board.model_copy(update={"cell_mm": None})}))[1]
        found.append((("board", "cell_mm"),
                      f"{cell_mm:g} mm cells make the board {w:.0f} x {h:.0f} mm, larger than {sheet.name} paper "
                      f"inside 10 mm margins; the largest that fits is {int(best * 10) / 10:g} (or choose larger paper)"))
    elif "pieces" in spec.outputs and spec.pieces.size_mm is None and cell_mm - spec.pieces.clearance_mm <= 2:
        found.append((("pieces", "clearance_mm"),
                      f"{spec.pieces.clearance_mm:g} mm clearance leaves pieces of {cell_mm - spec.pieces.clearance_mm:.1f} mm "
                      f"for {cell_mm:.1f} mm cells; use a smaller clearance or set pieces.size_mm"))
    found.extend(_check_piece_size(spec))
    return found


def _check_piece_size(spec: Any) -> Found:
    """A piece (and its cut margin) must fit the printable area of the sheet."""
    from pnp.compose.asterisk_pieces import LEGEND_MM, piece_size
    from pnp.layout import content_area
    from pnp.paper import paper

    if "pieces" not in spec.outputs or spec.pieces.size_mm is None:
        return []
    sheet = paper(spec.paper)
    _, _, width, height = content_area(sheet)
    room = min(width, height - LEGEND_MM) - 2
    if piece_size(spec) > room:
        return [(("pieces", "size_mm"),
                 f"{spec.pieces.size_mm:g} mm pieces do not fit {sheet.name} paper; at most {int(room):d} mm fits")]
    return []


CHECKS: dict[str, Callable[[Any], Found]] = {"asterisk": check_asterisk}
