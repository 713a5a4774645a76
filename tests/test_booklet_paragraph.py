"""The booklet's paragraphs (pnp/booklet/paragraph.py) keep their markup read and their lines broken for the next
paragraph of the same markup, style and width: a booklet laid out from kept lines must be the booklet laid out
afresh, byte for byte, paragraphs split across pages and table cells included; and what is kept for one width or
style is never used for another."""

from __future__ import annotations

from typing import Any

import pytest
from reportlab.platypus import Table

from pnp.booklet import paragraph
from pnp.booklet.layout import BookletPage, Styles, build_pdf, families, styles
from pnp.booklet.paragraph import Paragraph
from pnp.layout.paper import paper as sheet

LONG = " ".join(f"Word{i} <b>bold {i}</b> and <i>slanted</i> text" for i in range(400))   # runs over two pages
PLAIN = " ".join(f"plain{i}" for i in range(60))


def _styles() -> Styles:
    return styles(families()["latin"])


def _story() -> list:
    style = _styles()
    cells = [[Paragraph("<b>Head</b>", style.cell), Paragraph("Other", style.cell)],
             [Paragraph(PLAIN, style.cell), Paragraph("A short cell", style.cell)]]
    return [Paragraph("A heading", style.h1), Paragraph(PLAIN, style.body), Table(cells),
            Paragraph(LONG, style.body), Paragraph(PLAIN, style.bullet)]


@pytest.fixture
def fresh():
    paragraph.forget()
    yield
    paragraph.forget()


def _words(lines: Any) -> list[list[str]]:
    """The text of each line's pieces, as kept."""
    return [[getattr(word, "text", word) for word in (line.words if hasattr(line, "words") else line[1])]
            for line in lines.lines]


def test_kept_lines_lay_out_the_same_bytes_as_fresh_ones(fresh):
    page = BookletPage.half_of(sheet("a4"))
    afresh = build_pdf("t", _story(), page)
    assert afresh.count(b"/Type /Page\n") >= 3   # the long paragraph is split across pages
    long_key = next(key for key in paragraph._broken if key[0] == LONG)
    as_made = _words(paragraph._broken[long_key]["blPara"])
    story = _story()
    body = story[1]
    again = build_pdf("t", list(story), page)
    assert again == afresh
    kept = paragraph._broken[(PLAIN, _styles().body, body.width)]
    assert body.blPara is kept["blPara"]   # the second booklet's lines were the first's, not broken anew
    assert _words(paragraph._broken[long_key]["blPara"]) == as_made   # splitting it changed nothing kept
    assert build_pdf("t", _story(), page) == afresh


def test_lines_kept_for_one_width_or_style_are_not_used_for_another(fresh):
    style = _styles()
    narrow, wide, large = Paragraph(PLAIN, style.body), Paragraph(PLAIN, style.body), Paragraph(PLAIN, style.h1)
    assert narrow.wrap(100, 1000)[1] > wide.wrap(300, 1000)[1]
    assert large.wrap(300, 1000)[1] > Paragraph(PLAIN, style.body).wrap(300, 1000)[1]
    assert Paragraph(PLAIN, style.body).wrap(100, 1000) == narrow.wrap(100, 1000)


def test_a_paragraph_asked_again_answers_for_the_width_asked(fresh):
    one = Paragraph(PLAIN, _styles().body)
    high = one.wrap(100, 1000)[1]
    assert one.wrap(300, 1000)[1] < high
    assert one.wrap(100, 1000)[1] == high
    assert one.wrap(0, 1000) == (0, 0x7fffffff)   # no room: reportlab's answer, nothing kept
    assert one.wrap(100, 1000)[1] == high


def test_what_is_kept_is_bounded_and_the_least_recently_used_goes_first(fresh, monkeypatch):
    monkeypatch.setattr(paragraph, "KEPT", 2)
    style = _styles().body
    for text in ("one", "two"):
        Paragraph(text, style).wrap(100, 100)
    Paragraph("one", style).wrap(100, 100)   # used again: "two" is now the least recently used
    Paragraph("three", style).wrap(100, 100)
    assert [key[0] for key in paragraph._broken] == ["one", "three"]
    assert [key[0] for key in paragraph._read] == ["one", "three"]
