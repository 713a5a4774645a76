"""What a printed kit shows beyond its rules (issue 23): the designers credited on every booklet title page, card
and kit cover; every font a PDF names embedded, each subset with its own tag; a list's lead-in on the page of its
list; no caption or card bullet ending in a line of one word; titles broken after a comma, not before a last word."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from conftest import ShippedBuild, diagram_flowables
from pypdf import PdfReader


ROOT = Path(__file__).resolve().parents[1]
DESIGNERS = {"asterisk-8": "David Vander Laan", "starry-night": "Stanley (Wine Dark Sea Games)",
             "starstar-tournament": "Ea Ea (Craige Schensted)"}
PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")


@pytest.fixture(scope="module")
def kits(shipped_build: ShippedBuild) -> Path:
    """One shipped kit of each game, read from the session's build of every shipped config (conftest.shipped_build:
    test_jobs.py holds its bytes to a build of each config in one process)."""
    return shipped_build.out


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("kit", DESIGNERS)
def test_designer_on_title_page_cards_and_kit_cover(kits: Path, kit: str) -> None:
    name = DESIGNERS[kit]
    folder = kits / kit
    assert name in _flat(PdfReader(folder / "rules.pdf").pages[0].extract_text())
    assert name in _flat(PdfReader(folder / "kit.pdf").pages[0].extract_text())
    for svg in sorted(folder.glob("card-*.svg")):   # every card, front and back, carries it
        text = svg.read_text(encoding="utf-8")
        assert text.count(name) == text.count('class="card"') > 0, svg.name
    assert all(name in _flat(page.extract_text()) for page in PdfReader(folder / "card.pdf").pages)


def _fonts(reader: PdfReader) -> list[tuple[str, str | None]]:
    """(BaseFont, a digest of its embedded program or None) of every font the pages and their forms name."""
    found: list[tuple[str, str | None]] = []

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if font.get("/Subtype") == "/Type0":
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            program = None
            if descriptor is not None:
                descriptor = descriptor.get_object()
                key = next((k for k in PROGRAMS if k in descriptor), None)
                if key:
                    program = hashlib.sha1(descriptor[key].get_object().get_data()).hexdigest()
            found.append((str(font.get("/BaseFont")), program))
        for ref in (resources.get("/XObject") or {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                walk(form.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def test_every_font_embedded_and_each_subset_tagged_apart(kits: Path) -> None:
    pdfs = sorted(kits.glob("*/*.pdf"))
    assert len(pdfs) >= 15
    for pdf in pdfs:
        tags: dict[str, set[str]] = {}
        for name, program in _fonts(PdfReader(pdf)):
            assert program is not None, f"{pdf.name}: {name} is not embedded"
            tag = re.match(r"/([A-Z]{6})\+", name)
            assert tag, f"{pdf.name}: {name} has no subset tag"
            tags.setdefault(tag.group(1), set()).add(program)
        shared = {tag: len(programs) for tag, programs in tags.items() if len(programs) > 1}
        assert not shared, f"{pdf.name}: subset tags shared by different font programs: {shared}"


@pytest.mark.parametrize("kit", DESIGNERS)
def test_a_lead_in_shares_the_page_of_its_list(kits: Path, kit: str) -> None:
    pages = PdfReader(kits / kit / "rules.pdf").pages
    for number, page in enumerate(pages[:-1], start=1):
        lines = [line for line in page.extract_text().splitlines() if line.strip() and not line.strip().isdigit()]
        assert not lines[-1].rstrip().endswith(":"), f"{kit} page {number} ends with a lead-in: {lines[-1]!r}"


def test_no_card_bullet_ends_in_one_word(kits: Path) -> None:
    for kit in DESIGNERS:
        for svg in sorted((kits / kit).glob("card-*.svg")):
            text = svg.read_text(encoding="utf-8")
            face = text[text.index('class="card"'):text.index('class="card"', text.index('class="card"') + 1)]
            texts = re.findall(r"<text[^>]*\sy=\"([^\"]+)\"[^>]*>(.*?)</text>", face, re.S)
            lines: list[str] = []   # a line's runs (bold, italic, roman) share its baseline
            for number, (y, text) in enumerate(texts):
                run = re.sub(r"<[^>]+>", "", text)
                if number and y == texts[number - 1][0] and lines[-1] != "\u2022":
                    lines[-1] = _flat(f"{lines[-1]} {run}")
                else:
                    lines.append(_flat(run))
            bullets, current = [], []
            for line in lines:
                if line == "\u2022":
                    bullets.append(current)
                    current = []
                elif bullets or current:
                    current.append(line)
            bullets.append(current)
            for bullet in bullets[1:]:
                body = bullet[:-1] if DESIGNERS[kit] in bullet[-1] else bullet
                assert len(body) < 2 or len(body[-1].split()) > 1, f"{svg.name}: {body}"


def test_no_booklet_caption_ends_in_one_word() -> None:
    from pnp.booklet.kit import rules_template
    from pnp.booklet.markdown import flowables
    from pnp.booklet.page import BookletPage
    from pnp.booklet.template import render, template_source
    from pnp.layout.paper import paper
    from pnp.scene import Group, Text
    from pnp.booklet.kit import booklet_context
    from pnp.spec import read_kits

    page = BookletPage.half_of(paper("a4"))
    captions = 0
    for kit in DESIGNERS:
        (loaded,) = read_kits([ROOT / "configs" / f"{kit}.yaml"])
        rendered = render(*template_source(rules_template(loaded.game.name)),
                          booklet_context(loaded))
        for scene in diagram_flowables(flowables(rendered, page.text_width_mm, page.text_height_mm)):
            caption = [shape.text for shape in scene.page.children if isinstance(shape, Text) and shape.cls == "caption"]
            captions += bool(caption)
            assert len(caption) < 2 or len(caption[-1].split()) > 1, f"{kit}: {caption}"
    assert captions >= 6


def test_a_title_breaks_after_its_comma(kits: Path) -> None:
    lines = [_flat(line) for line in PdfReader(kits / "starstar-tournament" / "rules.pdf").pages[0].extract_text().splitlines()]
    assert "*Star," in lines and "tournament board" in lines, lines
