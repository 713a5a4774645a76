"""A rules template: Jinja2 under StrictUndefined, with every rendered line traced back to its source line.

Errors must name the template's own line, but Jinja's `{% if %}` and loops add
and drop lines. So each source line that starts plain text gets an invisible
marker (two private-use characters around its number) before rendering; after
rendering, each output line takes the number of the first marker in it (or of
the line before), and the markers are removed. Lines that open a `{% %}` tag or
lie inside a tag are left alone, so trim_blocks and lstrip_blocks work as usual.

A template is shared between people: it renders in a sandbox (sandbox.py) that runs no code, reads no file and
counts its work, and the rendered text is counted as it streams out (limits.py has every bound).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.booklet.limits import MAX_RENDERED_CHARS, MAX_TEMPLATE_BYTES, RENDERED_PAGES
from pnp.spec.problems import Problem, SpecError, YamlProblem, clip

OPEN, CLOSE = "\ue000", "\ue001"
MARKER = re.compile(f"{OPEN}([0-9]+){CLOSE}")
TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)
TEMPLATE_FILE = "a template; name a Markdown (.md) file"
DETAIL_CHARS = 200   # the most of Jinja's or Python's own words a message repeats (they may quote a long value)


@dataclass(frozen=True)
class Rendered:
    """A template's Markdown, and for each of its lines (from 0) the template line it came from (from 1)."""

    file: str
    text: str
    lines: tuple[int, ...]
    saver: bool = False   # its diagrams drawn for the ink saver (print.ink: saver)

    def source_line(self, rendered_line: int) -> int:
        """The template line of a rendered line (0-based, as markdown-it counts)."""
        return self.lines[min(max(rendered_line, 0), len(self.lines) - 1)] if self.lines else 1


@dataclass(frozen=True)
class Written:
    """A template pnp writes itself (a game definition's booklet): the name its messages and its diagram blocks'
    paths go by, and its text."""

    file: str
    text: str


def template_source(template: "Path | Written") -> tuple[str, str]:
    """(name, text) of a template file or a written one."""
    if isinstance(template, Written):
        return template.file, template.text
    return str(template), read_template(template)


