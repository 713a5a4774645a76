"""Starry Night's edges as a record: `--at N` on score and diagram, numbered diagrams, refusals named by the move.

Random legal records (fixed seeds, each edge picked among those the referee allows) score after move N exactly
as the same sky with only their first N edges; their diagrams number the edges 1..N in both writers, the last
one ringed, no number under 5 pt and none under a star; a refused edge names its move and its line.
"""

from __future__ import annotations

import json
import math
import random
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml

from conftest import PT_PER_MM, SVG_NS, parse_svg, run_pnp
from pnp.boards.move_numbers import READABLE_MM
from pnp.games.starry_night.position import StarryPosition, sky_of
from pnp.games.starry_night.referee import IllegalEdge, drawing_problems, replay

CODE = "106A-H61J-GAXD"    # the first sky of configs/starry-night.yaml: 12 stars
SEEDS = (1, 2, 3)
JOINED_FIRST = 0.7         # how often a random player prefers an edge between stars already joined (seas close)
AT_ONLY = ("moves", "at")  # what --at adds to a score's JSON
WHITE = "#ffffff"


def legal_record(stars: list[tuple[int, int]], rng: random.Random) -> list[tuple[int, int]]:
    """Edges drawn until the game ends, each one the referee allows after the others, picked at random."""
    edges: list[tuple[int, int]] = []
    while not replay(stars, edges).over:
        pairs = list(combinations(range(len(stars)), 2))
        rng.shuffle(pairs)
        joined = {s for edge in edges for s in edge}
        if rng.random() < JOINED_FIRST:
            pairs.sort(key=lambda pair: not set(pair) <= joined)
        for a, b in pairs:
            edge = (a, b) if rng.random() < 0.5 else (b, a)
            if not drawing_problems(stars, [*edges, edge]) and _replays(stars, [*edges, edge]):
                edges.append(edge)
                break
        else:
            break
    return edges


def _replays(stars: list[tuple[int, int]], edges: list[tuple[int, int]]) -> bool:
    try:
        replay(stars, edges)
    except IllegalEdge:
        return False
    return True


def position_text(edges: list[tuple[int, int]], sky: str, extra: str = "") -> str:
    """A position file, one edge a line (so each edge's line is its index + the line of `edges:` + 1)."""
    listed = "".join(f"\n  - [{a}, {b}]" for a, b in edges) or " []"
    return f"game: starry-night\n{sky}\n{extra}edges:{listed}\n"


def random_sky(rng: random.Random) -> tuple[list[tuple[int, int]], str]:
    stars = rng.sample([(x, y) for x in range(9) for y in range(9)], 9)
    return stars, "stars: " + json.dumps([list(p) for p in stars])


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[tuple[Path, list[tuple[int, int]]]]:
    """A record per seed on a random sky, and one on a printed sky's code."""
    folder = tmp_path_factory.mktemp("starrec")
    found = []
    for seed in SEEDS:
        rng = random.Random(seed)
        stars, sky = random_sky(rng) if seed != SEEDS[-1] else (list(sky_of(CODE).stars), f"code: {CODE}")
        edges = legal_record(stars, rng)
        path = folder / f"record-{seed}.yaml"
        path.write_text(position_text(edges, sky))
        found.append((path, edges))
    return found


