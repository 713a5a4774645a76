"""The folded booklet imposed from the reading PDF's own objects (pnp/booklet/impose.py, pnp/writers/pdf_objects.py):
byte for byte what pypdf's writer makes of the same pages, for booklets of any length on every page size pnp's
booklets come in; pypdf still imposes what the hand path does not read; and imposing a booklet loads no pypdf.

Which page lands where on the sheets is checked in test_booklet.py.
"""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pnp.booklet.impose import booklet_order, impose, imposed_by_hand, imposed_by_pypdf
from pnp.booklet.page import BookletPage
from pnp.writers.pdf_objects import Unhandled

pytest.importorskip("pypdfium2")

# The booklet pages of A4, US Letter and A3 sheets, and of a small sheet of the spec's own size (150 × 200 mm).
PAGES = {"a5": BookletPage(148.5, 210.0), "half-letter": BookletPage(139.7, 215.9), "a4": BookletPage(210.0, 297.0),
         "small": BookletPage(100.0, 150.0, 15.0)}
COUNTS = (1, 2, 3, 4, 5, 8, 9)
TITLE = "Rules, 11 × 11: a test"
WIDE = "the wide face, Ωμέγα"    # beyond Vera: set in DejaVu Sans


def _diagram():
    """A drawing as a booklet's diagrams are drawn (pnp's PDF painter through SceneFlowable): fills, strokes, texts."""
    from pnp.booklet.scene_flowable import SceneFlowable
    from pnp.scene import Circle, Page, Paint, Polygon, Text

    shapes = (Polygon(((5, 5), (55, 5), (30, 40)), Paint(fill="#d0e0f0", stroke="#1f1f1f", width=0.4)),
              Circle((30, 20), 6, Paint(fill="#1f1f1f")), Text((30, 46), "a diagram", 3.5, anchor="middle"),
              Text((58, 30), "turned", 3.0, bold=True, rotate=90))
    return SceneFlowable(Page(60, 50, shapes), 60, 50)


def _reading(pages: int, page: BookletPage) -> bytes:
    """A reading-order booklet of `pages` pages laid out as pnp lays out its booklets: the title page, then each
    page's heading and text (Vera in its faces, DejaVu Sans for what Vera lacks), ruled lines and a diagram."""
    from reportlab.platypus import PageBreak

    from pnp.booklet import layout
    from pnp.booklet.paragraph import Paragraph

    style, wide = layout.styles(layout.font_for(TITLE)), layout.styles(layout.font_for(WIDE))
    story = layout.title_page(TITLE, ["Page 1 of the test"], page, style)[:-1]   # its break comes with page 2
    for number in range(2, pages + 1):
        story += [PageBreak(), Paragraph(f"Page {number} of the test", style.h1),
                  Paragraph("Some <b>bold</b> and some <i>italic</i> text.", style.body),
                  Paragraph(f"Жук, {WIDE}", wide.body)]
        story += [_diagram()] if number % 3 == 2 else [layout.RuledLines()] if number % 3 == 0 else []
    reading = layout.build_pdf(TITLE, story, page)
    assert _count(reading) == pages
    return reading


def _count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(pdf))


def _halves(pdf: bytes) -> list[tuple[str, str]]:
    """Each sheet side's text in its left half and right half."""
    import pypdfium2 as pdfium

    found = []
    for sheet in pdfium.PdfDocument(pdf):
        width, height = sheet.get_size()
        text = sheet.get_textpage()
        found.append(tuple(text.get_text_bounded(left, 0, left + width / 2, height) for left in (0, width / 2)))
    return found


def _holds_the_right_pages(imposed: bytes, pages: int) -> None:
    for (left, right), (left_text, right_text) in zip(booklet_order(pages), _halves(imposed), strict=True):
        for number, text in ((left, left_text), (right, right_text)):
            assert (f"Page {number} of the test" in text) == (number <= pages), (number, text)


@pytest.mark.parametrize("size", sorted(PAGES))
@pytest.mark.parametrize("pages", COUNTS)
def test_a_booklet_imposed_by_hand_is_what_pypdf_writes(size: str, pages: int):
    reading = _reading(pages, PAGES[size])
    by_hand = imposed_by_hand(reading, TITLE)
    assert by_hand == imposed_by_pypdf(reading, TITLE)
    assert impose(reading, TITLE) == by_hand
    _holds_the_right_pages(by_hand, pages)


@pytest.mark.parametrize("title", ["Règles — “quoted”", "日本語 rules", "a(b)c\\d"])
def test_the_title_is_written_as_pypdf_writes_it(title: str):
    reading = _reading(4, PAGES["a5"])
    assert imposed_by_hand(reading, title) == imposed_by_pypdf(reading, title)


