"""Ink and grey on every sheet (issue 23, items 7 and 8).

With the ink saver no page of any asset of any game holds a large dark fill (cards, booklets and their
diagrams, the kit included), measured on the rendered pages as tests/test_ink_saver.py measures the piece
sheets. And every diagram (`pnp diagram` and the booklets') reads on a black-and-white printer: the two
players' marks differ in grey by at least CLEARLY levels or in how they are drawn (dashes, a white core,
hatching at another angle), and each key swatch is drawn as the marks it names.

Grey is the ITU-R 601 luma of a colour (what Pillow's convert("L") and printer drivers use), taken from
the colours the SVG draws with.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import ROOT, SVG_NS, parse_svg, run_pnp, write_spec
from test_ink_saver import CLEARLY, LARGEST_DARK_FILL_MM2, dark_fills_mm2

KITS = ("asterisk-11", "starstar-junior", "starry-night")   # one shipped spec of each game, every output
WHITE = "#ffffff"
POSITIONS = sorted((ROOT / "examples" / "positions").glob("*.yaml")) + sorted((ROOT / "tests" / "positions").glob("*.yaml"))


# --- item 7: the ink saver everywhere ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def saver_kits(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("saver")
    done = run_pnp("build", *(str(ROOT / "configs" / f"{kit}.yaml") for kit in KITS), "--ink-saver", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("kit", KITS)
def test_no_page_of_any_asset_holds_a_large_dark_fill_with_the_ink_saver(saver_kits, kit: str):
    pdfs = sorted((saver_kits / kit).glob("*.pdf"))
    assert {"card.pdf", "rules.pdf", "rules-booklet.pdf", "kit.pdf"} <= {p.name for p in pdfs}
    heavy = [(pdf.name, page, round(area)) for pdf in pdfs for page, area in enumerate(dark_fills_mm2(pdf), 1)
             if area > LARGEST_DARK_FILL_MM2]
    assert not heavy, f"(file, page, mm² of dark fill) over {LARGEST_DARK_FILL_MM2:g} mm²: {heavy}"


def test_a_full_ink_card_keeps_its_dark_band(tmp_path):
    """The same measure on full ink finds the cards' title bands, so the limit above means something."""
    spec = write_spec(tmp_path, "game: starry-night\nname: cards\noutputs: [card]\n")
    assert run_pnp("build", str(spec), "--out", str(tmp_path / "out")).returncode == 0
    assert max(dark_fills_mm2(tmp_path / "out" / "cards" / "card.pdf")) > 2 * LARGEST_DARK_FILL_MM2


# --- item 8: every diagram in grey ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def diagrams(tmp_path_factory) -> dict[str, ET.Element]:
    """Every diagram a player sees: each position file's `pnp diagram`, and each booklet's diagrams."""
    out = tmp_path_factory.mktemp("diagrams")
    found = {}
    for position in POSITIONS:
        svg = out / f"{position.stem}.svg"
        done = run_pnp("diagram", str(position), "--out", str(svg))
        assert done.returncode == 0, done.stderr
        found[position.stem] = parse_svg(svg)
    return found | _booklet_diagrams()


def _booklet_diagrams() -> dict[str, ET.Element]:
    from markdown_it import MarkdownIt

    from pnp.booklet.diagrams import draw_block, is_diagram
    from pnp.booklet.kit import booklet_context, rules_template
    from pnp.booklet.template import render, template_source
    from pnp.spec.read import read_kit
    from pnp.writers.svg import render as svg

    found, seen = {}, set()
    for config in sorted((ROOT / "configs").glob("*.yaml")):
        kit = read_kit(config)
        template = rules_template(kit.game.name)
        rendered = render(*template_source(template), booklet_context(kit))
        for token in MarkdownIt("commonmark").parse(rendered.text):
            if token.type == "fence" and is_diagram(token.info) and (token.info, token.content) not in seen:
                seen.add((token.info, token.content))
                doc = draw_block(rendered, token.info.strip(), token.content, token.map[0]).doc
                found[f"{config.stem} booklet line {rendered.source_line(token.map[0])}"] = ET.fromstring(svg(doc)[0])
    return found


def grey(colour: str) -> float:
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def line_look(group: ET.Element) -> tuple[str, tuple[float, ...], float | None]:
    """How a line is drawn: (colour, its dashes per line width, a white core per line width or None), from the
    group's first coloured stroke and a narrower white stroke laid on it."""
    strokes = [el for el in group.iter() if el.get("stroke")]
    at = next(i for i, el in enumerate(strokes) if el.get("stroke").lower() != WHITE)
    main, width = strokes[at], float(strokes[at].get("stroke-width"))
    dash = tuple(round(float(d) / width, 2) for d in (main.get("stroke-dasharray") or "").split())
    core = next((round(float(el.get("stroke-width")) / width, 2) for el in strokes[at + 1:]
                 if el.get("stroke").lower() == WHITE and float(el.get("stroke-width")) < width), None)
    return main.get("stroke").lower(), dash, core


def apart(a: tuple[str, tuple[float, ...], float | None], b: tuple[str, tuple[float, ...], float | None]) -> bool:
    """Told apart on a black-and-white print: clearly different greys, or lines drawn differently."""
    return abs(grey(a[0]) - grey(b[0])) >= CLEARLY or a[1:] != b[1:]


