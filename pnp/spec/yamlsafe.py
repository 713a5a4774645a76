"""Safe YAML loading that keeps line numbers and refuses hostile documents.

The text is checked for characters YAML refuses, then composed into a node
tree (which holds every line, and whose depth is capped), checked (plain tags
only, keys as written, no duplicate keys, bounded alias expansion), and only
then constructed with PyYAML's SafeConstructor. Every failure is a YamlProblem
with a line where one is known, never an exception from PyYAML or Python.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

import yaml

from pnp.spec.problems import YamlProblem, clip
from pnp.spec.yamltree import check_tree

MAX_BYTES = 1 << 20
MAX_DEPTH = 32          # a spec nests 4 levels; Python's recursion limit is far beyond 32 levels
MAX_NUMBER_CHARS = 100  # far beyond any value a spec holds, far below Python's int-string limit
SENTENCE_CHARS = 160    # PyYAML's own sentences, which may quote an anchor or a tag of any length
# YAML's own rule for the characters a document may hold (yaml.reader.Reader.NON_PRINTABLE).
NOT_ALLOWED = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
OPENS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
CLOSES = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")  # what YAML counts as the end of a line


@dataclass(frozen=True)
class Loaded:
    data: Any
    node: yaml.Node | None
    text: str = ""

    def line_text(self, line: int | None) -> str:
        """The raw text of a line (1-based) as written in the file, '' if there is none."""
        lines = LINE_BREAK.split(self.text)
        return lines[line - 1] if line and 0 < line <= len(lines) else ""


def load(raw: bytes) -> Loaded:
    """Parse spec bytes; raise YamlProblem with a line number where one is known."""
    if len(raw) > MAX_BYTES:
        raise YamlProblem(f"the file is larger than {MAX_BYTES} bytes (1 MiB); a spec is a few hundred bytes: is this the right file?")
    text = decode(raw)
    _check_characters(text)
    fast = _fast(text)
    if fast is not None:
        return fast
    loader = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return Loaded(None, None, text)
        check_tree(node)
        return Loaded(loader.construct_document(node), node, text)
    except yaml.MarkedYAMLError as exc:
        from pnp.spec.yamlhints import explain   # only for a file that does not parse

        explained = explain(text, exc)   # the common mistakes in plain words, with the fix
        if explained is not None:
            raise YamlProblem(f"YAML syntax error: {explained[1]}", explained[0]) from None
        mark = exc.problem_mark or exc.context_mark
        detail = " ".join(clip(str(x), SENTENCE_CHARS) for x in (exc.context, exc.problem) if x)
        if "undefined alias" in detail:   # YAML reads *10 as a reference; *Star ids begin with *
            detail += '; a value that starts with * needs quotes, e.g. "*10"'
        raise YamlProblem(f"YAML syntax error: {detail}", mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise YamlProblem(f"YAML error: {clip(str(exc), SENTENCE_CHARS)}") from None
    finally:
        if loader is not None:
            loader.dispose()


def decode(raw: bytes) -> str:
    """UTF-8 text (a byte order mark dropped), or YamlProblem naming the first byte that is not and its line."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlProblem(
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save the file as UTF-8",
            line,
        ) from None


def _check_characters(text: str) -> None:
    """Refuse what YAML's reader would refuse, naming the character and where it is."""
    found = NOT_ALLOWED.search(text)
    if found is None:
        return
    char = found.group()
    before = text[: found.start()]
    line = len(LINE_BREAK.findall(before)) + 1
    column = found.start() - max((m.end() for m in LINE_BREAK.finditer(before)), default=0) + 1
    kind = "control character" if unicodedata.category(char) == "Cc" else "character"
    more = len(NOT_ALLOWED.findall(text)) - 1
    others = f" ({more} more in the file)" if more else ""
    raise YamlProblem(f"{kind} U+{ord(char):04X} at column {column} is not allowed in a spec; remove it{others}", line)


def _fast(text: str) -> Loaded | None:
    """The same document read by libyaml, about ten times faster (a full 19 x 19 position is 2.5 KB); None, and the
    pure-Python loader reads it instead, where libyaml is missing, the nesting passes MAX_DEPTH (counted over
    libyaml's flat event stream first, since its composer recurses) or anything is wrong: that loader's messages
    are the ones users see."""
    if not yaml.__with_libyaml__:
        return None
    try:
        depth = 0
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            depth += isinstance(event, OPENS) - isinstance(event, CLOSES)
            if depth > MAX_DEPTH:
                return None
        loader = _CLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return Loaded(None, None, text)
            check_tree(node)
            return Loaded(loader.construct_document(node), node, text)
        finally:
            loader.dispose()
    except (yaml.YAMLError, YamlProblem):
        return None


class WrittenInt(int):
    """A whole number YAML reads from other than its plain digits (`057` is octal 47, `0x10`, `1_0`, `+5`), which
    keeps the text as written: where a number is a name (a Mudcrack Y cell), the name typed is checked, not 47."""

    written: str


def as_written(value: Any) -> Any:
    """The text a whole number was written as, when YAML read it from other than its plain digits; else `value`."""
    return value.written if isinstance(value, WrittenInt) else value


def as_decimal(value: Any) -> Any:
    """A whole number as its digits read in base 10 (`010` is 10, as YAML 1.2 and people read it; YAML 1.1 reads
    octal 8); a hexadecimal `0x10` stays 16, and anything else is `value` unchanged."""
    if not isinstance(value, WrittenInt):
        return value
    try:
        return int(value.written, 10)
    except ValueError:
        return int(value)


class _Numbers:
    """Numbers no longer than any spec needs, failing as problems rather than Python errors."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """PyYAML's int, for a number no longer than any spec needs (Python refuses over 4,300 digits); a
        WrittenInt where the text is not the number's plain digits."""
        try:
            if len(node.value) > MAX_NUMBER_CHARS:
                raise ValueError
            value = yaml.SafeLoader.construct_yaml_int(self, node)  # type: ignore[arg-type]
            if node.value == str(value):
                return value
            written = WrittenInt(value)
            written.written = node.value
            return written
        except ValueError:
            raise YamlProblem(
                f"number too long ({len(node.value)} characters); no value in a spec needs more than "
                f"{MAX_NUMBER_CHARS}",
                node.start_mark.line + 1,
            ) from None


class _CLoader(_Numbers, yaml.CSafeLoader):  # type: ignore[misc]
    """libyaml's safe loader with the same numbers (nesting is checked before it composes)."""


class _Loader(_Numbers, yaml.SafeLoader):
    """SafeLoader whose nesting is capped and whose numbers fail as problems, not Python errors."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                line = self.peek_event().start_mark.line + 1
                raise YamlProblem(f"nested too deeply (more than {MAX_DEPTH} levels); a spec nests a few levels at most", line)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


for _kind in (_Loader, _CLoader):
    _kind.add_constructor("tag:yaml.org,2002:int", _kind.construct_yaml_int)
