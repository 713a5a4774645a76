"""Where `pnp diagram` writes: one file, named from the position unless --out says otherwise, written atomically.

Default: output/diagrams/STEM.svg (STEM the position file's name without
.yaml, held to the rule of a spec's `name`), under output/ like every build,
never beside the position or over anything else. --out FILE names the file (an
existing folder, or a link to one, takes STEM.EXT inside it; a FILE without an
extension gets the format's). The format is --format, else FILE's extension,
else SVG; an animation of a record (pnp/positions/animate.py) is .gif, or an
APNG: .apng, or .png with --format apng (the name viewers and forums know an
APNG by, so that is also what pnp names one). A FILE whose extension names
another format, or none pnp writes, is
bad input, and so is a FILE that is there but not a regular file (a device such
as /dev/null, a link, a folder): pnp replaces only a file, never writes beside it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from pnp.positions.read import Position
from pnp.scene import Document
from pnp.writers import PICTURE_FORMATS, WRITERS, LazyWriter
from pnp.writers.frames import ANIMATED, DIAGRAM_FORMATS, NAMED_BY
from pnp.writers.atomic import Folder
from pnp.writers.onefile import replace_file
from pnp.writers.outdir import check_file, check_lengths, check_out, derived_name

DEFAULT_FOLDER = Path("output") / "diagrams"
DEFAULT_FORMAT = "svg"


class TargetError(ValueError):
    """--out and --format that cannot both hold; the message names the option and what would work."""


class Target(NamedTuple):
    """The file to write, its format, and whether its folder is the user's own (--out): a link to a folder
    there is followed, as build follows a linked --out; output/diagrams is opened without following one."""

    path: Path
    fmt: str
    named: bool


def target(position: Path, out: str | None, chosen: str | None) -> Target:
    """The file to write and its format, checked before anything is drawn: TargetError for options that
    disagree, OutputPlaceError (pnp/writers/outdir.py) for a place pnp cannot write."""
    extensions = {WRITERS[f].extension: f for f in PICTURE_FORMATS} | NAMED_BY
    names = list(extensions)
    kinds = f"pnp writes {', '.join(names[:-1])} or {names[-1]} files; name one of those"
    if chosen is not None and chosen not in DIAGRAM_FORMATS:
        raise TargetError(f"--format {chosen} makes cut files of sheets of cut-out things, not diagrams; "
                          f"choose {', '.join(DIAGRAM_FORMATS[:-1])} or {DIAGRAM_FORMATS[-1]}")
    fmt = chosen or DEFAULT_FORMAT
    if out:
        check_lengths(f"--out {out}", [], [Path(out)])   # before anything looks at it: a name too long is exit 2
    if out is not None and (not out or not Path(out).is_dir()):
        given = check_file(out, Path(out))
        if not given.suffix:
            if os.path.lexists(given):  # never a file of pnp's own naming beside the one named
                raise TargetError(f"--out {out} has no extension; {kinds}")
            return Target(check_file(out, given.with_name(given.name + _extension(fmt))), fmt, True)
        named = extensions.get(given.suffix.lower())
        if named is None:
            raise TargetError(f"--out {out}: {kinds}")
        if chosen == "apng" and named == "png":  # an APNG is a PNG: viewers and forums know it by .png
            named = chosen
        if chosen and chosen != named:
            raise TargetError(f"--out {out} is a .{named} name but --format is {chosen}; make them agree")
        return Target(given, named, True)
    stem = derived_name(position.stem, position, "the diagram", "rename the file, or name the diagram with --out FILE")
    name = f"{stem}{_extension(fmt)}"
    if out is None:
        folder = check_out(str(DEFAULT_FOLDER.parent), [DEFAULT_FOLDER.name]) / DEFAULT_FOLDER.name
        return Target(check_file(str(folder / name), folder / name), fmt, False)
    return Target(check_file(out, Path(out) / name), fmt, True)


def _extension(fmt: str) -> str:
    return ANIMATED.get(fmt) or WRITERS[fmt].extension


def write_diagram(position: Position, where: Target, width_mm: float,
                  check: Callable[[Document], None] | None = None, dpi: int | None = None,
                  widest_mm: float | None = None) -> Path:
    """Score, draw and write the diagram; only its file is written (atomically), nothing else is touched. `check`
    sees the drawing before anything is written (a record's diagram drawn wider than asked, for its numbers);
    `dpi`: a PNG's (default DEFAULT_DPI); `widest_mm`: how far it may grow for its labels (Game.draw_diagram)."""
    verdict = position.game.judge(position.model)
    doc = position.game.draw_diagram(position.model, verdict, width_mm, widest_mm=widest_mm)
    if check is not None:
        check(doc)
    writer = WRITERS[where.fmt]
    (data,) = (writer.configured(dpi=dpi) if isinstance(writer, LazyWriter) else writer).render(doc)
    return write_file(where, data)


def write_file(where: Target, data: bytes) -> Path:
    """The diagram's one file, written atomically; nothing else is touched. Its folder is locked as a build locks
    OUT/NAME, so a diagram written into one during a build waits for it, then lands in the folder it left."""
    # output/diagrams is opened without following a link; a folder the user named (--out) with.
    with Folder.held(where.path.parent, chosen=where.named) as folder:
        replace_file(folder, where.path.name, data)
    return where.path
