"""Cut files: what a laser or a craft cutter does to each printed sheet of cut-out things.

For every page that carries `cuts` (pnp/scene: pieces, stones, goal markers,
reference cards) this writes one SVG at the sheet's own size and frame, then one
DXF of all the pages; other pages and assets give no file. Both hold only the
cuts, each edge once: pieces packed edge to edge (a honeycomb, a grid of cards)
share their edges, and each shared edge is cut once (ends snapped to 0.001 mm,
pnp/geometry/cutlines.py); edges in line are one cut (a grid of cards: a line
across the sheet). Round pieces are circles. Straight cuts are joined end to end
into runs, so a blade lifts less.

`kerf` (print.kerf_mm) moves every cut out by half of it, so a piece comes out
at its stated size: a circle's radius grows by kerf/2, a polygon's edges move
out by kerf/2 (corners mitred). Pieces that shared an edge are then cut each on
its own, two cuts a kerf apart with the strip between them burnt away, since one
cut down the middle would leave both pieces kerf/2 short on that side. Fold
lines are not moved: a score sits on the fold.

SVG: `<g id="cut">` red (#ff0000) 0.01 mm strokes, no fill; `<g id="fold">`
blue dashed 0.01 mm strokes, for a score-not-cut pass; `<g id="registration">`
the print-then-cut marks the printed sheet carries (pnp/layout/registration.py),
filled black, for placing, not cutting. Each group is an Inkscape layer.
DXF (ezdxf, R2000, millimetres: $INSUNITS 4): LINE and CIRCLE entities on a
CUT layer, LINEs on a dashed FOLD layer, y up with the sheet's bottom left
corner at (0, 0); a later page sits to the right of the one before, PAGE_GAP_MM
apart. The marks are left out of the DXF: a laser needs none.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

from pnp.geometry.cutlines import PLACES, grown, joined, runs, snap, unique_edges
from pnp.geometry.hexagon import Point
from pnp.geometry.polygon import Segment
from pnp.layout.registration import marks
from pnp.scene import Document, Page, Polygon, PrintedDocument

CUT_COLOUR = "#ff0000"      # what laser and cutter software take for "cut"
FOLD_COLOUR = "#0000ff"     # and for another pass (score)
MARK_COLOUR = "#000000"
HAIRLINE_MM = 0.01
FOLD_DASH_MM = (2.0, 1.5)
PAGE_GAP_MM = 10.0          # between pages side by side in the DXF
CUT_LAYER, FOLD_LAYER = "CUT", "FOLD"
DXF_RED, DXF_BLUE = 1, 5    # AutoCAD colour indices
DXF_VERSION = "R2000"       # the oldest with $INSUNITS; read by every laser program
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


@dataclass(frozen=True)
class SheetCuts:
    """One sheet's cut file, ready to write: straight cuts joined into runs, circles (centre, radius), fold
    segments, and the registration marks' outlines."""

    width: float
    height: float
    title: str
    runs: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...]
    folds: tuple[Segment, ...]
    marks: tuple[tuple[Point, ...], ...]


def warm() -> None:
    """Import ezdxf (half a second) ahead of need: the build's worker does it while the other core draws."""
    import ezdxf  # noqa: F401


def cut_pages(docs: list[tuple[str, Document | PrintedDocument]]) -> list[tuple[str, Document]]:
    """The docs as the cut writer reads them: the assets with cuts, their pages with nothing drawn (all it needs;
    sent to the build's worker, they pickle in a tenth of the time)."""
    found = []
    for asset, doc in docs:
        scene = doc.scene if isinstance(doc, PrintedDocument) else doc
        pages = tuple(replace(page, children=()) for page in scene.pages if page.cuts is not None) if scene else ()
        if pages:
            found.append((asset, Document(asset, scene.title, pages)))  # type: ignore[union-attr]
    return found


def render(doc: Document | PrintedDocument, kerf: float = 0.0) -> list[bytes]:
    """A cut SVG per page with cuts, then the DXF of them all; nothing for an asset without cuts."""
    scene = doc.scene if isinstance(doc, PrintedDocument) else doc
    sheets = [sheet_cuts(page, kerf) for page in scene.pages if page.cuts is not None] if scene is not None else []
    if not sheets:
        return []
    return [*(svg(sheet) for sheet in sheets), dxf(sheets)]


