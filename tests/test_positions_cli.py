"""`pnp score` and `pnp diagram` as a user runs them: bad position files, reports, JSON, diagrams on disk.

Every bad position must exit 2 from both commands with one line per problem,
`file:line: field: message`, and write nothing. Diagrams are checked where
they are drawn: each piece's group lies on the cell its position names, each
star on its point, the chains and seas as the referee found them; the PDF is
rendered to pixels.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import ROOT, SVG_NS, files_under, parse_svg, run_pnp, svg_elements_with
from test_spec_errors import Case  # the bad-spec corpus's case: id, text, line, field, must, problems

from pnp import registry

EXAMPLES = ROOT / "examples" / "positions"
HERE = Path(__file__).resolve().parent / "positions"


A8 = "game: asterisk\nboard: {side: 8}\n"
SKY = "game: starry-night\nstars: [[0, 0], [6, 0], [0, 6], [1, 1], [9, 9], [20, 0]]\n"

CASES = [
    Case("yaml-syntax", "game: asterisk\npieces: {a1: [\n", must=("YAML",)),
    Case("empty", "", must=("empty", "asterisk")),
    Case("top-level-list", "- game: asterisk\n", line=1, must=("a list",)),
    Case("no-game", "pieces: {}\n", line=1, field="game", must=("starry-night",)),
    Case("unknown-game", "game: chess\n", line=1, field="game", must=("chess", "asterisk")),
    Case("a-spec-key", A8 + "name: x\n", line=3, field="name", must=("this is a kit spec", "pnp build ")),
    Case("side-9", "game: asterisk\nboard: {side: 9}\n", line=2, field="board.side", must=("45 cells", "8, 11")),
    Case("cell-not-on-board", A8 + "pieces: {a1: dark-hexagon-empty, j9: dark-circle-empty}\n", line=3,
         field="pieces.j9", must=("not a cell of the side-8 board", "h8")),
    Case("cell-upper-case", A8 + "pieces:\n  B2: light-hexagon-empty\n", line=4, field="pieces.B2", must=("'b2'",)),
    Case("piece-type-typo", A8 + "pieces:\n  a1: dark-hexagon-emty\n", line=4, field="pieces.a1",
         must=("'dark-hexagon-empty'",)),
    Case("piece-is-a-goal-set", A8 + "pieces:\n  a1: light-circle-empty\n", line=4, field="pieces.a1",
         must=("goals", "not a piece")),
    Case("cell-twice", A8 + "pieces:\n  a1: dark-hexagon-empty\n  a1: dark-circle-empty\n", line=5,
         must=("duplicate", "a1", "line 4")),
    Case("seven-of-a-type", A8 + "pieces:\n" + "".join(f"  {c}8: dark-circle-empty\n" for c in "abcdefg"), line=10,
         field="pieces.g8", must=("7 times", "holds 6")),
    Case("pieces-a-list", A8 + "pieces: [a1, b2]\n", line=3, field="pieces", must=("mapping",)),
    Case("highlight-twice", A8 + "highlight: [a1, a1]\n", line=3, field="highlight[1]", must=("highlight[0]",)),
    Case("mark-too-long", A8 + "marks:\n  c5: abc\n", line=4, field="marks.c5", must=("letter",)),
    Case("typo-key", A8 + "peices: {}\n", line=3, field="peices", must=("'pieces'",)),
    Case("asterisk-three-at-once", A8 + "pieces:\n  z1: dark-hexagon-empty\n  a1: blue\nhighlight: [q9]\n", line=4,
         problems=3),
    Case("sky-missing", "game: starry-night\nedges: []\n", field="stars", must=("code",)),
    Case("sky-both", SKY + "code: 106A-H61J-GAXD\n", line=2, field="stars", must=("not both",)),
    Case("sky-bad-code", "game: starry-night\ncode: 106A-H61J-GAXZ\n", line=2, field="code", must=("check character",)),
    Case("star-twice", "game: starry-night\nstars: [[0, 0], [4, 1], [0, 0]]\n", line=2, field="stars[2]",
         must=("stars[0]",)),
    Case("star-negative", "game: starry-night\nstars: [[0, 0], [4, 1], [-1, 3]]\n", line=2, field="stars[2][0]",
         must=("at least 0",)),
    Case("edge-no-star", SKY + "edges: [[0, 7]]\n", line=3, field="edges[0]", must=("star 7", "0 to 5")),
    Case("edge-three-ends", SKY + "edges: [[0, 1, 2]]\n", line=3, field="edges[0]", must=("at most 2",)),
    Case("edge-repeats", SKY + "edges:\n  - [0, 1]\n  - [1, 0]\n", line=5, field="edges[1]",
         must=("move 2: the edge 1-0 repeats the edge of move 1 (0-1)",)),
    Case("edge-through-star", SKY + "edges:\n  - [0, 4]\n", line=4, field="edges[0]",
         must=("move 1: the edge 0-4 passes through star 3",)),
    Case("edge-crosses", SKY + "edges:\n  - [1, 2]\n  - [3, 4]\n", line=5, field="edges[1]",
         must=("move 2: the edge 3-4 crosses the edge of move 1 (1-2)",)),
    Case("edge-in-captured-sea", SKY + "edges:\n  - [0, 1]\n  - [1, 2]\n  - [2, 0]\n  - [2, 4]\n  - [0, 3]\n  - [1, 3]\n",
         line=9, field="edges[5]",
         must=("move 6: the edge 1-3 is drawn inside the sea that First captured with move 5",)),
    Case("edge-after-the-end", SKY + "edges: [[0, 1], [1, 5], [5, 4], [4, 2], [2, 3], [0, 2]]\n", line=3,
         field="edges[5]", must=("move 6: the edge 0-2 comes after the game ended: move 5 joined the last star",)),
    Case("highlight-no-star", SKY + "highlight: [6]\n", line=3, field="highlight[0]", must=("star 6",)),
    Case("mark-no-star", SKY + "marks: {9: a}\n", line=3, field="marks[9]", must=("star 9",)),
    Case("sky-three-at-once", SKY + "edges:\n  - [0, 9]\n  - [0, 0]\nmarks: {9: a}\n", line=4, problems=3),
    # Found by tests/test_fuzz_cli.py: the diagram failed with exit 1 when no font had a caption's character.
    Case("caption-undrawable", A8 + 'caption: "\\u02EF"\n', line=3, field="caption", must=("U+02EF",)),
    Case("caption-two-lines", A8 + 'caption: "one\\ntwo"\n', line=3, field="caption", must=("line break",)),
]


def _refused(result, path: Path, tmp_path: Path, before: list[Path]) -> list[str]:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and all(line.startswith(f"{path}:") for line in lines), lines
    assert files_under(tmp_path) == before, "a refused position must write nothing"
    return lines


def refused_everywhere(text: str, line: int, field: str, must: str, tmp_path: Path) -> None:
    """A position file that `pnp score` and `pnp diagram` both refuse, first naming the line and field, saying `must`."""
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    for command in (["score", str(path)], ["diagram", str(path), "--out", str(tmp_path / "d.svg")]):
        lines = _refused(run_pnp(*command, cwd=tmp_path), path, tmp_path, [path])
        assert lines[0].startswith(f"{path}:{line}: {field}: ") and must in lines[0], lines


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_position_is_refused(case: Case, tmp_path: Path):
    path = tmp_path / "position.yaml"
    path.write_text(case.text, encoding="utf-8")
    before = files_under(tmp_path)
    for command in (["score", str(path)], ["diagram", str(path), "--out", str(tmp_path / "d.svg")]):
        lines = _refused(run_pnp(*command, cwd=tmp_path), path, tmp_path, before)
        assert len(lines) == case.problems, lines
        where = f"{path}:{case.line}: " if case.line is not None else f"{path}:"
        said = [f": {case.field}: "] if case.field is not None else []
        assert lines[0].startswith(where), lines[0]
        assert [w for w in [*said, *case.must] if w not in lines[0]] == [], lines[0]


def test_a_missing_position_file(tmp_path: Path):
    _refused(run_pnp("score", str(tmp_path / "none.yaml"), cwd=tmp_path), tmp_path / "none.yaml", tmp_path, [])


# --- score -------------------------------------------------------------------------------------------


def test_score_reports_and_prints_json():
    path = EXAMPLES / "asterisk-8-light-wins.yaml"
    report = run_pnp("score", str(path))
    assert report.returncode == 0, report.stderr
    assert "winner: light-circle-empty" in report.stdout and "35 of 36 cells" in report.stdout
    data = json.loads(run_pnp("score", str(path), "--json").stdout)
    assert data["winner"] == "light-circle-empty" and data["goals"]["light"] and data["goals"]["circle"]


def test_score_of_every_example_and_test_position_exits_0():
    paths = sorted(EXAMPLES.glob("*.yaml")) + sorted(HERE.glob("*.yaml"))
    for path in paths:
        done = run_pnp("score", str(path), "--json")
        assert done.returncode == 0, (path, done.stderr)
        assert json.loads(done.stdout)["game"] in registry.names()


# --- diagram ------------------------------------------------------------------------------------------


def _diagram(tmp_path: Path, position: Path, *args: str) -> Path:
    done = run_pnp("diagram", str(position), *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / done.stdout.strip()


def test_diagram_default_file_and_size(tmp_path: Path):
    path = _diagram(tmp_path, EXAMPLES / "asterisk-8-light-wins.yaml")
    assert path == tmp_path / "output" / "diagrams" / "asterisk-8-light-wins.svg"
    assert files_under(tmp_path) == [path], "a diagram writes its one file and nothing else"
    root = parse_svg(path)
    assert root.get("width") == "80mm"
    wide = parse_svg(_diagram(tmp_path, EXAMPLES / "asterisk-8-light-wins.yaml", "--width-mm", "120", "--out", "w.svg"))
    assert wide.get("width") == "120mm"


def _centre(group) -> tuple[float, float]:
    """The centre of a piece's silhouette (its first child: a circle or a hexagon)."""
    body = list(group)[0]
    if body.tag == f"{SVG_NS}circle":
        return float(body.get("cx")), float(body.get("cy"))
    points = [tuple(map(float, p.split(","))) for p in body.get("points").split()]
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _polygon(element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in element.get("points").split()]


