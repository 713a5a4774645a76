"""Text as the user gets it: unprintable characters refused by name, every SVG well-formed XML,
and every title printed with real glyphs (Vera, else DejaVu Sans, else style.font), never as empty boxes."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import reportlab
from pypdf import PdfReader

from conftest import PT_PER_MM, SVG_NS, files_under, run_pnp, write_spec

from pnp.fonts import DEJAVU_FOLDER

KHMER_TEST_FONT = Path(reportlab.__file__).parent / "fonts" / "hb-test.ttf"  # Khmer letters only, shipped with reportlab


def spec(title_yaml: str, outputs: str = "[board]", more: str = "") -> str:
    return f"game: asterisk\nname: t\ntitle: {title_yaml}\noutputs: {outputs}\n{more}"


def build(folder: Path, text: str) -> tuple[int, str, Path]:
    """Build the spec text with the CLI; (exit code, stderr, the output folder)."""
    path = write_spec(folder, text)
    done = run_pnp("build", str(path), "--out", str(folder / "out"))
    return done.returncode, done.stderr, folder / "out" / "t"


# --- what PDFs actually draw ----------------------------------------------------------------------


def _subset_glyphs(ttf: bytes) -> list[int]:
    """Glyph ids of an embedded reportlab subset, by code (its cmap is one format-6 table)."""
    (count,) = struct.unpack(">H", ttf[4:6])
    for k in range(count):
        tag, _, offset, _ = struct.unpack(">4sIII", ttf[12 + 16 * k: 28 + 16 * k])
        if tag == b"cmap":
            table = offset + struct.unpack(">I", ttf[offset + 8: offset + 12])[0]
            fmt, _, _, first, n = struct.unpack(">5H", ttf[table: table + 10])
            assert fmt == 6 and first == 0
            return list(struct.unpack(f">{n}H", ttf[table + 10: table + 10 + 2 * n]))
    raise AssertionError("no cmap in an embedded font")


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A ToUnicode CMap's bfchar entries: code -> text."""
    sections = re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S)
    pairs = [pair for section in sections for pair in re.findall(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]+)>", section)]
    # reportlab writes a character beyond the BMP as its bare code point (<1D5A0>), not as UTF-16.
    return {int(code, 16): chr(int(text, 16)) if len(text) % 4 else bytes.fromhex(text.decode()).decode("utf-16-be")
            for code, text in pairs}


def boxes(pdf: Path) -> list[str]:
    """Printable characters the PDF draws with glyph 0 (.notdef: the empty box)."""
    found = []
    for page in PdfReader(pdf).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            glyphs = _subset_glyphs(font["/FontDescriptor"]["/FontFile2"].get_data())
            for code, char in _to_unicode(font["/ToUnicode"].get_data()).items():
                if char.isprintable() and glyphs[code] == 0:  # unused codes of a subset map to controls
                    found.append(char)
    return found


def pdf_fonts(pdf: Path) -> set[str]:
    return {str(ref.get_object()["/BaseFont"]).split("+", 1)[-1]
            for page in PdfReader(pdf).pages for ref in page["/Resources"]["/Font"].values()}


def pdf_text(pdf: Path) -> str:
    document = pdfium.PdfDocument(str(pdf))
    return "\n".join(page.get_textpage().get_text_range() for page in document)


def title_text(svg: Path) -> ET.Element:
    (title,) = [el for el in ET.parse(svg).getroot().iter(f"{SVG_NS}text") if el.get("class") == "title"]
    return title


# --- refused characters ----------------------------------------------------------------------------


@pytest.mark.parametrize("title, expected", [
    (r'"a\x01b"', "character 2 is U+0001, a control character"),
    (r'"\uFFFE"', "character 1 is U+FFFE, a noncharacter"),
    (r'"ab\uFFFF"', "character 3 is U+FFFF, a noncharacter"),
    (r'"\ud800x"', "character 1 is U+D800, half of a surrogate pair"),
    (r'"a\x7f"', "character 2 is U+007F, a control character"),
    (r'"a\x9bb"', "character 2 is U+009B, a control character"),
    (r'"x\u202Ey"', "character 2 is U+202E, an invisible formatting character (right-to-left override)"),
    (r'"zero\u200Bwidth"', "character 5 is U+200B, an invisible formatting character"),
    (r'"a\tb"', "character 2 is a tab (U+0009); use a space"),
    ("|\n  two\n  lines", "character 4 is a line break (U+000A); the text is set on one line"),
    (r'"a\u2028b"', "character 2 is a line break (U+2028)"),
    ('"Shalom שלום"', "character 8 is 'ש' (U+05E9, hebrew letter shin), a right-to-left letter"),
    ('"مرحبا"', "character 1 is 'م' (U+0645, arabic letter meem), a right-to-left letter"),
])
def test_unprintable_characters_in_a_title_are_refused_by_code_point(tmp_path: Path, title: str, expected: str):
    code, err, out = build(tmp_path, spec(title))
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path / 'spec.yaml'}:3: title: {expected}"), err
    assert "Traceback" not in err and files_under(tmp_path / "out") == []


