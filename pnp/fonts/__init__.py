"""The faces pnp sets text in, chosen per string so no glyph ever prints as an empty box.

Bitstream Vera (shipped inside reportlab) sets every string it can draw, as it
always has; a string with a character Vera lacks is set in DejaVu Sans (shipped
in `dejavu/` with its licence), and one DejaVu lacks too in the spec's own TTF
(`style.font`). Both writers and every measurement ask `face_for`, so a string
is measured in the face it is drawn in. The PDF embeds that face; the SVG names
it first and leaves the drawing to the viewer's copy, so the PDF is the exact one.

Nothing is opened for text Vera draws (Latin-1, typographic quotes and dashes, a few
more Latin letters): it is chosen and measured from Vera's widths as reportlab reads
them, kept in vera_widths.py; cmaps load only when a string goes beyond Vera.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.fonts.face import OWN_PREFIX, Face
from pnp.resources import packaged

REGULAR = "Vera"
BOLD = "VeraBd"
ITALIC = "VeraIt"
BOLD_ITALIC = "VeraBI"
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
DEJAVU_FOLDER = packaged("fonts", "dejavu")
# Text placed about its baseline, per unit of text size (Vera's proportions): a line whose top is at y has its
# baseline at y + ASCENT * size; a word set at y + MIDDLE * size is centred on y (digits, capitals, lower case).
ASCENT = 0.76    # Vera's cap height plus a little
DESCENT = 0.24   # below the baseline
MIDDLE = 0.36
# A table width (thousandths of the text size) to a width: (sum * 0.001) * size, as reportlab's C accelerator
# computes stringWidth (reportlab[accel]; its pure-Python fallback multiplies the other way round, and differs in
# the last bit). The widths are multiples of 1/1024, so the sum itself is exact in any order.
PER_WIDTH_UNIT = 0.001


class Undrawable(ValueError):
    """No face pnp may use has every character of a string."""


VERA = Face(REGULAR)
VERA_BOLD = Face(BOLD)
VERA_ITALIC = Face(ITALIC)
VERA_BOLD_ITALIC = Face(BOLD_ITALIC)
DEJAVU = Face("DejaVuSans", str(DEJAVU_FOLDER / "DejaVuSans.ttf"), "DejaVu Sans")
DEJAVU_BOLD = Face("DejaVuSans-Bold", str(DEJAVU_FOLDER / "DejaVuSans-Bold.ttf"), "DejaVu Sans")


def shipped(bold: bool, italic: bool = False) -> tuple[Face, ...]:
    """Vera, then DejaVu Sans; bold text may fall back to regular DejaVu, which has more glyphs than its bold.
    Italic text is Vera's italic, and upright DejaVu where Vera lacks a glyph (pnp ships no oblique DejaVu)."""
    vera = ((VERA_BOLD_ITALIC if bold else VERA_ITALIC) if italic else (VERA_BOLD if bold else VERA),)
    return (*vera, DEJAVU_BOLD, DEJAVU) if bold else (*vera, DEJAVU)


def faces(bold: bool, own: str = "", italic: bool = False) -> tuple[Face, ...]:
    """The faces tried for a string, in order: the shipped ones, then the spec's own font if it names one."""
    if not own:
        return shipped(bold, italic)
    from pnp.fonts.own import own_face  # checked and registered once per process (the spec's check did it first)

    return (*shipped(bold, italic), own_face(own))


def face_for(text: str, bold: bool = False, own: str = "", italic: bool = False) -> Face:
    """The first face that has every character of `text`; raises Undrawable naming what none has."""
    vera = shipped(bold, italic)[0]
    if _latin1(text) or _vera_has(vera, text):
        return vera
    tried = faces(bold, own, italic)
    for face in tried:
        if not lacks(face, text):
            return face
    raise Undrawable(undrawable_message(text, tried[-1], bool(own)))


def named_chars(missing: list[str]) -> str:
    """Characters as a message names them: "'˯' (U+02EF)", the first five and how many more."""
    return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")


def undrawable_message(text: str, last: Face, own: bool) -> str:
    """What the last face tried lacks, and what would help."""
    missing = lacks(last, text)
    shown = named_chars(missing)
    if own:
        return f"neither the shipped fonts nor style.font ({last.family or Path(last.file).name}) can draw {shown}; " \
               "set style.font to a TTF that has every character of this text"
    return f"no font here can draw {shown}; set style.font to a TTF that has {'it' if len(missing) == 1 else 'them'}"


# What pages set around a title in the same string ("TITLE: pieces (sheet 1 of 2)"): its face needs them too.
AROUND_TITLE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :()"


