"""Rule booklets and cards as a user gets them: `pnp rules` on templates good and bad, imposition page by page,
the booklet page size, fonts and vector diagrams, and the two-sided card sheet.

Shipped booklets' words and numbers are checked in test_booklet_texts.py.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from conftest import PT_PER_MM, ROOT, files_under, run_pnp

from pnp.booklet.impose import booklet_order, impose

pytest.importorskip("pypdfium2")


# --- imposition ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("pages, expected", [
    (4, [(4, 1), (2, 3)]),
    (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
    (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
    (13, [(16, 1), (2, 15), (14, 3), (4, 13), (12, 5), (6, 11), (10, 7), (8, 9)]),
])
def test_booklet_order(pages: int, expected: list[tuple[int, int]]):
    assert booklet_order(pages) == expected


def _numbered_pdf(count: int, width_pt: float = 420.0, height_pt: float = 595.0) -> bytes:
    """A PDF whose page k shows the text `page k`."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width_pt, height_pt), invariant=1)
    for k in range(1, count + 1):
        canvas.setFont("Helvetica", 40)
        canvas.drawCentredString(width_pt / 2, height_pt / 2, f"page {k}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _halves(pdf: bytes) -> list[tuple[str, str]]:
    """Each sheet side's text in its left half and right half."""
    import pypdfium2 as pdfium

    found = []
    for page in pdfium.PdfDocument(pdf):
        width, height = page.get_size()
        text = page.get_textpage()
        found.append(tuple(text.get_text_bounded(left, 0, left + width / 2, height).strip()
                           for left in (0, width / 2)))
    return found


@pytest.mark.parametrize("count", [4, 8, 13])
def test_imposed_sheets_hold_the_right_pages_left_and_right(count: int):
    pdf = impose(_numbered_pdf(count), "t")
    sides = _halves(pdf)
    want = [tuple(f"page {n}" if n <= count else "" for n in pair) for pair in booklet_order(count)]
    assert sides == want
    from pypdf import PdfReader

    first = PdfReader(io.BytesIO(pdf)).pages[0]
    assert (float(first.mediabox.width), float(first.mediabox.height)) == (840.0, 595.0), "two pages side by side"


def test_imposition_copies_pages_rather_than_rasterising():
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(impose(_numbered_pdf(4), "t")))
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        assert all(x.get_object()["/Subtype"] == "/Form" for x in xobjects.values()), "pages placed as forms, no images"


# --- pnp rules ----------------------------------------------------------------------------------------


GOOD = """# Setting up

The board has {{ side }} cells a side, {{ cells }} in all.

{% if "inverted" in variants %}
## Inverted

Hand your opponent a piece.
{% endif %}

```diagram 70
game: asterisk
board: {side: 8}
pieces: {a1: dark-hexagon-empty, b2: light-circle-asterisk}
caption: Two pieces down
```
"""


def _rules(tmp_path: Path, text: str, *args: str):
    template = tmp_path / "house.md"
    template.write_text(text, encoding="utf-8")
    return template, run_pnp("rules", str(template), *args, "--out", str(tmp_path / "out"), cwd=tmp_path)