def sheet_cuts(page: Page, kerf: float) -> SheetCuts:
    """A page's cuts as a cutter takes them: outlines grown by half the kerf, each edge, circle and fold once."""
    cuts = page.cuts
    assert cuts is not None
    half = kerf / 2
    edges = unique_edges(grown(polygon, half) for polygon in cuts.polygons)
    circles = dict.fromkeys((snap(centre), round(radius + half, PLACES)) for centre, radius in cuts.circles)
    ends = [(snap(a), snap(b)) for a, b in cuts.folds]
    folds = dict.fromkeys((min(a, b), max(a, b)) for a, b in ends)
    drawn = tuple(shape.points for shape in marks(cuts.frame).children if isinstance(shape, Polygon))
    return SheetCuts(page.width, page.height, page.title, tuple(runs(joined(edges))), tuple(circles), tuple(folds),
                     drawn)


def number(value: float) -> str:
    """Fixed precision (0.001 mm, trailing zeros trimmed), as every pnp SVG writes numbers: same input, same bytes."""
    text = f"{value:.{PLACES}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _path(run: tuple[Point, ...]) -> str:
    closed = len(run) > 2 and run[0] == run[-1]
    points = run[:-1] if closed else run
    return "M" + "L".join(f"{number(x)} {number(y)}" for x, y in points) + ("Z" if closed else "")


def _layer(name: str, elements: list[str]) -> str:
    return (f'<g id="{name}" inkscape:groupmode="layer" inkscape:label="{name}">'
            + "".join(elements) + "</g>")


def svg(sheet: SheetCuts) -> bytes:
    """One sheet's cut file: the cut, fold and registration layers at the sheet's size, in mm."""
    cut = f'fill="none" stroke="{CUT_COLOUR}" stroke-width="{number(HAIRLINE_MM)}"'
    fold = (f'fill="none" stroke="{FOLD_COLOUR}" stroke-width="{number(HAIRLINE_MM)}" '
            f'stroke-dasharray="{" ".join(number(d) for d in FOLD_DASH_MM)}"')
    cuts = [f'<path d="{_path(run)}" {cut}/>' for run in sheet.runs]
    cuts += [f'<circle cx="{number(x)}" cy="{number(y)}" r="{number(r)}" {cut}/>' for (x, y), r in sheet.circles]
    folds = [f'<path d="{_path(segment)}" {fold}/>' for segment in sheet.folds]
    drawn = [f'<polygon points="{" ".join(f"{number(x)},{number(y)}" for x, y in points)}" fill="{MARK_COLOUR}"/>'
             for points in sheet.marks]
    w, h = number(sheet.width), number(sheet.height)
    title = sheet.title.replace("&", "&amp;").replace("<", "&lt;")
    text = (f'<?xml version="1.0" encoding="utf-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" '
            f'version="1.1" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}"><title>{title}</title>'
            + _layer("cut", cuts) + _layer("fold", folds) + _layer("registration", drawn) + "</svg>\n")
    return text.encode("utf-8")


def dxf(sheets: list[SheetCuts]) -> bytes:
    """Every sheet's cuts and folds in one DXF, side by side, y up, in millimetres; the same bytes every time."""
    import ezdxf
    from ezdxf import units

    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True   # no clock and no random ids in the file
    try:
        doc = ezdxf.new(DXF_VERSION, units=units.MM)
        doc.header["$MEASUREMENT"] = 1   # metric
        dash, gap = FOLD_DASH_MM
        doc.linetypes.add("DASHED", pattern=[dash + gap, dash, -gap], description="Dashed __ __ __")
        doc.layers.add(CUT_LAYER, color=DXF_RED)
        doc.layers.add(FOLD_LAYER, color=DXF_BLUE, linetype="DASHED")
        left = 0.0
        for sheet in sheets:
            _add_sheet(doc.modelspace(), sheet, left)
            left += sheet.width + PAGE_GAP_MM
        stream = io.StringIO()
        doc.write(stream)
        return doc.encode(stream.getvalue())
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _add_sheet(space: Any, sheet: SheetCuts, left: float) -> None:
    """One sheet's LINEs and CIRCLEs, its bottom left corner at (left, 0), y up."""
    def at(point: Point) -> tuple[float, float]:
        return (left + point[0], sheet.height - point[1])

    for run in sheet.runs:
        for a, b in zip(run, run[1:]):
            space.add_line(at(a), at(b), dxfattribs={"layer": CUT_LAYER})
    for centre, radius in sheet.circles:
        space.add_circle(at(centre), radius, dxfattribs={"layer": CUT_LAYER})
    for a, b in sheet.folds:
        space.add_line(at(a), at(b), dxfattribs={"layer": FOLD_LAYER})
