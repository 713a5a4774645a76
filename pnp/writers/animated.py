"""GIF and APNG: pages as the frames of one looping animation (a game record played through, `pnp diagram`).

Diagram-only formats, so not in WRITERS: a kit has no record to step through,
and `pnp build -f gif` stays refused. Each frame is a page of a PDF drawn by the
PDF writer and rasterized as the PNG writer does (png.page_image), so frame N
holds the pixels `pnp diagram --at N --format png` gives at the same dpi. Pages
go through the PDF writer CHUNK at a time, never all held at once.

Both files are written here chunk by chunk, the same way: the first frame
whole, then each later frame as the rectangle that changed, its unchanged
pixels clear so the frame before shows through. A frame's change needs only the
frame before it, so frames can be worked out in any order, in two processes,
and only the compressed changes are kept. Frames of one animation have one
size: a smaller one (a caption of fewer lines) is padded at its foot in white.

APNG keeps the pixels exactly (true colour; Pillow's PNG writer compresses each
rectangle). GIF maps them to one palette taken from the first and last frames:
their most frequent colours, SEPARATION apart, so each maps to itself (flat
colours exact, the anti-aliased rest to its nearest), without dithering; Pillow's
GIF writer compresses each rectangle. Same pages, same bytes: neither file holds
a time or a name.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import islice, product
from typing import TYPE_CHECKING, NamedTuple

from pnp.writers.frames import FRAME_MS, LAST_MS

if TYPE_CHECKING:   # the scene loads when drawing
    from PIL import Image

    from pnp.scene import Page

CHUNK = 25                     # pages per PDF drawn and rasterized at once
WHITE = (255, 255, 255)
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Timing:
    """How long each frame shows, and the last one (milliseconds; a GIF counts in hundredths of a second)."""

    frame_ms: int = FRAME_MS
    last_ms: int = LAST_MS

    def durations(self, count: int) -> list[int]:
        return [self.frame_ms] * (count - 1) + [self.last_ms]


def rasterized(pages: Iterable[Page], dpi: int) -> Iterator["Image.Image"]:
    """Each page as an RGB image at `dpi`, drawn through one PDF per CHUNK pages."""
    import pypdfium2 as pdfium

    from pnp.scene import Document
    from pnp.writers import pdf as pdf_writer
    from pnp.writers.png import page_image

    pages = iter(pages)
    while chunk := tuple(islice(pages, CHUNK)):
        document = pdfium.PdfDocument(pdf_writer.render(Document("frames", "frames", chunk), compress=False)[0])
        try:
            for page in document:
                yield page_image(page, dpi)
        finally:
            document.close()


# --- what both formats share -------------------------------------------------------------------


class Change(NamedTuple):
    """A frame after the first: the rectangle (x, y, width, height) that changed, its pixels compressed with the
    unchanged ones clear, and the size of the whole frame."""

    box: Box
    data: bytes
    size: tuple[int, int]


def changes(kind: "Gif | Apng", before: "Image.Image", pictures: Iterable["Image.Image"]) -> list[Change]:
    """Each of `pictures` (RGB) as its change from the one before it, the first from `before`; two frames'
    pixels are held at a time."""
    found, before = [], kind.frame(before)
    for picture in pictures:
        after = kind.frame(picture)
        found.append(_change(kind, before, after))
        before = after
    return found


def _change(kind: "Gif | Apng", before: "Image.Image", after: "Image.Image") -> Change:
    """Where `after` differs from `before` (both padded to the larger), unchanged pixels clear; one clear pixel
    where nothing changed."""
    size = (max(before.width, after.width), max(before.height, after.height))
    whole = grown(after, size, kind.fill)
    changed = kind.changed(grown(before, size, kind.fill), whole)
    box = changed.getbbox() or (0, 0, 1, 1)
    piece = kind.cut(whole, box)
    piece.paste(kind.clear, mask=changed.crop(box).point([255, *(0,) * 255], "1"))
    return Change((box[0], box[1], box[2] - box[0], box[3] - box[1]), kind.compressed(piece), after.size)


def grown(image: "Image.Image", size: tuple[int, int], fill: object) -> "Image.Image":
    """`image` on a `size` canvas of `fill` (white, or its palette index), at its top left; as it is if that size."""
    from PIL import Image

    if image.size == size:
        return image
    canvas = Image.new(image.mode, size, fill)  # type: ignore[arg-type]
    if image.mode == "P":
        canvas.putpalette(image.getpalette() or [])
    canvas.paste(image, (0, 0))
    return canvas


def file_size(first: "Image.Image", later: Sequence[Change]) -> tuple[int, int]:
    """The animation's size: its largest frame's."""
    return max([first.width, *(c.size[0] for c in later)]), max([first.height, *(c.size[1] for c in later)])


# --- APNG --------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA_HEADER = (8, 6, 0, 0, 0)  # IHDR after the size: 8 bits, colour type 6 (RGBA), deflate, filters, no interlace
BLEND_SOURCE, BLEND_OVER = 0, 1


@dataclass(frozen=True)
class Apng:
    """An animated PNG of the pixels as drawn: RGBA chunks, a change blended over the frame before it."""

    dpi: int
    fill: tuple[int, int, int] = WHITE
    clear: tuple[int, int, int, int] = (0, 0, 0, 0)

    def frame(self, picture: "Image.Image") -> "Image.Image":
        return picture

    def changed(self, before: "Image.Image", after: "Image.Image") -> "Image.Image":
        """Non-zero where a pixel changed in any channel."""
        from PIL import ImageChops

        red, green, blue = ImageChops.difference(before, after).split()
        return ImageChops.lighter(ImageChops.lighter(red, green), blue)

    def cut(self, image: "Image.Image", box: Box) -> "Image.Image":
        return image.crop(box).convert("RGBA")

    def compressed(self, image: "Image.Image") -> bytes:
        """An image's compressed RGBA scanlines: the data of a PNG's IDAT chunks (Pillow's filters and deflate)."""
        out = io.BytesIO()
        image.convert("RGBA").save(out, format="PNG", compress_level=6)
        data, at, found = out.getvalue(), len(PNG_SIGNATURE), []
        while at < len(data):
            length, kind = struct.unpack(">I4s", data[at:at + 8])
            if kind == b"IDAT":
                found.append(data[at + 8:at + 8 + length])
            at += 12 + length
        return b"".join(found)

    def file(self, first: "Image.Image", later: Sequence[Change], timing: Timing) -> bytes:
        """The APNG, looping forever: `first` whole, then each change."""
        size = file_size(first, later)
        durations = timing.durations(len(later) + 1)
        chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", *size, *RGBA_HEADER)),
                  _chunk(b"pHYs", struct.pack(">IIB", *(2 * (int(self.dpi / 0.0254 + 0.5),)), 1)),
                  _chunk(b"acTL", struct.pack(">II", len(later) + 1, 0)),   # 0 plays: loop forever
                  _control(0, (0, 0, *size), durations[0], BLEND_SOURCE),
                  _chunk(b"IDAT", self.compressed(grown(first, size, self.fill)))]
        for sequence, (change, duration) in enumerate(zip(later, durations[1:])):
            chunks += [_control(2 * sequence + 1, change.box, duration, BLEND_OVER),
                       _chunk(b"fdAT", struct.pack(">I", 2 * sequence + 2) + change.data)]
        return PNG_SIGNATURE + b"".join(chunks) + _chunk(b"IEND", b"")


