"""Backend-neutral pages of drawing primitives.

Compose modules build these; writers turn them into SVG or PDF. Everything is in
millimetres with y pointing down, so a writer only has to map units, never
geometry. Primitives are frozen so a scene can be shared and compared freely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect

# (name, value) pairs, written as data-NAME="value" in SVG: how users and checks find things.
Data = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Paint:
    """How a shape is filled and stroked; None means 'not at all'."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    paint: Paint
    cls: str = ""
    data: Data = ()


@dataclass(frozen=True)
class Circle:
    center: Point
    radius: float
    paint: Paint
    cls: str = ""
    data: Data = ()


@dataclass(frozen=True)
class Polyline:
    """An open line through the points; several lines share one paint via Path."""

    points: tuple[Point, ...]
    paint: Paint
    cls: str = ""
    data: Data = ()


@dataclass(frozen=True)
class Path:
    """Several open or closed runs drawn as one shape (one SVG element, one PDF path)."""

    runs: tuple[tuple[Point, ...], ...]
    paint: Paint
    closed: bool = False
    cls: str = ""
    data: Data = ()


@dataclass(frozen=True)
class Text:
    """A single line of text; `at` is the baseline point picked by `anchor`."""

    at: Point
    text: str
    size: float
    fill: str = "#000000"
    anchor: Literal["start", "middle", "end"] = "start"
    bold: bool = False
    rotate: float = 0.0  # degrees, clockwise on the page (y down), about `at`
    cls: str = ""
    data: Data = ()
    own_font: str = ""  # the spec's own TTF (style.font), tried after the shipped faces (see pnp/fonts)
    italic: bool = False


@dataclass(frozen=True)
class Group:
    """Children drawn together; `data` becomes data-* attributes in SVG. With `clip` (x, y, width, height),
    nothing of them shows outside that rectangle: one tile of a board too large for its sheet."""

    children: tuple["Shape", ...]
    cls: str = ""
    data: Data = ()
    clip: tuple[float, float, float, float] | None = None


Shape = Union[Polygon, Circle, Polyline, Path, Text, Group]


@dataclass(frozen=True)
class Cuts:
    """What a cutting machine does to a printed sheet of cut-out things (pnp/writers/cut.py writes it), from the
    numbers that drew it: every piece's outline as printed (polygons by their corners, round pieces as centre and
    radius), the lines to score for a fold, and `frame`, the box at whose corners the print-then-cut
    registration marks stand (pnp/layout/registration.py)."""

    frame: Rect
    polygons: tuple[tuple[Point, ...], ...] = ()
    circles: tuple[tuple[Point, float], ...] = ()
    folds: tuple[tuple[Point, Point], ...] = ()


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    children: tuple[Shape, ...] = field(default_factory=tuple)
    title: str = ""
    bleed: float = 0.0   # print.bleed_mm on a sheet whose art bleeds (cut-out things): the PDF's BleedBox past the paper
    cuts: Cuts | None = None   # a sheet of cut-out things: what a cutter cuts (formats: cut)


@dataclass(frozen=True)
class Document:
    """One asset: its pages, written as ASSET.pdf and ASSET.svg (or ASSET-N.svg). `notes`: what the drawing changed
    from what was asked (a diagram's labels thinned or left out), for the command to say; no writer reads them."""

    asset: str
    title: str
    pages: tuple[Page, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PrintedDocument:
    """An asset laid out elsewhere (a rule booklet by platypus), handed over as finished PDF bytes.

    The PDF writer passes it through; other formats write nothing for it.
    """

    asset: str
    title: str
    pdf: bytes
    scene: "Document | None" = None  # a drawn asset whose PDF was needed early (for the kit): SVG still draws this
