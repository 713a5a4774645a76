"""Write pnp/fonts/vera_widths.py: Bitstream Vera's width of every character it has, as reportlab reads them.

pnp measures text Vera sets from that table, so a build need not load reportlab and parse Vera before it draws
(the PDF writer loads them in the worker meanwhile: docs/contributing/speed.md). Run it again if reportlab ever
ships another Vera; tests/test_font_widths.py fails until then.

    python scripts/vera_widths.py
"""

from __future__ import annotations

import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "pnp" / "fonts" / "vera_widths.py"
PER_LINE = 5

HEAD = '''"""Bitstream Vera's width of every character each of its faces has (its character map), in thousandths of the
text size, as reportlab reads them from the Vera files it ships, and the width reportlab gives any other
character (DEFAULT). Written by scripts/vera_widths.py; tests/test_font_widths.py holds it to reportlab's
reading."""

'''


def read(name: str) -> tuple[dict[int, float], float]:
    """One face's widths by character and its default width, from reportlab's own reading of the face."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.fonts import VERA, VERA_BOLD, VERA_BOLD_ITALIC, VERA_ITALIC, use

    use({each.name: each for each in (VERA, VERA_BOLD, VERA_ITALIC, VERA_BOLD_ITALIC)}[name])
    face = pdfmetrics.getFont(name).face
    return dict(sorted(face.charWidths.items())), face.defaultWidth


def module_text() -> str:
    """The module: each face's default width, then the upright faces' widths, PER_LINE characters a row, then
    each oblique face's as its upright's but for the characters where it differs (a handful: they share metrics)."""
    from pnp.fonts import VERA, VERA_BOLD, VERA_BOLD_ITALIC, VERA_ITALIC

    upright = {face.name: read(face.name) for face in (VERA, VERA_BOLD)}
    oblique = {face.name: (base.name, read(face.name)) for face, base in ((VERA_ITALIC, VERA), (VERA_BOLD_ITALIC, VERA_BOLD))}
    parts = [HEAD, "DEFAULT: dict[str, float] = {\n"]
    parts += [f'    "{name}": {default!r},\n' for name, (_, default) in [*upright.items(), *((n, r) for n, (_, r) in oblique.items())]]
    parts.append("}\n\nWIDTHS: dict[str, dict[int, float]] = {\n")
    for name, (widths, _) in upright.items():
        parts.append(f'    "{name}": {{\n' + _rows(widths) + "    },\n")
    parts.append("}\n# The oblique faces: their upright face's widths, but for these characters.\n")
    for name, (base, (widths, _)) in oblique.items():
        assert widths.keys() == upright[base][0].keys(), f"{name} has other characters than {base}"
        differ = {code: width for code, width in widths.items() if upright[base][0][code] != width}
        parts.append(f'WIDTHS["{name}"] = {{**WIDTHS["{base}"], **{{\n' + _rows(differ) + "}}\n")
    return "".join(parts)


def _rows(widths: dict[int, float]) -> str:
    items = [f"{code}: {width!r}" for code, width in widths.items()]
    return "".join(f"        {', '.join(items[i:i + PER_LINE])},\n" for i in range(0, len(items), PER_LINE))


def main() -> int:
    """The module written over the one in the tree."""
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
