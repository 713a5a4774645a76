"""The ink saver (print.ink: saver, --ink-saver): no large dark fill anywhere on the printed sheets, yet every
piece type, stone colour and board side is still told apart on a black-and-white printer.

Dark fills are found on the rendered page: dark pixels, worn down by half a millimetre on every side (which
removes lines, hatching and text), then grouped into connected areas.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageFilter

from conftest import ROOT, SVG_NS, parse_svg, run_pnp, svg_elements_with, write_spec
from printed import silhouette, within

PX_PER_MM = 4
SCALE = PX_PER_MM * 25.4 / 72
DARK = 100                    # of 255: a pixel this dark or darker is ink-heavy
WEAR_MM = 0.5                 # lines thinner than twice this vanish: only fills remain
WEAR_PX = round(WEAR_MM * PX_PER_MM)
LARGEST_DARK_FILL_MM2 = 50.0  # about a 7 mm square: a small mark, never a piece's face
CLEARLY = 51                  # a grey difference a black-and-white print shows plainly (a fifth of full scale)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("ink")
    built = {}
    for ink in ("full", "saver"):
        for body in ("game: asterisk\nboard: {side: 11}\noutputs: [board, pieces, markers]\n",
                     "game: starstar\nboard: {rings: 6}\noutputs: [board, stones]\n"):
            name = f"{body.split()[1]}-{ink}"
            spec = write_spec(out, f"name: {name}\n{body}print: {{ink: {ink}}}\n", name=f"{name}.yaml")
            done = run_pnp("build", str(spec), "--out", str(out / "out"))
            assert done.returncode == 0, done.stderr
            built[name] = out / "out" / name
    return built


def largest_dark_fill_mm2(pdf: Path) -> float:
    return max(dark_fills_mm2(pdf))


def dark_fills_mm2(pdf: Path) -> list[float]:
    """The largest dark fill on each page of the PDF, in mm²."""
    fills = []
    for page in pdfium.PdfDocument(pdf):
        image = page.render(scale=SCALE, grayscale=True).to_pil().convert("L")
        worn = within(image, WEAR_PX, ImageChops.lighter)   # ImageFilter.MaxFilter(2 * WEAR_PX + 1), quicker
        mask = worn.point(lambda v: 255 if v <= DARK else 0)
        # most pages have no fill left at all: no need to look for the largest
        fills.append(_largest_region(mask) / PX_PER_MM ** 2 if mask.getbbox() else 0.0)
    return fills


def _largest_region(mask: Image.Image) -> int:
    """Pixels in the largest 4-connected white area of the mask."""
    width, height = mask.size
    data = bytearray(mask.tobytes())
    best, start = 0, data.find(255)
    while start >= 0:   # each area's first pixel left, found by bytes.find rather than a loop over every pixel
        data[start], stack, size = 0, [start], 0
        while stack:
            at = stack.pop()
            size += 1
            x = at % width
            for near in (at - width, at + width, at - 1 if x else -1, at + 1 if x < width - 1 else -1):
                if 0 <= near < len(data) and data[near]:
                    data[near] = 0
                    stack.append(near)
        best = max(best, size)
        start = data.find(255, start + 1)
    return best


@pytest.mark.parametrize("kit, asset", [("asterisk", "board"), ("asterisk", "pieces"), ("asterisk", "markers"),
                                        ("starstar", "board"), ("starstar", "stones")])
def test_no_large_dark_fill_with_the_ink_saver(kits, kit: str, asset: str):
    assert largest_dark_fill_mm2(kits[f"{kit}-saver"] / f"{asset}.pdf") <= LARGEST_DARK_FILL_MM2


def test_the_measure_finds_the_dark_fills_of_a_full_ink_sheet(kits):
    """The same measure on full ink: the dark pieces and stones are large fills, so the limit means something."""
    assert largest_dark_fill_mm2(kits["asterisk-full"] / "pieces.pdf") > 2 * LARGEST_DARK_FILL_MM2
    assert largest_dark_fill_mm2(kits["starstar-full"] / "stones.pdf") > LARGEST_DARK_FILL_MM2


def test_the_quick_wear_and_region_count_are_the_plain_ones():
    """printed.within is exactly PIL's rank filter of its square, edges and corners included, and _largest_region
    counts the largest 4-connected area as a flood fill started from every pixel would."""
    rnd = random.Random(5)
    image = Image.frombytes("L", (67, 41), bytes(rnd.randrange(256) for _ in range(67 * 41)))
    for reach in (1, WEAR_PX):
        assert within(image, reach, ImageChops.lighter).tobytes() == image.filter(ImageFilter.MaxFilter(2 * reach + 1)).tobytes()
        assert within(image, reach, ImageChops.darker).tobytes() == image.filter(ImageFilter.MinFilter(2 * reach + 1)).tobytes()
    mask = image.point(lambda v: 255 if v <= DARK else 0)
    width, lit = mask.size[0], {k for k, v in enumerate(mask.tobytes()) if v}
    sizes, left = [], set(lit)
    while left:   # each area grown whole from any of its pixels
        area, edge = set(), {left.pop()}
        while edge:
            area |= edge
            edge = {n for at in edge for n in (at - width, at + width, *((at - 1,) if at % width else ()),
                                               *((at + 1,) if at % width < width - 1 else ())) if n in left}
            left -= edge
        sizes.append(len(area))
    assert _largest_region(mask) == max(sizes) > 1


def _crops(folder: Path, asset: str) -> dict[str, list[Image.Image]]:
    """Each piece's square on the rendered sheet, in grey, by its data-piece name."""
    image = pdfium.PdfDocument(folder / f"{asset}.pdf")[0].render(scale=SCALE, grayscale=True).to_pil().convert("L")
    crops: dict[str, list[Image.Image]] = {}
    for group in svg_elements_with(parse_svg(folder / f"{asset}.svg"), "data-piece"):
        kind, size, (x, y) = silhouette(group) if group.get("class", "").startswith("piece") else ("circle", *_stone(group))
        half = size / 2 * PX_PER_MM
        box = tuple(round(v) for v in (x * PX_PER_MM - half, y * PX_PER_MM - half, x * PX_PER_MM + half, y * PX_PER_MM + half))
        crops.setdefault(group.get("data-piece"), []).append(image.crop(box))
    return crops