def score_json(*args: str) -> dict:
    done = run_pnp("score", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_random_records_are_games_with_seas(records):
    for path, edges in records:
        night = replay(StarryPosition.model_validate({"game": "starry-night", **_sky_of(path)}).points(), edges)
        assert night.over and len(edges) >= 8 and any(sea.captured_by for sea in night.seas), (path.name, edges)


def _sky_of(path: Path) -> dict:
    data = yaml.safe_load(path.read_text())
    return {key: data[key] for key in ("stars", "code") if key in data}


def test_score_at_n_is_the_record_cut_at_n(records, tmp_path: Path):
    for path, edges in records:
        sky = path.read_text().split("\nedges:")[0].split("\n", 1)[1]
        for n in range(len(edges) + 1):
            cut = tmp_path / f"{path.stem}-{n}.yaml"
            cut.write_text(position_text(edges[:n], sky))
            at, alone = score_json(str(path), "--at", str(n)), score_json(str(cut))
            assert (at["moves"], at["at"]) == (len(edges), n)
            assert _without_record(at) == _without_record(alone)
            assert alone["moves"] == n        # the cut file's own record (or, at 0, no edges drawn)


def _without_record(scored: dict) -> dict:
    return {key: value for key, value in scored.items() if key not in AT_ONLY}


def test_the_report_says_which_move_it_is_after(records):
    path, edges = records[0]
    lines = run_pnp("score", str(path), "--at", "3").stdout.splitlines()
    assert lines[0] == f"After move 3 of {len(edges)}." and lines[1].startswith("Starry Night: 9 stars, 3 edges; ")
    assert run_pnp("score", str(path)).stdout.splitlines()[0] == f"After move {len(edges)} of {len(edges)}."


def test_the_model_cuts_its_record_and_numbers_its_edges(records):
    path, edges = records[0]
    position = StarryPosition.model_validate({**yaml.safe_load(path.read_text()), "caption": "Our club game"})
    assert position.record_length() == len(edges)
    assert position.move_numbers() == {edge: k + 1 for k, edge in enumerate(edges)}
    assert position.after(4).pairs() == tuple(edges[:4]) and position.after(4).caption is None
    assert position.after(len(edges)).caption == "Our club game"   # the whole record: the caption stands
    assert position.after(0).record_length() is None
    assert StarryPosition.model_validate({"game": "starry-night", "code": CODE}).record_length() is None


def edge_groups(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{SVG_NS}g") if el.get("data-move")]


def move_texts(root: ET.Element) -> list[ET.Element]:
    return [text for group in edge_groups(root) for text in group.iter(f"{SVG_NS}text")]


def test_the_diagram_at_n_numbers_the_edges_1_to_n_and_rings_the_last(records, tmp_path: Path):
    path, edges = records[1]
    for n in (1, len(edges) // 2, len(edges)):
        out = tmp_path / f"at-{n}.svg"
        assert run_pnp("diagram", str(path), "--at", str(n), "-o", str(out)).returncode == 0
        groups = edge_groups(parse_svg(out))
        assert [g.get("data-move") for g in groups] == [str(k) for k in range(1, n + 1)]
        assert [g.get("data-edge") for g in groups] == [f"{a}-{b}" for a, b in edges[:n]]
        numbers = [[t.text for t in g.iter(f"{SVG_NS}text")] for g in groups]
        assert numbers == [[str(k)] for k in range(1, n + 1)]
        assert [g.get("class") for g in groups] == ["edge"] * (n - 1) + ["edge last-move"]
        assert [k for k, g in enumerate(groups, 1) if list(g.iter(f"{SVG_NS}g"))[1:]] == [n]   # one ring: the last


def test_the_pdf_numbers_the_edges_where_the_svg_does(records, tmp_path: Path):
    path, edges = records[2]
    svg, pdf = tmp_path / "d.svg", tmp_path / "d.pdf"
    assert run_pnp("diagram", str(path), "-o", str(svg)).returncode == 0
    assert run_pnp("diagram", str(path), "-o", str(pdf)).returncode == 0
    in_svg = sorted((t.text, round(float(t.get("x")), 1)) for t in move_texts(parse_svg(svg)))
    page = pdfium.PdfDocument(pdf)[0]
    in_pdf = []
    for obj in page.get_objects(max_depth=8, textpage=page.get_textpage()):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT and obj.extract().strip().isdigit():
            left, _, right, _ = obj.get_bounds()
            in_pdf.append((obj.extract().strip(), round((left + right) / 2 / PT_PER_MM, 1)))
    assert [t for t, _ in sorted(in_pdf)] == [t for t, _ in in_svg] == sorted(str(k) for k in range(1, len(edges) + 1))
    assert all(abs(a[1] - b[1]) <= 0.2 for a, b in zip(sorted(in_pdf), in_svg))


WIDE = "stars: [[0, 0], [60, 0], [30, 20], [4, 1], [33, 22], [58, 3], [5, 4]]"   # a 62-square frame: 1.2 mm squares
WIDE_EDGES = [(0, 1), (1, 2), (3, 0), (2, 0), (4, 2), (5, 1), (0, 6)]
CROWDED = "stars: [[0, 0], [2, 1], [1, 0], [3, 3], [6, 1], [0, 3], [5, 4]]"   # star 2: half a square from 0-1's middle
CROWDED_EDGES = [(0, 1), (2, 1), (1, 4), (5, 3), (3, 1), (1, 6)]


def test_numbers_are_5_pt_at_least_on_a_fine_grid(tmp_path: Path):
    path = tmp_path / "wide.yaml"
    path.write_text(position_text(WIDE_EDGES, WIDE))
    assert run_pnp("diagram", str(path), "-o", str(tmp_path / "w.svg")).returncode == 0
    sizes = [float(t.get("font-size")) for t in move_texts(parse_svg(tmp_path / "w.svg"))]
    assert len(sizes) == len(WIDE_EDGES) and min(sizes) >= READABLE_MM - 1e-3   # SVG units are mm


def test_a_number_moves_off_a_star_in_its_way(tmp_path: Path):
    path = tmp_path / "crowded.yaml"
    path.write_text(position_text(CROWDED_EDGES, CROWDED))
    assert run_pnp("diagram", str(path), "-o", str(tmp_path / "c.svg")).returncode == 0
    root = parse_svg(tmp_path / "c.svg")
    stars = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")) + float(c.get("stroke-width")) / 2)
             for c in root.iter(f"{SVG_NS}circle") if c.get("class") == "star"]
    for group in edge_groups(root):
        disc = next(c for c in group.iter(f"{SVG_NS}circle") if c.get("fill") == WHITE and c.get("stroke") != WHITE)
        x, y, r = float(disc.get("cx")), float(disc.get("cy")), float(disc.get("r"))
        covered = [s for s in stars if math.dist((x, y), s[:2]) < r + s[2]]
        assert not covered, (group.get("data-move"), covered)


REFUSED = "stars: [[2, 0], [2, 4], [4, 0], [4, 4], [0, 2], [6, 2], [8, 8]]"


@pytest.mark.parametrize("edges, message", [
    ([(0, 1), (6, 3), (2, 3), (6, 2), (4, 5)],
     "edges[4]: move 5: the edge 4-5 crosses the edges of moves 1 (0-1), 3 (2-3) and 4 (6-2); edges may not cross"),
    ([(0, 1), (6, 3), (1, 2), (5, 6), (0, 3)],
     "edges[4]: move 5: the edge 0-3 crosses the edge of move 3 (1-2); edges may not cross"),
    ([(0, 1), (3, 6), (1, 0)],
     "edges[2]: move 3: the edge 1-0 repeats the edge of move 1 (0-1); each pair of stars is joined once at most"),
])
def test_a_refused_edge_names_its_move_and_line(tmp_path: Path, edges, message):
    path = tmp_path / "refused.yaml"
    path.write_text(position_text(edges, REFUSED))
    line = 3 + len(edges)      # game, stars, edges:, then one edge a line: the last is the refused one
    for command in (("score", str(path)), ("diagram", str(path), "-o", str(tmp_path / "no.svg"))):
        done = run_pnp(*command)
        assert (done.returncode, done.stderr) == (2, f"{path}:{line}: {message}\n")
    assert not (tmp_path / "no.svg").exists()


def test_an_edge_after_the_end_names_the_move_that_ended_it(records, tmp_path: Path):
    path, edges = records[0]
    stars = StarryPosition.model_validate({"game": "starry-night", **_sky_of(path)}).points()
    extra = next((a, b) for a, b in combinations(range(len(stars)), 2)
                 if not drawing_problems(stars, [*edges, (a, b)]))
    longer = tmp_path / "longer.yaml"
    longer.write_text(path.read_text() + f"  - [{extra[0]}, {extra[1]}]\n")
    done = run_pnp("score", str(longer))
    n = len(edges)
    assert (done.returncode, done.stderr) == (2, f"{longer}:{4 + n}: edges[{n}]: move {n + 1}: the edge "
                                                 f"{extra[0]}-{extra[1]} comes after the game ended: move {n} joined "
                                                 f"the last star; end the record at move {n}\n")


def test_at_beyond_the_record_or_without_one_is_refused(records, tmp_path: Path):
    path, edges = records[0]
    done = run_pnp("score", str(path), "--at", str(len(edges) + 1))
    assert (done.returncode, done.stderr) == (2, f"{path}: --at {len(edges) + 1}: the record has {len(edges)} moves; "
                                                 f"give 0 to {len(edges)}\n")
    bare = tmp_path / "bare.yaml"
    bare.write_text(f"game: starry-night\ncode: {CODE}\n")
    done = run_pnp("diagram", str(bare), "--at", "0", "-o", str(tmp_path / "bare.svg"))
    assert done.returncode == 2 and "holds no record" in done.stderr and not (tmp_path / "bare.svg").exists()


def test_a_star_written_with_a_leading_zero_is_the_number_its_digits_say(tmp_path: Path):
    """Regression: YAML 1.1 reads `010` as octal 8, so `[010, 2]` silently drew the edge 8-2; the text form's
    `010-2` is 10-2, and the YAML record now agrees with it."""
    padded = tmp_path / "padded.yaml"
    padded.write_text(position_text([("010", "02"), ("3", "1")], f"code: {CODE}"))
    plain = tmp_path / "plain.yaml"
    plain.write_text(position_text([(10, 2), (3, 1)], f"code: {CODE}"))
    typed = tmp_path / "typed.txt"
    typed.write_text("1. 010-02 3-1\n")
    assert score_json(str(padded)) == score_json(str(plain)) == score_json(str(typed), "--game", "starry-night",
                                                                             "--code", CODE)
    assert score_json(str(padded))["unconnected"] == [0, 4, 5, 6, 7, 8, 9, 11]

