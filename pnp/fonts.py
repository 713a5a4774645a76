"""The one typeface pnp uses: Bitstream Vera, shipped inside reportlab.

Both writers name the same face so the SVG and the PDF set text alike; the PDF
embeds it. Text widths come from the real font metrics, loaded only when asked.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

REGULAR = "Vera"
BOLD = "VeraBd"
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"


@lru_cache(maxsize=None)
def register() -> None:
    """Register Vera with reportlab once per process.

    The files are named by their full path inside reportlab's fonts folder: a bare
    name sends reportlab through its URL reader first, which imports urllib (~10 ms).
    """
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(REGULAR, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "VeraBd.ttf")))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of `text` set at `size` (both in mm)."""
    from reportlab.pdfbase import pdfmetrics

    register()
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)
