"""Scenes: pages of backend-neutral primitives in mm (y down), and what can be done to them.

`primitives` holds the shapes, `dispatch` the one switch over their types,
`transform` moves and turns them, `bounds` measures them.
"""

from pnp.scene.primitives import (
    Circle, Cuts, Data, Document, Group, Page, Paint, Path, Point, Polygon, Polyline, PrintedDocument, Shape, Text,
)

__all__ = ["Circle", "Cuts", "Data", "Document", "Group", "Page", "Paint", "Path", "Point", "Polygon", "Polyline", "PrintedDocument", "Shape", "Text"]
