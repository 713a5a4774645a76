"""How a rule booklet's pages fill (issue 23): a diagram stays with its section rather than leaving a large blank
above a page break; the pages a folded booklet has beyond its rules are notes pages at the end, never blanks in
the middle; every text printed in a booklet, diagrams' cell names included, is 5 pt or more and labels are dark.

Measured on the PDFs the build writes, with pdfium: each page's lowest drawn object, each text's printed size."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import ShippedBuild, diagram_flowables


ROOT = Path(__file__).resolve().parents[1]
KITS = ("asterisk-8", "starry-night", "starstar-tournament", "starstar-beginner")
PT_PER_MM = 72 / 25.4
MARGIN_MM = 13.0           # the booklet's text margin on A4 (pnp/booklet/page.py)
MOST_BLANK_MM = 40.0       # the most a page may leave empty above a page that continues its section
HEADING_PT = 14.0          # a top-level heading (h1) is set larger than this: a new section may start a page
LEAST_TEXT_PT = 5.0
NOTES = "Notes"            # templates/texts/pages.yaml: rules.notes


@pytest.fixture(scope="module")
def kits(shipped_build: ShippedBuild) -> Path:
    """The KITS, read from the session's build of every shipped config (conftest.shipped_build: test_jobs.py holds
    its bytes to a build of each config in one process)."""
    return shipped_build.out


def _pages(pdf: Path) -> list[dict]:
    """Per page: its lowest object's bottom above the margin (mm), its topmost object (kind, size in pt), its
    texts' printed sizes (pt) and its text."""
    document = pdfium.PdfDocument(str(pdf))
    found = []
    for page in document:
        objects = []
        for obj in page.get_objects(max_depth=4):
            if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
                continue
            _, bottom, _, top = obj.get_bounds()
            size = None
            if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                font = pdfium_c.FS_FLOAT()
                pdfium_c.FPDFTextObj_GetFontSize(obj.raw, font)
                m = obj.get_matrix()
                size = font.value * abs(m.a * m.d - m.b * m.c) ** 0.5
            objects.append((bottom, top, size))
        body = [o for o in objects if o[0] > MARGIN_MM * PT_PER_MM - 1]   # the page number sits below the margin
        first = max(body, key=lambda o: o[1]) if body else None
        found.append({"blank_mm": (min((o[0] for o in body), default=page.get_height()) / PT_PER_MM - MARGIN_MM),
                      "first_pt": first[2] if first else None,
                      "sizes": [o[2] for o in objects if o[2] is not None],
                      "text": _without_number(page.get_textpage().get_text_range())})
    return found


def _without_number(text: str) -> str:
    """A page's text without its page number (drawn first, on its own line)."""
    lines = text.splitlines()
    return "\n".join(lines[1:] if lines and lines[0].strip().isdigit() else lines)


@pytest.mark.parametrize("kit", KITS)
def test_no_large_blank_above_a_page_that_continues_its_section(kits: Path, kit: str) -> None:
    pages = _pages(kits / kit / "rules.pdf")
    body = [p for p in pages[1:] if not p["text"].lstrip().startswith(NOTES)]
    assert len(body) >= 5
    for number, (page, following) in enumerate(zip(body, body[1:]), start=2):
        starts_section = (following["first_pt"] or 0) > HEADING_PT
        assert page["blank_mm"] <= MOST_BLANK_MM or starts_section, (
            f"{kit} page {number}: {page['blank_mm']:.0f} mm blank at its foot, and the next page goes on with "
            f"the section (it starts with {'a diagram' if following['first_pt'] is None else 'text'})")


@pytest.mark.parametrize("kit", KITS)
def test_padding_pages_are_notes_pages_at_the_end(kits: Path, kit: str) -> None:
    pages = _pages(kits / kit / "rules.pdf")
    assert len(pages) % 4 == 0, f"{kit}: {len(pages)} pages; the folded booklet pads to a multiple of 4"
    notes = [p["text"].lstrip().startswith(NOTES) for p in pages]
    assert all(p["text"].strip() for p in pages), f"{kit}: a blank page"
    first = notes.index(True) if True in notes else len(pages)
    assert all(notes[first:]) and not any(notes[:first]), f"{kit}: notes pages not all at the end: {notes}"
    if kit.startswith("starstar"):   # ten pages of rules: two notes pages, the last of them the back
        assert notes[-2:] == [True, True]


@pytest.mark.parametrize("kit", KITS)
def test_every_printed_text_is_5_pt_or_more(kits: Path, kit: str) -> None:
    sizes = [size for page in _pages(kits / kit / "rules.pdf") for size in page["sizes"]]
    assert len(sizes) > 100
    assert min(sizes) >= LEAST_TEXT_PT - 0.01, f"{kit}: text printed at {min(sizes):.2f} pt"


def _contrast(colour: str, on: str = "#ffffff") -> float:
    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(colour), luminance(on)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_diagram_cell_names_are_5_pt_and_dark_enough() -> None:
    from pnp.booklet.kit import booklet_context, rules_template
    from pnp.booklet.markdown import flowables
    from pnp.booklet.page import BookletPage
    from pnp.booklet.scene_flowable import texts
    from pnp.booklet.template import render, template_source
    from pnp.layout.paper import paper
    from pnp.spec import read_kits

    page = BookletPage.half_of(paper("a4"))
    labels = 0
    for kit in KITS:
        (loaded,) = read_kits([ROOT / "configs" / f"{kit}.yaml"])
        template = rules_template(loaded.game.name)
        rendered = render(*template_source(template), booklet_context(loaded))
        for scene in diagram_flowables(flowables(rendered, page.text_width_mm, page.text_height_mm)):
            for text in texts(scene.page.children):
                assert text.size * PT_PER_MM * scene.least >= LEAST_TEXT_PT - 0.01, f"{kit}: {text.text!r}"
                if text.cls == "label":
                    labels += 1
                    assert _contrast(text.fill) >= 4.5, f"{kit}: cell name {text.text!r} in {text.fill}"
    assert labels > 100


