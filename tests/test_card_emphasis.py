"""A reference card keeps its template's emphasis: `**bold**` prints bold and `*italic*` italic, in the SVG
(font-weight, font-style) and in the PDF (the word set in Vera Bold, Vera Italic), on the shared card layer and on
every game's shipped card (bold: no card marks words italic yet); the runs of one line follow one another without a gap or an overlap."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec

from pnp import registry
from pnp.booklet.card import compose_card
from pnp.booklet.kit import template_text
from pnp.fonts import text_width
from pnp.layout.paper import paper
from pnp.style import BaseStyle
from pnp.writers import pdf as pdf_writer
from pnp.writers import svg as svg_writer

TEMPLATE = """## Front
- A **bold phrase** and an *italic one*, then ***both***: plain again.
- **Bridge**: a bold word with its colon in roman.
## Back
- Plain words only, on the back.
"""
BOLD_FACES = ("BitstreamVeraSans-Bold", "BitstreamVeraSans-BoldOblique")
ITALIC_FACES = ("BitstreamVeraSans-Oblique", "BitstreamVeraSans-BoldOblique")


def svg_runs(svg: bytes | Path) -> list[tuple[str, bool, bool, float, float, float]]:
    """(text, bold, italic, x, baseline, size) of every text on the cards' faces, in the order drawn."""
    root = parse_svg(io.BytesIO(svg) if isinstance(svg, bytes) else svg)
    faces = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "card-face"]
    return [(t.text or "", t.get("font-weight") == "bold", t.get("font-style") == "italic", float(t.get("x")),
             float(t.get("y")), float(t.get("font-size")))
            for face in faces[:1] for t in face.iter(f"{SVG_NS}text")]


def pdf_runs(pdf: bytes | Path) -> list[tuple[str, str]]:
    """(text, font) of each text the PDF sets, page by page, as pypdf reads them; the font without its subset tag."""
    from pypdf import PdfReader

    found: list[tuple[str, str]] = []

    def seen(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), str((font or {}).get("/BaseFont", "")).split("+")[-1]))

    source = io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf
    for page in PdfReader(source).pages:
        page.extract_text(visitor_text=seen)
    return found


@pytest.fixture(scope="module")
def card(tmp_path_factory: pytest.TempPathFactory):
    template = tmp_path_factory.mktemp("card") / "card.md"
    template.write_text(TEMPLATE, encoding="utf-8")
    doc = compose_card(template, {"title": "Emphasis"}, paper("a4"), BaseStyle())
    return svg_writer.render(doc)[0], pdf_writer.render(doc)[0]


def test_bold_and_italic_runs_print_in_their_faces_in_the_svg(card):
    runs = {text.strip(): (bold, italic) for text, bold, italic, *_ in svg_runs(card[0])}
    assert runs["bold phrase"] == (True, False)
    assert runs["italic one"] == (False, True)
    assert runs["both"] == (True, True)
    assert runs["Bridge"] == (True, False) and runs[": a bold word with its colon in roman."] == (False, False)
    assert runs["A"] == (False, False) and runs[", then"] == (False, False)


def test_bold_and_italic_runs_print_in_their_faces_in_the_pdf(card):
    fonts = {}
    for text, font in pdf_runs(card[1]):
        fonts.setdefault(text, set()).add(font)
    assert fonts["bold phrase"] == {"BitstreamVeraSans-Bold"}
    assert fonts["italic one"] == {"BitstreamVeraSans-Oblique"}
    assert fonts["both"] == {"BitstreamVeraSans-BoldOblique"}
    assert fonts["Bridge"] == {"BitstreamVeraSans-Bold"}
    assert fonts["A"] == fonts[", then"] == {"BitstreamVeraSans-Roman"}


def test_the_runs_of_a_line_follow_one_another_exactly(card):
    """Each run starts where the one before it on its line ends, measured in the face it is set in."""
    lines: dict[float, list] = {}
    for text, bold, italic, x, y, size in svg_runs(card[0]):
        if text != "•":
            lines.setdefault(y, []).append((text, bold, italic, x, size))
    joined = [runs for runs in lines.values() if len(runs) > 1]
    assert joined, "the template's first line holds several runs"
    for runs in joined:
        for (text, bold, italic, x, size), (_, _, _, following, _) in zip(runs, runs[1:]):
            assert following == pytest.approx(x + text_width(text, size, bold, italic=italic), abs=2e-3)


# --- every game's shipped card ----------------------------------------------------------------------------------

GAMES = registry.names()


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each game's card, built from a spec that names the game only (its defaults for everything else)."""
    specs, out = tmp_path_factory.mktemp("specs"), tmp_path_factory.mktemp("cards")
    paths = [write_spec(specs, f"game: {game}\nname: {game}\noutputs: [card]\n", f"{game}.yaml") for game in GAMES]
    done = run_pnp("build", *map(str, paths), "--out", str(out), "-q")
    assert done.returncode == 0, done.stderr
    return out


def bold_phrases(game: str) -> list[str]:
    """The phrases a card template marks bold, those without template fields (which only a build fills in)."""
    phrases = re.findall(r"\*\*(.+?)\*\*", template_text(game, "card"))
    return [phrase for phrase in phrases if "{" not in phrase]


def spaced(texts) -> str:
    """Texts joined as one run of words, one space between each two."""
    return " ".join(" ".join(texts).split())


@pytest.mark.parametrize("game", GAMES)
def test_every_bold_phrase_of_a_card_template_prints_bold(cards: Path, game: str):
    """On the side that says it, each bold phrase is set bold in the SVG (its lines' bold runs in order) and in
    the PDF (Vera Bold)."""
    phrases = bold_phrases(game)
    assert phrases, f"{game}'s card marks some words bold"
    found = []
    for number in (1, 2):
        runs = svg_runs(cards / game / f"card-{number}.svg")[2:]   # after the title band and the side's heading
        said, bold = spaced(t for t, *_ in runs), spaced(t for t, b, *_ in runs if b)
        on_side = [p for p in phrases if spaced([p]) in said]
        assert [p for p in on_side if spaced([p]) not in bold] == [], (game, number)
        found += on_side
    assert sorted(set(found)) == sorted(set(phrases)), "each phrase is on a side"
    fonts = pdf_runs(cards / game / "card.pdf")
    said, bold = spaced(t for t, _ in fonts), spaced(t for t, font in fonts if font in BOLD_FACES)
    assert [p for p in phrases if spaced([p]) in said] == phrases
    assert [p for p in phrases if spaced([p]) not in bold] == [], game
