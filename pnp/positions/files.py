"""Where `pnp diagram` writes: one file, named from the position unless --out says otherwise, written atomically.

Default: output/diagrams/STEM.svg (STEM the position file's name without
.yaml), under output/ like every build, never beside the position or over
anything else. --out FILE names the file (an existing folder takes STEM.EXT
inside it). The format is --format, else FILE's extension, else SVG; a FILE
whose extension names another format, or none pnp writes, is bad input.
"""

from __future__ import annotations

from pathlib import Path

from pnp.positions.read import Position
from pnp.writers import FORMATS, WRITERS
from pnp.writers.atomic import Folder

DEFAULT_FOLDER = Path("output") / "diagrams"
DEFAULT_FORMAT = "svg"


class TargetError(ValueError):
    """--out and --format that cannot both hold; the message names the option and what would work."""


def target(position: Path, out: Path | None, chosen: str | None) -> tuple[Path, str]:
    """The file to write and its format."""
    extensions = {WRITERS[f].extension: f for f in FORMATS}
    if out is not None and not out.is_dir() and out.suffix:
        named = extensions.get(out.suffix.lower())
        if named is None:
            names = list(extensions)
            raise TargetError(f"--out {out}: pnp writes {', '.join(names[:-1])} or {names[-1]} files; name one of those")
        if chosen and chosen != named:
            raise TargetError(f"--out {out} is a .{named} name but --format is {chosen}; make them agree")
        return out, named
    fmt = chosen or DEFAULT_FORMAT
    name = f"{position.stem}{WRITERS[fmt].extension}"
    if out is None:
        return DEFAULT_FOLDER / name, fmt
    return (out / name if out.is_dir() else out.with_name(out.name + WRITERS[fmt].extension)), fmt


def write_diagram(position: Position, path: Path, fmt: str, width_mm: float) -> Path:
    """Score, draw and write the diagram; only `path` is written (atomically), nothing else is touched."""
    verdict = position.game.judge(position.model)
    doc = position.game.draw_diagram(position.model, verdict, width_mm)
    (data,) = WRITERS[fmt].render(doc)
    with Folder.create(path.parent) as folder:  # opened without following a link, as a build's folder is
        folder.put(folder.stage(path.name, data), path.name)
    return path
