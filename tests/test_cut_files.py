"""Cut files (`formats: [cut]`): for every sheet of cut-out things, ASSET.cut.svg per page and ASSET.cut.dxf, only
the cuts, each edge once, on the printed lines, grown by half the kerf, with the registration marks the printed
sheet carries in the same place. Each spec is built once, in this process (module-scoped fixtures)."""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import SVG_NS, parse_svg, run_pnp, write_spec
from printed import distance_to_segment, pdf_paths_mm, pdf_text_boxes_mm, points_of, silhouette

from pnp.spec.base import PrintSpec

ezdxf = pytest.importorskip("ezdxf")

KERF = 0.4
NEAR_MM = 0.05        # a cut is on a printed line when it is this close
SIDE_8 = "game: asterisk\nname: {name}\nboard: {{side: 8}}\noutputs: [board, pieces, markers, card]\n"
KERFED = f"game: asterisk\nname: k\nboard: {{side: 8}}\nformats: [cut]\nprint: {{kerf_mm: {KERF}}}\n"   # every output
# Pieces that fill the sheet's width, their colour bleeding: the honeycomb's crop marks reach the marks' corners.
BIG = "game: asterisk\nname: big\nboard: {side: 11}\npieces: {size_mm: 30}\noutputs: [pieces]\nformats: [pdf, cut]\n" \
      "print: {bleed_mm: 1}\n"
HEX = "game: hex\nname: {name}\nboard: {{size: 5}}\noutputs: [board, stones]\n"
STONES_CUT = "game: hex\nname: h\nboard: {size: 5}\noutputs: [stones]\nformats: [cut]\n"
CUT_FILES = {"a": ["card-1.cut.svg", "card-2.cut.svg", "card.cut.dxf", "markers.cut.dxf", "markers.cut.svg",
                   "pieces.cut.dxf", "pieces.cut.svg"],
             "h": ["stones.cut.dxf", "stones.cut.svg"]}
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"


def build(folder: Path, text: str) -> Path:
    """The spec written as NAME.yaml and built with the CLI into FOLDER/out; its output folder."""
    name = re.search(r"name: (\S+)", text).group(1)
    spec = write_spec(folder, text, f"{name}.yaml")
    done = run_pnp("build", str(spec), "--out", str(folder / "out"), "-q")
    assert done.returncode == 0, done.stderr
    return folder / "out" / spec.stem


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """Asterisk side 8 and Hex 5 with cut files (svg, pdf and cut), the Asterisk kit cut again with a kerf (cut
    only, every output: only the cut-out sheets are written), once without cut (svg and pdf), and pieces that fill
    their sheets (pdf and cut)."""
    folder = tmp_path_factory.mktemp("cut")
    return {"a": build(folder, SIDE_8.format(name="a") + "formats: [svg, pdf, cut]\n"),
            "h": build(folder, HEX.format(name="h") + "formats: [svg, cut]\n"),
            "k": build(folder, KERFED),
            "plain": build(folder, SIDE_8.format(name="plain") + "formats: [svg, pdf]\n"),
            "big": build(folder, BIG)}


def cut_svgs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.cut.svg"))


def layer(root, name: str):
    found = [g for g in root.iter(f"{SVG_NS}g") if g.get("id") == name]
    assert len(found) == 1, f"one <g id={name!r}>"
    return found[0]


def runs_of(d: str) -> list[list[tuple[float, float]]]:
    """The point runs of a path's data (M x y L x y ... Z), a closed run ending on its first point."""
    found = []
    for part in re.findall(r"M[^M]*", d):
        points = [tuple(map(float, p.split())) for p in re.split(r"[MLZ]", part) if p.strip()]
        found.append(points + [points[0]] if part.rstrip().endswith("Z") else points)
    return found


def segments(group) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(a, b) for path in group.iter(f"{SVG_NS}path") for run in runs_of(path.get("d")) for a, b in zip(run, run[1:])]


def circles(group) -> list[tuple[float, float, float]]:
    return [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in group.iter(f"{SVG_NS}circle")]


