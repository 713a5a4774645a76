"""Subset tags a PDF viewer can trust: every embedded subset of a file gets its own six-letter tag.

reportlab tags the first subset of every face `AAAAAA+`, so Vera and Vera Bold share a tag, and the kit, which
copies whole PDFs in (pnp/writers/pdf_join.py, or pypdf), would hold several different programs all named `AAAAAA+BitstreamVeraSans-Roman`
(a viewer may cache a font by that name and draw one part's glyphs from another part's subset). Tags are given
in order of first appearance, so the same spec still gives the same bytes.
"""

from __future__ import annotations

import re
import string

TAG = re.compile(rb"/(BaseFont|FontName)(\s*)/([A-Z]{6}\+[^\s/<>\[\]()]+)")


def tag(number: int) -> str:
    """The `number`-th tag from 0: AAAAAA, AAAAAB, ... (six capitals, as the PDF standard asks)."""
    letters = []
    for _ in range(6):
        number, digit = divmod(number, 26)
        letters.append(string.ascii_uppercase[digit])
    return "".join(reversed(letters))


def retag_reportlab(pdf: bytes) -> bytes:
    """A PDF reportlab made, with a tag per subset: there each subset's name (tag and face) is unique, and its
    font and descriptor both carry it. Tags keep their length, so the file's offsets stay right."""
    names: dict[bytes, str] = {}

    def renamed(match: re.Match[bytes]) -> bytes:
        key, (name, space, subset) = match.group(3), match.groups()
        new = names.setdefault(key, tag(len(names)))
        return b"/" + name + space + b"/" + new.encode("ascii") + subset[6:]

    return TAG.sub(renamed, pdf)


def retag_writer(writer) -> None:
    """Every font program a pypdf writer holds gets its own tag, its font dictionaries and descriptor the same
    (pdf_join.py gives the tags the same way to the kits it joins)."""
    from pypdf.generic import DictionaryObject, NameObject

    programs: dict[int, str] = {}
    for obj in writer._objects:  # pypdf's list of the file's objects, in order: the order is the file's
        if not isinstance(obj, DictionaryObject) or obj.get("/Type") != "/Font" or "/FontDescriptor" not in obj:
            continue
        descriptor = obj["/FontDescriptor"].get_object()
        program = next((descriptor.raw_get(key) for key in ("/FontFile", "/FontFile2", "/FontFile3") if key in descriptor), None)
        base = str(obj.get("/BaseFont", ""))
        if program is None or not re.fullmatch(r"/[A-Z]{6}\+.+", base):
            continue
        new = programs.setdefault(program.idnum, tag(len(programs)))
        name = NameObject(f"/{new}+{base[8:]}")
        obj[NameObject("/BaseFont")] = name
        descriptor[NameObject("/FontName")] = name
