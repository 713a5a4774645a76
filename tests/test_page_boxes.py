"""Page boxes for print shops: every page of every PDF pnp writes has a TrimBox at the paper and a BleedBox holding
it, grown by print.bleed_mm on the sheets of cut-out things whose colour bleeds, and kit.pdf and the imposed
booklet keep them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject

from conftest import PT_PER_MM, ROOT, run_pnp, write_spec

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
BLEED_MM = 3.0
PAPER_TOLERANCE_MM = 0.1
BOX_TOLERANCE_MM = 0.01
# name: (spec body, paper, the cut-out sheets whose colour bleeds); one kit per game, bleed on one
KITS = {
    "a": (f"game: asterisk\nname: a\nboard: {{side: 8}}\nprint: {{bleed_mm: {BLEED_MM:g}}}\n", A4, ("pieces",)),
    "s": ("game: starstar\nname: s\npaper: letter\nboard: {rings: 3}\n", LETTER, ()),
    "n": ("game: starry-night\nname: n\nskies: {count: 2, per_page: 2}\n", A4, ()),
    "h": ("game: hex\nname: h\nboard: {size: 5}\n", A4, ()),
    "y": ("game: y\nname: y\nboard: {side: 5}\n", A4, ()),
}

Box = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Every kit, PDFs only, in one build."""
    folder = tmp_path_factory.mktemp("boxes")
    specs = [write_spec(folder, body, f"{name}.yaml") for name, (body, _, _) in KITS.items()]
    done = run_pnp("build", *map(str, specs), "--out", str(folder / "out"), "-f", "pdf", "-j", "1")
    assert done.returncode == 0, done.stderr
    return folder / "out"


def boxes(page) -> dict[str, Box]:
    """The page's own boxes in mm, as written (pypdf's properties would fill a missing box in from another)."""
    return {key: tuple(float(v) / PT_PER_MM for v in page[key]) for key in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox")
            if isinstance(page.get(key), ArrayObject)}


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def holds(outer: Box, inner: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]


def check_page(found: dict[str, Box], paper: tuple[float, float], bleed: float, where: str) -> None:
    """TrimBox the paper (what viewers show: the CropBox, else the MediaBox), BleedBox the trim grown by `bleed`,
    inside the MediaBox."""
    assert {"/TrimBox", "/BleedBox"} <= found.keys(), where
    trim, bleed_box, media = found["/TrimBox"], found["/BleedBox"], found["/MediaBox"]
    assert found.get("/CropBox", media) == pytest.approx(trim, abs=BOX_TOLERANCE_MM), where
    assert sorted((trim[2] - trim[0], trim[3] - trim[1])) == pytest.approx(sorted(paper), abs=PAPER_TOLERANCE_MM), where
    assert holds(bleed_box, trim) and holds(media, bleed_box), where
    assert bleed_box == pytest.approx(grown(trim, bleed), abs=BOX_TOLERANCE_MM), where
    assert media == pytest.approx(bleed_box if bleed else trim, abs=BOX_TOLERANCE_MM), where


def page_paper(asset: str, paper: tuple[float, float]) -> tuple[float, float]:
    """The paper a page of `asset` is trimmed to: the spec's sheet, or half of it for the booklet in reading order."""
    short, long = sorted(paper)
    return (long / 2, short) if asset == "rules" else paper


@pytest.mark.parametrize("name", KITS)
def test_every_page_of_every_part_has_its_trim_and_bleed_box(built: Path, name: str):
    _, paper, bleeding = KITS[name]
    parts = sorted(p for p in (built / name).glob("*.pdf") if p.stem != "kit")
    assert {"board", "rules", "rules-booklet", "card"} <= {p.stem for p in parts} or name == "n", parts
    grown_pages = 0
    for pdf in parts:
        bleed = BLEED_MM if pdf.stem in bleeding else 0.0
        for number, page in enumerate(PdfReader(pdf).pages, 1):
            check_page(boxes(page), page_paper(pdf.stem, paper), bleed, f"{name}/{pdf.name} page {number}")
            grown_pages += bool(bleed)
    assert grown_pages == sum(len(PdfReader(built / name / f"{asset}.pdf").pages) for asset in bleeding)


