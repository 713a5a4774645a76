"""PDF content operators written as reportlab's canvas writes them, without its per-call machinery.

The PDF writer draws some fifteen thousand labels and as many paths in a full build. Through the canvas each
label is eight calls (saveState, translate, scale, rotate, setFillColor, setFont, drawString, restoreState), each
one going through reportlab's generic state tracking, text object and colour handling. The operators they write
are simple, so this module writes the same text with reportlab's own number formatting (fp_str) and string
escaping (escapePDF), and the Painter hands it to the canvas with its public `addLiteral`.

Same bytes is the contract: every function here says which reportlab calls it stands for, and
tests/test_pdf_text_fast.py draws every case both ways and compares the page streams. A canvas keeps its
operators as a list it joins with newlines, so one literal of newline-joined operators is the same stream as the
separate entries reportlab appends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import cos, pi, sin
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.pdfgeom import bezierArc

if TYPE_CHECKING:
    from reportlab.pdfbase.pdfdoc import PDFDocument
    from reportlab.pdfbase.ttfonts import TTFont

EVEN_ODD = 0  # the fill rule the Painter draws every path with (reportlab's FILL_EVEN_ODD)
ANCHORED = ("start", "middle", "end")  # drawString, drawCentredString, drawRightString
# A line's key in a document's cache: its text, size, anchor, bold, italic and own font (what its face and bytes
# depend on; colour and place are written around it each time).
LineKey = tuple[str, float, str, bool, bool, str]

_LINES: WeakKeyDictionary[PDFDocument, dict[LineKey, str]] = WeakKeyDictionary()


def lines_of(canvas: Canvas) -> dict[LineKey, str] | None:
    """The cache of text lines (BT ... ET) already written into `canvas`'s document, or None where the fast path
    does not apply: a top-down canvas writes a different text matrix, and a canvas that enforces a colour space
    rewrites colours. The cache is per document because a TrueType font assigns its subset codes per document
    (`splitString(text, doc)`); once a line's characters have codes, the same line gives the same bytes again.

    Private attributes read, as the canvas offers no public way to them: `_doc` (the document the font subsets
    and the PDF version belong to) and `_enforceColorSpace` (set only by the constructor)."""
    if not canvas.bottomup or canvas._enforceColorSpace is not None:
        return None
    doc = canvas._doc
    lines = _LINES.get(doc)
    if lines is None:
        lines = _LINES[doc] = {}
    return lines


def placed(x: float, y: float, rotate: float) -> str:
    """The one `cm` operator that saveState(), translate(x, y), scale(1, -1) and, if `rotate`, rotate(-rotate)
    write: reportlab folds each transform into the `cm` just before it, reading back that operator's printed
    numbers, so this does the same arithmetic on the same printed numbers (_folded).

    Unturned, the fold is worked out here: translate prints "1 0 0 1 x y", read back as 1.0, 0.0, 0.0, 1.0, e, f;
    adjoining scale(1, -1) gives 1.0, 0.0, 0.0, -1.0, 0.0 + e, 0.0 + f, printed "1 0 0 -1" and the two sums,
    which are e and f themselves (but for e = -0.0, which prints as 0 either way)."""
    if not rotate:
        return f"1 0 0 -1 {fp_str(*map(float, fp_str(x, y).split()))} cm"
    numbers = _folded(fp_str(1, 0, 0, 1, x, y), 1, 0, 0, -1, 0, 0)
    theta = -rotate
    c = cos(theta * pi / 180)
    s = sin(theta * pi / 180)
    return f"{_folded(numbers, c, s, -s, c, 0, 0)} cm"


def _folded(numbers: str, a: float, b: float, c: float, d: float, e: float, f: float) -> str:
    """A `cm`'s printed numbers with the transform (a b c d e f) adjoined, as Canvas.transform folds them."""
    a0, b0, c0, d0, e0, f0 = map(float, numbers.split())
    return fp_str(a0*a+c0*b, b0*a+d0*b, a0*c+c0*d, b0*c+d0*d, a0*e+c0*f+e0, b0*e+d0*f+f0)


def rgb_fill(red: float, green: float, blue: float) -> str:
    """setFillColor's operator for an RGB colour."""
    return f"{fp_str((red, green, blue))} rg"


def text_line(font: TTFont, doc: PDFDocument, text: str, size: float, anchor: str) -> str:
    """What setFont(font, size) and drawString / drawCentredString / drawRightString(0, 0, text) write for a
    TrueType (dynamic) font: setFont writes nothing for one, and the text object writes its origin, then per run
    of one subset the subset's font and size, and the run. `font.splitString` assigns the codes of characters
    new to `doc`, in the order reportlab would, so it is called where reportlab calls it;
    getSubsetInternalName names (and on first use registers) the subset's font in `doc`."""
    x: float = 0
    if anchor != "start":
        width = font.stringWidth(text, size)
        x = 0 - 0.5 * width if anchor == "middle" else 0 - width
    size_and_leading = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
    shown: list[str] = []
    current = -1
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            shown.append(f"{font.getSubsetInternalName(subset, doc)} {size_and_leading}")
            current = subset
        shown.append(f"({escapePDF(chunk)}) Tj")
    return f"BT 1 0 0 1 {fp_str(x, 0)} Tm {' '.join(shown)} T* ET"


def path_code(runs: Iterable[Sequence[tuple[float, float]]], closed: bool) -> str:
    """What a path object of moveTo / lineTo (and close, if `closed`) per run gives drawPath: '' for no runs."""
    parts: list[str] = []
    for run in runs:
        parts.append(f"{fp_str(run[0])} m")  # fp_str prints a point's two numbers as fp_str(x, y) does
        if len(run) > 1:
            parts.append(f"{' l '.join(map(fp_str, run[1:]))} l")
        if closed:
            parts.append("h")
    return f"n {' '.join(parts)}" if parts else ""


def circle_code(x: float, y: float, radius: float) -> str:
    """What path.circle(x, y, radius) then path.close() gives drawPath: reportlab's four Bézier quarters."""
    x1, y1 = x - radius, y - radius
    diameter = 2 * radius
    curves = bezierArc(x1, y1, x1 + diameter, y1 + diameter, 0, 360)
    drawn = " ".join([f"{fp_str(*curve[2:])} c" for curve in curves])
    return f"n {fp_str(*curves[0][:2])} m {drawn} h"


def painted(code: str, stroke: int, fill: int) -> str:
    """drawPath's two operators, the path and how it is painted (even-odd fill), as one literal."""
    return f"{code}\n{PATH_OPS[stroke, fill, EVEN_ODD]}"
