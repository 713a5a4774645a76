"""The order a Mudcrack Y board's cells are numbered in: reading order of their points, by generator version.

Points are axial grid points (grow.py): on the page x grows with 2a + b and
y with -b, so "top first" is "b largest first" and "left to right" is "2a + b
smallest first". Each way orders every board totally (points are distinct).

Version 1, bands: the height is cut into isqrt(2 cells) equal bands, about as
many as the rows of a hexagonal triangle of as many cells; cells are numbered
by the band their centre lies in, top first, then left to right by the
centre's x, then top first by its y. A centre on a band's line belongs to the
band below it. The bands are not drawn, so a reader cannot see them: a cell
just below a line is numbered after the whole band above it.

Version 2, rows as they look, as on the hexagonal triangle: 1 is the cell at
the apex, and the last row is the cells along the base (their centres all sit
just above it, so the eye takes them for one row). Between them, the highest
centre left starts a row, and every centre less than ROW_REACH rows below it
joins it, a row being as high as on a hexagonal triangle of as many cells.
Each row is numbered left to right, by the centre's x, then top first. (That
row is sqrt(3) / 2 of an average cell's width w high, and b grid units are
sqrt(3) / 2 b high on the page: a centre is in the row while its b is less
than ROW_REACH w below the top one's.)
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from pnp.geometry.voronoi import Grid

ROW_REACH = Fraction(9, 10)   # a row's centres lie less than this many hexagonal rows below its top one


def band_order(points: list[Grid], grid: int) -> list[int]:
    """Point indices in version 1's order: by band from the top, then x, then y from the top."""
    bands = isqrt(2 * len(points))
    return sorted(range(len(points)),
                  key=lambda i: ((grid - points[i][1]) * bands // grid, 2 * points[i][0] + points[i][1], -points[i][1]))


def row_order(points: list[Grid], apex: int, base: set[int], grid: int) -> list[int]:
    """Point indices in version 2's order: the apex cell, rows from the top, each left to right, then the cells
    along the base (`base`) left to right."""
    reach = ROW_REACH ** 2 * Fraction(grid * grid, 2 * len(points))   # squared, in grid units (b runs up the page)
    rows: list[list[int]] = [[apex]]
    for i in sorted((i for i in range(len(points)) if i != apex and i not in base), key=lambda i: -points[i][1]):
        if len(rows) == 1 or (points[rows[-1][0]][1] - points[i][1]) ** 2 >= reach:
            rows.append([])
        rows[-1].append(i)
    rows.append(list(base))

    def left_to_right(i: int) -> tuple[int, int]:
        return 2 * points[i][0] + points[i][1], -points[i][1]
    return [i for row in rows for i in sorted(row, key=left_to_right)]
