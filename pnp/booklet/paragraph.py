"""The booklet's paragraph: reportlab's, its markup read and its lines broken once for all the booklets of a process.

Breaking a paragraph into lines is most of a booklet's layout, and reportlab does it each time it is asked a
paragraph's size, which platypus does several times for one width (a kept-together group, then the frame; a
table's row heights, then its drawing). The kits of one game print the same paragraphs at the same widths, all
but those naming the kit's numbers. So the markup read and the lines broken are kept, for the same markup in the
same style at the same width, and a paragraph takes them from the first that made them: the lines depend on
nothing else. What is kept is only read after: reportlab draws a paragraph without changing its lines (no
hyphenation, left to right), and splits one across pages into new paragraphs made of slices.

The lines are kept without the word list reportlab makes beside them (three objects a word, for Python's garbage
collector to walk again and again); the rare paragraph split across pages breaks its lines itself first, since
reportlab's split slices that list.
"""
from __future__ import annotations

from html import escape
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph as _Paragraph

KEPT = 256   # paragraphs read and line breakings kept, the least recently used dropped: two booklets' worth (the
             # largest shipped one holds 133), for a game's kits built one after another; more would only hold
             # objects for Python's garbage collector to walk
BROKEN = ("blPara", "width", "height", "_wrapWidths", "_width_max")   # what breaking lines sets, but the word list

_read: dict[tuple[str, ParagraphStyle], tuple[str, list, ParagraphStyle]] = {}
_broken: dict[tuple[str, ParagraphStyle, float], dict[str, Any]] = {}


def markup(text: str) -> str:
    """Plain text as a paragraph's markup: '&', '<' and '>' escaped, as xml.sax's `escape` does. html's, which
    markdown-it has loaded already: xml.sax.saxutils loads urllib.request, and with it http.client and ssl, some
    10 ms of a kit's start."""
    return escape(text, quote=False)


def _keep(kept: dict, key: Any, value: Any) -> None:
    if len(kept) >= KEPT:
        del kept[next(iter(kept))]   # the least recently used
    kept[key] = value


def _used(kept: dict, key: Any) -> Any:
    """What is kept for `key`, or None; made the most recently used."""
    value = kept.pop(key, None)
    if value is not None:
        kept[key] = value
    return value


class Paragraph(_Paragraph):
    """A paragraph of the booklet (see the module's docstring). One that reportlab makes by splitting another
    (given its words, not markup) is laid out as reportlab's own."""

    def __init__(self, text: str | None, style: ParagraphStyle | None = None, bulletText: Any = None,
                 frags: list | None = None, **options: Any) -> None:
        plain = text is not None and style is not None and frags is None and bulletText is None and not options
        self._markup = (text, style) if plain else None   # None: a part reportlab split off, or options pnp never uses
        read = _used(_read, self._markup) if self._markup else None
        if read is not None:
            super().__init__(read[0], read[2], frags=read[1])
        else:
            super().__init__(text, style, bulletText, frags, **options)
            if self._markup:
                _keep(_read, self._markup, (self.text, self.frags, self.style))
        self._as_read = self.frags   # reportlab replaces frags with the word list when it breaks the lines
        self._kept_lines = False     # lines taken from another paragraph: frags is not their word list

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availWidth == getattr(self, "_wrapped_at", None) and hasattr(self, "blPara"):
            return self.width, self.height   # asked again for the width it was broken at
        key = (*self._markup, availWidth) if self._markup else None
        broken = _used(_broken, key) if key else None
        if broken is not None:
            self.__dict__.update(broken)
            self.frags, self._kept_lines = self._as_read, True
        else:
            first = self.frags is self._as_read   # broken from its words as read: what a fresh paragraph makes
            size = super().wrap(availWidth, availHeight)
            if self.__dict__.get("width") != availWidth:
                return size   # too narrow for anything: reportlab broke no lines
            self._kept_lines = False
            if key and first:
                _keep(_broken, key, {name: self.__dict__[name] for name in BROKEN if name in self.__dict__})
        self._wrapped_at = availWidth
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        if self._kept_lines:   # reportlab's split slices the word list: make it, with the same lines
            super().wrap(self._wrapped_at, availHeight)
            self._kept_lines = False
        return super().split(availWidth, availHeight)


def forget() -> None:
    """Drop what is kept (for tests that lay out afresh)."""
    _read.clear()
    _broken.clear()
