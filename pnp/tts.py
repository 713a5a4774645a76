"""`formats: [tts]` (or `pnp build -f tts`): a Tabletop Simulator kit in OUT/NAME/tts/, written with the rest of the set.

    OUT/NAME/tts/NAME.json        the saved object (pnp/writers/tts.py): copy it, and NAME.png beside it, into
    OUT/NAME/tts/NAME.png         TTS's Saved Objects folder (docs/how-to/digital-tabletop.md)
    OUT/NAME/tts/images/*.png     the board (or the skies) and each kind of piece, stone or marker, as printed

The things are the kit split for a digital tabletop (the game's split.py, as
`print.split: pieces` draws them): each is drawn at up to TTS_DPI, fewer where an
image would pass MOST_PIXELS a side (TTS's own advice). A surface (a board, a sky)
is a custom board at its printed size; a piece a custom token, in a bag of the
kit's count (stones: an infinite bag); a goal marker a token on the table.

Where the JSON says the images are. TTS takes an image from a file on this
computer or from the web (its knowledge base, "Asset Importing":
kb.tabletopsimulator.com/custom-content/asset-importing/, Berserk-Games/Tabletop-
Simulator-Knowledge-Base docs/custom-content/asset-importing.md); it documents no
address relative to the saved object. So without `print.tts_url` each image is
named by its file:/// URL where the build puts it (OUT/NAME/tts/images/), and the
JSON's bytes depend on that folder; TTS's Cloud Manager ("Upload All") then moves
the images to Steam's cloud for online play (docs/custom-content/cloud-manager.md
there). With `print.tts_url` (the web folder the user uploads tts/images/ to) each
image is that folder's address and its file name: the same bytes wherever the kit
is built.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from pnp.writers.pixels import MM_PER_INCH, page_pixels

if TYPE_CHECKING:   # the saved object's writer loads where tts/ is written; every build asks `asks` and `tts_warning`
    from pnp.scene.cutout import Cutout
    from pnp.spec import Kit
    from pnp.writers.atomic import Folder
    from pnp.writers.tts import Thing

FORMAT = FOLDER = "tts"
IMAGES = "images"
TTS_DPI = 300            # dots per inch of a TTS image: a stone 17 mm across is 200 pixels
MOST_PIXELS = 4096       # TTS advises images at most this many pixels a side
THUMBNAIL_PIXELS = 256   # the saved object's picture in TTS's Saved Objects browser, across its longer side


def asks(formats: Sequence[str] | None, kit: Kit) -> bool:
    """Does a build of the kit in these formats (None: the spec's) write tts/?"""
    return FORMAT in (formats if formats is not None else kit.spec.formats)


def things_of(kit: Kit) -> list[Cutout]:
    """The kit's things drawn alone (board, skies, pieces, stones, markers), as the game splits its outputs."""
    return kit.game.split_kit(kit.plan, kit.spec.outputs)


def tts_warning(kit: Kit, formats: Sequence[str] | None) -> str:
    """Why a build that asks for tts writes no tts/ (none of the outputs has a board or pieces), or ''."""
    if not asks(formats, kit) or things_of(kit):
        return ""
    return (f"tts: none of the outputs ({', '.join(kit.spec.outputs)}) has a board, skies, pieces, stones or "
            f"markers to put on the table, so there is no {FOLDER}/")


def image_dpi(width_mm: float, height_mm: float) -> int:
    """TTS_DPI, or fewer where the image would pass MOST_PIXELS along its longer side."""
    longest = max(width_mm, height_mm) / MM_PER_INCH
    return min(TTS_DPI, math.floor(MOST_PIXELS / longest))


def stage_tts(kit: Kit, folder: Folder, target: Path, step: Callable[[str], None] = lambda what: None) -> list[str]:
    """The TTS kit written into tts/ in the stage folder (made here); its file names, relative to the stage.
    `target` is OUT/NAME, where the images will be once the set is in place: the JSON names them there (unless
    the spec names a web folder for them, print.tts_url)."""
    from pnp.writers.split import render
    from pnp.writers.tts import saved_object

    things = things_of(kit)
    if not things:
        return []
    step(f"writing {FOLDER}/")
    folder.make_folder(FOLDER)
    folder.make_folder(f"{FOLDER}/{IMAGES}")
    names, described = [], []
    for thing in things:
        dpi = image_dpi(thing.page.width, thing.page.height)
        (data,) = render([thing], dpi)
        name = f"{FOLDER}/{IMAGES}/{thing.name}.png"
        folder.write(name, data)
        names.append(name)
        described.append(_described(kit, thing, dpi, image_url(kit.spec.print.tts_url, target / name)))
    surfaces = [t for t in things if t.surface] or things
    thumbnail = surfaces[0]
    (picture,) = render([thumbnail], _thumbnail_dpi(thumbnail))
    spec_name = kit.spec.name
    for name, data in ((f"{FOLDER}/{spec_name}.png", picture),
                       (f"{FOLDER}/{spec_name}.json", saved_object(spec_name, described))):
        folder.write(name, data)
        names.append(name)
    return names


def image_url(web_folder: str | None, where: Path) -> str:
    """Where TTS loads an image from: the spec's web folder and the image's file name, else its file:/// URL."""
    if web_folder is not None:
        return web_folder + quote(where.name)
    return where.resolve().as_uri()


def _described(kit: Kit, thing: Cutout, dpi: int, url: str) -> Thing:
    from pnp.writers.tts import Thing

    width, height = thing.page.width, thing.page.height
    pixels = page_pixels(width / MM_PER_INCH, height / MM_PER_INCH, dpi)
    nickname = f"{kit.plan.title}: {thing.name.replace('-', ' ')}"
    return Thing(thing.name, thing.surface, width, height, pixels, thing.count, url, nickname)


def _thumbnail_dpi(thing: Cutout) -> int:
    longest = max(thing.page.width, thing.page.height) / MM_PER_INCH
    return max(1, round(THUMBNAIL_PIXELS / longest))
