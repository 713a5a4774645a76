"""The SVG writer's own writing of svgwrite's tree (pnp/writers/svg_xml.py): character for character what
ElementTree writes of it, for every page of the shipped configs and for the characters XML escapes."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
import svgwrite

from conftest import SHIPPED_CONFIGS
from pnp.scene import Circle, Document, Group, Page, Paint, Path, Polygon, Polyline, PrintedDocument, Text
from pnp.writers.svg import drawing
from pnp.writers.svg_xml import xml_text


def _elementtree(page: Page) -> str:
    return ElementTree.tostring(drawing(page).get_xml(), encoding="unicode")


def _pages(config) -> list[Page]:
    from pnp.build import compose
    from pnp.spec import read_kit

    kit = read_kit(config)
    docs = [compose(kit, asset) for asset in kit.spec.outputs if asset not in ("rules", "rules-booklet", "kit")]
    scenes = [doc.scene if isinstance(doc, PrintedDocument) else doc for doc in docs]
    return [page for scene in scenes if scene is not None for page in scene.pages]


@pytest.mark.parametrize("config", SHIPPED_CONFIGS, ids=lambda path: path.stem)
def test_every_page_of_a_shipped_config_is_written_as_elementtree_writes_it(config):
    pages = _pages(config)
    assert pages
    for page in pages:
        assert xml_text(drawing(page)) == _elementtree(page)


def test_the_characters_xml_escapes_in_text_attributes_and_titles():
    ink = Paint("#000", "#123456", 0.3, (1.0, 0.5), "round", "bevel")
    odd = 'a & b < c > "d" \'e\'\n\tf\r é ★'   # line breaks and tabs in attributes; text draws none
    shapes = (
        Text((1.0, 2.0), 'a & b < c > "d" é ★', 3.0, bold=True, italic=True, rotate=30.0, anchor="middle", cls=odd, data=(("x", odd),)),
        Text((1.0, 2.0), "", 3.0),   # no text at all: an empty element
        Group((Circle((1.0, 1.0), 0.5, ink), Polyline(((0.0, 0.0), (1.0, 1.0)), ink)), cls="c", data=(("k", "<&>"),),
              clip=(0.0, 0.0, 5.0, 5.0)),
        Group(()),
        Polygon(((0.0, 0.0), (1.0, 0.0), (0.5, 1.0)), Paint(None, None), data=(("q", '"'),)),
        Path((((0.0, 0.0), (1.0, 1.0)), ((2.0, 2.0), (3.0, 3.0))), ink, closed=True),
    )
    for title in (odd, ""):
        page = Page(50.0, 40.0, shapes, title=title)
        written = xml_text(drawing(page))
        assert written == _elementtree(page)
        assert "&amp; b &lt; c &gt;" in written and "&quot;d&quot;" in written and "&#10;&#09;f&#13;" in written


def test_an_element_that_writes_itself_its_own_way_is_refused():
    """svgwrite's Polyline sets its points as it turns into XML: written by attributes alone it would lose them."""
    dwg = drawing(Document("a", "t", (Page(10.0, 10.0, ()),)).pages[0])
    dwg.add(dwg.polyline([(0, 0), (1, 1)]))
    with pytest.raises(TypeError, match="Polyline"):
        xml_text(dwg)
    assert isinstance(dwg, svgwrite.Drawing)
