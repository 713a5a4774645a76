"""The spec's own font (`style.font`): a TTF file found relative to the spec, checked before anything is built.

Every way the file can be unusable (missing, a folder, a pipe, unreadable, too
large, not TrueType, outlines reportlab cannot embed, embedding forbidden by
its licence bits) becomes one sentence naming the file as the spec wrote it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.fonts import Face, own_face

LARGEST_MB = 64  # the largest TrueType fonts (whole CJK sets) are about 20 MB


def load_own(written: str, spec_dir: Path | None) -> Face:
    """The face at `written` (relative to the spec's folder), registered; ValueError says why not."""
    if not written.strip():
        raise ValueError("is empty; give the path of a .ttf file, relative to this spec, or leave style.font out")
    path = Path(os.path.abspath((spec_dir or Path.cwd()) / Path(written).expanduser()))
    shown = f"'{written}'" + (f" (looked for {path})" if not Path(written).is_absolute() else "")
    try:
        info = path.stat()
    except OSError as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc)).lower()
        raise ValueError(f"cannot open {shown}: {reason}; give the path of a .ttf file, relative to this spec") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{shown} is not a file; give the path of a .ttf file, relative to this spec")
    if info.st_size > LARGEST_MB << 20:
        raise ValueError(f"{shown} is {info.st_size >> 20} MB, more than any TrueType font pnp will read ({LARGEST_MB} MB)")
    if not os.access(path, os.R_OK):
        raise ValueError(f"cannot read {shown}: permission denied")
    return _load(str(path.resolve()), shown)


def _load(path: str, shown: str) -> Face:
    from reportlab.pdfbase.ttfonts import TTFError

    try:
        return own_face(path)
    except TTFError as exc:
        raise ValueError(f"{shown} is not a TrueType font pnp can embed ({_reason(exc)}); "
                         "give a .ttf file with TrueType outlines") from None
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:  # a damaged file trips reportlab anywhere
        raise ValueError(f"{shown} is not a readable TrueType font ({type(exc).__name__}); give a .ttf file") from None


def _reason(exc: Exception) -> str:
    """reportlab's own words, without the file name it repeats."""
    text = str(exc).split(":", 1)[-1].strip() if '"' in str(exc) else str(exc)
    return text[:120]
