"""The print kit: one kit.pdf per spec, a cover page (contents, how to print) and then every other output.

The parts are the PDFs the build has already rendered: their pages are copied
as they are (nothing is drawn twice; pnp/writers/pdf_join.py, or pypdf for a
part that one does not read) with a bookmark at the first page of each. The cover is a scene page drawn by the PDF writer, so it looks like every
other page of the kit.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from pnp.fonts import ASCENT
from pnp.layout.fit import content_area
from pnp.layout.furniture import furniture
from pnp.layout.paper import Paper
from pnp.layout.sizes import PAPER_NAMES
from pnp.layout.text import LEADING, paragraph, wrap
from pnp.scene import Document, Page, PrintedDocument, Shape, Text
from pnp.spec.base import KIT_ASSET
from pnp.style import BaseStyle
from pnp.texts import say, say_map

HEADING_MM = 4.2
TEXT_MM = 3.3
GAP_MM = 4.0
INDENT_MM = 3.5   # the advice hangs from its bullet
STURDY = ("pieces", "stones", "markers")  # printed on card stock


def compose_kit(title: str, paper: Paper, style: BaseStyle, parts: Sequence[tuple[str, bytes]],
                credit: str = "") -> PrintedDocument:
    """kit.pdf from (asset, its PDF) pairs, in the spec's order; `credit` (the designer) opens the cover."""
    from pnp.writers import pdf as pdf_writer
    from pnp.writers.pdf_join import join
    from pnp.writers.pdf_objects import UNREAD, Part

    heading = say("pages", "kit.heading", title=title)
    try:
        read = [Part(pdf) for _, pdf in parts]
    except UNREAD:
        return _composed_by_pypdf(title, heading, paper, style, parts, credit)
    counts = [len(part.pages) for part in read]
    cover = pdf_writer.render(_cover(heading, paper, style, _contents(parts, counts), 1 + sum(counts), credit))[0]
    marks = [say("pages", "kit.contents"), *(asset_name(asset) for asset, _ in parts)]
    try:
        pdf = join(list(zip(marks, [Part(cover), *read])), _info(heading))
    except UNREAD:
        return _composed_by_pypdf(title, heading, paper, style, parts, credit)
    return PrintedDocument(KIT_ASSET, heading, pdf)


def _composed_by_pypdf(title: str, heading: str, paper: Paper, style: BaseStyle, parts: Sequence[tuple[str, bytes]],
                       credit: str) -> PrintedDocument:
    """kit.pdf as pypdf joins it: the same bytes as pdf_join.join, for parts that it does not read."""
    from pypdf import PdfReader, PdfWriter

    from pnp.writers import pdf as pdf_writer
    from pnp.writers.font_tags import retag_writer

    readers = [PdfReader(io.BytesIO(pdf)) for _, pdf in parts]
    counts = [len(reader.pages) for reader in readers]
    cover = _cover(heading, paper, style, _contents(parts, counts), 1 + sum(counts), credit)
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(pdf_writer.render(cover)[0])), import_outline=False)
    writer.add_outline_item(title=say("pages", "kit.contents"), page_number=0)
    for (asset, _), reader, start in zip(parts, readers, _starts(counts)):
        writer.append(reader, import_outline=False)
        writer.add_outline_item(title=asset_name(asset), page_number=start - 1)
    retag_writer(writer)   # each part's subsets came tagged from AAAAAA: one tag per program in the kit
    writer.add_metadata({"/" + key: value for key, value in _info(heading).items()})   # its /Producer stays first
    out = io.BytesIO()
    writer.write(out)
    return PrintedDocument(KIT_ASSET, heading, out.getvalue())


def _starts(counts: list[int]) -> list[int]:
    """Each part's first page in the kit: the cover is page 1."""
    return [2 + sum(counts[:k]) for k in range(len(counts))]


def _contents(parts: Sequence[tuple[str, bytes]], counts: list[int]) -> list[tuple[str, int, int]]:
    """(asset, its first page, its page count) of each part, as the cover lists them."""
    return [(asset, start, count) for (asset, _), start, count in zip(parts, _starts(counts), counts)]


