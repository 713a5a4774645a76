"""How much a TrueType file asks of reportlab, read from its own tables before reportlab reads them.

reportlab trusts a font's counts. It expands the character map it picks into one
entry per character, so a 1 KB file whose map claims four billion characters
fills memory; it follows a composite glyph's parts until one says "last", and
copies each glyph's bytes once per glyph, so glyphs that all point at the same
long run of bytes make it work for hours. This module reads the same tables the
same way (the cmap subtable reportlab picks, the glyph offsets, the composite
parts) and adds up that work, stopping as soon as it passes a bound, so the look
itself is cheap. A count it cannot read is left to reportlab, which fails on the
same short read before doing the work.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

MOST_CHARACTERS = 200_000   # Unicode 15.1 assigns 149,813 characters: a map naming more is damaged
MOST_PARTS = 1_000_000      # composite glyph parts read in all; real fonts have tens of thousands
MOST_SUBFONTS = 10_000      # fonts in one collection (.ttc); real ones hold a few dozen
COLLECTION = 0x74746366     # 'ttcf': reportlab reads the first font of a collection
MORE_PARTS, WORD_ARGS, SCALE, XY_SCALE, TWO_BY_TWO = 0x20, 0x01, 0x08, 0x40, 0x80


class Excessive(Exception):
    """What in the file would make reportlab's work unbounded."""


def demands_problem(data: bytes) -> str:
    """Why reading `data` would take reportlab unbounded memory or time, in words for a message; '' if it would not."""
    try:
        tables = _tables(data)
        if any(work > MOST_CHARACTERS for work in _cmap_work(data, tables)):
            raise Excessive(f"its character map names more than {MOST_CHARACTERS:,} characters, more than Unicode has")
        glyphs = _glyph_spans(data, tables)
        if sum(max(0, end - start) for start, end in glyphs) > len(data):
            raise Excessive("its glyphs overlap: together they are longer than the file")
        if _parts(data, tables[b"glyf"][0], glyphs) > MOST_PARTS:
            raise Excessive(f"its composite glyphs have more than {MOST_PARTS:,} parts")
    except Excessive as exc:
        return str(exc)
    except (struct.error, KeyError):
        pass  # too short, or a table missing: reportlab stops at the same read, before the loops that cost
    return ""


def _tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    """Tag -> (offset, length) from the table directory reportlab reads (a tag's last record wins, as in its dict)."""
    start = 0
    if struct.unpack_from(">L", data, 0)[0] == COLLECTION:
        (count,) = struct.unpack_from(">L", data, 8)
        if min(count, len(data) // 4) > MOST_SUBFONTS:  # reportlab reads every subfont's offset first
            raise Excessive(f"it says it holds {count:,} fonts")
        (start,) = struct.unpack_from(">L", data, 12)
    (count,) = struct.unpack_from(">H", data, start + 4)
    found = {}
    for tag, _, offset, length in struct.iter_unpack(">4sLLL", data[start + 12: start + 12 + 16 * count]):
        found[tag] = (offset, length)
    return found


def _cmap_work(data: bytes, tables: dict[bytes, tuple[int, int]]) -> Iterator[int]:
    """Running totals of the characters (and groups) reportlab's reading of the chosen cmap subtable goes through."""
    cmap = tables[b"cmap"][0]
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:  # reportlab's allowance for swapped fields
        count = version
    chosen, kind = None, 0
    for platform, encoding, offset in struct.iter_unpack(">HHL", data[cmap + 4: cmap + 4 + 8 * count]):
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, kind = offset, 1
        elif platform == 1 and encoding == 0 and kind != 1:
            chosen, kind = offset, 2
    if chosen is None:
        return
    at = cmap + chosen
    (fmt,) = struct.unpack_from(">H", data, at)
    body = at + (12 if fmt in (8, 10, 12, 13) else 6)
    if fmt == 4:
        segments = struct.unpack_from(">H", data, body)[0] // 2
        ends = struct.unpack_from(f">{segments}H", data, body + 8)
        starts = struct.unpack_from(f">{segments}H", data, body + 10 + 2 * segments)
        yield segments + sum(max(0, end - start + 1) for start, end in zip(starts, ends))
    elif fmt in (12, 13):
        (groups,) = struct.unpack_from(">L", data, body)
        groups = min(groups, max(0, len(data) - body - 4) // 12)  # reportlab stops at the end of the file
        total = 0
        for start, end, _ in struct.iter_unpack(">LLL", memoryview(data)[body + 4: body + 4 + 12 * groups]):
            total += 1 + max(0, end - start + 1)
            yield total
    elif fmt == 10:
        yield min(struct.unpack_from(">L", data, body + 4)[0], max(0, len(data) - body - 8) // 2)
    elif fmt == 2:
        yield _format2_work(data, at, body, cmap)


def _format2_work(data: bytes, at: int, body: int, cmap: int) -> int:
    """Format 2 (legacy two-byte encodings), counted as reportlab walks it, sub-header by sub-header."""
    (length,) = struct.unpack_from(">H", data, at + 2)
    keys = struct.unpack_from(">256H", data, body)
    most = max(keys)
    heads = [struct.unpack_from(">HH", data, body + 512 + 8 * i)[1] for i in range(most + 1)]
    after = body + 512 + 8 * (most + 1)
    glyphs = (length - (after - (cmap + at))) >> 1  # reportlab's own arithmetic, offset counted twice
    return most + sum(heads[k] for k in keys if k) + min(max(glyphs, 0), (len(data) - after) // 2 + 1)


def _glyph_spans(data: bytes, tables: dict[bytes, tuple[int, int]]) -> list[tuple[int, int]]:
    """(start, end) of each glyph inside the glyf table, from loca as the head table says to read it."""
    (long_offsets,) = struct.unpack_from(">H", data, tables[b"head"][0] + 50)
    (count,) = struct.unpack_from(">H", data, tables[b"maxp"][0] + 4)
    if long_offsets == 1:
        offsets = struct.unpack_from(f">{count + 1}L", data, tables[b"loca"][0])
    else:
        offsets = [2 * o for o in struct.unpack_from(f">{count + 1}H", data, tables[b"loca"][0])]
    return list(zip(offsets, offsets[1:]))


def _parts(data: bytes, glyf: int, glyphs: list[tuple[int, int]]) -> int:
    """Composite parts reportlab reads when it subsets every glyph, counted up to just past MOST_PARTS. A glyph
    whose parts run off the end of the file ends its own walk (reportlab fails there if it ever reads it)."""
    total = 0
    for start, end in glyphs:
        if start == end:
            continue
        at, flags = glyf + start + 10, MORE_PARTS
        try:
            if struct.unpack_from(">h", data, glyf + start)[0] >= 0:
                continue
            while flags & MORE_PARTS:
                (flags,) = struct.unpack_from(">H", data, at)
                at += 4 + (4 if flags & WORD_ARGS else 2)
                at += 2 if flags & SCALE else 4 if flags & XY_SCALE else 8 if flags & TWO_BY_TWO else 0
                total += 1
                if total > MOST_PARTS:
                    return total
        except struct.error:
            continue
    return total