def read_template(path: Path) -> str:
    """The template's text: a regular file (a FIFO or /dev/zero is refused unread), UTF-8, at most
    MAX_TEMPLATE_BYTES; a clear one-line error otherwise."""
    from pnp.spec.source import read_spec_bytes

    try:
        raw = read_spec_bytes(path, TEMPLATE_FILE, MAX_TEMPLATE_BYTES)
    except YamlProblem as exc:
        raise SpecError([Problem(str(path), None, "", exc.message)]) from None
    if len(raw) > MAX_TEMPLATE_BYTES:
        raise SpecError([Problem(str(path), None, "", f"the template is larger than {MAX_TEMPLATE_BYTES:,} bytes "
                                 f"({MAX_TEMPLATE_BYTES >> 10} KiB); is this the right file?")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SpecError([Problem(str(path), line, "", "not UTF-8 text; save the template as UTF-8")]) from None
    if OPEN in text or CLOSE in text:
        line = text[: min(i for i in (text.find(OPEN), text.find(CLOSE)) if i >= 0)].count("\n") + 1
        raise SpecError([Problem(str(path), line, "", "private-use characters U+E000/U+E001 are reserved; remove them")])
    return text


def render(file: str, source: str, context: Mapping[str, Any]) -> Rendered:
    """`source` rendered with `context` in the sandbox; SpecError naming `file` and the line for any problem."""
    import jinja2

    from pnp.booklet.sandbox import Refused, compiled, fresh

    try:
        output = _streamed(fresh(compiled(_marked(source))), context)
    except Refused as exc:
        raise _problem(file, exc.line or _error_line(exc), str(exc)) from None
    except jinja2.TemplateSyntaxError as exc:
        raise _problem(file, exc.lineno, f"template syntax: {_clean(exc.message or '')}") from None
    except jinja2.UndefinedError as exc:
        raise _problem(file, _error_line(exc), f"{_clean(exc.message or '')}; the variables are: "
                       f"{', '.join(sorted(context))}") from None
    except jinja2.exceptions.SecurityError as exc:
        raise _problem(file, _error_line(exc), f"a template may not reach into Python ({_clean(str(exc)).rstrip('.')}); "
                       "use the booklet's variables") from None
    except RecursionError as exc:
        raise _problem(file, _error_line(exc), f"a macro or loop calls itself more than Python allows (about "
                       f"{sys.getrecursionlimit():,} calls deep); give it an end") from None
    except MemoryError as exc:
        raise _problem(file, _error_line(exc), "the template needs more memory than there is; do less in it") from None
    except Exception as exc:  # noqa: BLE001 - the template is the user's program: whatever it raises is its error
        raise _problem(file, _error_line(exc), f"template error: {_clean(str(exc)) or type(exc).__name__}") from None
    return _unmarked(file, output)


def _problem(file: str, line: int | None, message: str) -> SpecError:
    return SpecError([Problem(file, line, "", message)])


def _streamed(template: Any, context: Mapping[str, Any]) -> str:
    """The rendered text as it streams out, refused as soon as it is longer than MAX_RENDERED_CHARS (so a loop
    that prints cannot fill memory first), at the template line the rendering had reached."""
    from pnp.booklet.sandbox import Refused

    chunks = template.generate(**context)
    out: list[str] = []
    length = 0
    try:
        for chunk in chunks:
            out.append(chunk)
            before, length = length, length + (len(MARKER.sub("", chunk)) if OPEN in chunk else len(chunk))
            if length > MAX_RENDERED_CHARS:
                line = _marked_line(chunk, MAX_RENDERED_CHARS - before) or _reached(template, chunks)
                raise Refused(f"the rendered text is longer than {MAX_RENDERED_CHARS:,} characters (about "
                              f"{RENDERED_PAGES} booklet pages); shorten the template", line)
    finally:
        chunks.close()
    return "".join(out)


def _marked_line(chunk: str, room: int) -> int | None:
    """The line of the last marker before `chunk` has more than `room` characters (markers not counted)."""
    line, seen, end = None, 0, 0
    for found in MARKER.finditer(chunk):
        seen += found.start() - end
        if seen > room:
            break
        line, end = int(found.group(1)), found.end()
    return line


def _reached(template: Any, chunks: Any) -> int | None:
    """The template line where a paused rendering stands: its innermost template frame (a block or macro
    renders in a generator of its own), through Jinja's map from Python lines to template lines."""
    line = None
    while chunks is not None:
        frame = getattr(chunks, "gi_frame", None)
        if frame is not None and frame.f_code.co_filename == "<template>":
            line = template.get_corresponding_lineno(frame.f_lineno)
        chunks = getattr(chunks, "gi_yieldfrom", None)
    return line


def _marked(source: str) -> str:
    """Each plain-text line's first non-blank character preceded by a marker of its line number."""
    inside = [False] * (source.count("\n") + 2)
    first, counted = 1, 0   # lines are counted on from the last tag: once over the text, not once per tag
    for match in TAG.finditer(source):
        first += source.count("\n", counted, match.start())
        counted = match.start()
        last = first + match.group(0).count("\n")
        for line in range(first + 1, last + 1):
            inside[line] = True
    out = []
    for number, line in enumerate(source.split("\n"), 1):
        body = line.lstrip(" \t")
        if inside[number] or not body or body.startswith(("{%", "{#")):
            out.append(line)
        else:
            indent = line[: len(line) - len(body)]
            out.append(f"{indent}{OPEN}{number}{CLOSE}{body}")
    return "\n".join(out)


def _unmarked(file: str, output: str) -> Rendered:
    lines, numbers, current = [], [], 1
    for line in output.split("\n"):
        found = MARKER.search(line)
        if found:
            current = int(found.group(1))
        numbers.append(current)
        lines.append(MARKER.sub("", line))
    return Rendered(file, "\n".join(lines), tuple(numbers))


def _error_line(exc: BaseException) -> int | None:
    """The template line Jinja's rewritten traceback points at, if any."""
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _clean(message: str) -> str:
    """Jinja's or Python's words, without markers, cut to DETAIL_CHARS."""
    return clip(MARKER.sub("", message).replace(OPEN, "").replace(CLOSE, "").strip(), DETAIL_CHARS)
