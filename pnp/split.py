"""`print.split: pieces`: a kit's pieces, stones, goal markers and board as images of their own, for digital tabletops.

A build whose formats hold png (the spec's, or `--format png`) then also writes
OUT/NAME/split/: the game says what it has (the registry's `Game.split_kit`,
each game's split.py), pnp/writers/split.py draws it. Without png the option
has nothing to write: the build says so (a warning, exit 0), since the same spec
is often built for print first and with `--format png` later. An image larger
than pnp draws at the dpi asked (a board tiled over many pages, at a high dpi)
is refused before anything is drawn, naming the dpi that fits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pnp.spec.base import SPLITS
from pnp.writers.pixels import MM_PER_INCH, too_many

if TYPE_CHECKING:
    from pnp.scene.cutout import Cutout
    from pnp.spec import Kit

PIECES = SPLITS[1]
FIELD = "print.split"
PICTURES = "png"   # the format the images are made in, and without which the option writes nothing


def asks(kit: Kit) -> bool:
    """Does the spec ask for its pieces split?"""
    return kit.spec.print.split == PIECES


def splits(kit: Kit, formats: Iterable[str] | None) -> bool:
    """Does a build of the kit in these formats (None: the spec's) write split/?"""
    return asks(kit) and PICTURES in (formats if formats is not None else kit.spec.formats)


def cutouts(kit: Kit) -> list[Cutout]:
    """The things of the kit's outputs drawn alone, as the game splits them."""
    return kit.game.split_kit(kit.plan, kit.spec.outputs)


def split_check(kit: Kit, formats: Iterable[str] | None, dpi: int) -> tuple[str, str]:
    """(warning, error) of the option in a build of the kit in these formats (None: the spec's) at `dpi`, '' for
    none: a warning when it writes nothing (no png; nothing to draw alone), an error naming the file, the spec and
    the dpi that fits when an image would have more pixels than pnp draws."""
    if not asks(kit):
        return "", ""
    from pnp.writers.split import FOLDER, file_names   # the drawing of split/: only for a spec that asks for it

    chosen = list(formats if formats is not None else kit.spec.formats)
    if PICTURES not in chosen:
        return (f"{PIECES} makes PNG images, and this build writes {', '.join(chosen)}: add {PICTURES} to formats "
                f"(or build with --format {PICTURES}) for {FOLDER}/"), ""
    found = cutouts(kit)
    if not found:
        return (f"{PIECES}: none of the outputs ({', '.join(kit.spec.outputs)}) has pieces, stones, a board "
                f"or skies to draw alone, so there is no {FOLDER}/"), ""
    for name, thing in zip(file_names(found), found):
        problem = too_many(thing.page.width / MM_PER_INCH, thing.page.height / MM_PER_INCH, dpi)
        if problem:
            return "", f"--dpi {dpi}: {name} of {kit.path} ({FIELD}: {PIECES}) would be {problem}"
    return "", ""