def _stone(group) -> tuple[float, tuple[float, float]]:
    xs, ys, rs = [], [], []
    for circle in group.iter(f"{SVG_NS}circle"):
        xs.append(float(circle.get("cx"))), ys.append(float(circle.get("cy"))), rs.append(float(circle.get("r")))
    if xs:
        return 2 * max(rs), (xs[0], ys[0])
    points = [tuple(map(float, p.split(","))) for el in group.iter(f"{SVG_NS}polygon") for p in el.get("points").split()]
    px, py = zip(*points)
    return max(px) - min(px), ((max(px) + min(px)) / 2, (max(py) + min(py)) / 2)


def texture(crop: Image.Image) -> float:
    """How much the grey varies on a piece's face: hatching varies a lot, a flat fill hardly at all. A black-and-
    white print keeps this even where the two average to the same grey. Measured left and right of the centre,
    between an asterisk's tips and the rim, where no arm reaches (the arms point up, down and at 30 degrees)."""
    w, h = crop.size
    values = []
    for left, right in ((0.09, 0.2), (0.8, 0.91)):   # of the crop, whose middle is the piece's centre
        values += list(crop.crop((round(w * left), round(h * 0.44), round(w * right), round(h * 0.56))).tobytes())
    mean = sum(values) / len(values)
    return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5


# The ink saver changes how colour is shown; shape and marking are drawn as with full ink. So the pairs to tell
# apart are those that differ by colour alone.
@pytest.mark.parametrize("kit, asset, pairs", [
    ("asterisk", "pieces", [("dark-hexagon-empty", "light-hexagon-empty"), ("dark-circle-asterisk", "light-circle-asterisk")]),
    ("starstar", "stones", [("stone-red", "stone-blue")]),
])
def test_dark_and_light_are_told_apart_in_grey(kits, kit: str, asset: str, pairs):
    crops = _crops(kits[f"{kit}-saver"], asset)
    textures = {kind: [texture(c) for c in group] for kind, group in crops.items()}
    spread = max(max(values) - min(values) for values in textures.values())
    for a, b in pairs:
        apart = abs(min(textures[a]) - max(textures[b])) if min(textures[a]) > max(textures[b]) else \
            max(0.0, min(textures[b]) - max(textures[a]))
        assert apart > max(3 * spread, CLEARLY / 4), (a, b, textures[a][:3], textures[b][:3])


def test_the_board_sides_differ_in_grey_by_their_dashes(kits):
    root = parse_svg(kits["asterisk-saver"] / "board.svg")
    dashes = {el.get("class"): el.get("stroke-dasharray") for el in root.iter() if "side-" in (el.get("class") or "")}
    assert len(dashes) == 3 and len(set(dashes.values())) == 3, dashes
