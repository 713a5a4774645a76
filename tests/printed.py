"""What a printed page measures, for the output tests of every game: SVG points and sizes, PDF paths and text
boxes as pdfium reads them, pieces' silhouettes and cut guides (each in page mm, y down)."""

from __future__ import annotations

import ctypes
import math
import re
from pathlib import Path

import pypdfium2.raw as pdfium_c

from conftest import PT_PER_MM, SVG_NS, parse_svg

MARGIN_MM = 10.0
# Standard sheet sizes in mm (ISO 216 and ANSI), portrait.
SHEETS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}


def within(image, reach: int, pick):
    """Each pixel's darkest (pick: ImageChops.darker) or lightest (ImageChops.lighter) neighbour in the square of
    side 2 * reach + 1 around it, the square cut at the page's edge: ImageFilter.MinFilter and MaxFilter of that
    size, taken along rows and then columns, which is several times quicker (tests/test_ink_saver.py holds them
    equal)."""
    across = image
    for step in range(1, reach + 1):
        across = pick(across, pick(moved(image, step, 0), moved(image, -step, 0)))
    square = across
    for step in range(1, reach + 1):
        square = pick(square, pick(moved(across, 0, step), moved(across, 0, -step)))
    return square


def moved(image, dx: int, dy: int):
    """Each pixel replaced by its neighbour (dx, dy) away; one with no such neighbour keeps its own value."""
    width, height = image.size
    shifted = image.copy()
    kept = image.crop((max(dx, 0), max(dy, 0), width + min(dx, 0), height + min(dy, 0)))
    shifted.paste(kept, (max(-dx, 0), max(-dy, 0)))
    return shifted


def points_of(el) -> list[tuple[float, float]]:
    numbers = [float(v) for v in re.split(r"[ ,]+", el.attrib["points"].strip())]
    return list(zip(numbers[0::2], numbers[1::2]))


def svg_size_mm(root) -> tuple[float, float]:
    return float(root.attrib["width"][:-2]), float(root.attrib["height"][:-2])


def pdf_paths_mm(page) -> list[list[tuple[float, float]]]:
    """Every path's vertices as pdfium reads them, in page mm with y down (like the SVG)."""
    height_pt = page.get_height()
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        matrix = obj.get_matrix()
        points = []
        for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
            segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
            x, y = ctypes.c_float(), ctypes.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            px, py = matrix.on_point(x.value, y.value)
            points.append((px / PT_PER_MM, (height_pt - py) / PT_PER_MM))
        found.append(points)
    return found


def pdf_text_boxes_mm(page) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of every text object, in page mm with y down."""
    height_pt = page.get_height()
    boxes = []
    for obj in page.get_objects(max_depth=8):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((left / PT_PER_MM, (height_pt - top) / PT_PER_MM, right / PT_PER_MM, (height_pt - bottom) / PT_PER_MM))
    return boxes


def silhouette(group):
    """(shape, size, centre) of a piece group: its first child is the filled silhouette (after any bleed)."""
    body = next(child for child in group if child.get("class") != "bleed")
    if body.tag == f"{SVG_NS}circle":
        return "circle", 2 * float(body.get("r")), (float(body.get("cx")), float(body.get("cy")))
    pts = [tuple(map(float, p.split(","))) for p in body.get("points").split()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return "hexagon", max(xs) - min(xs), ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)


def guide_segments(svg: Path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    segments = []
    for path in parse_svg(svg).iter(f"{SVG_NS}path"):
        if "cut-guide" not in (path.get("class") or ""):
            continue
        for run in path.get("d").replace("Z", "").split("M")[1:]:
            pts = [tuple(map(float, p.split())) for p in ("L" + run).split("L")[1:]]
            segments += list(zip(pts, pts[1:]))
    return segments


def distance_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def pdf_text_sizes_pt(path: Path) -> list[tuple[float, int, str]]:
    """(size as printed in points, page from 1, the words) of every text object of a PDF: the font size times the
    scale of the object's matrix, which pdfium composes with every transformation the page applies (a diagram
    drawn shrunk prints its text shrunk)."""
    import pypdfium2 as pdfium

    found = []
    pdf = pdfium.PdfDocument(str(path))
    for number, page in enumerate(pdf, 1):
        words = page.get_textpage()
        for obj in page.get_objects(max_depth=8):
            if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
                continue
            size = ctypes.c_float()
            pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
            a, b, c, d, _, _ = obj.get_matrix().get()
            length = pdfium_c.FPDFTextObj_GetText(obj.raw, words.raw, None, 0)
            buffer = (ctypes.c_ushort * length)()
            pdfium_c.FPDFTextObj_GetText(obj.raw, words.raw, buffer, length)
            text = bytes(buffer).decode("utf-16-le", "ignore").rstrip("\x00")
            found.append((size.value * abs(a * d - b * c) ** 0.5, number, text))
    return found