def near_a_cut(point, cut_segments, cut_circles) -> bool:
    return (any(distance_to_segment(point, a, b) <= NEAR_MM for a, b in cut_segments)
            or any(abs(math.dist(point, (x, y)) - r) <= NEAR_MM for x, y, r in cut_circles))


def along(points, closed: bool = True, steps: int = 6) -> list[tuple[float, float]]:
    """Points spread along an outline's edges, corners included."""
    pairs = zip(points, points[1:] + points[:1] if closed else points[1:])
    return [(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps) for a, b in pairs for k in range(steps + 1)]


def printed_outlines(sheet: Path) -> list[list[tuple[float, float]]]:
    """Every cut-out thing's outline on a printed sheet SVG: pieces and stones (their outer edge), goal markers'
    and cards' edges, as points along them."""
    found = []
    for el in parse_svg(sheet).iter():
        if el.get("data-piece"):
            body = next(child for child in el if child.get("class") != "bleed")
            if body.tag == f"{SVG_NS}circle":
                cx, cy = float(body.get("cx")), float(body.get("cy"))
                r = float(body.get("r")) + float(body.get("stroke-width", 0)) / 2   # a stone's rim is inside its size
                found.append([(cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8)) for k in range(16)])
            else:
                found.append(along(points_of(body)))
        elif el.get("class") in ("cut", "card-edge") and el.tag == f"{SVG_NS}polygon":
            found.append(along(points_of(el)))
    return found


def test_the_sheets_of_cut_out_things_have_cut_files_and_nothing_else_does(kits):
    for name, files in CUT_FILES.items():
        assert sorted(p.name for p in kits[name].glob("*.cut.*")) == files
    assert sorted(p.name for p in kits["k"].iterdir()) == CUT_FILES["a"]   # formats: [cut] builds only those
    assert list(kits["plain"].glob("*.cut.*")) == []


@pytest.mark.parametrize("name", ["a", "h", "k"])
def test_no_edge_is_cut_twice(name, kits):
    each_edge_once(kits[name])


def each_edge_once(folder: Path) -> None:
    """Every cut file in `folder` cuts each stretch of an edge, and each circle, once."""
    for svg in cut_svgs(folder):
        cut = layer(parse_svg(svg), "cut")
        found = segments(cut)
        assert found or circles(cut), svg.name
        lines: dict[tuple, list[tuple[float, float]]] = {}
        for a, b in found:
            a, b = sorted((a, b))
            length = math.dist(a, b)
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            key = (round(ux, 4), round(uy, 4), round(a[0] * uy - a[1] * ux, 2))
            lines.setdefault(key, []).append(tuple(sorted((a[0] * ux + a[1] * uy, b[0] * ux + b[1] * uy))))
        for key, spans in lines.items():   # collinear cuts never overlap: no stretch of an edge is cut twice
            spans.sort()
            assert all(later[0] >= earlier[1] - 1e-3 for earlier, later in zip(spans, spans[1:])), (svg.name, key)
        assert len(set(circles(cut))) == len(circles(cut)), svg.name


def test_a_honeycomb_and_a_grid_of_cards_cut_each_shared_edge_once(kits):
    pieces = layer(parse_svg(kits["a"] / "pieces.cut.svg"), "cut")
    hexes = sum(1 for el in parse_svg(kits["a"] / "pieces.svg").iter() if (el.get("data-piece") or "").count("hexagon"))
    assert 0 < len(segments(pieces)) < 6 * hexes - 2   # shared edges once: far fewer than six per piece
    cards = layer(parse_svg(kits["a"] / "card-1.cut.svg"), "cut")
    slots = [el for el in parse_svg(kits["a"] / "card-1.svg").iter() if el.get("class") == "card-edge"]
    xs = {round(x, 3) for el in slots for x, _ in points_of(el)}
    ys = {round(y, 3) for el in slots for _, y in points_of(el)}
    assert len(segments(cards)) == len(xs) + len(ys)   # a grid of cards: each grid line one cut across


