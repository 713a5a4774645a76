"""Input that asks for too much is refused by name, quickly, before anything is drawn:

- a damaged, cut-short or hostile `style.font` is exit 2 naming the spec, its line and style.font, never a
  traceback or exit 1, and `validate` refuses what `build` could not draw;
- "did you mean" guesses stay fast however many ids are unknown and however large the board;
- `--dpi` that would give PNG pages more pixels than pnp draws is exit 2 naming --dpi and the dpi that fits.

The process boundary is not what these test, so the CLI runs in-process.
"""

from __future__ import annotations

import difflib
import random
import re
import struct
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import files_under, invoke
from test_text import font_with_extra_glyph, pdf_text

from pnp.fonts import DEJAVU_FOLDER
from pnp.fonts.sfnt import MOST_CHARACTERS, MOST_PARTS
from pnp.games.asterisk.referee import topology
from pnp.spec.base import CustomPaper
from pnp.spec.problems import MAX_TOLD
from pnp.spec.suggest import LONGEST, MOST_GUESSES, Guesser, closest
from pnp.writers import DEFAULT_DPI, DPI_RANGE
from pnp.writers.pixels import PIXELS_PER_PAGE, fits, largest_dpi, page_pixels

TITLE = "Kit \uF500"  # U+F500: only the test font has it, so the title is drawn in style.font itself
TITLE_LINE, FONT_LINE = 3, 7  # their lines in spec() below
CORRUPTIONS = 200
NO_FONT = "is not a TrueType font pnp can embed ("
ASK_WHOLE = "give a complete .ttf file with TrueType outlines"


