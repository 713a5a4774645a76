"""Side bands: each side of a lattice board stroked along its outer edges in the colour of whoever owns it.

    side_bands(board, colours, width_mm, dashes)

The band is the side's zigzag (LatticeBoard.side_outline: corner cells' outer
edges split between their two sides) stroked `width_mm` wide. Drawn under the
cells, only its outer half shows, so a band never hides a cell. `dashes` gives a
side a dash pattern in cells (the ink saver's thin lines, or a side that must
differ from another in black and white too); a side without one is solid.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.boards.lattice.placed import LatticeBoard
from pnp.scene import Paint, Polyline, Shape


def side_bands(board: LatticeBoard, colours: Mapping[str, str], width_mm: float,
               dashes: Mapping[str, tuple[float, ...]] | None = None) -> list[Shape]:
    """A band along each side in `colours` (side -> colour), in that order, each a Polyline of class `side side-NAME`."""
    dashed = dashes or {}
    return [
        Polyline(board.side_outline(side), Paint(stroke=colour, width=width_mm,
                                                 dash=tuple(d * board.cell_mm for d in dashed.get(side, ()))),
                 cls=f"side side-{side}")
        for side, colour in colours.items()
    ]
