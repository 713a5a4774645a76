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
out by kerf/2 (corners mitred). A cut two pieces share cannot do that for both,
so with a kerf the sheets lay pieces apart (pnp/layout/packing.py: Apart; the
card grid likewise): two neighbours a kerf apart have moved cuts that meet, one
cut down the middle of the gap, and none runs into the other piece. Fold lines
are not moved: a score sits on the fold.

SVG: `<g id="cut">` red (#ff0000) 0.01 mm strokes, no fill; `<g id="fold">`
blue dashed 0.01 mm strokes, for a score-not-cut pass; `<g id="registration">`
the print-then-cut marks the printed sheet carries (pnp/layout/registration.py),
filled black, for placing, not cutting. Each group is an Inkscape layer.
The DXF (ezdxf: LINEs and CIRCLEs on a CUT layer, a dashed FOLD layer, no
marks) is written by pnp/writers/cut_dxf.py, from the same SheetCuts as the
SVGs: each sheet's cuts are worked out once, for both.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.geometry.cutlines import PLACES, grown, joined, runs, snap, unique_edges
from pnp.geometry.hexagon import Point
from pnp.layout.registration import marks
from pnp.scene import Document, Page, Polygon, PrintedDocument
from pnp.writers.cut_sheet import FOLD_DASH_MM, SheetCuts

CUT_COLOUR = "#ff0000"      # what laser and cutter software take for "cut"
FOLD_COLOUR = "#0000ff"     # and for another pass (score)
MARK_COLOUR = "#000000"
HAIRLINE_MM = 0.01
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


def warm() -> None:
    """Import the DXF writer and its ezdxf (nearly all the CPU cut files cost) ahead of need: the build's worker
    does it while the other core draws."""
    import pnp.writers.cut_dxf  # noqa: F401


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
    from pnp.writers.cut_dxf import dxf

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