def run(*args: str) -> tuple[int, str]:
    """`pnp ARGS` in this process: (exit code, stderr and stdout together)."""
    result = invoke(list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def spec(folder: Path, font: str, title: str = TITLE) -> Path:
    path = folder / "spec.yaml"
    path.write_text(f'game: asterisk\nname: t\ntitle: "{title.encode("unicode_escape").decode()}"\n'
                    f"outputs: [markers]\nboard: {{side: 8}}\nstyle:\n  font: {font}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def test_font(tmp_path_factory) -> bytes:
    """DejaVu Sans with U+F500 mapped (tests/test_text.py): the shipped font, drawing a title no shipped face can."""
    return font_with_extra_glyph(tmp_path_factory.mktemp("font")).read_bytes()


def font_refused(output: str, path: Path, font: str) -> bool:
    """The one-line refusal: the spec, style.font's line and field, the file as written, what would be right."""
    lines = output.strip().splitlines()
    return (len(lines) == 1 and "Traceback" not in output
            and lines[0].startswith(f"{path}:{FONT_LINE}: style.font: '{font}' (looked for {path.parent / font})"))


# --- style.font: damaged, cut short, hostile ---------------------------------------------------------------------


def test_the_358_byte_head_of_dejavu_is_refused_by_name(tmp_path: Path):
    (tmp_path / "cut.ttf").write_bytes((DEJAVU_FOLDER / "DejaVuSans.ttf").read_bytes()[:358])
    path = spec(tmp_path, "cut.ttf", title="Ελληνικά")
    for command in (["validate", str(path)], ["build", str(path), "--out", str(tmp_path / "out")]):
        code, output = run(*command)
        assert code == 2 and font_refused(output, path, "cut.ttf"), output
        assert f"{NO_FONT}it ends before its tables do: damaged or cut short); {ASK_WHOLE}" in output
    assert files_under(tmp_path / "out") == []


@pytest.mark.parametrize("kept", [0, 1, 4, 12, 100, 358, 1_000, 10_000, 100_000, 400_000, 700_000, -1_000, -1])
def test_a_font_cut_short_anywhere_is_refused_or_drawn(tmp_path: Path, test_font: bytes, kept: int):
    (tmp_path / "cut.ttf").write_bytes(test_font[:kept])
    _refused_or_drawn(tmp_path, spec(tmp_path, "cut.ttf"), "cut.ttf")


def test_random_corruptions_of_dejavu_are_refused_or_drawn(tmp_path: Path, test_font: bytes):
    """A seeded sample: bytes changed here and there, a run overwritten, the table directory hit, a cut."""
    outcomes = []
    for seed in range(CORRUPTIONS):
        folder = tmp_path / str(seed)
        folder.mkdir()
        (folder / "bad.ttf").write_bytes(_corrupted(test_font, random.Random(seed)))
        outcomes.append(_refused_or_drawn(folder, spec(folder, "bad.ttf"), "bad.ttf"))
    assert outcomes.count(0) > CORRUPTIONS // 10 and outcomes.count(2) > CORRUPTIONS // 10  # both kinds were met


def _corrupted(data: bytes, rnd: random.Random) -> bytes:
    damaged = bytearray(data)
    kind = rnd.choice(["bytes", "run", "directory", "cut"])
    if kind == "bytes":
        for _ in range(rnd.randint(1, 20)):
            damaged[rnd.randrange(len(damaged))] = rnd.randrange(256)
    elif kind == "run":
        at = rnd.randrange(len(damaged))
        damaged[at: at + 64] = rnd.randbytes(64)
    elif kind == "directory":  # the table directory and the first tables' offsets and lengths
        for _ in range(rnd.randint(1, 8)):
            damaged[rnd.randrange(12 + 16 * 20)] = rnd.randrange(256)
    else:
        del damaged[rnd.randrange(len(damaged)):]
    return bytes(damaged)


def _refused_or_drawn(folder: Path, path: Path, font: str) -> int:
    """validate and build agree: both refuse the font by name (exit 2, nothing written), or both pass and the
    PDF opens, draws its page and holds the title set in that font."""
    checked, said = run("validate", str(path))
    built, output = run("build", str(path), "--out", str(folder / "out"), "-f", "pdf", "-j", "1", "-q")  # no worker
    assert (checked, built) in ((0, 0), (2, 2)), (checked, built, said, output)
    if built == 2:  # the font refused, or (its map damaged) found to lack the title's U+F500
        lacks = output.startswith(f"{path}:{TITLE_LINE}: title: ") and "U+F500" in output
        assert lacks or (font_refused(output, path, font) and ASK_WHOLE in output), output
        assert files_under(folder / "out") == []
        return 2
    pdf = folder / "out" / "t" / "markers.pdf"
    document = pdfium.PdfDocument(str(pdf))
    assert len(document) >= 1 and document[0].render(scale=0.2).to_pil().size[0] > 0
    assert TITLE in pdf_text(pdf)
    return 0


# Hand-made hostile fonts: small files whose counts would send reportlab into hours of work or gigabytes.

def _tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    (count,) = struct.unpack_from(">H", data, 4)
    return {tag: (offset, length) for tag, _, offset, length in struct.iter_unpack(">4sLLL", data[12: 12 + 16 * count])}


def _huge_character_map(data: bytes) -> bytes:
    """The first group of the format-12 map reportlab reads now claims characters 0 to 4,000,000,000."""
    damaged = bytearray(data)
    cmap, _ = _tables(data)[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    for platform, encoding, offset in struct.iter_unpack(">HHL", data[cmap + 4: cmap + 4 + 8 * count]):
        if (platform, encoding) == (3, 10):
            assert struct.unpack_from(">H", data, cmap + offset)[0] == 12
            struct.pack_into(">LL", damaged, cmap + offset + 16, 0, 4_000_000_000)
            return bytes(damaged)
    raise AssertionError("DejaVu Sans has no (3, 10) format-12 map any more")


def _loca(data: bytes, damaged: bytearray, offsets: list[int]) -> None:
    tables = _tables(data)
    (long_offsets,) = struct.unpack_from(">H", data, tables[b"head"][0] + 50)
    loca = tables[b"loca"][0]
    for index, offset in enumerate(offsets):
        struct.pack_into(">L" if long_offsets else ">H", damaged, loca + index * (4 if long_offsets else 2),
                         offset if long_offsets else offset // 2)


def _glyph_count(data: bytes) -> int:
    return struct.unpack_from(">H", data, _tables(data)[b"maxp"][0] + 4)[0]


def _overlapping_glyphs(data: bytes) -> bytes:
    """Every other glyph spans the whole glyf table: reportlab would copy it once per glyph (gigabytes)."""
    damaged = bytearray(data)
    length = _tables(data)[b"glyf"][1] & ~3
    _loca(data, damaged, [0 if i % 2 == 0 else length for i in range(_glyph_count(data) + 1)])
    return bytes(damaged)


def _endless_composites(data: bytes) -> bytes:
    """Every glyph starts at one composite glyph of 3,000 parts, each saying another follows."""
    damaged = bytearray(data)
    glyf, parts = _tables(data)[b"glyf"][0], 3_000
    damaged[glyf: glyf + 10] = struct.pack(">h8x", -1)
    damaged[glyf + 10: glyf + 10 + 6 * parts] = struct.pack(">HHxx", 0x20, 0) * parts
    _loca(data, damaged, [2 * (i % 2) for i in range(_glyph_count(data) + 1)])  # lengths 2, -2, 2, ...: few bytes
    return bytes(damaged)


def _many_fonts_collection(data: bytes) -> bytes:
    """A font collection that says it holds four billion fonts (reportlab reads every one's offset first)."""
    return struct.pack(">4sLLL", b"ttcf", 0x00010000, 4_000_000_000, 16) + data


@pytest.mark.parametrize("make, reason", [
    (_huge_character_map, f"its character map names more than {MOST_CHARACTERS:,} characters"),
    (_overlapping_glyphs, "its glyphs overlap: together they are longer than the file"),
    (_endless_composites, f"its composite glyphs have more than {MOST_PARTS:,} parts"),
    (_many_fonts_collection, "it says it holds 4,000,000,000 fonts"),
])
def test_a_font_that_asks_for_unbounded_work_is_refused_quickly(tmp_path: Path, test_font: bytes, make, reason: str):
    (tmp_path / "bad.ttf").write_bytes(make(test_font))
    started = time.perf_counter()
    code, output = run("validate", str(spec(tmp_path, "bad.ttf")))
    assert time.perf_counter() - started < 2
    assert code == 2 and font_refused(output, tmp_path / "spec.yaml", "bad.ttf"), output
    assert f"{NO_FONT}{reason}" in output and ASK_WHOLE in output, output


def test_a_font_that_forbids_embedding_a_subset_is_refused(tmp_path: Path, monkeypatch):
    """Licence bits that forbid subsetting, on a file reportlab's settings name: reportlab would embed the small
    font whole, then fail past character 255, which is every character pnp takes from style.font. (reportlab
    subsets such a font unless its settings list it, so the test lists it.)"""
    import reportlab
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "allowTTFSubsetting", ["locked.ttf"])

    data = bytearray((Path(reportlab.__file__).parent / "fonts" / "hb-test.ttf").read_bytes())
    assert _glyph_count(bytes(data)) <= 0xFF
    struct.pack_into(">H", data, _tables(bytes(data))[b"OS/2"][0] + 8, 0x0002)  # fsType: restricted licence
    (tmp_path / "locked.ttf").write_bytes(bytes(data))
    code, output = run("validate", str(spec(tmp_path, "locked.ttf", title="\u1786\u1793")))
    assert code == 2 and font_refused(output, tmp_path / "spec.yaml", "locked.ttf"), output
    assert "does not allow embedding a subset of it (its licence bits); use a font that does" in output


# --- "did you mean": bounded --------------------------------------------------------------------------------------


def _position(folder: Path, side: int, cells: list[str]) -> Path:
    path = folder / "position.yaml"
    path.write_text(f"game: asterisk\nboard: {{side: {side}}}\nhighlight:\n" + "".join(f"  - {c}\n" for c in cells))
    return path


def test_a_thousand_unknown_cells_on_a_side_200_board_answer_fast(tmp_path: Path):
    rnd = random.Random(1)
    letters = "abcdefghijklmnopqrstuvwxyz"
    cells = [f"{rnd.choice(letters)}{rnd.choice(letters)}{rnd.randint(201, 999)}" for _ in range(1000)]
    cells[0] = "es983"
    path = _position(tmp_path, 200, cells)
    started = time.perf_counter()
    code, output = run("score", str(path))
    assert time.perf_counter() - started < 2
    lines = output.strip().splitlines()
    assert code == 2 and len(lines) == MAX_TOLD + 1   # the first twenty told, then how many more
    assert lines[0].startswith(f"{path}:4: highlight[0]: 'es983' is not a cell of the side-200 board; did you mean "
                               "'es198'? (a cell is a row's letter and the row's number"), lines[0]
    assert all(f"highlight[{i}]: '{c}' is not a cell of the side-200 board" in line
               for i, (c, line) in enumerate(zip(cells, lines[:MAX_TOLD])))
    assert lines[-1].startswith(f"{path}: ... and {1000 - MAX_TOLD} more problems like these")
    assert sum("did you mean" in line for line in lines) <= MOST_GUESSES


@pytest.mark.parametrize("side, typed", [(8, "a9"), (11, "b12"), (8, "hh8"), (20, "A7"), (20, "t21"), (27, "zz3"),
                                         (27, "ab9")])
def test_a_small_board_guesses_as_before(tmp_path: Path, side: int, typed: str):
    """Up to side 27 every cell is compared, as difflib always did."""
    code, output = run("score", str(_position(tmp_path, side, [typed])))
    before = difflib.get_close_matches(typed, list(topology(side).ids), n=1, cutoff=0.6)
    said = ("; did you mean 'a7'? ids are lower case" if typed == "A7"
            else f"; did you mean '{before[0]}'?" if before else "")
    assert code == 2 and f"'{typed}' is not a cell of the side-{side} board{said} (a cell is" in output, output


@pytest.mark.parametrize("typed, meant", [("gr2000", "gr200"), ("b201", "b21"), ("zz150", "z150"), ("A200", "a200"),
                                          ("1a", None)])
def test_a_typo_on_a_large_board_gets_a_guess_from_its_row_and_letters(tmp_path: Path, typed: str, meant: str | None):
    code, output = run("score", str(_position(tmp_path, 200, [typed])))
    assert code == 2 and f"'{typed}' is not a cell of the side-200 board" in output
    assert (f"did you mean '{meant}'?" in output) if meant else ("did you mean" not in output), output


def test_a_large_set_without_a_narrowing_is_compared_by_first_character():
    names = [f"{a}{b}{n}" for a in "abcdefghij" for b in "abcdefghij" for n in range(200)]  # 20,000
    started = time.perf_counter()
    assert closest("ab199x", names) == "ab199"
    assert time.perf_counter() - started < 0.5
    assert closest("x" * (LONGEST + 1), ["x" * LONGEST]) is None  # no typo is that long


def test_a_guesser_stops_guessing_after_its_share():
    guesser = Guesser(["outputs", "formats"])
    assert [guesser("outptus") for _ in range(MOST_GUESSES)] == ["outputs"] * MOST_GUESSES
    assert guesser("outptus") is None


def test_an_unknown_spec_key_keeps_its_guess_and_a_long_one_gets_none(tmp_path: Path):
    path = tmp_path / "spec.yaml"
    long_key = "outputs" * 20
    path.write_text(f"game: asterisk\nname: t\noutptus: [board]\n{long_key}: 1\n")
    code, output = run("validate", str(path))
    assert code == 2
    assert f"{path}:3: outptus: unknown key 'outptus'; did you mean 'outputs'? allowed here:" in output
    line = next(line for line in output.splitlines() if f"{path}:4:" in line)
    assert "did you mean" not in line and "allowed here:" in line


# --- --dpi within the pixel budget ------------------------------------------------------------------------------


def _png_spec(folder: Path, paper: str, formats: str = "[png]") -> Path:
    path = folder / "spec.yaml"
    path.write_text(f"game: asterisk\nname: p\npaper: {paper}\noutputs: [pieces]\nformats: {formats}\n")
    return path


@pytest.mark.parametrize("paper, shown, largest", [
    ("a3", "a3 paper", 951), ("tabloid", "tabloid paper", 967),
    ("{width_mm: 2000, height_mm: 2000}", "2000 x 2000 mm paper", 168),
])
def test_a_dpi_too_large_for_the_paper_is_refused_before_drawing(tmp_path: Path, paper: str, shown: str, largest: int):
    path = _png_spec(tmp_path, paper)
    started = time.perf_counter()
    code, output = run("build", str(path), "--out", str(tmp_path / "out"), "--dpi", "1200")
    assert time.perf_counter() - started < 5
    assert code == 2 and len(output.strip().splitlines()) == 1, output
    assert re.fullmatch(rf"pnp: --dpi 1200: a page of {re.escape(str(path))} \({shown}\) would be \d+ x \d+ pixels "
                        rf"\(\d+ megapixels\), more than pnp draws on one page \(175 megapixels\); "
                        rf"use --dpi {largest} or less", output.strip()), output
    assert not (tmp_path / "out").exists()


def test_the_dpi_named_is_the_largest_that_fits():
    for width_mm, height_mm in ((297, 420), (279.4, 431.8), (215.9, 355.6), (2000, 2000), (100, 100)):
        width, height = width_mm / 25.4, height_mm / 25.4
        best = largest_dpi(width, height)
        assert fits(width, height, best) and not fits(width, height, best + 1)
        pixels = page_pixels(width, height, best + 1)
        assert pixels[0] * pixels[1] > PIXELS_PER_PAGE


def test_the_dpi_is_checked_for_png_only(tmp_path: Path):
    """--dpi draws nothing when no PNG is made; -f png asks for PNG whatever the spec says."""
    path = _png_spec(tmp_path, "a3", formats="[svg]")
    code, output = run("build", str(path), "--out", str(tmp_path / "out"), "--dpi", "1200", "-q")
    assert code == 0, output
    code, output = run("build", str(path), "--out", str(tmp_path / "out2"), "--dpi", "1200", "-f", "png")
    assert code == 2 and "pnp: --dpi 1200: a page of" in output and not (tmp_path / "out2").exists()


def test_every_page_drawn_at_the_default_dpi_fits():
    """diagram, sky and preview draw at the default dpi (or less): the largest paper a spec or `sky --paper`
    takes fits at it, as does the widest diagram."""
    largest = CustomPaper.model_json_schema()["properties"]["width_mm"]["maximum"] / 25.4
    assert fits(largest, largest, DEFAULT_DPI)
    assert largest_dpi(8.5, 11) > DPI_RANGE[1]  # Letter, and smaller papers, take any dpi the option allows
