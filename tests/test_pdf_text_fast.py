"""The PDF Painter's fast operators (pnp/writers/pdf_ops.py) against reportlab's own canvas calls: every kind of text
and path drawn both ways gives the same PDF, byte for byte, and the fast way is really the one taken where it may be.

A drift in the fast path (a number printed another way, a subset code assigned out of order, a state the canvas
keeps that is left wrong for what is drawn next) shows here as a difference in the file."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfgen.canvas import Canvas

from pnp import fonts
from pnp.fonts.own import own_face
from pnp.scene import Circle, Group, Paint, Polygon, Polyline, Text
from pnp.scene import Path as RunsPath
from pnp.writers.pdf import PT_PER_MM, Painter, settle_reportlab

OWN_FONT = Path(reportlab.__file__).parent / "fonts" / "hb-test.ttf"  # Khmer letters only, shipped with reportlab
KHMER = "\u1786\u1793\u17b6 \u17c6\u17d2|\u1786"  # letters, signs, a space and a bar: all this font has but one
PAGE_MM = (210.0, 297.0)
INK = Paint(fill="#102030", stroke="#000000", width=0.3)
LINE = Paint(stroke="#aa0000", width=0.25, dash=(1.0, 0.5), cap="round", join="bevel")


def many_characters() -> str:
    """More characters beyond Latin-1 than one font subset holds (256 codes), so a text switches subsets."""
    candidates = "".join(map(chr, range(0x100, 0x600)))
    lacking = set(fonts.lacks(fonts.DEJAVU, candidates))
    return "".join(c for c in candidates if c not in lacking)[:300]


def texts() -> list[Text]:
    """A text of every kind the Painter draws: anchors, rotations, weights, faces, colours, sizes, escapes."""
    kinds = [
        Text((10.0, 20.0), "Plain start", 4.0),
        Text((105.0, 30.5), "Centred (with) \\ escapes", 3.5, anchor="middle"),
        Text((200.0, 40.25), "Right", 2.8, fill="#ff8800", anchor="end"),
        Text((50.0, 50.0), "Bold", 5, bold=True),
        Text((50.0, 60.0), "Italic", 5.0, italic=True, anchor="middle"),
        Text((50.0, 70.0), "Bold italic", 1.7, bold=True, italic=True, anchor="end"),
        Text((30.0, 80.0), "Rotated 90", 3.0, rotate=90.0),
        Text((30.0, 90.0), "Rotated 45", 3.0, rotate=45.0, anchor="middle"),
        Text((30.0, 100.0), "Rotated back", 3.0, rotate=-30.0, anchor="end"),
        Text((30.0, 110.0), "Almost round", 3.0, rotate=359.9),
        Text((20.0, 120.0), "", 3.0),
        Text((20.0, 125.0), "", 3.0, anchor="end"),
        Text((20.0, 130.0), "no\u00a0break space ÿ é", 3.0),
        Text((20.0, 140.0), "Ελληνικά Кириллица", 3.3, anchor="middle"),
        Text((20.0, 150.0), "Ελληνικά bold", 3.3, bold=True),
        Text((20.0, 155.0), "\U0001d5a0 bold falls back to regular", 3.3, bold=True, anchor="end"),
        Text((20.0, 160.0), many_characters(), 1.0),
        Text((20.0, 170.0), KHMER, 4.0, own_font=str(OWN_FONT), rotate=12.5),
        Text((-3.3333333, 1e-7), "Odd numbers", 2.0 / 3.0, fill="#abcdef"),
        Text((123.456789, 987.654321), "Far", 12.345678, anchor="middle", rotate=0.001),
        Text((-0.0, -1e-8), "Signed zeros", 2.0, rotate=-0.0),
        Text((9.9999996, 99.99999951), "Rounded up", 2.0),
        Text((0.00000015, -0.5000005), "Rounded small", 2.0, anchor="end"),
    ]
    return kinds + [Text((t.at[0] + 5, t.at[1] + 3), t.text, t.size, t.fill, t.anchor, t.bold, t.rotate,
                         own_font=t.own_font, italic=t.italic) for t in kinds]  # each again: from the cache


def shapes() -> tuple:
    """Texts between paths, circles and a clip, so the paint the Painter remembers is tested across texts."""
    drawn: list = []
    for k, text in enumerate(texts()):
        x, y = 5.0 + k, 200.0 + k / 3
        drawn.append(Polygon(((x, y), (x + 4, y), (x + 2, y + 3.5)), INK))
        drawn.append(text)  # between two shapes of one paint: the second sets it again, as after reportlab's text
        drawn.append(Polygon(((x, y + 5), (x + 4, y + 5), (x + 2, y + 8.5)), INK))
        drawn.append(Circle((x, y + 10), 1.5 + k / 7, INK if k % 2 else LINE))
        drawn.append(Polyline(((x, y + 20), (x + 1, y + 21)), LINE))
    drawn.append(RunsPath((((1.0, 2.0), (3.0, 4.0)), ((5.0, 6.0),), ((7.0, 8.0), (9.0, 1.0))), INK, closed=True))
    drawn.append(RunsPath((), INK))
    drawn.append(Group(tuple(texts()[:6]), clip=(0.0, 0.0, 100.0, 100.0)))
    return tuple(drawn)


class Watched(Canvas):
    """A canvas that keeps what the Painter hands it as literal operators."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.literals: list[str] = []

    def addLiteral(self, s, escaped=1) -> None:
        self.literals.append(s)
        super().addLiteral(s, escaped)