def test_right_to_left_text_says_why(tmp_path: Path):
    code, err, _ = build(tmp_path, spec('"שלום"'))
    assert code == 2 and "does not reorder or join right-to-left text, so the PDF would print it backwards" in err
    assert "(and 3 more such characters)" in err


def test_unprintable_characters_in_the_font_path_are_refused(tmp_path: Path):
    code, err, _ = build(tmp_path, spec('"ok"', more='style:\n  font: "a\\x00b.ttf"\n'))
    assert code == 2 and ":6: style.font: character 2 is U+0000, a control character" in err, err


# --- well-formed SVG for every legal title ---------------------------------------------------------


@pytest.mark.parametrize("title", [
    "<&>\"'", "a ]]> b", "&amp; &#x1; <!-- no -->", "Cafe\u0301 na\u0308ive", "Tab\u00a0space · ½ × ©", "“quoted” – ‘dash’ …",
])
def test_every_svg_parses_and_keeps_a_tricky_title_exactly(tmp_path: Path, title: str):
    quoted = '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'
    code, err, out = build(tmp_path, spec(quoted, "[board, pieces, markers, solitaire]", "formats: [svg]\n"))
    assert code == 0, err
    svgs = sorted(out.glob("*.svg"))
    assert len(svgs) >= 4
    for svg in svgs:
        root = ET.parse(svg).getroot()  # raises on ill-formed XML
        page_title = root.find(f"{SVG_NS}title").text
        assert page_title.startswith(title), (svg.name, page_title)
        assert title_text(svg).text == page_title


# --- titles in other scripts -----------------------------------------------------------------------

SCRIPTS = {
    "polish": "Zażółć gęślą jaźń",
    "czech": "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "hungarian": "Árvíztűrő tükörfúrógép",
    "cyrillic": "Съешь же ещё этих мягких булок",
    "greek": "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
    "mixed": "Zażółć · Ελληνικά · Кириллица",
}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_title_in_another_script_prints_in_dejavu_with_real_glyphs(tmp_path: Path, script: str):
    title = SCRIPTS[script]
    code, err, out = build(tmp_path, spec(f'"{title}"', "[board, markers]"))
    assert code == 0, err
    for asset in ("board", "markers"):
        pdf = out / f"{asset}.pdf"
        assert boxes(pdf) == [], f"{asset}.pdf draws empty boxes"
        assert title in pdf_text(pdf)
        assert "DejaVuSans-Bold" in pdf_fonts(pdf)
        assert PdfReader(pdf).metadata.title.startswith(title)
        svg_title = title_text(out / f"{asset}.svg")
        assert svg_title.text.startswith(title)
        assert svg_title.get("font-family").startswith("'DejaVu Sans'")


def test_plain_latin_titles_stay_in_vera(tmp_path: Path):
    """Vera draws Latin-1 and some more (Łł, dashes, quotes): such titles print exactly as before."""
    code, err, out = build(tmp_path, spec('"Asterisk for Zoë – Łukasz’s edition"'))
    assert code == 0, err
    assert pdf_fonts(out / "board.pdf") == {"BitstreamVeraSans-Bold", "BitstreamVeraSans-Roman"}
    assert boxes(out / "board.pdf") == []
    assert title_text(out / "board.svg").get("font-family") is None  # the page's own list names Vera first


def test_a_bold_title_falls_back_to_regular_dejavu_where_bold_has_no_glyph(tmp_path: Path):
    """DejaVu Sans Bold lacks the mathematical sans-serif letters the regular face has: the title prints regular."""
    code, err, out = build(tmp_path, spec('"\U0001D5A0\U0001D5A1 set"'))
    assert code == 0, err
    assert boxes(out / "board.pdf") == []
    assert "DejaVuSans" in pdf_fonts(out / "board.pdf") and "DejaVuSans-Bold" not in pdf_fonts(out / "board.pdf")


