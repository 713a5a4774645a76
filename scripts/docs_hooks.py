"""mkdocs hooks (mkdocs.yml `hooks:`): before mkdocs reads docs/, render the pictures the pages show.

The gallery's and the coordinate schemes' pictures are made by pnp itself from the shipped configs and a few
small specs (scripts/docs_gallery.py: render_images), into docs/gallery/img/ and docs/reference/img/, which
git ignores. They are rendered again only when pnp's code, its templates or the specs changed, so a second
`make docs` or a `mkdocs serve` reload costs nothing.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_gallery  # noqa: E402  (a script beside this one, not a package)

log = logging.getLogger("mkdocs.hooks.pnp")


def on_pre_build(config) -> None:
    rendered = docs_gallery.render_images(Path(config["docs_dir"]))
    if rendered:
        log.info("pnp: rendered %d pictures for the gallery and the reference", rendered)