@pytest.mark.parametrize("name", KITS)
def test_the_kit_keeps_each_copied_page_s_boxes(built: Path, name: str):
    """Each kit page after the cover is a part's page copied as it is (the same content): with the same boxes."""
    own = {page.get_contents().get_data(): boxes(page)
           for pdf in (built / name).glob("*.pdf") if pdf.stem != "kit" for page in PdfReader(pdf).pages}
    kit = PdfReader(built / name / "kit.pdf").pages
    check_page(boxes(kit[0]), KITS[name][1], 0.0, f"{name}/kit.pdf cover")
    for number, page in enumerate(kit[1:], 2):
        assert boxes(page) == own[page.get_contents().get_data()], f"{name}/kit.pdf page {number}"
    bleeding = sum(len(PdfReader(built / name / f"{asset}.pdf").pages) for asset in KITS[name][2])
    assert sum("/CropBox" in boxes(page) for page in kit) == bleeding


def test_the_imposed_booklet_s_sheets_are_trimmed_to_the_paper(built: Path):
    """Two reading pages side by side on each sheet: the sheet is the trim, and nothing bleeds."""
    reading = PdfReader(built / "a" / "rules.pdf").pages[0]
    for number, sheet in enumerate(PdfReader(built / "a" / "rules-booklet.pdf").pages, 1):
        found = boxes(sheet)
        check_page(found, A4, 0.0, f"rules-booklet.pdf sheet {number}")
        assert found["/TrimBox"][2] == pytest.approx(2 * boxes(reading)["/TrimBox"][2], abs=BOX_TOLERANCE_MM)


def test_a_diagram_and_a_booklet_of_any_template_have_the_boxes(tmp_path: Path):
    diagram = tmp_path / "d.pdf"
    done = run_pnp("diagram", str(ROOT / "examples" / "positions" / "hex-7-red-wins.yaml"), "-o", str(diagram))
    assert done.returncode == 0, done.stderr
    page = PdfReader(diagram).pages[0]
    found = boxes(page)
    check_page(found, (found["/MediaBox"][2], found["/MediaBox"][3]), 0.0, "diagram")
    template = tmp_path / "house.md"
    template.write_text("# House rules\n\nPlay as you like.\n", encoding="utf-8")
    done = run_pnp("rules", str(template), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    for asset in ("rules", "rules-booklet"):
        for number, page in enumerate(PdfReader(tmp_path / "out" / "house" / f"{asset}.pdf").pages, 1):
            check_page(boxes(page), page_paper(asset, A4), 0.0, f"house/{asset}.pdf page {number}")


def test_a_bleed_sheet_is_the_same_bytes_built_again(built: Path, tmp_path: Path):
    spec = write_spec(tmp_path, KITS["a"][0].replace("print:", "outputs: [pieces]\nprint:"), "a.yaml")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "-f", "pdf")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "a" / "pieces.pdf").read_bytes() == (built / "a" / "pieces.pdf").read_bytes()


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler's pdfinfo is not installed")
def test_poppler_reads_the_boxes_as_written(built: Path):
    """A viewer's reading: pdfinfo (poppler) shows the paper as trim and crop, the bleed around it."""
    shown = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "1", str(built / "a" / "pieces.pdf")],
                           capture_output=True, text=True, check=True).stdout
    read = {line.split()[2].rstrip(":"): tuple(float(v) / PT_PER_MM for v in line.split()[3:7])
            for line in shown.splitlines() if line.startswith("Page ") and "Box:" in line}
    trim = read["TrimBox"]
    assert trim[:2] == pytest.approx((0, 0), abs=BOX_TOLERANCE_MM)
    assert sorted(trim[2:]) == pytest.approx(A4, abs=PAPER_TOLERANCE_MM)
    assert read["CropBox"] == trim
    assert read["BleedBox"] == pytest.approx(grown(trim, BLEED_MM), abs=BOX_TOLERANCE_MM)
    assert read["MediaBox"] == read["BleedBox"]
