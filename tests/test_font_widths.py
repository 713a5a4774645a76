"""Vera's table of widths (pnp/fonts/vera_widths.py): what reportlab reads from the same files, every width pnp
measures from it the very number reportlab's stringWidth gives, so no layout moves by a bit, and every face
chosen from it the one reportlab's character maps choose."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from pnp import fonts
from pnp.fonts.vera_widths import DEFAULT, WIDTHS

ROOT = Path(__file__).resolve().parent.parent
VERAS = (fonts.VERA, fonts.VERA_BOLD, fonts.VERA_ITALIC, fonts.VERA_BOLD_ITALIC)
STYLES = [(False, False), (True, False), (False, True), (True, True)]   # (bold, italic), Vera's four faces in order


@pytest.mark.parametrize("face", VERAS, ids=lambda face: face.name)
def test_the_table_is_reportlab_s_reading_of_vera(face):
    fonts.use(face)
    read = pdfmetrics.getFont(face.name).face
    assert WIDTHS[face.name] == read.charWidths and DEFAULT[face.name] == read.defaultWidth
    assert set(WIDTHS[face.name]) == set(read.charToGlyph)   # the characters it has, as face_for asks


def test_the_table_is_what_its_script_writes():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import vera_widths
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert (ROOT / "pnp" / "fonts" / "vera_widths.py").read_text(encoding="utf-8") == vera_widths.module_text()


def test_the_faces_differ_where_vera_s_do():
    """The four rows are the four faces, not one copied: bold is wider than regular for most letters."""
    letters = [ord(c) for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    regular, bold = WIDTHS[fonts.REGULAR], WIDTHS[fonts.BOLD]
    assert len(regular) > 256 and ord("\u2019") in regular   # more than Latin-1: typographic quotes, dashes
    assert sum(bold[c] > regular[c] for c in letters) > len(letters) // 2
    assert WIDTHS[fonts.BOLD_ITALIC] != WIDTHS[fonts.BOLD]


def test_reportlab_measures_with_its_accelerator():
    """text_width multiplies as reportlab's C accelerator does (pnp/fonts: PER_WIDTH_UNIT); its pure-Python
    fallback multiplies the other way round. pnp installs reportlab[accel]: this fails first if that changes."""
    from reportlab.lib import rl_accel

    assert type(rl_accel.instanceStringWidthTTF).__name__ == "builtin_function_or_method"


@pytest.mark.parametrize("bold,italic", STYLES)
def test_text_vera_sets_measures_as_reportlab_measures_it(bold, italic):
    """Random strings of Latin-1 (control characters, which take the default width, included) and of Vera's other
    characters, at random sizes and the sizes pnp sets: set in Vera, every width equal to reportlab's to the last
    bit."""
    rng = random.Random(f"{bold}{italic}")
    face = fonts.face_for("A", bold, italic=italic)
    fonts.use(face)
    sizes = [1.0, 2.8, 3.5, 5.0, 7, 1e-9]
    has = list(WIDTHS[face.name])   # Vera's characters, beyond Latin-1 too (no control characters among them)
    for number in range(3000):
        length = rng.randrange(40)
        codes = [rng.randrange(256) for _ in range(length)] if number % 2 else [rng.choice(has) for _ in range(length)]
        text = "".join(map(chr, codes))
        size = rng.choice([rng.uniform(0.1, 100), round(rng.uniform(0.5, 30), 2), *sizes])
        assert fonts.face_for(text, bold, italic=italic) == face
        assert fonts.text_width(text, size, bold, italic=italic) == pdfmetrics.stringWidth(text, face.name, size), (text, size)


def test_text_beyond_latin1_is_still_measured_by_reportlab_in_its_own_face():
    """Beyond Latin-1 the face is chosen by its glyphs and reportlab measures it, as before."""
    text = "★-board"   # DejaVu draws the star; Vera has none
    face = fonts.face_for(text)
    assert face == fonts.DEJAVU
    assert fonts.text_width(text, 4.0) == pdfmetrics.stringWidth(text, face.name, 4.0)
    assert fonts.text_width(text, 4.0) > fonts.text_width("-board", 4.0)


def test_the_face_vera_has_every_character_of_is_vera_as_reportlab_s_maps_say():
    """face_for decides from the table where Vera has every character: the face reportlab's maps would choose."""
    for text in ("Pie rule \u2014 \u2018swap\u2019", "\u0106\u0107 \u2022 \u2026", "a\u2192b", "\u2605"):
        for bold in (False, True):
            expected = next(face for face in fonts.shipped(bold) if not fonts.lacks(face, text))
            assert fonts.face_for(text, bold) == expected, text


def test_measuring_text_vera_sets_loads_no_reportlab():
    """What the table is for: a process that measures what Vera sets (every title and label of a plain spec, and
    pnp's own words with their dashes and quotes) has not loaded reportlab, so a build can leave that to the
    worker that writes the PDF."""
    code = ("import sys; from pnp.fonts import text_width; "
            "w = text_width('Asterisk: board (side 11) \\xe9 \\u2014 \\u2019', 5.0, True, italic=True); "
            "print(w > 0, sorted(m for m in sys.modules if m.split('.')[0] == 'reportlab'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == ["True", "[]"]
