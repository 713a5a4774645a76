"""The spec's own font (`style.font`): a TTF file found relative to the spec, checked in full before anything is built.

Every way the file can be unusable (missing, a folder, a pipe, unreadable, too
large, not TrueType, damaged or cut short, outlines reportlab cannot embed,
embedding forbidden by its licence bits) becomes one sentence naming the file
as the spec wrote it. "In full" means the check reads what a build would: the
tables, and every glyph its character map reaches, subset as the PDF writer
subsets them. So `pnp validate` refuses what `pnp build` could not draw, and a
damaged file never fails half-way through a build.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import stat
import struct
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics  # this module is imported only for a spec that names its own font
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from pnp.fonts.face import OWN_PREFIX, Face
from pnp.fonts.sfnt import demands_problem

LARGEST_MB = 64  # the largest TrueType fonts (whole CJK sets) are about 20 MB
SUBSET_CODES = 0xFFFF  # a subset's character map counts its codes in 16 bits: the trial subsets in runs this long
# Non-blocking, so a FIFO named as the font returns at once and fstat says what it is.
OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
ASK = "give the path of a .ttf file, relative to this spec"
ASK_WHOLE = "give a complete .ttf file with TrueType outlines"
# What reading a damaged or cut-short file raises inside reportlab's parser: its own TTFError, struct's error at a
# short read, whatever a wrong count or offset trips (a bad index, key, code point or unit, a division by a zero
# unitsPerEm), and AttributeError: a font without a name sends reportlab to a setting it no longer has.
# Anything else is not the file's fault and is left to surface.
DAMAGED = (TTFError, struct.error, ValueError, LookupError, ArithmeticError, TypeError, AttributeError)


class Unusable(ValueError):
    """Why a font file cannot be used; `worded` puts the file's name, as the spec wrote it, in its place."""

    def __init__(self, before: str, after: str) -> None:
        super().__init__(f"{before}the font{after}")
        self.before, self.after = before, after

    def worded(self, shown: str) -> str:
        return f"{self.before}{shown}{self.after}"


def load_own(written: str, spec_dir: Path | None) -> Face:
    """The face at `written` (relative to the spec's folder), checked and registered; ValueError says why not."""
    if not written.strip():
        raise ValueError(f"is empty; {ASK}, or leave style.font out")
    path = font_path(written, spec_dir)
    shown = f"'{written}'" + (f" (looked for {path})" if not Path(written).is_absolute() else "")
    try:
        return own_face(os.path.realpath(path))  # realpath: a link loop is named by open, not raised here
    except Unusable as exc:
        raise ValueError(exc.worded(shown)) from None


def font_path(written: str, spec_dir: Path | None) -> Path:
    """Where a spec's `style.font` points: relative to the spec's folder (`pnp watch` watches the same file)."""
    return Path(os.path.abspath((spec_dir or Path.cwd()) / Path(written).expanduser()))


@lru_cache(maxsize=None)
def own_face(path: str) -> Face:
    """The font at `path` (absolute), read, checked in full and registered with reportlab; Unusable says why not."""
    name = OWN_PREFIX + hashlib.sha1(path.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    font = _checked(name, path, _read(path))
    pdfmetrics.registerFont(font)
    if pdfmetrics._fonts[name] is not font:
        # reportlab hands a new name the font first registered with the same face name (two files of one family
        # name, or a font file saved under `pnp watch`): this name is this file's, so it draws with its own glyphs
        pdfmetrics._fonts[name] = font
    family = font.face.familyName
    family = family.decode("latin-1") if isinstance(family, bytes) else str(family)
    return Face(name, path, family)


def forget() -> None:
    """Forget the fonts read so far (`pnp watch`, once a font file was saved): the next use reads its file again.
    reportlab can register a font but not take it back, and keeps the first font registered under a name or a
    face name, so the spec's own fonts are taken out of its two registries (dicts) by hand."""
    own_face.cache_clear()
    for name in [name for name in pdfmetrics._fonts if name.startswith(OWN_PREFIX)]:
        font = pdfmetrics._fonts.pop(name)
        if pdfmetrics._dynFaceNames.get(font.face.name) is font:
            del pdfmetrics._dynFaceNames[font.face.name]


def _read(path: str) -> bytes:
    """The file's bytes: a regular file only, never more than LARGEST_MB read, so /dev/zero cannot fill memory."""
    try:
        fd = os.open(path, OPEN_FLAGS)
    except OSError as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc)).lower()
        raise Unusable("cannot open ", f": {reason}; {ASK}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unusable("", f" is not a file; {ASK}")
        if info.st_size > LARGEST_MB << 20:
            raise Unusable("", f" is {info.st_size >> 20} MB, more than any TrueType font pnp will read "
                               f"({LARGEST_MB} MB)")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read((LARGEST_MB << 20) + 1)
    except OSError as exc:
        raise Unusable("cannot read ", f": {(exc.strerror or str(exc)).lower()}") from None
    finally:
        os.close(fd)
    if len(data) > LARGEST_MB << 20:  # it grew after fstat
        raise Unusable("", f" is more than any TrueType font pnp will read ({LARGEST_MB} MB)")
    return data


def _checked(name: str, path: str, data: bytes):
    """reportlab's TTFont for `data`, once every glyph it maps has been subset as a PDF would embed it."""
    excessive = demands_problem(data)
    if excessive:
        raise Unusable("", f" is not a TrueType font pnp can embed ({excessive}: it is damaged); {ASK_WHOLE}")
    source = io.BytesIO(data)
    source.name = path  # reportlab names the font's file, and checks its licence list, by this name
    try:
        font = TTFont(name, source)
        codes = sorted(font.face.charToGlyph)
        for start in range(0, len(codes), SUBSET_CODES):
            font.face.makeSubset(codes[start: start + SUBSET_CODES])
    except DAMAGED as exc:
        raise Unusable("", f" is not a TrueType font pnp can embed ({_reason(exc)}); {ASK_WHOLE}") from None
    if getattr(font.face, "_full_font", False):  # reportlab would embed it whole, and then fail past character 255
        raise Unusable("", " does not allow embedding a subset of it (its licence bits); use a font that does")
    return font


def _reason(exc: Exception) -> str:
    """In words: reportlab's own, without the file name it quotes, or what a short read means."""
    text = str(exc)
    if isinstance(exc, struct.error) or text.startswith("unpack requires"):
        return "it ends before its tables do: damaged or cut short"
    if isinstance(exc, TTFError):
        return re.sub(r'\s*"[^"]*"', "", text).strip()[:120]
    return f"it is damaged ({type(exc).__name__})"