@pytest.mark.parametrize("name, sheet", [("a", "pieces"), ("a", "markers"), ("a", "card-1"), ("a", "card-2"),
                                         ("h", "stones")])
def test_every_printed_outline_is_on_a_cut(name, sheet, kits):
    cut = layer(parse_svg(kits[name] / f"{sheet}.cut.svg"), "cut")
    cut_segments, cut_circles = segments(cut), circles(cut)
    outlines = printed_outlines(kits[name] / f"{sheet}.svg")
    assert outlines
    missed = [p for outline in outlines for p in outline if not near_a_cut(p, cut_segments, cut_circles)]
    assert missed == []


@pytest.mark.parametrize("name", ["a", "h", "k"])
def test_cuts_are_red_hairlines_without_fill_and_folds_dashed(name, kits):
    for svg in cut_svgs(kits[name]):
        root = parse_svg(svg)
        assert [g.get(INKSCAPE_LABEL) for g in root if g.tag == f"{SVG_NS}g"] == ["cut", "fold", "registration"]
        for el in layer(root, "cut"):
            assert (el.get("fill"), el.get("stroke"), el.get("stroke-width")) == ("none", "#ff0000", "0.01"), svg.name
        for el in layer(root, "fold"):
            assert (el.get("fill"), el.get("stroke-width")) == ("none", "0.01") and el.get("stroke-dasharray"), svg.name
            assert el.get("stroke") != "#ff0000"   # a fold is scored, never cut through
        sheet = kits[name if name != "k" else "a"] / svg.name.replace(".cut", "")
        assert svg_size(root) == svg_size(parse_svg(sheet))   # the printed sheet's own size and frame


def svg_size(root) -> tuple[str | None, str | None, str | None]:
    return root.get("width"), root.get("height"), root.get("viewBox")


def test_the_markers_file_scores_each_card_on_its_printed_fold(kits):
    folds = segments(layer(parse_svg(kits["a"] / "markers.cut.svg"), "fold"))
    printed = [points_of(el) for el in parse_svg(kits["a"] / "markers.svg").iter() if el.get("class") == "fold"]
    assert len(folds) == len(printed) == 2
    assert sorted(tuple(sorted(f)) for f in folds) == sorted(tuple(sorted(p)) for p in printed)
    assert segments(layer(parse_svg(kits["a"] / "card-1.cut.svg"), "fold")) == []   # cards have no fold


def test_the_dxf_is_the_sheet_with_y_up(kits):
    root = parse_svg(kits["h"] / "stones.cut.svg")
    height = float(root.get("height")[:-2])
    on_page = sorted((round(x, 3), round(height - y, 3), r) for x, y, r in circles(layer(root, "cut")))
    doc = ezdxf.readfile(kits["h"] / "stones.cut.dxf")
    in_dxf = sorted((round(c.dxf.center.x, 3), round(c.dxf.center.y, 3), round(c.dxf.radius, 3))
                    for c in doc.modelspace().query("CIRCLE"))
    assert in_dxf == on_page


# The largest kerf a spec may give, alone and with a bleed: every sheet of cut-out things with it.
KERF_MAX = next(m.le for m in PrintSpec.model_fields["kerf_mm"].metadata if hasattr(m, "le"))
WIDE_CUTS = {"kerf": f"{{kerf_mm: {KERF_MAX}}}", "kerf-and-bleed": f"{{kerf_mm: {KERF_MAX}, bleed_mm: 0.5}}"}
PIECE_MM, STONE_MM, MARKER_MM = 20.0, 9.0, 70.0


