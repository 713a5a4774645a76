"""svgwrite's tree of a page written out as text: character for character what
`ElementTree.tostring(drawing.get_xml(), encoding="unicode")` gives, without the copy of the whole tree that
`get_xml` builds for ElementTree first (half of a page's SVG time: 88 ms against 191 ms for every page of the
shipped configs).

svgwrite builds the document; this writes the elements pnp makes of it in the order and with the escaping
ElementTree uses: the attributes sorted by name (svgwrite adds them so), those without a value left out, an
element with neither text nor children closed as `<name ... />`. An element whose class turns itself into XML
its own way (svgwrite's Path, Polyline, Use and others rewrite attributes in `get_xml`) is refused rather than
written otherwise: pnp gives those their attributes as finished text (svg.py). tests/test_svg_xml.py holds this
to ElementTree's own writing of every page of the shipped configs.
"""

from __future__ import annotations

from collections.abc import Callable

from svgwrite.base import BaseElement, Title
from svgwrite.drawing import Drawing
from svgwrite.text import TSpan

# What svgwrite's Drawing adds to the root as it turns into XML, besides its profile and version.
NAMESPACES = (("xmlns", "http://www.w3.org/2000/svg"), ("xmlns:xlink", "http://www.w3.org/1999/xlink"),
              ("xmlns:ev", "http://www.w3.org/2001/xml-events"))
# The classes whose `get_xml` this writes as they do: the plain element's and text's.
WRITTEN_AS = (BaseElement.get_xml, TSpan.get_xml)


def xml_text(drawing: Drawing) -> str:
    """The page's SVG, without the XML declaration (svg.py writes it)."""
    drawing.attribs.update(NAMESPACES)
    drawing.attribs["baseProfile"], drawing.attribs["version"] = drawing.profile, drawing.version
    parts: list[str] = []
    _write(drawing, parts.append, root=True)
    return "".join(parts)


def _write(element: BaseElement | Title, write: Callable[[str], object], root: bool = False) -> None:
    if isinstance(element, Title):   # svgwrite keeps a title as ElementTree's element already
        write(f"<title>{escaped_text(element.xml.text)}</title>" if element.xml.text else "<title />")
        return
    if not root and type(element).get_xml not in WRITTEN_AS:
        raise TypeError(f"svg_xml cannot write svgwrite's {type(element).__name__}: its get_xml is its own")
    name = element.elementname
    write("<" + name)
    for key, value in sorted(element.attribs.items()):
        if value is not None and (text := str(value)):
            write(f' {key}="{escaped_attribute(text)}"')
    text = str(element.text) if isinstance(element, TSpan) else ""
    if not text and not element.elements:
        write(" />")
        return
    write(">" + escaped_text(text))
    for child in element.elements:
        _write(child, write)
    write(f"</{name}>")


def escaped_text(text: str) -> str:
    """Character data as ElementTree escapes it: '&', '<' and '>'."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def escaped_attribute(text: str) -> str:
    """An attribute's value as ElementTree escapes it: the text's three, the quote, and the line breaks and tabs
    as character references (so they survive a parser's normalizing of attribute values)."""
    text = escaped_text(text)
    for plain, written in (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;")):
        if plain in text:
            text = text.replace(plain, written)
    return text
