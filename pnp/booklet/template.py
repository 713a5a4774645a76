"""A rules template: Jinja2 under StrictUndefined, with every rendered line traced back to its source line.

Errors must name the template's own line, but Jinja's `{% if %}` and loops add
and drop lines. So each source line that starts plain text gets an invisible
marker (two private-use characters around its number) before rendering; after
rendering, each output line takes the number of the first marker in it (or of
the line before), and the markers are removed. Lines that open a `{% %}` tag or
lie inside a tag are left alone, so trim_blocks and lstrip_blocks work as usual.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.spec.problems import Problem, SpecError

OPEN, CLOSE = "\ue000", "\ue001"
MARKER = re.compile(f"{OPEN}([0-9]+){CLOSE}")
TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)
MAX_TEMPLATE_BYTES = 1 << 20


@dataclass(frozen=True)
class Rendered:
    """A template's Markdown, and for each of its lines (from 0) the template line it came from (from 1)."""

    file: str
    text: str
    lines: tuple[int, ...]

    def source_line(self, rendered_line: int) -> int:
        """The template line of a rendered line (0-based, as markdown-it counts)."""
        return self.lines[min(max(rendered_line, 0), len(self.lines) - 1)] if self.lines else 1


def read_template(path: Path) -> str:
    """The template's text: UTF-8, at most 1 MiB; a clear one-line error otherwise."""
    try:
        raw = path.read_bytes()[: MAX_TEMPLATE_BYTES + 1]
    except OSError as exc:
        raise SpecError([Problem(str(path), None, "", f"cannot read the template: {exc.strerror or exc}")]) from None
    if len(raw) > MAX_TEMPLATE_BYTES:
        raise SpecError([Problem(str(path), None, "", "the template is larger than 1 MiB; is this the right file?")])
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
    """`source` rendered with `context`; SpecError naming `file` and the line for any template problem."""
    import jinja2

    env = jinja2.Environment(undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, autoescape=False)
    try:
        output = env.from_string(_marked(source)).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise SpecError([Problem(file, exc.lineno, "", f"template syntax: {_clean(exc.message or '')}")]) from None
    except jinja2.UndefinedError as exc:
        raise SpecError([Problem(file, _error_line(exc), "", f"{_clean(exc.message or '')}; "
                                 f"the variables are: {', '.join(sorted(context))}")]) from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise SpecError([Problem(file, _error_line(exc), "", f"template error: {_clean(str(exc))}")]) from None
    return _unmarked(file, output)


def _marked(source: str) -> str:
    """Each plain-text line's first non-blank character preceded by a marker of its line number."""
    inside = [False] * (source.count("\n") + 2)
    for match in TAG.finditer(source):
        first = source.count("\n", 0, match.start()) + 1
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
    return MARKER.sub("", message).replace(OPEN, "").replace(CLOSE, "").strip()