def test_a_long_title_in_dejavu_is_measured_in_dejavu(tmp_path: Path):
    """Wider DejaVu glyphs shrink the title to the line, so its printed right edge meets the margin, not beyond."""
    title = "Κ" * 10 + " Ψυχοφθόρα βδελυγμία και ξεσκεπάζω την ψυχή μου σε όλους τους φίλους μου"
    code, err, out = build(tmp_path, spec(f'"{title}"'))
    assert code == 0, err
    page = pdfium.PdfDocument(str(out / "board.pdf"))[0]
    tops = [obj for obj in page.get_objects() if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT]
    left, _, right, _ = max(tops, key=lambda obj: obj.get_bounds()[3]).get_bounds()  # the topmost line
    right_mm, width_mm = right / PT_PER_MM, page.get_width() / PT_PER_MM
    assert width_mm - 10.0 - 1.5 < right_mm <= width_mm - 10.0 + 0.3, (right_mm, width_mm)


def test_a_dejavu_title_gives_the_same_bytes_twice(tmp_path: Path):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    first = build(tmp_path / "a", spec('"Ελληνικά"'))
    second = build(tmp_path / "b", spec('"Ελληνικά"'))
    for name in ("board.pdf", "board.svg"):
        assert (first[2] / name).read_bytes() == (second[2] / name).read_bytes()


@pytest.mark.parametrize("title, shown", [
    ('"漢字"', "'漢' (U+6F22), '字' (U+5B57); set style.font to a TTF that has them"),
    ('"Smile 🙂"', "'🙂' (U+1F642); set style.font to a TTF that has it"),
])
def test_characters_no_font_can_draw_are_a_spec_error(tmp_path: Path, title: str, shown: str):
    code, err, out = build(tmp_path, spec(title))
    assert code == 2
    assert err.strip() == f"{tmp_path / 'spec.yaml'}:3: title: no font here can draw {shown}"
    assert files_under(tmp_path / "out") == []


# --- style.font ------------------------------------------------------------------------------------


def font_with_extra_glyph(folder: Path, file: str = "pnp-test.ttf", other_glyph: bool = False) -> Path:
    """A copy of DejaVu Sans renamed 'PnpTest Sns' whose private-use U+F6C5 now sits at U+F500, a character
    neither shipped face has: the smallest real font that only style.font can supply. `other_glyph`: U+F500
    draws another glyph (a second file of the same face name)."""
    data = bytearray((DEJAVU_FOLDER / "DejaVuSans.ttf").read_bytes())
    tables = {}
    (count,) = struct.unpack(">H", data[4:6])
    for k in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * k: 28 + 16 * k])
        tables[tag] = (offset, length)
    cmap, length = tables[b"cmap"]
    # The one-character groups of the format-12 table (reportlab reads it) and the (3,1) format-4 table hold
    # 0xF6C5 as a big-endian code; only the format-12 group is exact 12 bytes (start, end, glyph).
    block = bytes(data[cmap: cmap + length])
    group = re.search(rb"\x00\x00\xf6\xc5\x00\x00\xf6\xc5", block)
    assert group, "DejaVu Sans changed: pick another private-use character"
    data[cmap + group.start(): cmap + group.end()] = struct.pack(">II", 0xF500, 0xF500)
    if other_glyph:   # the group's glyph, after its two codes: U+F500 drawn with the next glyph instead
        at = cmap + group.end()
        data[at: at + 4] = struct.pack(">I", struct.unpack(">I", data[at: at + 4])[0] + 1)
    name, length = tables[b"name"]
    block = bytes(data[name: name + length])
    for old, new in (("DejaVu Sans", "PnpTest Sns"), ("DejaVuSans", "PnpTestSns")):
        for codec in ("latin-1", "utf-16-be"):
            block = block.replace(old.encode(codec), new.encode(codec))
    data[name: name + length] = block
    path = folder / "fonts" / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(data))
    return path


def test_style_font_draws_what_the_shipped_faces_cannot(tmp_path: Path):
    font_with_extra_glyph(tmp_path)  # at tmp_path/fonts/: found relative to the spec, not to where pnp runs
    title = "Kit \uF500"
    code, err, out = build(tmp_path, spec('"Kit \\uF500"', "[board, solitaire]", "style:\n  font: fonts/pnp-test.ttf\n"))
    assert code == 0, err
    for asset in ("board", "solitaire"):
        assert boxes(out / f"{asset}.pdf") == []
        assert "PnpTestSns" in pdf_fonts(out / f"{asset}.pdf")
        assert title in pdf_text(out / f"{asset}.pdf")
        svg_title = title_text(out / f"{asset}.svg")
        assert svg_title.text.startswith(title)
        assert svg_title.get("font-family").startswith("'PnpTest Sns'")
    # Text the shipped faces can draw keeps them even when the spec names its own font.
    assert {"BitstreamVeraSans-Roman"} <= pdf_fonts(out / "board.pdf")


