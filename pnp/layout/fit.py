"""Fitting content onto paper: the content area of a sheet, and the orientation and scale that print largest."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry.hexagon import Point
from pnp.geometry.rect import Rect
from pnp.layout.paper import Paper

HEADER_MM = 12.0   # title line
MOST_PAGES = 500   # pages of one asset pnp lays out at most: more is a slip in the spec, not a kit anyone prints
FOOTER_MM = 10.0   # calibration bar and its label


@dataclass(frozen=True)
class Fit:
    """Where content of a given unit size goes: the sheet, the scale, the content box."""

    sheet: Paper
    scale: float
    x: float       # top-left of the content box on the sheet, mm
    y: float
    width: float
    height: float

    def origin(self, extent: Rect) -> Point:
        """Where the frame's (0, 0) lands for content whose unit-size extent is `extent`."""
        return (self.x - extent.x * self.scale, self.y - extent.y * self.scale)


def content_area(sheet: Paper) -> Rect:
    """The box left for content between the title and the calibration bar."""
    return Rect(sheet.margin, sheet.margin + HEADER_MM, sheet.inner_width, sheet.inner_height - HEADER_MM - FOOTER_MM)


def largest_fit(paper: Paper, unit_w: float, unit_h: float) -> Fit:
    """The orientation in which content unit_w x unit_h can be scaled largest."""
    best: Fit | None = None
    for sheet in paper.orientations():
        area = content_area(sheet)
        scale = min(area.width / unit_w, area.height / unit_h)
        if best is None or scale > best.scale + 1e-9:
            best = place(sheet, unit_w * scale, unit_h * scale, scale)
    assert best is not None
    return best


def fixed_fit(paper: Paper, unit_w: float, unit_h: float, scale: float) -> Fit | None:
    """Content at a set scale: portrait if it fits, else landscape, else None."""
    for sheet in paper.orientations():
        area = content_area(sheet)
        if unit_w * scale <= area.width + 1e-9 and unit_h * scale <= area.height + 1e-9:
            return place(sheet, unit_w * scale, unit_h * scale, scale)
    return None


def place(sheet: Paper, width: float, height: float, scale: float) -> Fit:
    """Centre a width x height box in the sheet's content area."""
    area = content_area(sheet)
    return Fit(sheet, scale, area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