def _info(heading: str) -> dict[str, str]:
    """The document information, in the order pypdf's writer keeps it."""
    return {"Producer": "pnp", "Title": heading, "Author": "pnp", "Creator": "pnp"}


def paper_name(paper: Paper) -> str:
    """As a printer's settings name it: A4, US Letter, or the custom size in mm."""
    return PAPER_NAMES.get(paper.name) or f"{paper.width:g} × {paper.height:g} mm"


def asset_name(asset: str) -> str:
    """An asset as people call it ("Goal markers"), from templates/texts/pages.yaml; the asset itself if unnamed."""
    try:
        return say("pages", f"kit.names.{asset}")
    except KeyError:
        return asset


def _pages(first: int, count: int) -> str:
    if count == 1:
        return say("pages", "kit.pages_one", first=first)
    return say("pages", "kit.pages_many", first=first, last=first + count - 1)


def _cover(heading: str, paper: Paper, style: BaseStyle, parts: list[tuple[str, int, int]], total: int,
           credit: str) -> Document:
    """The designer's credit, contents (name and pages of each part), then the advice that applies to this kit."""
    area = content_area(paper)
    shapes: list[Shape] = [*furniture(paper, heading, say("pages", "kit.facts", pages=total, paper=paper_name(paper)), style)]
    y = area.y + GAP_MM
    if credit:
        shapes.append(Text((area.x, y + HEADING_MM), credit, HEADING_MM, style.ink))
        y += HEADING_MM * LEADING + GAP_MM
    shapes.append(Text((area.x, y + HEADING_MM), say("pages", "kit.contents"), HEADING_MM, style.ink, bold=True))
    y += HEADING_MM * LEADING + 1.0
    for asset, first, count in parts:
        y += TEXT_MM * LEADING
        shapes.append(Text((area.x, y), asset_name(asset), TEXT_MM, style.ink))
        shapes.append(Text((area.x + area.width, y), _pages(first, count), TEXT_MM, style.muted, anchor="end"))
    y += 2 * GAP_MM
    shapes.append(Text((area.x, y + HEADING_MM), say("pages", "kit.how"), HEADING_MM, style.ink, bold=True))
    y += HEADING_MM * LEADING + 1.0
    for line in _advice(paper, parts):
        shapes.append(Text((area.x, y + ASCENT * TEXT_MM), "•", TEXT_MM, style.ink))
        texts, y = paragraph(wrap(line, TEXT_MM, area.width - INDENT_MM), area.x + INDENT_MM, y, TEXT_MM, style.ink)
        shapes += texts
        y += TEXT_MM * 0.5
    return Document(KIT_ASSET, heading, (Page(paper.width, paper.height, tuple(shapes), heading),))


def _advice(paper: Paper, parts: list[tuple[str, int, int]]) -> list[str]:
    """The how-to-print lines that apply to this kit: card stock, a tiled board, a booklet, cards, pieces to cut."""
    where = {asset: _pages(first, count) for asset, first, count in parts}
    counts = {asset: count for asset, _, count in parts}
    sturdy = [asset_name(a).lower() for a in STURDY if a in where]
    applies = {"scale": True, "paper": True, "sturdy": bool(sturdy), "tiled": counts.get("board", 0) > 1,
               "rules-booklet": "rules-booklet" in where, "rules": "rules" in where and "rules-booklet" in where,
               "card": "card" in where, "cut-pieces": "pieces" in where, "cut-stones": "stones" in where}
    fields = {"board": where.get("board", ""), "paper": paper_name(paper), "sturdy": " and ".join(sturdy), "booklet": where.get("rules-booklet", ""),
              "reading": where.get("rules", ""), "cards": where.get("card", ""), "pieces": where.get("pieces", ""),
              "stones": where.get("stones", "")}
    return [text.format(**fields) for key, text in say_map("pages", "kit.advice").items() if applies.get(key)]