def _control(sequence: int, box: Box, duration_ms: int, blend: int) -> bytes:
    """A frame's fcTL: where it goes, how long it shows (ms over 1000), kept after it (dispose none), its blend."""
    x, y, width, height = box
    return _chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, width, height, x, y, duration_ms, 1000, 0, blend))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# --- GIF ---------------------------------------------------------------------------------------

TABLE = 256                    # a GIF's colour table; the palette takes at most TABLE - 1
CLEAR_INDEX = TABLE - 1        # the transparent index: unchanged pixels of a change, never a drawn colour
SEPARATION = 11                # palette colours this far apart (RGB): Pillow's pixel-to-palette cache (cells of 4
                               # levels a channel) then maps each to itself; nearer ones it may confuse
COUNTED_COLOURS = 1 << 16      # frames with more distinct colours than this get a median-cut palette instead
NEIGHBOURS = tuple(product((-1, 0, 1), repeat=3))
SCREEN_FLAGS = 0xF7            # a global table of 256 colours (0x80 | 7), 8 bits a colour (0x70)
KEEP = 1 << 2                  # a frame's disposal: left in place under the next
SEES_THROUGH = 1               # a frame's transparent index is in use
NO_INTERLACE = 0x40            # the image descriptor's interlace bit: pnp's frames never have it


