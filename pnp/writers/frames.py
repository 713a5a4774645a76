"""What `pnp diagram` may write and how long an animation's frames show: the command line reads these at
start-up, so this module loads nothing (the GIF and APNG writing itself is pnp/writers/animated.py's)."""

from __future__ import annotations

from pnp.writers import PICTURE_FORMATS

ANIMATED: dict[str, str] = {"gif": ".gif", "apng": ".png"}  # format -> the extension pnp names its files with
NAMED_BY = {".gif": "gif", ".apng": "apng"}  # --out's extensions that ask for one (.png: with --format apng)
DIAGRAM_FORMATS: tuple[str, ...] = (*PICTURE_FORMATS, *ANIMATED)  # what `pnp diagram` draws
FRAME_MS = 700                 # each move on screen
LAST_MS = 3000                 # the final position, before the loop starts over
MS_RANGE = (20, 60_000)        # browsers show a GIF frame of under 20 ms for 100 ms; an APNG delay is 16-bit ms