def test_a_page_with_an_image_and_transparency_is_imposed_as_pypdf_imposes_it():
    """pnp's booklets hold no images; a reading PDF that does (an image XObject, a graphics state) is copied all
    the same, as pypdf copies it."""
    image = pytest.importorskip("PIL.Image")
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(420.0, 595.0), invariant=1, pageCompression=1)
    picture = ImageReader(image.linear_gradient("L").resize((32, 32)))
    for number in range(1, 4):
        canvas.drawImage(picture, 50, 300, 100, 100)
        canvas.setFillAlpha(0.5)
        canvas.setFont("Helvetica", 20)
        canvas.drawString(50, 200, f"Page {number} of the test")
        canvas.showPage()
    canvas.save()
    reading = buffer.getvalue()
    assert b"/Subtype /Image" in reading and b"/ExtGState" in reading
    by_hand = imposed_by_hand(reading, TITLE)
    assert by_hand == imposed_by_pypdf(reading, TITLE)
    _holds_the_right_pages(by_hand, 3)


def _with_a_string(reading: bytes) -> bytes:
    """The reading PDF with a string in its first page's resources, which the hand path does not copy."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter(clone_from=io.BytesIO(reading))
    writer.pages[0]["/Resources"][NameObject("/Note")] = TextStringObject("a note (with brackets)")
    odd = io.BytesIO()
    writer.write(odd)
    return odd.getvalue()


def test_a_reading_pdf_the_hand_path_refuses_is_imposed_by_pypdf():
    odd = _with_a_string(_reading(5, PAGES["a5"]))
    with pytest.raises(Unhandled):
        imposed_by_hand(odd, TITLE)
    imposed = impose(odd, TITLE)
    assert imposed == imposed_by_pypdf(odd, TITLE)
    assert b"/Note (a note \\050with brackets\\051)" in imposed, "the string copied with the page's resources"
    _holds_the_right_pages(imposed, 5)


@pytest.mark.parametrize("error", [KeyError, ValueError, TypeError])
def test_any_error_of_reading_the_pages_is_imposed_by_pypdf_not_an_internal_error(error: type,
                                                                                 monkeypatch: pytest.MonkeyPatch):
    from pnp.writers import pdf_objects

    reading = _reading(3, PAGES["a5"])
    assert error in pdf_objects.UNREAD

    def unread(self, pdf: bytes) -> None:
        raise error("not as reportlab writes it")

    monkeypatch.setattr(pdf_objects.Part, "__init__", unread)
    assert impose(reading, TITLE) == imposed_by_pypdf(reading, TITLE)


def test_making_a_booklet_loads_no_pypdf(tmp_path: Path):
    """`pnp rules` lays out a booklet and imposes it in a process that never loads pypdf."""
    template = tmp_path / "house.md"
    template.write_text("# Setting up\n\nPlace the board between the players.\n\n## Playing\n\nTake turns.\n",
                        encoding="utf-8")
    script = textwrap.dedent(f"""
        import atexit, sys
        atexit.register(lambda: print("pypdf" in sys.modules, file=sys.stderr))
        sys.argv = ["pnp", "rules", {str(template)!r}, "--out", {str(tmp_path / "out")!r}, "-q"]
        from pnp.cli import main
        main()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr.split()[-1] == "False"
    imposed = (tmp_path / "out" / "house" / "rules-booklet.pdf").read_bytes()
    reading = (tmp_path / "out" / "house" / "rules.pdf").read_bytes()
    from pypdf import PdfReader

    title = PdfReader(io.BytesIO(reading)).metadata.title   # the booklet's heading, as the reading PDF has it
    assert imposed == imposed_by_pypdf(reading, title)


@pytest.mark.parametrize("token", ["420.12345678912", "0.000012345678", "-3.5", "841.8898"])
def test_a_number_read_keeps_the_value_pypdf_computes_with(token: str):
    """A page's size is computed from its MediaBox as read, as pypdf computes it, though written back shorter."""
    from pypdf.generic import FloatObject

    from pnp.writers.pdf_objects import scalar

    read = scalar(token.encode())
    assert read == FloatObject(token).myrepr().encode()
    assert float(read) == float(FloatObject(token)) == float(token)


def test_an_encrypted_reading_pdf_is_refused_by_hand_and_imposed_by_pypdf():
    """Its streams are encrypted: copied as they are, they would not read in the booklet; pypdf decrypts them."""
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 400), invariant=1, encrypt=StandardEncryption("", ownerPassword="owner"))
    for number in range(1, 5):
        canvas.drawString(20, 20, f"Page {number} of the test")
        canvas.showPage()
    canvas.save()
    reading = buffer.getvalue()
    with pytest.raises(Unhandled, match="encrypted"):
        imposed_by_hand(reading, TITLE)
    imposed = impose(reading, TITLE)
    assert imposed == imposed_by_pypdf(reading, TITLE) and b"/Encrypt" not in imposed
    _holds_the_right_pages(imposed, 4)