@pytest.fixture(scope="module")
def wide(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Per print block of WIDE_CUTS, (Asterisk side 8: pieces, markers, card; Hex 5: stones), printed and cut, at
    stated sizes."""
    folder = tmp_path_factory.mktemp("wide")
    return {key: (build(folder, f"game: asterisk\nname: a-{key}\nboard: {{side: 8}}\npieces: {{size_mm: {PIECE_MM}}}\n"
                                f"markers: {{size_mm: {MARKER_MM}}}\noutputs: [pieces, markers, card]\n"
                                f"formats: [svg, cut]\nprint: {printing}\n"),
                  build(folder, f"game: hex\nname: h-{key}\nboard: {{size: 5}}\nstones: {{size_mm: {STONE_MM}}}\n"
                                f"outputs: [stones]\nformats: [svg, cut]\nprint: {printing}\n"))
            for key, printing in WIDE_CUTS.items()}


def _shapes(sheet: Path) -> list[tuple]:
    """Every cut-out thing on a printed sheet as ("polygon", corners) or ("circle", centre, radius): pieces and
    stones by their outer edge (a stone's rim is inside its size), goal markers' and cards' edges."""
    found: list[tuple] = []
    for el in parse_svg(sheet).iter():
        if el.get("data-piece"):
            body = next(child for child in el if child.get("class") != "bleed")
            if body.tag == f"{SVG_NS}circle":
                r = float(body.get("r")) + float(body.get("stroke-width", 0)) / 2
                found.append(("circle", (float(body.get("cx")), float(body.get("cy"))), r))
            else:
                found.append(("polygon", points_of(body)))
        elif el.get("class") in ("cut", "card-edge") and el.tag == f"{SVG_NS}polygon":
            found.append(("polygon", points_of(el)))
    return found


def _outside_by(point, shape) -> float:
    """How far `point` lies outside a shape (a convex polygon or a circle); negative inside it."""
    if shape[0] == "circle":
        return math.dist(point, shape[1]) - shape[2]
    corners = shape[1]
    edges = list(zip(corners, corners[1:] + corners[:1]))
    away = min(distance_to_segment(point, a, b) for a, b in edges)
    turns = [(b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]) for a, b in edges]
    return -away if all(t >= 0 for t in turns) or all(t <= 0 for t in turns) else away


@pytest.mark.parametrize("key", sorted(WIDE_CUTS))
@pytest.mark.parametrize("game, sheet", [(0, "pieces"), (0, "markers"), (0, "card-1"), (0, "card-2"), (1, "stones")])
def test_with_the_largest_kerf_no_cut_runs_into_a_piece(key, game, sheet, wide):
    """Regression: with a kerf and no bleed each honeycomb piece's cut ran a kerf inside its neighbour, each stone's
    half a kerf, and a grid of cards was cut twice, half a kerf each side of a shared line. With a kerf the pieces
    stand at least a kerf apart, so every cut, moved out by half the kerf, stays half a kerf or more outside every
    printed piece (the strip it burns touches none): two neighbours' cuts meet down the middle of the gap, one cut,
    or stay apart; and no edge is cut twice."""
    folder = wide[key][game]
    cut = layer(parse_svg(folder / f"{sheet}.cut.svg"), "cut")
    lines, rounds = segments(cut), circles(cut)
    shapes = _shapes(folder / f"{sheet.replace('-2', '-1')}.svg")   # the backs are cut on the fronts' grid
    assert (lines or rounds) and shapes
    points = [p for a, b in lines for p in along([a, b], closed=False, steps=max(1, int(math.dist(a, b))))]
    points += [(x + r * math.cos(k * math.pi / 16), y + r * math.sin(k * math.pi / 16)) for x, y, r in rounds for k in range(32)]
    inside = [(p, shape) for p in points for shape in shapes if _outside_by(p, shape) < KERF_MAX / 2 - 1e-3]
    assert inside == []
    for i, (x, y, r) in enumerate(rounds):   # round cuts never cross, and keep paper between them
        assert all(math.dist((x, y), (u, v)) > r + s + 0.5 for u, v, s in rounds[i + 1:])
    each_edge_once(folder)


def _grown_rect(points, by: float) -> list[tuple[float, float]]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return [(min(xs) - by, min(ys) - by), (max(xs) + by, min(ys) - by), (max(xs) + by, max(ys) + by), (min(xs) - by, max(ys) + by)]


def _grown_hexagon(size: float, centre, by: float) -> list[tuple[float, float]]:
    """A pointy hexagon `size` across flats grown `by` on every side: the same shape, size + 2 by across."""
    r = (size + 2 * by) / math.sqrt(3)
    return [(centre[0] + r * math.cos(math.radians(30 + 60 * k)), centre[1] + r * math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]


@pytest.mark.parametrize("key", sorted(WIDE_CUTS))
def test_with_the_largest_kerf_each_piece_prints_at_its_size_and_is_cut_half_a_kerf_outside_it(key, wide):
    """The printed pieces, stones, markers and cards keep the sizes the spec states; each is cut on the line half
    a kerf outside its printed outline, so once the kerf is burnt away it is that size."""
    asterisk, hex_kit = wide[key]
    half = KERF_MAX / 2
    on_cut = {}
    for folder, sheet in ((asterisk, "pieces"), (asterisk, "markers"), (asterisk, "card-1"), (hex_kit, "stones")):
        cut = layer(parse_svg(folder / f"{sheet}.cut.svg"), "cut")
        on_cut[sheet] = (segments(cut), circles(cut))
    pieces = [silhouette(el) for el in parse_svg(asterisk / "pieces.svg").iter() if el.get("data-piece")]
    stones = [el for el in parse_svg(hex_kit / "stones.svg").iter() if el.get("data-piece")]
    assert len(pieces) == 36 and stones
    for shape, size, centre in pieces:
        if shape == "circle":
            assert size == pytest.approx(PIECE_MM, abs=0.01)
            assert any(math.dist(centre, (x, y)) < 1e-3 and r == pytest.approx(PIECE_MM / 2 + half, abs=1e-3)
                       for x, y, r in on_cut["pieces"][1])
        else:
            assert size == pytest.approx(PIECE_MM, abs=0.01)
            assert all(near_a_cut(p, *on_cut["pieces"]) for p in along(_grown_hexagon(size, centre, half)))
    for stone in stones:
        (x, y, r), = [(u, v, s) for u, v, s in on_cut["stones"][1]
                      if math.dist((u, v), (float(stone[-1].get("cx")), float(stone[-1].get("cy")))) < 1e-3]
        assert r == pytest.approx(STONE_MM / 2 + half, abs=1e-3)
    markers = [points_of(el) for el in parse_svg(asterisk / "markers.svg").iter()
               if el.get("class") == "cut" and el.tag == f"{SVG_NS}polygon"]
    cards = [points_of(el) for el in parse_svg(asterisk / "card-1.svg").iter() if el.get("class") == "card-edge"]
    assert len(markers) == 2 and cards
    for sheet, outlines, width in (("markers", markers, MARKER_MM), ("card-1", cards, 85.0)):
        for outline in outlines:
            xs = [x for x, _ in outline]
            assert max(xs) - min(xs) == pytest.approx(width, abs=0.01)
            assert all(near_a_cut(p, *on_cut[sheet]) for p in along(_grown_rect(outline, half)))


def test_without_a_kerf_the_pieces_still_share_their_cuts(kits):
    """No kerf, no gap: the honeycomb and the card grid still share their edges, as before."""
    hexes = [silhouette(el) for el in parse_svg(kits["a"] / "pieces.svg").iter()
             if "hexagon" in (el.get("data-piece") or "")]
    closest = min(math.dist(a[2], b[2]) for i, a in enumerate(hexes) for b in hexes[i + 1:])
    assert closest == pytest.approx(hexes[0][1], abs=1e-3)
    lefts = sorted({min(points_of(el))[0] for el in parse_svg(kits["a"] / "card-1.svg").iter() if el.get("class") == "card-edge"})
    assert lefts[1] - lefts[0] == pytest.approx(85.0)


def marks_of(root) -> list[list[tuple[float, float]]]:
    return sorted(points_of(el) for el in layer(root, "registration"))


@pytest.mark.parametrize("sheet", ["pieces", "markers", "card-1"])
def test_registration_marks_stand_at_the_same_place_on_the_sheet_and_in_the_cut_file(sheet, kits):
    marks = marks_of(parse_svg(kits["a"] / f"{sheet}.cut.svg"))
    assert len(marks) == 3
    square = marks[0]
    assert {len(m) for m in marks} == {4, 6} and min(square) == (10.0, 10.0)   # the square at the margins' corner
    printed = [sorted(points_of(el)) for g in parse_svg(kits["a"] / f"{sheet}.svg").iter()
               if "registration" in (g.get("class") or "") for el in g]
    assert sorted(printed) == sorted(sorted(m) for m in marks)
    pdf = pdfium.PdfDocument(kits["a"] / f"{sheet.split('-')[0]}.pdf")
    paths = pdf_paths_mm(pdf[0])
    for mark in marks:
        assert any(len(path) >= len(mark) and all(min(math.dist(p, q) for q in path) < 0.01 for p in mark)
                   for path in paths), mark


@pytest.mark.parametrize("name, sheet", [("a", "pieces"), ("a", "markers"), ("a", "card-1"), ("big", "pieces-1")])
def test_the_marks_stand_clear_of_everything_else_printed(name, sheet, kits):
    marks = marks_of(parse_svg(kits[name] / f"{sheet}.cut.svg"))
    boxes = [(min(x for x, _ in m), min(y for _, y in m), max(x for x, _ in m), max(y for _, y in m)) for m in marks]
    page = pdfium.PdfDocument(kits[name] / f"{sheet.split('-')[0]}.pdf")[0]
    others = [(min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p), max(y for _, y in p))
              for p in pdf_paths_mm(page) if p] + pdf_text_boxes_mm(page)
    clear = 1.0   # mm kept between a mark and anything else
    for box in boxes:
        touching = [o for o in others if o[0] < box[2] + clear and box[0] - clear < o[2] and o[1] < box[3] + clear
                    and box[1] - clear < o[3] and not all(abs(u - v) < 0.01 for u, v in zip(o, box))]
        assert touching == [], (box, touching[:3])


def test_without_cut_the_sheets_print_no_marks(kits):
    for sheet in ("pieces.svg", "markers.svg", "card-1.svg"):
        root = parse_svg(kits["plain"] / sheet)
        assert not [g for g in root.iter() if "registration" in (g.get("class") or "")]
        title = next(el for el in root.iter(f"{SVG_NS}text") if el.get("class") == "title")
        assert float(title.get("x")) == 10.0   # where the title always starts; with marks it moves right
    title = next(el for el in parse_svg(kits["a"] / "pieces.svg").iter(f"{SVG_NS}text") if el.get("class") == "title")
    assert float(title.get("x")) > 15.0


def test_cut_files_are_the_same_bytes_every_build(kits, tmp_path):
    again = build(tmp_path, KERFED)
    assert [p.read_bytes() for p in sorted(again.iterdir())] == [p.read_bytes() for p in sorted(kits["k"].iterdir())]


def test_every_game_draws_cuts_on_exactly_its_cut_out_sheets(kits):
    from pnp.build import compose
    from pnp.spec.base import CUT_ASSETS
    from pnp.spec.read import read_kit

    for name in ("a", "h"):
        kit = read_kit(kits[name].parent.parent / f"{name}.yaml")
        for asset in kit.spec.outputs:
            pages = compose(kit, asset).pages
            assert {page.cuts is not None for page in pages} == {asset in CUT_ASSETS}, asset


@pytest.mark.parametrize("spec, args, message", [
    (SIDE_8.format(name="bad") + "print: {kerf_mm: 2.5}\n", (), "bad.yaml:5: print.kerf_mm: must be at most 2"),
    (SIDE_8.format(name="bad") + "print: {kerf_mm: -0.1}\n", (), "bad.yaml:5: print.kerf_mm:"),
    ("game: asterisk\nname: bad\noutputs: [board]\nformats: [cut]\n", (),
     "bad.yaml:4: formats: board is not a sheet of cut-out things, so cut makes no file of it"),
    ("game: asterisk\nname: bad\npaper: {width_mm: 100, height_mm: 150}\nprint: {margin_mm: 21}\nboard: {side: 8}\n"
     "outputs: [pieces]\npieces: {size_mm: 10}\n", ("-f", "cut"),   # fine without cut: the bar fits, not beside the marks
     "print.margin_mm: 21 mm margins leave 58 mm across 100 x 150 mm paper, less than the 50 mm calibration bar"),
])
def test_bad_cut_input_is_exit_2_naming_the_field(spec, args, message, tmp_path):
    path = write_spec(tmp_path, spec, "bad.yaml")
    done = run_pnp("build", str(path), "--out", str(tmp_path / "out"), *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


def test_a_diagram_is_never_a_cut_file(tmp_path):
    """`pnp diagram --help` does not offer cut, and -f cut is refused with the formats a diagram takes."""
    from conftest import ROOT

    done = run_pnp("diagram", str(ROOT / "examples" / "positions" / "hex-7-red-wins.yaml"), "-f", "cut",
                   "--out", str(tmp_path / "d"))
    assert done.returncode == 2 and "'cut' is not one of 'svg', 'pdf', 'png', 'gif', 'apng'" in done.stderr
    assert list(tmp_path.iterdir()) == []
    offered = run_pnp("diagram", "--help").stdout
    assert "<svg|pdf|png|gif|apng>" in offered and "cut" not in offered


def _dxf_entities(path: Path) -> Counter:
    """The DXF's entities as (kind, layer, rounded numbers), a LINE's ends in order."""
    found = Counter()
    for e in ezdxf.readfile(path).modelspace():
        if e.dxftype() == "LINE":
            ends = sorted([(round(e.dxf.start.x, 3), round(e.dxf.start.y, 3)), (round(e.dxf.end.x, 3), round(e.dxf.end.y, 3))])
            found[("LINE", e.dxf.layer, tuple(ends))] += 1
        else:
            found[(e.dxftype(), e.dxf.layer, (round(e.dxf.center.x, 3), round(e.dxf.center.y, 3), round(e.dxf.radius, 3)))] += 1
    return found


def _svg_entities(pages: list[Path]) -> Counter:
    """What the DXF must hold for these cut SVG pages: each page y up, the next PAGE_GAP_MM to the right."""
    from pnp.writers.cut_dxf import PAGE_GAP_MM

    found, left = Counter(), 0.0
    for page in pages:
        root = parse_svg(page)
        height = float(root.get("height")[:-2])

        def at(x, y):
            return (round(left + x, 3), round(height - y, 3))

        for name, kind in (("cut", "CUT"), ("fold", "FOLD")):
            for a, b in segments(layer(root, name)):
                found[("LINE", kind, tuple(sorted([at(*a), at(*b)])))] += 1
        for x, y, r in circles(layer(root, "cut")):
            found[("CIRCLE", "CUT", (*at(x, y), round(r, 3)))] += 1
        left += float(root.get("width")[:-2]) + PAGE_GAP_MM
    return found


@pytest.mark.parametrize("name, asset", [("a", "pieces"), ("a", "markers"), ("a", "card"), ("h", "stones"), ("k", "pieces")])
def test_the_dxf_is_r12_passes_ezdxfs_audit_and_holds_exactly_the_svgs_paths(name, asset, kits):
    """pnp writes the DXF itself (R12, ASCII): ezdxf reads it back, its audit finds nothing to fix, and every LINE
    and CIRCLE is a cut SVG's segment or circle at the same place (y up, pages side by side), none missing."""
    doc = ezdxf.readfile(kits[name] / f"{asset}.cut.dxf")
    auditor = doc.audit()
    assert doc.dxfversion == "AC1009" and not auditor.has_errors and not auditor.has_fixes, [*auditor.errors, *auditor.fixes]
    assert doc.header["$INSUNITS"] == 4 and doc.header["$MEASUREMENT"] == 1
    assert {layer.dxf.name: (layer.dxf.color, layer.dxf.linetype) for layer in doc.layers
            if layer.dxf.name in ("CUT", "FOLD")} == {"CUT": (1, "CONTINUOUS"), "FOLD": (5, "DASHED")}
    pages = sorted(kits[name].glob(f"{asset}*.cut.svg"), key=lambda p: [int(n) for n in re.findall(r"\d+", p.name)])
    assert _dxf_entities(kits[name] / f"{asset}.cut.dxf") == _svg_entities(pages)


def test_a_cut_build_never_imports_ezdxf(tmp_path):
    """ezdxf is only a test dependency: a cut build in a Python where importing it fails writes the same DXF."""
    import subprocess
    import sys

    from conftest import ROOT, pnp_env

    spec = write_spec(tmp_path, STONES_CUT, "h.yaml")
    code = "import sys; sys.modules['ezdxf'] = None; from pnp.cli import main; sys.argv[0] = 'pnp'; main()"
    done = subprocess.run([sys.executable, "-c", code, "build", str(spec), "--out", str(tmp_path / "out"), "-q"],
                          cwd=ROOT, env=pnp_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _dxf_entities(tmp_path / "out" / "h" / "stones.cut.dxf") == _svg_entities([tmp_path / "out" / "h" / "stones.cut.svg"])


STRAY_INI = {"garbage": b"this is no ini file\n[", "utf-16": "[core]\ndefault_dimension_text_style = x\n".encode("utf-16"),
             "settings": b"[core]\nwrite_fixed_meta_data_for_testing = false\nuse_matplotlib = true\n"}


@pytest.mark.parametrize("ini", sorted(STRAY_INI))
def test_a_stray_ezdxf_ini_in_the_working_folder_or_home_changes_nothing(ini, tmp_path):
    """A downloaded kit folder may hold an ezdxf.ini: a build run there (and with one in the user's config folder)
    writes the same bytes as anywhere else, exit 0, and writes nothing in the user's home."""
    import subprocess

    from conftest import PNP_COMMAND, pnp_env

    spec = write_spec(tmp_path, STONES_CUT, "h.yaml")
    clean, there, home = tmp_path / "clean", tmp_path / "kit", tmp_path / "home"
    for folder in (clean, there, home / ".config" / "ezdxf"):
        folder.mkdir(parents=True)
    for folder in (there, home / ".config" / "ezdxf"):
        (folder / "ezdxf.ini").write_bytes(STRAY_INI[ini])
    env = {k: v for k, v in pnp_env().items() if not k.startswith("XDG_")} | {"HOME": str(home)}
    for cwd in (clean, there):
        done = subprocess.run([*PNP_COMMAND, "build", str(spec), "--out", "out", "-q"], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stderr == "", done.stderr
    assert {p.name: p.read_bytes() for p in (there / "out" / "h").iterdir()} == \
           {p.name: p.read_bytes() for p in (clean / "out" / "h").iterdir()}
    assert [p.relative_to(home).as_posix() for p in sorted(home.rglob("*"))] == [".config", ".config/ezdxf", ".config/ezdxf/ezdxf.ini"]


def test_a_cut_build_killed_at_any_moment_leaves_nothing_in_tmpdir(tmp_path):
    """A cut build given a $TMPDIR of its own is killed (SIGKILL) the moment anything appears there; whether it
    was killed or ran to its end, the folder is empty: a build leaves nothing outside --out, even killed."""
    import signal
    import subprocess
    import time

    from conftest import PNP_COMMAND, ROOT, pnp_env

    spec = write_spec(tmp_path, SIDE_8.format(name="a") + "formats: [svg, cut]\n", "a.yaml")
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    proc = subprocess.Popen([*PNP_COMMAND, "build", str(spec), "--out", str(tmp_path / "out"), "-q"], cwd=ROOT,
                            env=pnp_env(TMPDIR=str(tmpdir)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while proc.poll() is None and not os.listdir(tmpdir):
        assert time.monotonic() < deadline
        time.sleep(0.001)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert os.listdir(tmpdir) == [], f"left in $TMPDIR: {os.listdir(tmpdir)}"
    assert proc.returncode == 0, err