def drawable_problem(text: str, own: str = "") -> str:
    """Why `text` cannot be set in one face in either weight, with what pnp adds around it; '' if it can."""
    for bold in (False, True):
        try:
            face = face_for(text, bold, own)
        except Undrawable as exc:
            return str(exc)
        missing = lacks(face, AROUND_TITLE) if own and face.file == own else []
        if missing:
            shown = ", ".join(f"'{c}'" for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
            return (f"style.font ({face.family or Path(own).name}) draws this text but lacks {shown}, which pnp sets "
                    "in the same line (': pieces', page numbers); use a TTF that also has Latin letters and digits")
    return ""


RIGHT_TO_LEFT = ("R", "AL")   # the bidirectional classes of Hebrew, Arabic and the other right-to-left letters
LAYOUT = "\n\r\t"             # what a text block holds besides what it prints: its lines and tabs


def right_to_left(char: str) -> bool:
    """A letter written right to left. reportlab sets text left to right, glyph by glyph, with no reordering or
    joining, so such letters would print backwards (and Arabic unjoined): refused until pnp shapes them."""
    import unicodedata

    return unicodedata.bidirectional(char) in RIGHT_TO_LEFT


def unprintable(text: str) -> list[str]:
    """The distinct characters of `text` (in order of appearance) that the shipped faces would not print as
    written: none has a glyph for them (an empty box), or they are right-to-left letters (backwards)."""
    odd = {c for c in set(text) if not " " <= c <= "~" and c not in LAYOUT}
    if not odd:
        return []
    have = _cmap(DEJAVU)   # Vera's characters are DejaVu's too: DejaVu grew from it
    return sorted((c for c in odd if ord(c) not in have or right_to_left(c)), key=text.index)


def unprintable_message(chars: list[str]) -> str:
    """What is wrong with `unprintable` characters, told by kind: those no font draws, those set backwards."""
    backwards = [c for c in chars if right_to_left(c)]
    boxes = [c for c in chars if c not in backwards]
    told = [f"no font pnp ships can draw {named_chars(boxes)}"] if boxes else []
    if backwards:
        told.append(f"{named_chars(backwards)} {'is a right-to-left letter' if len(backwards) == 1 else 'are right-to-left letters'}, "
                    "which pnp does not reorder or join, so the PDF would print them backwards")
    return "; ".join(told)


def lacks(face: Face, text: str) -> list[str]:
    """The distinct characters of `text` that `face` has no glyph for, in order of appearance."""
    have = _cmap(face)
    return list(dict.fromkeys(c for c in text if ord(c) not in have))


def _latin1(text: str) -> bool:
    """Vera has every printable Latin-1 character, and text fields refuse the unprintable ones."""
    return not text or max(text) <= "\xff"


def _vera_has(face: Face, text: str) -> bool:
    """Whether the Vera face has every character of `text`, from its table (vera_widths.py): typographic quotes
    and dashes, a few more Latin letters, without reading Vera's character map through reportlab."""
    from pnp.fonts.vera_widths import WIDTHS

    have = WIDTHS[face.name]
    return all(ord(c) in have for c in text)


def _cmap(face: Face) -> dict[int, int]:
    from reportlab.pdfbase import pdfmetrics

    use(face)
    return pdfmetrics.getFont(face.name).face.charToGlyph


def use(face: Face) -> None:
    """Register `face` with reportlab once per process (upright Vera: both weights at once, as before; an italic
    when first set; the spec's own font from the bytes its check read, never read again)."""
    if face in (VERA_ITALIC, VERA_BOLD_ITALIC):
        _register_vera(face.name)
    elif not face.file:
        register()
    elif face.name.startswith(OWN_PREFIX):
        from pnp.fonts.own import own_face

        own_face(face.file)
    else:
        _register(face)


@lru_cache(maxsize=None)
def register() -> None:
    """Register Vera with reportlab once per process.

    The files are named by their full path inside reportlab's fonts folder: a bare
    name sends reportlab through its URL reader first, which imports urllib (~10 ms).
    """
    _register_vera(REGULAR)
    _register_vera(BOLD)


@lru_cache(maxsize=None)
def _register_vera(name: str) -> None:
    """Register one of Vera's faces (its file is its name: Vera.ttf, VeraBd.ttf, VeraIt.ttf, VeraBI.ttf); the
    italics only when first set."""
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(Path(reportlab.__file__).parent / "fonts" / f"{name}.ttf")))


@lru_cache(maxsize=None)
def _register(face: Face) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(face.name, face.file))


def svg_family(face: Face) -> str:
    """A font-family list naming `face` first; quotes and other CSS syntax are dropped from its name."""
    name = "".join(c for c in face.family if c.isalnum() or c in " -_.").strip() or "sans-serif"
    return f"'{name}', 'DejaVu Sans', sans-serif" if name != "DejaVu Sans" else "'DejaVu Sans', sans-serif"


def text_width(text: str, size: float, bold: bool = False, own: str = "", italic: bool = False) -> float:
    """Width of `text` set at `size` (both in mm), in the face it is drawn in. Text Vera sets (Latin-1, and what
    else Vera has) is measured from Vera's table (vera_widths.py), the same number reportlab gives, without
    loading reportlab: a board drawn in one process is written by another, which has it loaded."""
    face = face_for(text, bold, own, italic)
    if not face.file:   # a Vera face: it sets Latin-1 text and what else its table has
        from pnp.fonts.vera_widths import DEFAULT, WIDTHS

        widths, default = WIDTHS[face.name], DEFAULT[face.name]
        return sum([widths.get(ord(c), default) for c in text]) * PER_WIDTH_UNIT * size
    from reportlab.pdfbase import pdfmetrics

    use(face)
    return pdfmetrics.stringWidth(text, face.name, size)
