"""Asterisk's goal chains in a record's animation (issue 32, item 7): the last frame drew the dark and asterisk
chains in two near-identical oranges, both solid, right up to move numbers. Any two chains a diagram can show now
differ in hue, in grey and in line, and every number stands clear above them."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT, SVG_NS, animation_frames
from test_ink_and_grey import grey, line_look
from test_ink_saver import CLEARLY

from pnp.boards.move_numbers import CAP
from pnp.fonts import text_width
from pnp.games.asterisk.rules import GOAL_SETS
from pnp.games.asterisk.style import DiagramStyle

RECORD = ROOT / "examples" / "positions" / "asterisk-8-record.yaml"
GIF_DOT_MM = 25.4 / 150   # a pixel of an animation at its default 150 dpi
HALO_PIXELS = 2           # the least paper between a number's digits and the edge of the disc a chain runs under
PAIRS = list(zip(*(goals.split("-") for goals in GOAL_SETS)))   # (dark, light), (hexagon, circle), (asterisk, empty)


def test_any_two_chains_a_diagram_can_show_differ_in_hue_grey_and_line():
    """A full board meets one goal of each pair, so a diagram shows at most one chain of a pair: chains of two
    pairs differ in colour, clearly in grey, and in dashes; the two of a pair at least in colour."""
    look = DiagramStyle()
    aspects = [aspect for pair in PAIRS for aspect in pair]
    assert len({look.line(a).colour for a in aspects}) == len(aspects) == 6
    for one, other in itertools.combinations(PAIRS, 2):
        for a, b in itertools.product(one, other):
            first, second = look.line(a), look.line(b)
            assert abs(grey(first.colour) - grey(second.colour)) >= CLEARLY, (a, b)
            assert first.dash != second.dash, (a, b)


@pytest.fixture(scope="module")
def last_frame(tmp_path_factory) -> ET.Element:
    """The example record's animation's last frame, as the SVG of the very page the GIF turned into pixels."""
    from pnp.scene import Document
    from pnp.writers.svg import render

    frames = animation_frames(RECORD, tmp_path_factory.mktemp("gif") / "record.gif")
    last = next(page for page in frames if "Dark wins" in page.title)
    return ET.fromstring(render(Document("diagram", last.title, (last,)))[0])


def test_the_last_frames_chains_read_apart_in_colour_grey_and_line(last_frame: ET.Element):
    chains = [g for g in last_frame.iter(f"{SVG_NS}g") if g.get("data-chain")]
    assert sorted(g.get("data-chain") for g in chains) == ["asterisk", "dark"]
    (colour_a, dash_a, _), (colour_b, dash_b, _) = (line_look(g) for g in chains)
    assert colour_a != colour_b and dash_a != dash_b
    assert abs(grey(colour_a) - grey(colour_b)) >= CLEARLY


def test_every_move_number_stands_over_the_chains_on_a_disc_that_keeps_them_clear(last_frame: ET.Element):
    order = [el for el in last_frame.iter(f"{SVG_NS}g") if el.get("data-chain") or el.get("class") == "move-number"]
    numbers = [i for i, el in enumerate(order) if el.get("class") == "move-number"]
    chains = [i for i, el in enumerate(order) if el.get("data-chain")]
    assert len(numbers) == 32 and chains and max(chains) < min(numbers), "every number drawn after every chain"
    tight = []
    for group in (order[i] for i in numbers):
        disc, text = group.find(f"{SVG_NS}circle"), group.find(f"{SVG_NS}text")
        size = float(text.get("font-size"))
        half_width, half_height = text_width(text.text, size, bold=True) / 2, CAP * size / 2
        halo = float(disc.get("r")) - (half_width ** 2 + half_height ** 2) ** 0.5   # the digits' box to the disc's edge
        if halo < HALO_PIXELS * GIF_DOT_MM:
            tight.append((text.text, round(halo, 3)))
    assert not tight, f"(number, mm between its digits and a chain under its disc): {tight}"
