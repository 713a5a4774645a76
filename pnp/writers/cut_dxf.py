"""The DXF of a cut file (pnp/writers/cut.py): every sheet's cuts and folds in one drawing, written here as text.

DXF R12 (AC1009), ASCII: the oldest and plainest DXF, read by every laser and
cutter program, and all a drawing of lines and circles needs. Written by pnp
itself, as the cut SVG is: no library to import (ezdxf cost a build 0.2 s of
CPU to load, kept a font cache in the user's folders, and read an ezdxf.ini
from the working folder), and the same bytes for the same sheets.

What the file holds: a HEADER with the version, millimetres ($INSUNITS 4,
$MEASUREMENT 1: metric; R12 readers that predate them skip them) and the
drawing's extents; a TABLES section with the line types (CONTINUOUS, and
DASHED for folds, dash and gap as the cut SVG's) and the layers (0, CUT red,
FOLD blue dashed); then the ENTITIES: a LINE per cut edge and a CIRCLE per round
piece on CUT, a LINE per fold on FOLD. y up, the first sheet's bottom left
corner at (0, 0); a later page sits to the right of the one before,
PAGE_GAP_MM apart. The registration marks are left out: a laser needs none.
Numbers are written as the cut SVG writes them (0.001 mm, trailing zeros
trimmed).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pnp.geometry.hexagon import Point
from pnp.writers.cut_sheet import FOLD_DASH_MM, SheetCuts, number

PAGE_GAP_MM = 10.0          # between pages side by side
CUT_LAYER, FOLD_LAYER = "CUT", "FOLD"
DXF_RED, DXF_BLUE, DXF_WHITE = 1, 5, 7    # AutoCAD colour indices (7: black on a white sheet)
R12 = "AC1009"
MILLIMETRES = 4             # $INSUNITS
METRIC = 1                  # $MEASUREMENT
SOLID, DASHED = "CONTINUOUS", "DASHED"
LAYERS = (("0", DXF_WHITE, SOLID), (CUT_LAYER, DXF_RED, SOLID), (FOLD_LAYER, DXF_BLUE, DASHED))

Tag = tuple[int, str]


def dxf(sheets: list[SheetCuts]) -> bytes:
    """Every sheet's cuts and folds in one DXF, side by side, y up, in millimetres; the same bytes every time."""
    entities, left, height = [], 0.0, 0.0
    for sheet in sheets:
        entities += _sheet(sheet, left)
        left += sheet.width + PAGE_GAP_MM
        height = max(height, sheet.height)
    width = left - PAGE_GAP_MM if sheets else 0.0
    tags = [*_section("HEADER", _header(width, height)), *_section("TABLES", _tables()),
            *_section("ENTITIES", entities), (0, "EOF")]
    return "".join(f"{code:>3}\n{value}\n" for code, value in tags).encode("ascii")


def _section(name: str, body: Iterable[Tag]) -> Iterator[Tag]:
    yield from ((0, "SECTION"), (2, name))
    yield from body
    yield 0, "ENDSEC"


def _header(width: float, height: float) -> list[Tag]:
    return [(9, "$ACADVER"), (1, R12), (9, "$DWGCODEPAGE"), (3, "ANSI_1252"),
            (9, "$INSUNITS"), (70, str(MILLIMETRES)), (9, "$MEASUREMENT"), (70, str(METRIC)),
            (9, "$EXTMIN"), *_point(10, (0.0, 0.0)), (9, "$EXTMAX"), *_point(10, (width, height))]


def _tables() -> list[Tag]:
    """The line types the layers name, then the layers."""
    dash, gap = FOLD_DASH_MM
    solid = [(0, "LTYPE"), (2, SOLID), (70, "0"), (3, "Solid line"), (72, "65"), (73, "0"), (40, "0")]
    dashed = [(0, "LTYPE"), (2, DASHED), (70, "0"), (3, "Dashed __ __ __"), (72, "65"), (73, "2"),
              (40, number(dash + gap)), (49, number(dash)), (49, number(-gap))]
    layers = [tag for name, colour, linetype in LAYERS
              for tag in ((0, "LAYER"), (2, name), (70, "0"), (62, str(colour)), (6, linetype))]
    return [*_table("LTYPE", 2, [*solid, *dashed]), *_table("LAYER", len(LAYERS), layers)]


def _table(name: str, count: int, entries: list[Tag]) -> list[Tag]:
    return [(0, "TABLE"), (2, name), (70, str(count)), *entries, (0, "ENDTAB")]


def _point(code: int, point: Point) -> list[Tag]:
    """A 3D point's tags from its x code (10, 11, ...): x, y, and z = 0."""
    return [(code, number(point[0])), (code + 10, number(point[1])), (code + 20, "0")]


def _sheet(sheet: SheetCuts, left: float) -> list[Tag]:
    """One sheet's LINEs and CIRCLEs, its bottom left corner at (left, 0), y up."""
    def at(point: Point) -> Point:
        return (left + point[0], sheet.height - point[1])

    def line(a: Point, b: Point, layer: str) -> list[Tag]:
        return [(0, "LINE"), (8, layer), *_point(10, at(a)), *_point(11, at(b))]

    tags = [tag for run in sheet.runs for a, b in zip(run, run[1:]) for tag in line(a, b, CUT_LAYER)]
    for centre, radius in sheet.circles:
        tags += [(0, "CIRCLE"), (8, CUT_LAYER), *_point(10, at(centre)), (40, number(radius))]
    return tags + [tag for a, b in sheet.folds for tag in line(a, b, FOLD_LAYER)]
