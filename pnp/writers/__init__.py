"""Writers turn a scene Document into bytes; they know primitives, never games.

Every writer answers the same protocol: its format name, its file extension,
whether it writes one file per page (SVG) or one per document (PDF), and
`render`. WRITERS is the one table of formats: the CLI's --format choices and
the spec's `formats` values both come from it, and build.py names the files.
PNG is the third: a picture of the PDF, made only when asked for. `cut` writes
cut files for cutting machines of the sheets of cut-out things (an SVG per page
and a DXF of them all; pnp/writers/cut.py), also only when asked for. GIF and
APNG, a record played through, are `pnp diagram`'s alone (pnp/writers/animated.py;
their names and timings, read at start-up, in frames.py), outside this table: a
kit has no record, so no build writes them. `tts` (KIT_FORMATS) is a format of the spec
and the command line without a writer here: a build makes it of the whole kit (pnp/tts.py).
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from pnp.writers.kept import rendered

if TYPE_CHECKING:   # the table of formats loads no scene: `pnp --version` reads it
    from pnp.scene import Document


class Writer(Protocol):
    name: str
    extension: str
    per_page: bool
    loaded: bool   # whether this process could write now, with nothing more to load first (pnp/build.py, `_away`)

    def render(self, doc: Document) -> list[bytes]:
        """One bytes object per page if per_page, else a list of one."""
        ...


@dataclass(frozen=True)
class LazyWriter:
    """A writer whose module (and its heavy library) is imported on first use."""

    name: str
    extension: str
    per_page: bool
    module: str
    options: tuple[tuple[str, Any], ...] = ()  # keywords for the module's render (PNG: its dpi)

    def render(self, doc: Document) -> list[bytes]:
        """The doc's bytes (kept from the last rendering of an equal scene where `pnp watch` keeps them)."""
        return rendered(self, doc, lambda doc: importlib.import_module(self.module).render(doc, **dict(self.options)))

    @property
    def loaded(self) -> bool:
        """Whether this process has loaded the writer's module (and its library) already: writing here then costs
        only the writing."""
        return self.module in sys.modules

    def configured(self, **options: Any) -> "LazyWriter":
        """This writer with render options set (unknown ones are left out), e.g. png's dpi from `--dpi`, the cut
        files' kerf from the spec."""
        own = {"png": ("dpi",), "cut": ("kerf",)}.get(self.name, ())
        return replace(self, options=tuple((k, v) for k, v in sorted(options.items()) if k in own and v is not None))


@dataclass(frozen=True)
class CutWriter(LazyWriter):
    """Cut files: one per page (`extension`, named as SVG pages are), then one `companion` file of all the pages
    (the DXF); `render` gives them in that order, and files.py names the last one ASSET + companion."""

    companion: str = ""


WRITERS: dict[str, LazyWriter] = {
    "svg": LazyWriter("svg", ".svg", per_page=True, module="pnp.writers.svg"),
    "pdf": LazyWriter("pdf", ".pdf", per_page=False, module="pnp.writers.pdf"),
    "png": LazyWriter("png", ".png", per_page=True, module="pnp.writers.png"),
    "cut": CutWriter("cut", ".cut.svg", per_page=True, module="pnp.writers.cut", companion=".cut.dxf"),
}
# Formats made of a whole kit rather than of each asset's pages: `tts`, a Tabletop Simulator kit (pnp/tts.py).
KIT_FORMATS: tuple[str, ...] = ("tts",)
FORMATS: tuple[str, ...] = (*WRITERS, *KIT_FORMATS)
PICTURE_FORMATS: tuple[str, ...] = tuple(f for f in WRITERS if f != "cut")  # what draws a page as printed (a diagram)
DEFAULT_FORMATS: tuple[str, ...] = ("svg", "pdf")  # PNG only when asked for: it is a picture of the PDF
DEFAULT_DPI = 150
DPI_RANGE = (36, 1200)