def new_canvas(buffer: io.BytesIO, bottomup: int = 1) -> Watched:
    """A canvas as the PDF writer makes one, with its pages uncompressed so the streams read as text."""
    settle_reportlab()
    fonts.register()
    return Watched(buffer, pagesize=(PAGE_MM[0] * PT_PER_MM, PAGE_MM[1] * PT_PER_MM), invariant=1,
                   pageCompression=0, initialFontName=fonts.REGULAR, bottomup=bottomup)


def draw_page(canvas: Canvas, drawn: tuple, fast: bool) -> None:
    """One page drawn as the writer draws it: mm, y down, a Painter of its own."""
    canvas.translate(0, PAGE_MM[1] * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    Painter(canvas, fast=fast).draw_all(drawn)
    canvas.showPage()


def pdf(pages: list[tuple], fast: bool, before=None, bottomup: int = 1) -> tuple[bytes, list[str]]:
    """The PDF of `pages` (and the literals the Painter wrote); `before(canvas)` runs first on every page."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, bottomup)
    for drawn in pages:
        if before:
            before(canvas)
        draw_page(canvas, drawn, fast)
    canvas.save()
    return buffer.getvalue(), canvas.literals


def same(fast: bytes, reference: bytes) -> None:
    """Byte-identical, or a failure showing where the two files part."""
    if fast != reference:
        at = next((k for k, (a, b) in enumerate(zip(fast, reference)) if a != b), min(len(fast), len(reference)))
        pytest.fail(f"fast and reportlab PDFs part at byte {at}:\n fast: {fast[max(0, at - 120): at + 120]!r}\n"
                    f" reportlab: {reference[max(0, at - 120): at + 120]!r}")


@pytest.fixture(scope="module", autouse=True)
def own_font_registered() -> None:
    own_face(str(OWN_FONT))


def test_every_kind_of_text_and_path_gives_the_same_pdf_both_ways():
    drawn = shapes()
    fast, literals = pdf([drawn, drawn[::-1]], fast=True)
    reference, none = pdf([drawn, drawn[::-1]], fast=False)
    same(fast, reference)
    assert none == []
    # Every text went the fast way (one literal from q to Q), on both pages, clipped or not; every path too.
    count = sum(isinstance(shape, Text) for shape in drawn) + sum(isinstance(s, Text) for s in drawn[-1].children)
    assert sum(literal.startswith("q\n") and literal.endswith("\nQ") for literal in literals) == 2 * count
    assert sum(bool(re.search(r" c h\n[BSfn*]+$", literal)) for literal in literals) == 2 * sum(
        isinstance(shape, Circle) for shape in drawn)
    # What the file shows: the fallback faces and the own font embedded, rotations written as a turned matrix.
    embedded = set(re.findall(rb"/BaseFont /([A-Z]{6}\+\S+)", fast))
    assert {b"AAAAAA+BitstreamVeraSans-Roman", b"AAAAAA+BitstreamVeraSans-Bold", b"AAAAAA+BitstreamVeraSans-Oblique",
            b"AAAAAA+BitstreamVeraSans-BoldOblique", b"AAAAAA+DejaVuSans", b"AAAAAB+DejaVuSans",  # a second subset
            b"AAAAAA+DejaVuSans-Bold", b"AAAAAA+NotoSansKhmer-Regular"} == embedded
    turned = math.cos(math.radians(12.5))
    assert f"{turned:.6f}".lstrip("0").encode() + b" " in fast  # .976296, the turned text's matrix


def test_texts_in_two_documents_get_each_document_s_own_codes():
    """A font numbers the characters of each document in the order that document first sets them: the same text
    drawn into a second document, after others, must not reuse the first document's codes."""
    first = (Text((10.0, 10.0), "ΩΨΦ", 3.0), Text((10.0, 20.0), "ΦΨΩ", 3.0))
    second = (Text((10.0, 10.0), "ΦΨΩ", 3.0), Text((10.0, 20.0), "ΩΨΦ", 3.0))
    fast_a, fast_b = io.BytesIO(), io.BytesIO()
    canvas_a, canvas_b = new_canvas(fast_a), new_canvas(fast_b)
    draw_page(canvas_a, first, fast=True)
    draw_page(canvas_b, second, fast=True)
    draw_page(canvas_a, second, fast=True)
    canvas_a.save()
    canvas_b.save()
    same(fast_a.getvalue(), pdf([first, second], fast=False)[0])
    same(fast_b.getvalue(), pdf([second], fast=False)[0])
    assert fast_a.getvalue() != pdf([second, first], fast=False)[0]


def test_a_fill_alpha_in_force_leaves_the_text_to_reportlab_and_still_matches():
    """reportlab writes a /gs operator where a text's alpha differs from the one in force: left to it."""
    drawn = tuple(texts()[:4])
    fast, literals = pdf([drawn, drawn], fast=True, before=lambda canvas: canvas.setFillAlpha(0.5))
    same(fast, pdf([drawn, drawn], fast=False, before=lambda canvas: canvas.setFillAlpha(0.5))[0])
    assert literals == [] and b" gs" in fast


def test_a_top_down_canvas_leaves_the_text_to_reportlab_and_still_matches():
    drawn = shapes()
    fast, literals = pdf([drawn], fast=True, bottomup=0)
    same(fast, pdf([drawn], fast=False, bottomup=0)[0])
    assert not any(literal.startswith("q\n") for literal in literals)


def test_a_text_no_face_has_fails_as_before():
    with pytest.raises(fonts.Undrawable):
        pdf([(Text((1.0, 1.0), "漢字", 3.0),)], fast=True)