def test_two_font_files_of_one_face_name_each_draw_their_own_glyphs(tmp_path: Path):
    """Two specs naming two files whose fonts share a name (a font and its edited copy): each kit built beside the
    other is byte for byte the kit built alone (reportlab hands a second font of a known face name the first)."""
    specs = []
    for name, other in (("a", False), ("b", True)):
        font_with_extra_glyph(tmp_path, f"{name}.ttf", other)
        specs.append(write_spec(tmp_path, f"game: asterisk\nname: {name}\ntitle: \"Kit \\uF500\"\noutputs: [board]\n"
                                          f"style:\n  font: fonts/{name}.ttf\n", f"{name}.yaml"))
    both = run_pnp("build", *map(str, specs), "-f", "pdf", "--jobs", "1", "--out", str(tmp_path / "both"))
    assert both.returncode == 0, both.stderr
    for path in specs:
        alone = run_pnp("build", str(path), "-f", "pdf", "--out", str(tmp_path / "alone"))
        assert alone.returncode == 0, alone.stderr
        pdf = f"{path.stem}/board.pdf"
        assert (tmp_path / "both" / pdf).read_bytes() == (tmp_path / "alone" / pdf).read_bytes(), path.stem
    assert (tmp_path / "alone" / "a/board.pdf").read_bytes() != (tmp_path / "alone" / "b/board.pdf").read_bytes()


def test_plain_titles_ignore_style_font(tmp_path: Path):
    font_with_extra_glyph(tmp_path)
    code, err, out = build(tmp_path, spec('"Plain"', more="style:\n  font: fonts/pnp-test.ttf\n"))
    assert code == 0, err
    assert pdf_fonts(out / "board.pdf") == {"BitstreamVeraSans-Bold", "BitstreamVeraSans-Roman"}


@pytest.mark.parametrize("font, expected", [
    ("missing.ttf", "cannot open 'missing.ttf' (looked for {dir}/missing.ttf): no such file; give the path of a .ttf file"),
    (".", "'.' (looked for {dir}) is not a file; give the path of a .ttf file"),
    ("spec.yaml", "'spec.yaml' (looked for {dir}/spec.yaml) is not a TrueType font pnp can embed ("),
    ("/dev/zero", "'/dev/zero' is not a file"),
    ("''", "is empty; give the path of a .ttf file"),
])
def test_an_unusable_style_font_is_a_spec_error_naming_the_file(tmp_path: Path, font: str, expected: str):
    code, err, out = build(tmp_path, spec('"Ελληνικά"', more=f"style:\n  font: {font}\n"))
    assert code == 2, err
    assert err.strip().startswith(f"{tmp_path / 'spec.yaml'}:6: style.font: {expected.format(dir=tmp_path)}"), err
    assert files_under(tmp_path / "out") == []


def test_a_style_font_without_the_letters_pnp_adds_is_refused(tmp_path: Path):
    khmer = "\u1786\u1793"  # two letters hb-test.ttf has; it has no Latin at all
    code, err, _ = build(tmp_path, spec(f'"{khmer}"', more=f"style:\n  font: {KHMER_TEST_FONT}\n"))
    assert code == 2
    assert "title: style.font (Noto Sans Khmer) draws this text but lacks 'a', 'b'" in err, err
    code, err, _ = build(tmp_path, spec('"漢字"', more=f"style:\n  font: {KHMER_TEST_FONT}\n"))
    assert code == 2
    assert "title: neither the shipped fonts nor style.font (Noto Sans Khmer) can draw '漢' (U+6F22)" in err, err


