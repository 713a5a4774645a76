"""OUT/index.html: every output of every spec as a thumbnail, grouped by game and spec.

The page is static HTML with relative links and no script, so it opens from
file:// with no server and no network. An SVG page is its own thumbnail; an
output with no SVG (a booklet, the print kit) gets its first page rasterized
with pypdfium2 into OUT/index.files/NAME/ASSET.png. Both files are written
atomically and are the same bytes for the same outputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp import __version__, registry
from pnp.gallery.collect import Output, SpecEntry
from pnp.resources import templates
from pnp.texts import say
from pnp.writers.atomic import Folder
from pnp.writers.onefile import replace_file

TEMPLATE = templates("preview", "index.html")
PAGE = "index.html"
THUMBS = "index.files"   # a dot: never a spec's name, so never one of the spec folders
THUMB_DPI = 40           # an A4 page: 331 x 468 pixels, sharp at the gallery's thumbnail size
MAX_THUMBS = 4           # pages shown of a long output (four landscape pages fit a row); the rest are counted


@dataclass(frozen=True)
class Card:
    """An output as the page shows it: pictures to show, where a click goes, and its links."""

    output: Output
    thumbs: tuple[str, ...]
    more: int
    opens: str
    links: tuple[tuple[str, str], ...]


def write_gallery(entries: list[SpecEntry], out: Path, out_written: str, kept: frozenset[str] = frozenset()) -> Path:
    """Write the thumbnails that are needed, then index.html; the page's path. `kept`: specs whose files have not
    changed since their thumbnails were drawn (a live preview's round): those already there are kept."""
    cards = {entry.name: [_card(entry.name, output, out, entry.name in kept) for output in entry.outputs]
             for entry in entries}
    page = render_page(entries, cards, out_written)
    with Folder.chosen(out) as folder:
        replace_file(folder, PAGE, page.encode("utf-8"))
    return out / PAGE


def render_page(entries: list[SpecEntry], cards: dict[str, list[Card]], out_written: str) -> str:
    """The HTML, from templates/preview/index.html."""
    import jinja2

    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
                                     lstrip_blocks=True, keep_trailing_newline=True)
    template = environment.from_string(TEMPLATE.read_text(encoding="utf-8"))
    games = list(dict.fromkeys(entry.game for entry in entries))
    groups = [(game, registry.game(game).display_name(), [e for e in entries if e.game == game]) for game in games]
    return template.render(groups=groups, cards=cards, out=out_written, version=__version__,
                           outputs=sum(len(e.outputs) for e in entries), specs=len(entries))


def _card(name: str, output: Output, out: Path, kept: bool = False) -> Card:
    pages = output.svgs or output.pngs or ((_thumbnail(out, name, output, kept),) if output.pdf else ())
    links = [("PDF", output.pdf)] if output.pdf else []
    for kind, files in (("SVG", output.svgs), ("PNG", output.pngs)):
        links += [(kind if len(files) == 1 else f"{kind} {n}", path) for n, path in enumerate(files, 1)]
    opens = output.pdf or (pages[0] if pages else "")
    return Card(output, pages[:MAX_THUMBS], max(0, len(pages) - MAX_THUMBS), opens, tuple(links))


def _thumbnail(out: Path, name: str, output: Output, kept: bool = False) -> str:
    """The first page of the output's PDF as a small PNG under index.files/NAME/ (`kept`: one already there is
    kept); its path relative to OUT."""
    import pypdfium2 as pdfium

    from pnp.writers.png import page_png

    assert output.pdf is not None
    file = f"{output.asset}.png"
    if kept and (out / THUMBS / name / file).is_file():
        return f"{THUMBS}/{name}/{file}"
    document = pdfium.PdfDocument(str(out / output.pdf))
    try:
        data = page_png(document[0], THUMB_DPI)
    finally:
        document.close()
    with Folder.create(out / THUMBS / name) as folder:
        replace_file(folder, file, data)
    return f"{THUMBS}/{name}/{file}"
