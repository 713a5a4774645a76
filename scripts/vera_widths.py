"""Write pnp/fonts/vera_widths.py: Bitstream Vera's widths of the 256 Latin-1 characters, as reportlab reads them.

pnp measures Latin-1 text from that table, so a build need not load reportlab and parse Vera before it draws
(the PDF writer loads them in the worker meanwhile: docs/contributing/speed.md). Run it again if reportlab ever
ships another Vera; tests/test_font_widths.py fails until then.

    python scripts/vera_widths.py
"""

from __future__ import annotations

import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "pnp" / "fonts" / "vera_widths.py"
PER_LINE = 8

HEAD = '''"""Bitstream Vera's width of each Latin-1 character (code points 0 to 255), in thousandths of the text size, as
reportlab reads them from the Vera files it ships; a character Vera lacks has the face's default width, as
reportlab gives it. Written by scripts/vera_widths.py; tests/test_font_widths.py holds it to reportlab's reading."""

WIDTHS: dict[str, tuple[float, ...]] = {
'''


def widths(name: str) -> list[float]:
    """One face's table, from reportlab's own reading of the face."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.fonts import use, VERA, VERA_BOLD, VERA_BOLD_ITALIC, VERA_ITALIC

    face = {each.name: each for each in (VERA, VERA_BOLD, VERA_ITALIC, VERA_BOLD_ITALIC)}[name]
    use(face)
    read = pdfmetrics.getFont(name).face
    return [read.charWidths.get(code, read.defaultWidth) for code in range(256)]


def module_text() -> str:
    """The module, every face's widths in rows of PER_LINE."""
    from pnp.fonts import VERA, VERA_BOLD, VERA_BOLD_ITALIC, VERA_ITALIC

    parts = [HEAD]
    for face in (VERA, VERA_BOLD, VERA_ITALIC, VERA_BOLD_ITALIC):
        table = widths(face.name)
        rows = [", ".join(repr(w) for w in table[i:i + PER_LINE]) for i in range(0, len(table), PER_LINE)]
        parts.append(f'    "{face.name}": (\n' + "".join(f"        {row},\n" for row in rows) + "    ),\n")
    parts.append("}\n")
    return "".join(parts)


def main() -> int:
    """The module written over the one in the tree."""
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