def test_a_title_only_style_font_draws_is_refused_where_a_rule_booklet_would_print_it(tmp_path: Path):
    """The rule booklet is set in the shipped faces alone, so a title only style.font draws would print there as
    empty boxes: refused as such, with the outputs to drop; without a booklet it builds."""
    font_with_extra_glyph(tmp_path)
    code, err, _ = build(tmp_path, spec('"Kit \\uF500"', "[board, rules]", "style:\n  font: fonts/pnp-test.ttf\n"))
    assert code == 2
    assert err.strip() == (f"{tmp_path / 'spec.yaml'}:3: title: no font pnp ships can draw '\\uf500' (U+F500): the rule "
                           "booklet is set in those alone (style.font sets the sheets and the card); write it without "
                           "them, or take rules out of outputs")
    code, err, _ = build(tmp_path, spec('"Kit \\uF500"', "[board]", "style:\n  font: fonts/pnp-test.ttf\n"))
    assert code == 0, err


# --- text in a rules template ------------------------------------------------------------------------


def rules(folder: Path, text: str, *more: str) -> tuple[int, str, Path]:
    """`pnp rules` of a template with this text; (exit code, stderr, the output folder)."""
    template = folder / "house.md"
    template.write_text(text, encoding="utf-8")
    done = run_pnp("rules", str(template), "--out", str(folder / "out"), *more)
    return done.returncode, done.stderr, folder / "out" / "house"


@pytest.mark.parametrize("line, said", [
    ("Play on 中文 boards.", "no font pnp ships can draw '中' (U+4E2D), '文' (U+6587); write this line without them"),
    ("- a bullet with 🙂", "no font pnp ships can draw '🙂' (U+1F642); write this line without them"),
    ("| 漢 | b |", "no font pnp ships can draw '漢' (U+6F22); write this line without them"),
    ("שלום", "'ש' (U+05E9), 'ל' (U+05DC), 'ו' (U+05D5), 'ם' (U+05DD) are right-to-left letters, which pnp does not "
             "reorder or join, so the PDF would print them backwards; write this line in a left-to-right script"),
    ("Say مرحبا to all.", "'م' (U+0645), 'ر' (U+0631), 'ح' (U+062D), 'ب' (U+0628), 'ا' (U+0627) are right-to-left "
                          "letters, which pnp does not reorder or join, so the PDF would print them backwards; write "
                          "this line in a left-to-right script"),
    ("{{ '\\u05d0' }} from a variable", "'א' (U+05D0) is a right-to-left letter"),
])
def test_template_text_a_booklet_would_not_print_as_written_is_refused_at_its_line(tmp_path: Path, line: str, said: str):
    """Regression: CJK in a template's prose printed as empty boxes and Hebrew backwards (DejaVu has its glyphs, and
    nothing reorders them), both with exit 0, while the same text as a title is refused. The booklet refuses it the
    same way, naming the characters and the template line, and writes nothing."""
    code, err, out = rules(tmp_path, f"# House rules\n\nPlain words first.\n\n{line}\n")
    assert code == 2, err
    assert err.startswith(f"{tmp_path / 'house.md'}:5: {said}"), err
    assert len(err.splitlines()) == 1 and files_under(tmp_path / "out") == []


def test_a_booklet_prints_every_script_its_fonts_have_with_real_glyphs_in_every_kind_of_block(tmp_path: Path):
    """Greek in the title, a paragraph, a code block and raw HTML, and Polish in a table: DejaVu where Vera lacks a
    glyph, in each kind of block (code and HTML blocks were set in Vera alone, and printed boxes), and on the cover."""
    greek, polish = SCRIPTS["greek"], SCRIPTS["polish"]
    text = (f"# House rules\n\n{greek}.\n\n```\ncode {greek}\n```\n\n<div>{greek}</div>\n\n"
            f"| a | b |\n|---|---|\n| {polish} | 1 |\n")
    spec_file = write_spec(tmp_path, spec(f'"{greek}"', "[rules]"))
    code, err, out = rules(tmp_path, text, "--spec", str(spec_file))
    assert code == 0, err
    pdf = out / "rules.pdf"
    assert boxes(pdf) == []
    printed = pdf_text(pdf).replace("\r\n", " ")   # the cover breaks the title over two lines
    assert printed.count(greek) == 4 and polish in printed   # the cover, the paragraph, the code and the HTML
    assert "DejaVuSans" in pdf_fonts(pdf)


# --- the shipped fonts ------------------------------------------------------------------------------


def test_dejavu_ships_with_its_licence_and_in_the_wheel_list():
    assert sorted(p.name for p in DEJAVU_FOLDER.iterdir()) == ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "LICENSE"]
    assert "Bitstream Vera" in (DEJAVU_FOLDER / "LICENSE").read_text(encoding="utf-8")
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pnp.fonts" = ["dejavu/*.ttf", "dejavu/LICENSE"]' in pyproject
