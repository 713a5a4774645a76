"""Cut-out sheets: pages of packed items under their cut guides, with furniture and a legend, for any game."""

from __future__ import annotations

from collections.abc import Callable

from pnp.layout import registration
from pnp.layout.furniture import furniture
from pnp.layout.packing import Guides, Sheet, cut_guides
from pnp.layout.paper import Paper
from pnp.scene import Cuts, Document, Page, Paint, Path, Shape
from pnp.style import BaseStyle


def cut_sheets(asset: str, paper: Paper, pages: tuple[Sheet, ...], size: float, style: BaseStyle,
               titles: tuple[str, Callable[[int, int], str], str],
               draw: Callable[[Sheet], list[Shape]], legend: Callable[[Sheet], Shape]) -> Document:
    """Each sheet: furniture, the cut guides under the items, the items as `draw` makes them, the legend; and what
    a cutter cuts on it (the page's `cuts`).

    `titles` is (heading, the heading of sheet n of total when there are several, facts line).
    """
    heading, numbered, facts = titles
    out = []
    for number, sheet in enumerate(pages, 1):
        title = heading if len(pages) == 1 else numbered(number, len(pages))
        guides = cut_guides(sheet, size)
        children = [*furniture(paper, title, facts, style, marks=style.registration), *draw(sheet),
                    *guide_shapes(guides, style), legend(sheet)]
        out.append(Page(paper.width, paper.height, tuple(children), title, bleed=style.bleed,
                        cuts=sheet_cuts(paper, sheet, size, guides)))
    return Document(asset, heading, tuple(out))


def sheet_cuts(paper: Paper, sheet: Sheet, size: float, guides: Guides) -> Cuts:
    """What a cutter cuts on the sheet: each hexagon along its guide, each circle round at its size (not the
    square grid scissors follow), with the registration marks at the margins' corners."""
    return Cuts(registration.frame(paper), guides.honeycomb, tuple((p.center, size / 2) for p in sheet.circles))


def guide_shapes(guides: Guides, style: BaseStyle) -> list[Shape]:
    """Drawn over the items: the honeycomb's shared cuts cased (dark casing, white core), grid lines, crop marks."""
    shapes: list[Shape] = []
    if guides.honeycomb:
        for paint in (Paint(stroke=style.ink, width=style.cut_casing_width, join="round"),
                      Paint(stroke=style.cut_core, width=style.cut_width, join="round")):
            shapes.append(Path(guides.honeycomb, paint, closed=True, cls="cut-guide"))
    if guides.grid:
        shapes.append(Path(guides.grid, Paint(stroke=style.cut, width=style.cut_width), cls="cut-guide"))
    if guides.crops:
        shapes.append(Path(guides.crops, Paint(stroke=style.crop, width=style.crop_width), cls="crop-mark"))
    return shapes