@dataclass(frozen=True)
class Gif:
    """A GIF in one palette (`colours`, at most TABLE - 1 of them; the rest of the table padding): a change's
    unchanged pixels take CLEAR_INDEX, transparent."""

    colours: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, pictures: Sequence["Image.Image"]) -> "Gif":
        """The palette of `pictures` (the first and last frames hold every colour a game's diagram uses)."""
        return cls(tuple(palette_colours(pictures)))

    @cached_property
    def table(self) -> bytes:
        """The colour table: the palette, then padding colours none of it uses (so each index is its own)."""
        used, padding, step = set(self.colours), [], 0
        while len(self.colours) + len(padding) < TABLE:
            colour = (step % 256, step // 256, 1)
            if colour not in used:
                padding.append(colour)
            step += 1
        return b"".join(bytes(colour) for colour in (*self.colours, *padding))

    @cached_property
    def fill(self) -> int:
        return self.colours.index(WHITE) if WHITE in self.colours else self._nearest(WHITE)

    clear = CLEAR_INDEX

    def frame(self, picture: "Image.Image") -> "Image.Image":
        """A picture in the palette's colours, each pixel its nearest (no dithering: flat colours stay flat)."""
        from PIL import Image

        frame = picture.quantize(palette=self._palette, dither=Image.Dither.NONE)
        frame.putpalette(self.table)
        return frame

    @cached_property
    def _palette(self) -> "Image.Image":
        return _palette_image(self.colours)

    def _nearest(self, colour: tuple[int, int, int]) -> int:
        from PIL import Image

        return self.frame(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))  # type: ignore[return-value]

    def changed(self, before: "Image.Image", after: "Image.Image") -> "Image.Image":
        """Non-zero where a pixel's palette index changed."""
        from PIL import Image, ImageChops

        def indices(image: "Image.Image") -> "Image.Image":
            return Image.frombytes("L", image.size, image.tobytes())

        return ImageChops.difference(indices(before), indices(after))

    def cut(self, image: "Image.Image", box: Box) -> "Image.Image":
        return image.crop(box)

    def compressed(self, image: "Image.Image") -> bytes:
        """A frame's LZW data (its code size, its sub-blocks, their end), as Pillow writes them for this table."""
        out = io.BytesIO()
        image.save(out, format="GIF", palette=self.table, optimize=False, interlace=False)
        data = out.getvalue()
        at = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)   # past the header and its table
        while data[at] == 0x21:                                               # past any extension
            at = _past_blocks(data, at + 2)
        assert data[at] == 0x2C and not data[at + 9] & (0x80 | NO_INTERLACE), "one frame, in the table, not interlaced"
        start = at + 10
        return data[start:_past_blocks(data, start + 1)]

    def file(self, first: "Image.Image", later: Sequence[Change], timing: Timing) -> bytes:
        """The GIF, looping forever: `first` whole, then each change."""
        size = file_size(first, later)
        durations = timing.durations(len(later) + 1)
        whole = Change((0, 0, *size), self.compressed(grown(self.frame(first), size, self.fill)), size)
        parts = [b"GIF89a", struct.pack("<HHBBB", *size, SCREEN_FLAGS, self.fill, 0), self.table,
                 b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00"]   # loop forever
        for change, duration in zip((whole, *later), durations):
            parts += [b"\x21\xf9\x04" + struct.pack("<BHB", KEEP | SEES_THROUGH, round(duration / 10), CLEAR_INDEX)
                      + b"\x00", b"\x2c" + struct.pack("<HHHHB", *change.box, 0), change.data]
        return b"".join(parts) + b"\x3b"


def _past_blocks(data: bytes, at: int) -> int:
    """Where the sub-blocks starting at `at` end (past their empty last block)."""
    while data[at]:
        at += data[at] + 1
    return at + 1


def _palette_image(colours: Sequence[tuple[int, int, int]]) -> "Image.Image":
    from PIL import Image

    palette = Image.new("P", (1, 1))
    palette.putpalette(b"".join(bytes(colour) for colour in colours))
    return palette


def palette_colours(pictures: Sequence["Image.Image"]) -> list[tuple[int, int, int]]:
    """One palette for every frame: the most frequent colours of `pictures`, ties in colour order, each SEPARATION
    from those chosen before it, and of those only the ones Pillow then maps to themselves."""
    from PIL import Image

    montage = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)), WHITE)
    top = 0
    for picture in pictures:
        montage.paste(picture, (0, top))
        top += picture.height
    counted = montage.getcolors(COUNTED_COLOURS)
    if counted is None:  # more colours than a diagram has: a median cut's palette, most used first
        cut = montage.quantize(TABLE - 1, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        counted = [(count, tuple(cut.getpalette()[3 * index:3 * index + 3])) for count, index in cut.getcolors()]
    colours = _separated(colour for _, colour in sorted(counted, key=lambda found: (-found[0], found[1])))
    while True:
        probe = Image.new("RGB", (len(colours), 1))
        probe.putdata(colours)
        mapped = probe.quantize(palette=_palette_image(colours), dither=Image.Dither.NONE).tobytes()
        kept = [colour for index, colour in enumerate(colours) if mapped[index] == index]
        if kept == colours:
            return colours
        colours = kept


def _separated(colours: Iterable[tuple[int, ...]]) -> list[tuple[int, int, int]]:
    """The first TABLE - 1 of `colours` each SEPARATION or more from every one taken before it. The taken are
    kept by cells SEPARATION wide a side, so a colour too near one is in its own cell or one beside it."""
    taken: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    found: list[tuple[int, int, int]] = []
    for colour in colours:
        cell = tuple(channel // SEPARATION for channel in colour)
        if all(_apart(colour, other) for step in NEIGHBOURS
               for other in taken.get(tuple(c + s for c, s in zip(cell, step)), ())):
            found.append(colour)  # type: ignore[arg-type]
            taken.setdefault(cell, []).append(colour)
            if len(found) == TABLE - 1:
                break
    return found


def _apart(one: tuple[int, ...], other: tuple[int, ...]) -> bool:
    (r, g, b), (r2, g2, b2) = one, other
    return (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2 >= SEPARATION ** 2
