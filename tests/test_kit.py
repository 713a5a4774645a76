"""kit.pdf: a cover whose contents match the bookmarks, then every other output's pages, copied as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import ROOT, ShippedBuild, run_pnp, write_spec


@pytest.fixture(scope="module")
def built(shipped_build: ShippedBuild) -> Path:
    """asterisk-11's and starstar-tournament's kits, read from the session's build of every shipped config
    (conftest.shipped_build: test_jobs.py holds its bytes to a build of each config in one process)."""
    return shipped_build.out


def _text(pdf, index: int) -> str:
    return re.sub(r"\s+", " ", pdfium.PdfDocument(pdf)[index].get_textpage().get_text_range())


@pytest.mark.parametrize("name, parts", [
    ("asterisk-11", ["board", "pieces", "markers", "solitaire", "rules", "rules-booklet", "card"]),
    ("starstar-tournament", ["board", "pad", "scoresheet", "stones", "rules", "rules-booklet", "card"]),
])
def test_kit_is_the_cover_then_every_part_with_a_bookmark_each(built: Path, name: str, parts: list[str]):
    folder = built / name
    kit = PdfReader(folder / "kit.pdf")
    counts = [len(PdfReader(folder / f"{part}.pdf").pages) for part in parts]
    assert len(kit.pages) == 1 + sum(counts)
    marks = [(item.title, kit.get_destination_page_number(item)) for item in kit.outline]
    assert len(marks) == 1 + len(parts) and marks[0] == ("Contents", 0)
    cover = _text(folder / "kit.pdf", 0)
    start = 1
    for (title, page), part, count in zip(marks[1:], parts, counts):
        assert page == start, (part, page, start)
        shown = f"page {start + 1}" if count == 1 else f"pages {start + 1}–{start + count}"
        assert f"{title} {shown}" in cover, (title, shown)
        # the part's first page, as it is in its own file: same size, same words
        own = PdfReader(folder / f"{part}.pdf").pages[0]
        assert [round(float(v), 2) for v in kit.pages[start].mediabox] == [round(float(v), 2) for v in own.mediabox]
        assert _text(folder / "kit.pdf", start) == _text(folder / f"{part}.pdf", 0)
        start += count


def test_the_cover_says_how_to_print(built: Path):
    cover = _text(built / "asterisk-11" / "kit.pdf", 0)
    for words in ("100 %", "50 mm", "A4", "card stock", "short edge", "either flip"):
        assert words in cover, words
    assert "several pages" not in cover   # the side-11 board fits one sheet: no assembly advice


def test_no_kit_without_pdf_and_same_bytes(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: k\nboard: {side: 8}\n")
    svg_only = run_pnp("build", str(spec), "--out", str(tmp_path / "svg"), "-f", "svg")
    assert svg_only.returncode == 0 and not (tmp_path / "svg" / "k" / "kit.pdf").exists()
    for folder in ("a", "b"):
        assert run_pnp("build", str(spec), "--out", str(tmp_path / folder)).returncode == 0
    assert (tmp_path / "a" / "k" / "kit.pdf").read_bytes() == (tmp_path / "b" / "k" / "kit.pdf").read_bytes()
    assert (tmp_path / "a" / "k" / "board.svg").exists()   # drawn assets still get their SVG


def test_a_tiled_board_gets_assembly_advice(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: k\nboard: {side: 20, cell_mm: 20}\noutputs: [board, kit]\n")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out")).returncode == 0
    cover = _text(tmp_path / "out" / "k" / "kit.pdf", 0)
    assert "Board pages 2–7" in cover and "The board (pages 2–7) is printed over several pages" in cover


# --- the parts joined from their objects (pnp/writers/pdf_join.py), pypdf where it cannot ------------------------


def _parts_and_kit(folder: Path, spec: Path):
    """What the build hands compose_kit for a built spec (its parts are its PDFs as written), and its kit.pdf."""
    from pnp.booklet.kit import game_credit
    from pnp.layout.paper import spec_paper
    from pnp.spec import read_kit

    kit = read_kit(spec)
    parts = [(asset, (folder / f"{asset}.pdf").read_bytes()) for asset in kit.spec.outputs if asset != "kit"]
    return (kit.plan.title, spec_paper(kit.spec), kit.plan.style, parts, game_credit(kit.game)), (folder / "kit.pdf").read_bytes()


@pytest.mark.parametrize("name", ["asterisk-11", "starstar-tournament"])
def test_the_kit_joined_from_the_parts_objects_is_what_pypdf_joins(built: Path, name: str):
    from pnp.print_kit import _composed_by_pypdf, compose_kit
    from pnp.texts import say

    (title, paper, style, parts, credit), written = _parts_and_kit(built / name, ROOT / "configs" / f"{name}.yaml")
    joined = compose_kit(title, paper, style, parts, credit).pdf
    by_pypdf = _composed_by_pypdf(title, say("pages", "kit.heading", title=title), paper, style, parts, credit).pdf
    assert joined == written == by_pypdf


def test_a_part_the_joiner_does_not_read_is_joined_by_pypdf(built: Path):
    """A part holding what pdf_join does not copy (here a string in its page) is refused there, and the kit is
    made with pypdf, every page and bookmark in place."""
    import io

    from pypdf import PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    from pnp.print_kit import compose_kit
    from pnp.writers.pdf_objects import Part, Unhandled

    (title, paper, style, parts, credit), _ = _parts_and_kit(built / "asterisk-11", ROOT / "configs" / "asterisk-11.yaml")
    writer = PdfWriter(clone_from=io.BytesIO(parts[0][1]))
    writer.pages[0][NameObject("/PieceInfo")] = TextStringObject("a note (with brackets)")
    odd = io.BytesIO()
    writer.write(odd)
    with pytest.raises(Unhandled):
        Part(odd.getvalue())
    kit = PdfReader(io.BytesIO(compose_kit(title, paper, style, [(parts[0][0], odd.getvalue()), *parts[1:]], credit).pdf))
    assert len(kit.pages) == 1 + sum(len(PdfReader(io.BytesIO(pdf)).pages) for _, pdf in parts)
    assert [item.title for item in kit.outline][:2] == ["Contents", "Board"]


@pytest.mark.parametrize("error", [KeyError, ValueError, TypeError])
def test_any_error_of_reading_a_part_is_joined_by_pypdf_not_an_internal_error(built: Path, error: type,
                                                                             monkeypatch: pytest.MonkeyPatch):
    """A part not shaped as the joiner expects (a missing key, a number that is none, a node of another kind)
    makes a kit all the same: pypdf's, byte for byte what it makes of those parts."""
    from pnp.print_kit import _composed_by_pypdf, compose_kit
    from pnp.texts import say
    from pnp.writers import pdf_objects

    assert error in pdf_objects.UNREAD
    (title, paper, style, parts, credit), _ = _parts_and_kit(built / "asterisk-11", ROOT / "configs" / "asterisk-11.yaml")

    def unread(self, pdf: bytes) -> None:
        raise error("not as reportlab writes it")

    monkeypatch.setattr(pdf_objects.Part, "__init__", unread)
    made = compose_kit(title, paper, style, parts, credit).pdf
    assert made == _composed_by_pypdf(title, say("pages", "kit.heading", title=title), paper, style, parts, credit).pdf