def player_lines(root: ET.Element) -> dict[str, list[ET.Element]]:
    """Each player's line marks: Asterisk's chains (by goal set), a connection game's winning chain, *Star's star
    outlines, Starry Night's edges."""
    from pnp.games.asterisk.rules import GOAL_SETS

    marks: dict[str, list[ET.Element]] = {}
    for el in root.iter(f"{SVG_NS}g"):
        chained = el.get("data-chain")
        if chained and not any(chained in goals.split("-") for goals in GOAL_SETS):   # a winning chain or ring
            player = chained
        elif el.get("data-chain"):
            player = next(p for p in GOAL_SETS if el.get("data-chain") in p.split("-"))
        elif el.get("data-edge") or el.get("class") == "star":   # Starry Night's edges, *Star's stars
            player = el.get("data-player")
        else:
            continue
        marks.setdefault(player, []).append(el)
    return marks


def test_diagrams_of_every_game_are_checked(diagrams):
    games = {name.split("-")[0] for name in diagrams}
    assert games == {config.stem.split("-")[0] for config in (ROOT / "configs").glob("*.yaml")}, sorted(diagrams)
    assert sum(len(player_lines(root)) == 2 for root in diagrams.values()) >= 6


def test_the_players_lines_differ_in_grey_or_in_drawing(diagrams):
    alike = []
    for name, root in diagrams.items():
        marks = player_lines(root)
        if len(marks) == 2:
            a, b = ({line_look(el) for el in group} for group in marks.values())
            alike += [(name, x, y) for x in a for y in b if not apart(x, y)]
    assert not alike, f"lines of the two players alike in grey (diagram, look, look): {alike[:4]}"


def test_the_players_owned_peries_differ_in_grey_or_in_drawing(diagrams):
    """*Star's dot on each owned peri: Red's and Blue's apart in grey, or one with a white core."""
    alike, compared = [], 0
    for name, root in diagrams.items():
        dots: dict[str, set[tuple[float, int]]] = {}
        for el in root.iter(f"{SVG_NS}g"):
            if el.get("class") == "owned":
                circles = list(el.iter(f"{SVG_NS}circle"))
                cores = sum(c.get("fill", "").lower() == WHITE for c in circles)
                dots.setdefault(el.get("data-player"), set()).add((grey(circles[0].get("fill")), cores))
        if len(dots) == 2:
            compared += 1
            alike += [(name, x, y) for x in dots["red"] for y in dots["blue"] if abs(x[0] - y[0]) < CLEARLY and x[1] == y[1]]
    assert compared and not alike, (compared, alike[:4])


def test_captured_seas_are_hatched_each_players_way(diagrams):
    """Starry Night's sea tints come out as one light grey: each player's captured seas are hatched at its own
    angle, and a sea still holding islands is not hatched."""
    angles: dict[str, set[int]] = {}
    for name, root in diagrams.items():
        for sea in root.iter(f"{SVG_NS}g"):
            who = sea.get("data-captured-by")
            if who:
                hatch = [el for el in sea if el.get("class") == "hatch"]
                assert bool(hatch) == (who != "open"), (name, sea.get("data-sea"), who)
                if hatch:
                    angles.setdefault(who, set()).add(_angle(hatch[0].get("d")))
    assert set(angles) >= {"first", "second"}, angles
    assert len(angles["first"]) == len(angles["second"]) == 1 and angles["first"] != angles["second"], angles


ANGLE_STEP = 15   # degrees: hatch directions are compared to this (a short line's coordinates are rounded)


def _angle(d: str) -> int:
    """The direction of a path's first segment, from 0 to 179 degrees, to the nearest ANGLE_STEP."""
    x0, y0, x1, y1 = map(float, re.findall(r"-?[\d.]+", d)[:4])
    return ANGLE_STEP * round(math.degrees(math.atan2(y1 - y0, x1 - x0)) / ANGLE_STEP) % 180


def swatches(root: ET.Element) -> list[tuple[str, ET.Element]]:
    """The key's samples: (the words, a group of what is drawn before them)."""
    found: list[tuple[str, ET.Element]] = []
    for key in (el for el in root.iter(f"{SVG_NS}g") if el.get("class") == "key"):
        sample = ET.Element(f"{SVG_NS}g")
        for child in key:
            if child.tag == f"{SVG_NS}text":
                found.append(("".join(child.itertext()), sample))
                sample = ET.Element(f"{SVG_NS}g")
            else:
                sample.append(child)
    return found


def test_each_key_swatch_is_drawn_as_what_it_names(diagrams):
    """A swatch looks like every mark it names; where the marks do not say whose they are, like one of them (not
    like a stone or a tint that no line has)."""
    from pnp.games.starstar.score import NAMES
    from pnp.texts import say

    names = {**{NAMES[p]: p for p in NAMES}, **{say("starry-night", f"position.players.{p}"): p for p in ("first", "second")}}
    wrong, compared = [], 0
    for name, root in diagrams.items():
        named: dict[str | None, list[ET.Element]] = {}
        for el in root.iter(f"{SVG_NS}g"):
            if el.get("data-chain"):
                named.setdefault(el.get("data-chain"), []).append(el)
            elif el.get("data-edge") or el.get("class") == "star":   # Starry Night's edges, *Star's stars
                named.setdefault(el.get("data-player"), []).append(el)
        unowned = {line_look(mark) for mark in named.get(None, [])}   # marks that do not say whose they are
        for words, swatch in swatches(root):
            looks = {line_look(mark) for mark in named.get(names.get(words, words), [])}
            if looks and looks != {line_look(swatch)} or not looks and unowned and line_look(swatch) not in unowned:
                wrong.append((name, words, line_look(swatch), looks or unowned))
            compared += bool(looks or unowned)
    assert compared and not wrong, f"(diagram, swatch, its look, the looks of what it names): {wrong[:4]}"