def test_pnp_rules_builds_both_files_at_half_the_specs_paper(tmp_path: Path):
    import pypdfium2 as pdfium

    _, done = _rules(tmp_path, GOOD, "--spec", str(ROOT / "configs" / "asterisk-11.yaml"))
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "out" / "house"
    assert files_under(tmp_path / "out") == [folder / "rules-booklet.pdf", folder / "rules.pdf"]
    reading = pdfium.PdfDocument(folder / "rules.pdf")
    width, height = (v / PT_PER_MM for v in reading[0].get_size())
    assert abs(width - 148.5) < 0.1 and abs(height - 210.0) < 0.1, "A5: half of the spec's A4"
    words = " ".join(p.get_textpage().get_text_range() for p in reading)
    assert "11 cells a side, 66 in all" in words and "Inverted" in words and "Two pieces down" in words
    assert "{{" not in words and "{%" not in words
    booklet = pdfium.PdfDocument(folder / "rules-booklet.pdf")
    assert len(booklet) == 2 * ((len(reading) + 3) // 4)


def test_the_booklet_embeds_its_fonts_and_draws_diagrams_as_vectors(tmp_path: Path):
    from pypdf import PdfReader

    _, done = _rules(tmp_path, GOOD, "--spec", str(ROOT / "configs" / "asterisk-11.yaml"))
    assert done.returncode == 0, done.stderr
    reader = PdfReader(tmp_path / "out" / "house" / "rules.pdf")
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            descriptor = font.get_object()
            descriptor = descriptor["/DescendantFonts"][0].get_object() if "/DescendantFonts" in descriptor else descriptor
            assert "/FontFile2" in descriptor["/FontDescriptor"].get_object(), descriptor["/BaseFont"]
        assert "/XObject" not in page["/Resources"], "no images: every drawing is vector"
    body = reader.pages[1].get_contents().get_data()
    assert body.count(b" l\n") + body.count(b" l ") > 100, "the diagram's cells are drawn as paths"


def test_letter_paper_gives_half_letter_pages(tmp_path: Path):
    import pypdfium2 as pdfium

    spec = tmp_path / "letter.yaml"
    spec.write_text("game: asterisk\nname: l\npaper: letter\n", encoding="utf-8")
    _, done = _rules(tmp_path, GOOD, "--spec", str(spec))
    assert done.returncode == 0, done.stderr
    width, height = pdfium.PdfDocument(tmp_path / "out" / "house" / "rules.pdf")[0].get_size()
    assert (round(width / 72, 2), round(height / 72, 2)) == (5.5, 8.5)


def test_the_same_template_gives_the_same_bytes(tmp_path: Path):
    _, first = _rules(tmp_path, GOOD, "--spec", str(ROOT / "configs" / "asterisk-8.yaml"))
    before = [p.read_bytes() for p in files_under(tmp_path / "out")]
    _, second = _rules(tmp_path, GOOD, "--spec", str(ROOT / "configs" / "asterisk-8.yaml"))
    assert first.returncode == second.returncode == 0
    assert [p.read_bytes() for p in files_under(tmp_path / "out")] == before


BAD = [
    ("undefined", "# A\n\nline two\n{{ sides }}\n", 4, ("'sides' is undefined", "side")),
    ("syntax", "# A\n{% if side %}\nopen\n", 3, ("template syntax", "endif")),
    ("diagram-yaml", "# A\n{% if side > 100 %}\nskipped\n{% endif %}\n\n```diagram\ngame: asterisk\nboard: {side: 8}\n"
     "pieces: {j9: dark-hexagon-empty}\n```\n", 9, ("pieces.j9", "not a cell of the side-8 board")),
    ("diagram-game", "# A\n\n```diagram\ngame: chess\n```\n", 4, ("unknown game 'chess'",)),
    ("caption-lies", "# A\n\n```diagram\ngame: starstar\nboard: {rings: 2}\nstones:\n  red: ['*10', S10, T10, A10, R10, "
     "'*20', S20, T20]\n  blue: ['*21', S21, T21, A20, A21, R20, R21]\ncaption: Blue wins by one\n```\n", 9,
     ("caption", "says Blue wins", "Red 6, Blue 5: Red wins")),
    ("caption-wrong-score", "# A\n\n```diagram\ngame: starstar\nboard: {rings: 2}\nstones:\n  red: ['*10', S10, T10, A10, "
     "R10, '*20', S20, T20]\n  blue: ['*21', S21, T21, A20, A21, R20, R21]\ncaption: Red 7 against 4\n```\n", 9,
     ("says Red 7",)),
    ("diagram-width", "# A\n\n```diagram 5\ngame: asterisk\nboard: {side: 8}\n```\n", 3, ("width in mm",)),
]


@pytest.mark.parametrize("name, text, line, must", BAD, ids=[b[0] for b in BAD])
def test_a_bad_template_names_its_file_and_line(name: str, text: str, line: int, must: tuple[str, ...], tmp_path: Path):
    template, done = _rules(tmp_path, text, "--spec", str(ROOT / "configs" / "asterisk-11.yaml"))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"{template}:{line}: "), first
    assert all(word in first for word in must), first
    assert files_under(tmp_path / "out") == [], "nothing written"


def test_a_caption_that_says_less_than_the_referee_is_fine(tmp_path: Path):
    text = BAD[4][1].replace("Blue wins by one", "'Red wins: the quark point decides'")
    _, done = _rules(tmp_path, text, "--spec", str(ROOT / "configs" / "asterisk-11.yaml"))
    assert done.returncode == 0, done.stderr


def test_rules_without_a_spec_and_a_missing_template(tmp_path: Path):
    _, done = _rules(tmp_path, "# House rules\n\nPlay nicely.\n")
    assert done.returncode == 0, done.stderr
    missing = run_pnp("rules", str(tmp_path / "none.md"), "--out", str(tmp_path / "o2"), cwd=tmp_path)
    assert missing.returncode == 2 and "cannot read the file" in missing.stderr
    assert not (tmp_path / "o2").exists()


def test_a_template_ending_in_a_lead_in_colon_builds(tmp_path: Path):
    """A last paragraph ending in ':' has no list after it to keep with: the booklet still builds (was IndexError)."""
    template = tmp_path / "colon.md"
    template.write_text("# Notes\n\nHello there friend:\n", encoding="utf-8")
    result = run_pnp("rules", str(template), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "colon" / "rules.pdf").read_bytes().startswith(b"%PDF")