def test_numbers_are_written_back_as_pypdf_writes_them():
    """reportlab's numbers (and a few written by hand) as pypdf's FloatObject and NumberObject write them back."""
    import random

    from pypdf.generic import FloatObject, NumberObject
    from reportlab.lib.rl_accel import fp_str

    from pnp.writers.pdf_objects import scalar

    draw = random.Random(37)
    tokens = [fp_str(draw.uniform(-3000, 3000) * 10 ** draw.randint(-6, 2)) for _ in range(3000)]
    tokens += ["0", "-0", "7", "+7", "0.0", "-0.0", ".5", "-.25", "100.", "123456789.125", "0.000001234"]
    for token in tokens:
        expected = FloatObject(token).myrepr() if "." in token else str(NumberObject(token))
        assert scalar(token.encode()) == expected.encode(), token


@pytest.mark.parametrize("title", ["Hex, 11 × 11: print kit", "Starry — night “quoted”", "日本語 kit", "a(b)c\\d",
                                   "€ and a soft\u00adhyphen"])
def test_titles_are_written_as_pypdf_writes_them(title: str):
    """A spec's title reaches the kit's information and bookmarks: Latin-1, PDFDocEncoding's own characters, and
    text only UTF-16 holds, each byte for byte as pypdf writes it."""
    import io

    from pypdf.generic import TextStringObject

    from pnp.writers.pdf_objects import string

    written = io.BytesIO()
    TextStringObject(title).write_to_stream(written)
    assert string(title) == written.getvalue()
