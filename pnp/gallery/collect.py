"""What the gallery shows of each spec, read off the files a build left in OUT/NAME/.

The facts come from the outputs themselves, not from the spec: the page count
and paper from the PDF (or the SVG pages), and the facts line printed at the
foot of the first page, so the gallery shows what will come out of the printer.
"""

from __future__ import annotations

import html
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from pnp.spec.base import writes
from pnp.layout.furniture import mm_text
from pnp.layout.sizes import PAPER_NAMES, PAPERS
from pnp.print_kit import asset_name
from pnp.spec import Kit
from pnp.texts import say
from pnp.writers import WRITERS

MM_PER_PT = 25.4 / 72
PAPER_TOLERANCE_MM = 1.0   # a page this close to a named paper is that paper
# The spec's papers (A5 and half Letter among them, the booklet pages of A4 and Letter), and half Legal, the
# booklet page of Legal, which no spec names.
NAMED_PAPERS = {**{PAPER_NAMES[name]: size for name, size in PAPERS.items()}, "half Legal": (177.8, 215.9)}
SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([0-9.]+)mm"[^>]*?\bheight="([0-9.]+)mm"')
FACTS_LINE = re.compile(r'<text\b[^>]*\bclass="facts"[^>]*>([^<]*)</text>')
SVG_HEAD_BYTES = 4096      # the root element's size is in the first few hundred bytes


@dataclass(frozen=True)
class Output:
    """One asset of one spec as built: its files (paths relative to OUT), pages, paper and printed facts."""

    asset: str
    label: str
    pdf: str | None
    svgs: tuple[str, ...]
    pngs: tuple[str, ...]
    pages: int
    paper: str
    facts: str


@dataclass(frozen=True)
class SpecEntry:
    """One spec in the gallery: who it is, the command that rebuilds it, and its outputs in the spec's order."""

    game: str
    name: str
    title: str
    path: str
    command: str
    outputs: tuple[Output, ...]


def asset_files(folder: Path, asset: str, extension: str) -> list[Path]:
    """ASSET.EXT, or ASSET-1.EXT, ASSET-2.EXT, ... in page order: the names pnp/writers/files.py gives."""
    single = folder / f"{asset}{extension}"
    if single.is_file():
        return [single]
    pages = []
    for number in range(1, 10_000):
        page = folder / f"{asset}-{number}{extension}"
        if not page.is_file():
            return pages
        pages.append(page)
    return pages


def needs_build(kit: Kit, out: Path) -> bool:
    """A file the spec asks for is missing, or older than the spec file itself."""
    folder = out / kit.spec.name
    written = kit.path.stat().st_mtime
    for asset, fmt in writes(kit.spec.outputs, kit.spec.formats):
        files = asset_files(folder, asset, WRITERS[fmt].extension)
        if not files or any(f.stat().st_mtime < written for f in files):
            return True
    return False


def rebuild_command(kit: Kit, out: str) -> str:
    """The shell command, run where `pnp preview` was, that builds this spec again."""
    return shlex.join(["pnp", "build", str(kit.path), "--out", out])


def collect(kit: Kit, out: Path, out_written: str) -> SpecEntry:
    """The spec's entry, from its folder under OUT (built before this is called)."""
    folder = out / kit.spec.name
    written = writes(kit.spec.outputs, kit.spec.formats)
    outputs = tuple(_output(folder, asset, {fmt for a, fmt in written if a == asset})
                    for asset in dict.fromkeys(asset for asset, _ in written))
    return SpecEntry(kit.spec.game, kit.spec.name, kit.plan.title, str(kit.path), rebuild_command(kit, out_written), outputs)


def _output(folder: Path, asset: str, formats: set[str]) -> Output:
    def found(fmt: str) -> list[Path]:
        return asset_files(folder, asset, WRITERS[fmt].extension) if fmt in formats else []

    pdfs, svgs, pngs = found("pdf"), found("svg"), found("png")
    relative = f"{folder.name}/"
    pages, paper = _pdf_pages(pdfs[0]) if pdfs else (len(svgs) or len(pngs), _svg_paper(svgs[0]) if svgs else "")
    return Output(asset, asset_name(asset), relative + pdfs[0].name if pdfs else None,
                  tuple(relative + p.name for p in svgs), tuple(relative + p.name for p in pngs),
                  pages, paper, _facts(svgs[0]) if svgs else "")


def _pdf_pages(path: Path) -> tuple[int, str]:
    """The page count and the first page's paper."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        width, height = document[0].get_size()
        return len(document), paper_label(width * MM_PER_PT, height * MM_PER_PT)
    finally:
        document.close()


def _svg_head(path: Path) -> str:
    with open(path, "rb") as handle:
        return handle.read(SVG_HEAD_BYTES).decode("utf-8", "replace")


def _svg_paper(path: Path) -> str:
    match = SVG_SIZE.search(_svg_head(path))
    return paper_label(float(match.group(1)), float(match.group(2))) if match else ""


def _facts(path: Path) -> str:
    """The facts line printed at the foot of the page (sizes of cells, pieces, stones), as the SVG has it."""
    match = FACTS_LINE.search(path.read_text(encoding="utf-8"))
    return html.unescape(match.group(1)) if match else ""


def paper_label(width: float, height: float) -> str:
    """"A4 portrait, 210 × 297 mm", or the size alone for paper without a name."""
    size = f"{mm_text(width)} × {mm_text(height)} mm"
    turn = say("pages", "preview.portrait" if width <= height else "preview.landscape")
    short, long = sorted((width, height))
    for name, (w, h) in NAMED_PAPERS.items():
        if abs(w - short) <= PAPER_TOLERANCE_MM and abs(h - long) <= PAPER_TOLERANCE_MM:
            return say("pages", "preview.paper", paper=name, turn=turn, size=size)
    return size
