"""Checks that need more than one field, or the layout: run after the models pass.

Each returns (field path, message) pairs; the reader adds file and line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.geometry.asterisk import cell_count
from pnp.paper import paper

Found = list[tuple[tuple[Any, ...], str]]


def check_asterisk(spec: Any) -> Found:
    from pnp.compose.asterisk_board import board_fit, board_size_mm

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
    found.extend(_check_piece_size(spec, cell_mm if fit else None))
    found.extend(_check_markers_fit(spec))
    found.extend(_check_solitaire_fit(spec))
    return found


def _check_piece_size(spec: Any, cell_mm: float | None) -> Found:
    """Pieces must be big enough to handle and small enough for the printable area of the sheet.

    `cell_mm` is None when the board itself does not fit: its error says enough then.
    """
    if "pieces" not in spec.outputs:
        return []
    clearance = spec.pieces.clearance_mm
    if spec.pieces.size_mm is None:
        if cell_mm is None or cell_mm - clearance > 2:
            return []
        return [(("pieces", "clearance_mm"),
                 f"{clearance:g} mm clearance leaves pieces of {cell_mm - clearance:.1f} mm "
                 f"for {cell_mm:.1f} mm cells; use a smaller clearance or set pieces.size_mm")]
    from pnp.compose.asterisk_pieces import LEGEND_MM
    from pnp.layout import content_area

    sheet = paper(spec.paper)
    _, _, width, height = content_area(sheet)
    room = min(width, height - LEGEND_MM) - 2
    if spec.pieces.size_mm > room:
        return [(("pieces", "size_mm"),
                 f"{spec.pieces.size_mm:g} mm pieces do not fit {sheet.name} paper; at most {int(room):d} mm fits")]
    return []


def _check_markers_fit(spec: Any) -> Found:
    """A goal marker prints whole as a tent card; one that no page orientation holds is an error."""
    if "markers" not in spec.outputs:
        return []
    from pnp.compose.asterisk_markers import largest_marker, tent_size

    sheet = paper(spec.paper)
    size, best = spec.markers.size_mm, largest_marker(sheet)
    if size <= best + 1e-9:
        return []
    w, h = tent_size(size)
    fix = f"the largest that fits is {int(best * 10) / 10:g}" if best >= 30 else "no marker of 30 mm or more fits"
    return [(("markers", "size_mm"),
             f"a {size:g} mm marker makes a {w:.0f} x {h:.0f} mm tent card, larger than {sheet.name} paper "
             f"inside its margins and headings; {fix} (or choose larger paper)")]


def _check_solitaire_fit(spec: Any) -> Found:
    """The solitaire page needs room for its key and how-to next to the board."""
    if "solitaire" not in spec.outputs:
        return []
    from pnp.compose.asterisk_solitaire import fits_paper

    if fits_paper(spec):
        return []
    sheet = paper(spec.paper)
    return [(("paper",), f"{sheet.name} paper ({sheet.width:g} x {sheet.height:g} mm) is too small for the solitaire page "
                         f"(board, key and how-to); choose larger paper such as a4 or letter")]


CHECKS: dict[str, Callable[[Any], Found]] = {"asterisk": check_asterisk}