def _inside(point, polygon) -> bool:
    """Convex polygon test: the point is on the same side of every edge."""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        signs.add((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0)
    return len(signs) == 1


def test_asterisk_diagram_puts_each_piece_on_its_cell(tmp_path: Path):
    import yaml

    position = EXAMPLES / "asterisk-8-light-wins.yaml"
    root = parse_svg(_diagram(tmp_path, position))
    cells = {el.get("data-cell"): _polygon(el) for el in svg_elements_with(root, "data-cell")}
    assert len(cells) == 36
    pieces = yaml.safe_load(position.read_text())["pieces"]
    drawn = [(g.get("data-piece"), _centre(g)) for g in svg_elements_with(root, "data-piece")]
    assert len(drawn) == len(pieces) == 35
    for kind, centre in drawn:
        (cell,) = [c for c, polygon in cells.items() if _inside(centre, polygon)]
        assert pieces[cell] == kind, (cell, kind)
    assert sorted(g.get("data-chain") for g in svg_elements_with(root, "data-chain")) == ["circle", "light"]
    caption = " ".join(t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "caption")
    assert caption == "Light wins: light and circle connect all three sides"


def test_asterisk_diagram_without_chains_keeps_the_pieces_and_the_winner(tmp_path: Path):
    """`chains: false` (the booklet's six piece types) draws no chain and no key, but still checks the caption."""
    text = (EXAMPLES / "asterisk-8-light-wins.yaml").read_text() + "chains: false\n"
    (tmp_path / "p.yaml").write_text(text)
    root = parse_svg(_diagram(tmp_path, tmp_path / "p.yaml"))
    assert len(svg_elements_with(root, "data-piece")) == 35
    assert svg_elements_with(root, "data-chain") == []
    caption = " ".join(t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "caption")
    assert caption.startswith("Light wins")


@pytest.mark.parametrize("width, size", [(40, 2.6), (80, 3.0), (160, 6.0)])
def test_caption_scales_with_the_diagram_but_stays_readable(tmp_path: Path, width: int, size: float):
    svg = _diagram(tmp_path, EXAMPLES / "asterisk-8-light-wins.yaml", "--width-mm", str(width))
    sizes = {float(t.get("font-size")) for t in parse_svg(svg).iter(f"{SVG_NS}text") if t.get("class") == "caption"}
    assert len(sizes) == 1 and sizes.pop() == pytest.approx(size)


def test_asterisk_diagram_marks_highlights_and_a_given_caption(tmp_path: Path):
    text = (HERE / "asterisk-one-each.yaml").read_text() + "caption: A two-way stretch at b8 and c8\n"
    (tmp_path / "p.yaml").write_text(text)
    root = parse_svg(_diagram(tmp_path, tmp_path / "p.yaml"))
    assert sorted(el.get("data-mark") for el in svg_elements_with(root, "data-mark")) == ["a", "a", "b"]
    tinted = {el.get("data-cell"): el.get("fill") for el in svg_elements_with(root, "data-cell")}
    assert tinted["b8"] == tinted["c8"] != tinted["d8"]
    texts = [t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "caption"]
    assert texts == ["A two-way stretch at b8 and c8"]


def test_starry_diagram_draws_stars_edges_and_seas(tmp_path: Path):
    root = parse_svg(_diagram(tmp_path, EXAMPLES / "starry-night-peninsula.yaml", "--out", "p.svg"))
    stars = {el.get("data-star"): el.get("data-at") for el in svg_elements_with(root, "data-star")}
    assert stars == {f"1:{k}": f"{x},{y}" for k, (x, y) in enumerate([(1, 1), (7, 1), (4, 6), (4, 3), (10, 5), (2, 8)])}
    seas = {el.get("data-sea"): el.get("data-captured-by") for el in svg_elements_with(root, "data-sea")}
    assert seas == {"1-4-2": "first", "0-1-2-0-3": "second"}
    moves = [(el.get("data-move"), el.get("data-player")) for el in svg_elements_with(root, "data-move")]
    assert moves == [(str(k), "first" if k % 2 else "second") for k in range(1, 8)]


def test_starry_diagram_rings_islands(tmp_path: Path):
    root = parse_svg(_diagram(tmp_path, HERE / "starry-island.yaml"))
    assert len([el for el in root.iter() if el.get("class") == "island"]) == 1


def test_diagram_as_pdf_renders(tmp_path: Path):
    import pypdfium2 as pdfium

    path = _diagram(tmp_path, EXAMPLES / "starry-night-tie.yaml", "--format", "pdf")
    assert path.name == "starry-night-tie.pdf"
    page = pdfium.PdfDocument(path)[0]
    assert round(page.get_width() * 25.4 / 72, 1) == 80.0
    image = page.render(scale=1).to_pil().convert("L")
    assert image.getextrema()[0] < 60, "the diagram prints something dark"


@pytest.mark.parametrize("args, message", [
    (["--out", "d.tiff"], ".svg, .pdf, .png, .gif or .apng"),
    (["--out", "d.svg", "--format", "pdf"], "make them agree"),
    (["--width-mm", "5"], "--width-mm"),
    (["--format", "tiff"], "--format"),
])
def test_diagram_options_that_cannot_work(tmp_path: Path, args: list[str], message: str):
    done = run_pnp("diagram", str(EXAMPLES / "asterisk-8-light-wins.yaml"), *args, cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert files_under(tmp_path) == []


def test_diagram_into_a_folder_and_over_an_old_file(tmp_path: Path):
    (tmp_path / "figs").mkdir()
    path = _diagram(tmp_path, HERE / "starry-closed.yaml", "--out", "figs", "--format", "pdf")
    assert path == tmp_path / "figs" / "starry-closed.pdf"
    first = path.read_bytes()
    assert _diagram(tmp_path, HERE / "starry-closed.yaml", "--out", "figs/starry-closed.pdf").read_bytes() == first
    assert [p.name for p in files_under(tmp_path)] == ["starry-closed.pdf"]
    assert not [n for n in os.listdir(tmp_path / "figs") if n.startswith(".")], "no temporary left behind"


@pytest.mark.parametrize("config", ["hex-11.yaml", "starry-night.yaml", "asterisk-8.yaml"])
def test_a_kit_spec_given_for_a_position_is_said_to_be_one(config: str, tmp_path: Path):
    """A spec (its `name:`) handed to pnp score or pnp diagram: one line saying what it is and what reads it, not a
    list of the keys a position lacks."""
    text = (Path(__file__).resolve().parent.parent / "configs" / config).read_text(encoding="utf-8")
    line = text.splitlines().index(next(l for l in text.splitlines() if l.startswith("name:"))) + 1
    refused_everywhere(text, line, "name", "this is a kit spec (it has `name:`), not a position; `pnp build ", tmp_path)
