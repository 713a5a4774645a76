"""The shipped booklets and cards, built from the shipped configs: their numbers match the spec, nothing is left
unrendered, every diagram is drawn, and the card's backs sit on its fronts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT, SHIPPED_CONFIGS, parse_svg, run_pnp

pdfium = pytest.importorskip("pypdfium2")

CONFIGS = SHIPPED_CONFIGS


@pytest.fixture(scope="module")
def built(shipped_build) -> Path:
    return shipped_build.out


def words(pdf: Path) -> str:
    text = " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf))
    return re.sub(r"\s+", " ", text.replace("\r", " ").replace("\ufffe", "").replace("\x02", ""))


@pytest.mark.parametrize("config", [c.stem for c in CONFIGS])
def test_every_config_ships_a_booklet_an_imposed_booklet_and_a_card(built: Path, config: str):
    folder = built / config
    reading, imposed = pdfium.PdfDocument(folder / "rules.pdf"), pdfium.PdfDocument(folder / "rules-booklet.pdf")
    assert len(reading) >= 4 and len(imposed) == 2 * ((len(reading) + 3) // 4)
    text = words(folder / "rules.pdf")
    assert "{{" not in text and "{%" not in text and "}}" not in text
    assert (folder / "card.pdf").exists() and (folder / "card-1.svg").exists() and (folder / "card-2.svg").exists()
    assert not (folder / "rules.svg").exists(), "booklets are PDF only"


@pytest.mark.parametrize("config, must", [
    ("asterisk-11", [r"\b66 cells", r"\b11 (pieces )?of each", r"\b11\b"]),
    ("asterisk-8", [r"\b36 cells", r"\b6 (pieces )?of each"]),
    ("asterisk-20", [r"\b210 cells", r"\b35 (pieces )?of each"]),
    ("starstar-tournament", [r"\b51\b", r"\b26\b", r"\b275\b", r"\b10 rings"]),
    ("starstar-beginner", [r"\b21\b", r"\b11\b", r"\b50\b", r"\b4 rings"]),
    ("starry-night", [r"\b12 stars", r"106A-H61J-GAXD"]),
])
def test_the_booklet_holds_the_specs_numbers(built: Path, config: str, must: list[str]):
    text = words(built / config / "rules.pdf")
    missing = [pattern for pattern in must if not re.search(pattern, text)]
    assert missing == [], missing


def test_the_booklets_diagrams_are_drawn(built: Path):
    """Each ```diagram block becomes vector drawing: count the blocks, find their captions' pages drawn with paths."""
    for game, config in (("asterisk", "asterisk-11"), ("starstar", "starstar-tournament"), ("starry-night", "starry-night")):
        template = (ROOT / "templates" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        blocks = len(re.findall(r"^```diagram\b", template, flags=re.MULTILINE))
        assert blocks >= 2, game
        from pypdf import PdfReader

        reader = PdfReader(built / config / "rules.pdf")
        import pypdfium2.raw as raw

        paths = sum(len(list(page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH])))
                    for page in pdfium.PdfDocument(built / config / "rules.pdf"))
        assert paths > 15 * blocks, (game, paths)   # a text-only page draws none
        assert all("/XObject" not in page["/Resources"] for page in reader.pages)


def test_card_backs_sit_on_their_fronts(built: Path):
    for config in ("asterisk-11", "starstar-tournament", "starry-night"):
        fronts, backs = (parse_svg(built / config / f"card-{n}.svg") for n in (1, 2))
        width = float(fronts.get("viewBox").split()[2])
        height = float(fronts.get("viewBox").split()[3])
        front_boxes = _boxes(fronts)
        assert len(front_boxes) >= 8, config
        assert _boxes(backs) == front_boxes
        mirrored_long = sorted((round(width - x - w, 2), y, w, h) for x, y, w, h in front_boxes)
        mirrored_short = sorted((x, round(height - y - h, 2), w, h) for x, y, w, h in front_boxes)
        assert mirrored_long == front_boxes == mirrored_short, "either flip puts every back on a front"


def _boxes(root) -> list[tuple[float, float, float, float]]:
    from conftest import SVG_NS

    found = []
    for el in root.iter(f"{SVG_NS}polygon"):
        if el.get("class") == "card-edge":
            points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.append((round(min(xs), 2), round(min(ys), 2), round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)))
    return sorted(found)


def test_card_sizes_and_text_inside_the_card(built: Path):
    """Each card is 85 x 55 mm, and rendered, nothing is printed across its edges (the text fits)."""
    boxes = _boxes(parse_svg(built / "asterisk-11" / "card-1.svg"))
    assert {(w, h) for _, _, w, h in boxes} == {(85.0, 55.0)}
    page = pdfium.PdfDocument(built / "asterisk-11" / "card.pdf")[1]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    mm = 72 / 25.4 * scale
    for x, y, w, h in boxes:
        for inset in (0.6,):  # a strip just inside each vertical edge holds no ink but the band
            for px in (x + inset, x + w - inset):
                column = [image.getpixel((int(px * mm), int((y + t) * mm))) for t in range(8, int(h) - 1)]
                assert min(column) > 200, (x, y, px)


@pytest.mark.parametrize("marked", [True, False])
def test_the_booklet_speaks_of_numbered_handicap_cells_only_when_the_board_has_them(tmp_path: Path, marked: bool):
    spec = tmp_path / "star.yaml"
    spec.write_text(f"game: starstar\nname: star\nboard: {{rings: 4, handicap_points: {str(marked).lower()}}}\n")
    done = run_pnp("rules", str(ROOT / "templates" / "rules" / "starstar.md"), "--spec", str(spec),
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    (pdf,) = (tmp_path / "out").glob("*/rules.pdf")
    text = words(pdf)
    assert "S30, A30, *30, T30, R30" in text
    assert ("board and the pencil pad mark these cells with their numbers" in text) is marked
