"""YAML syntax errors in plain words, with the fix, for the mistakes people make editing a spec by hand.

Most specs start as `pnp init`'s starter, whose keys are commented out: a user deletes the `# ` before a key, and
sometimes only the `#` (a space is left before the key), or forgets the `# ` before the key's block (`board:`).
PyYAML then says "expected <block end>, but found '<block mapping start>'". Here the lines around the error are
read as a person would: the key that is out of line and the key above it, a block's line still commented out, a
tab, a `: ` or a ` #` inside a value, a quote left open. `explain` gives the line and the sentence; None where the
error is none of these (PyYAML's own words are shown then).
"""

from __future__ import annotations

import re

import yaml

from pnp.spec.problems import clip

LIVE_KEY = re.compile(r"( *)(?:- +)?([^\s#:'\"{\[][^#:]*?):(?=\s|$)")   # `  size: 11`: the indent and the key
OPENS_BLOCK = re.compile(r" *(?:- +)?[^\s#:'\"][^#:]*?:\s*(?:#.*)?$")   # `board:` (a comment may follow): no value
COMMENTED_BLOCK = re.compile(r"# ?( *)([^\s#:'\"][^#:]*?):\s*(?:#.*)?$")  # `# board:   # what it is` (a starter's)
TAB_WORDS = "found character '\\t'"
BLOCK_WORDS = ("expected <block end>, but found '<block mapping start>'", "mapping values are not allowed here")
QUOTE_WORDS = "expected <block end>, but found '<scalar>'"
FLOW_WORDS = "flow"
OPEN_QUOTE_WORDS = "while scanning a quoted scalar"
NO_COLON_WORDS = "while scanning a simple key"
CLOSERS = {"[": "]", "{": "}"}
LEVEL = 2   # spaces a block's keys stand in from its line, as `pnp init` writes them


def explain(text: str, error: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """(line, what is wrong and how to fix it) for the common mistakes; None for any other error."""
    mark = error.problem_mark
    if mark is None:
        return None
    lines = text.splitlines()
    row, column = mark.line, mark.column   # from 0
    problem, context = error.problem or "", error.context or ""
    opened = error.context_mark.line if error.context_mark is not None else row
    if TAB_WORDS in problem:
        return row + 1, _tab(lines, row, column)
    if OPEN_QUOTE_WORDS in context:
        return opened + 1, _open_quote(lines, opened)
    if NO_COLON_WORDS in context and opened < len(lines):
        return opened + 1, _no_colon(lines[opened])
    if FLOW_WORDS in context:
        return _flow(lines, row)
    if row >= len(lines):
        return None
    key = LIVE_KEY.match(lines[row])
    if problem == BLOCK_WORDS[1] and key is not None and column > key.end() - 1:
        return row + 1, _colon_in_value(lines[row], key)
    if problem in BLOCK_WORDS and key is not None:
        return _out_of_line(lines, row, key)
    if problem == QUOTE_WORDS and key is not None:
        said = _quote_inside(lines[row], key)
        return (row + 1, said) if said else None
    return None


def _tab(lines: list[str], row: int, column: int) -> str:
    line = lines[row] if row < len(lines) else ""
    if "\t" in line[: len(line) - len(line.lstrip())]:
        return "this line is indented with a tab; YAML does not allow tabs for indentation: use spaces"
    return f"a tab at column {column + 1}; YAML does not allow tabs there: use spaces"


def _colon_in_value(line: str, key: re.Match[str]) -> str:
    """`title: Hex: the classic`: the second `: ` reads as another key."""
    value = _value(line, key)
    return (f"the value of `{clip(key[2])}:` holds `: `, which YAML reads as the start of another key; put the value "
            f"in quotes: {clip(key[2])}: {_quoted(value)}")


def _out_of_line(lines: list[str], row: int, key: re.Match[str]) -> tuple[int, str] | None:
    """A key indented where no key can stand: under a key that holds a value (or under a block whose line is still
    commented out), or between the indents of the blocks above it; or the line above it is no key at all."""
    indent, name = len(key[1]), clip(key[2])
    above = _live_above(lines, row)
    if above is None:
        return None
    prev_row, prev = above
    prev_indent, prev_key = _indent(lines[prev_row]), _key_name(prev)
    if LIVE_KEY.match(prev) is None and not prev.lstrip().startswith("-"):
        return prev_row + 1, _no_colon(prev)
    if indent > prev_indent and not OPENS_BLOCK.fullmatch(prev):
        head = _commented_head(lines, prev_row, row, indent)
        if head is not None:
            return row + 1, (f"`{name}:` is indented as if under a block, but the line above it (`{prev_key}:`, "
                             f"line {prev_row + 1}) is not a block's key; uncomment the block's line `{head[1]}:` "
                             f"(line {head[0] + 1}) too")
        return row + 1, (f"`{name}:` is indented {_spaces(indent)} but `{prev_key}:` above it (line {prev_row + 1}) "
                         f"{_spaces(prev_indent)}, and that key holds a value, so nothing can be indented under it; "
                         f"line `{name}:` up with `{prev_key}:`")
    if indent < prev_indent and indent not in _levels(lines, prev_row):
        return row + 1, (f"`{name}:` is indented {_spaces(indent)}, which lines up with no key above it "
                         f"(`{prev_key}:` on line {prev_row + 1} is indented {_spaces(prev_indent)}); indent it "
                         "as the other keys of its block")
    return None


def _no_colon(line: str) -> str:
    """`size 11`: a key with no colon after it (or the text of a comment whose `#` was deleted)."""
    words = line.strip().split(None, 1)
    if len(words) == 2 and ":" not in words[1]:
        return f"`{clip(line.strip())}` has no `: ` after its key; write it as `{clip(words[0])}: {clip(words[1])}`"
    return f"`{clip(line.strip())}` is no `key: value` line (a note starts with `# `)"


def _levels(lines: list[str], row: int) -> set[int]:
    """The indents a key after line `row` may have: that line's, and those of the blocks it sits in."""
    levels, deepest = set(), _indent(lines[row]) + 1
    for at in range(row, -1, -1):
        stripped = lines[at].strip()
        if stripped and not stripped.startswith("#") and _indent(lines[at]) < deepest:
            deepest = _indent(lines[at])
            levels.add(deepest)
    return levels


def _quote_inside(line: str, key: re.Match[str]) -> str | None:
    """`title: 'it's'`: a quoted value ends at its second quote."""
    value = _value(line, key)
    if value[:1] not in ("'", '"'):
        return None
    quote = value[0]
    other = '"' if quote == "'" else "'"
    return (f"the value of `{clip(key[2])}:` ends at its second {quote}; to put a {quote} inside the value, quote it "
            f"with {other} instead: {clip(key[2])}: {other}{clip(value[1:].rstrip(quote))}{other}")


def _open_quote(lines: list[str], row: int) -> str:
    line = lines[row] if row < len(lines) else ""
    key = LIVE_KEY.match(line)
    quote = next((c for c in (_value(line, key) if key else line) if c in "'\""), '"')
    return f"a value's {quote} is never closed; end the value with {quote} on the same line"


def _flow(lines: list[str], row: int) -> tuple[int, str] | None:
    """A `[...]` or `{...}` left open on its line: cut short by a ` #` (which starts a comment), or never closed."""
    for at in range(min(row, len(lines) - 1), -1, -1):
        live, comment = _split_comment(lines[at])
        bracket = _unclosed(live)
        if bracket is None:
            continue
        if comment:
            word = re.match(r"[^\s,\]}]*", comment)[0]
            return at + 1, (f"a `#` after a space starts a comment, so this line ends there and its `{bracket}` is "
                            f"never closed; put a value that holds # in quotes, e.g. \"#{clip(word)}\"")
        return at + 1, (f"the `{bracket}` opened on this line is not closed; end it with `{CLOSERS[bracket]}` on the "
                        "same line, and quote any value that holds a comma, a bracket, `: ` or ` #`")
    return None


def _split_comment(line: str) -> tuple[str, str]:
    """A line's YAML and its comment (what follows a `#` at its start or after a space, outside quotes)."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (at == 0 or line[at - 1].isspace()):
            return line[:at], line[at + 1:]
    return line, ""


def _unclosed(text: str) -> str | None:
    """The innermost `[` or `{` of `text` left open at its end (quoted text skipped), or None."""
    opened: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in CLOSERS:
            opened.append(char)
        elif opened and char == CLOSERS[opened[-1]]:
            opened.pop()
    return opened[-1] if opened else None


def _live_above(lines: list[str], row: int) -> tuple[int, str] | None:
    """The nearest line above `row` that holds YAML: not blank, not a comment."""
    for at in range(row - 1, -1, -1):
        stripped = lines[at].strip()
        if stripped and not stripped.startswith("#"):
            return at, lines[at]
    return None


def _commented_head(lines: list[str], above: int, row: int, indent: int) -> tuple[int, str] | None:
    """The nearest commented-out block line between `above` and `row` that the key at `indent` would sit under:
    a key with no value, every line after it down to `row` indented further, the key a whole level (two spaces or
    more) further: one space is what is left of a `# ` whose `#` alone was deleted (` paper: a4` under
    `# title:` is a key of the top level, not a block's)."""
    deepest = indent
    for at in range(row - 1, above, -1):
        if not lines[at].strip():
            continue
        found = COMMENTED_BLOCK.fullmatch(lines[at])
        if found and len(found[1]) < deepest and indent - len(found[1]) >= LEVEL:
            return at, clip(found[2])
        deepest = min(deepest, _commented_indent(lines[at]))
    return None


def _commented_indent(line: str) -> int:
    """How far a commented-out line's key was indented (`#   size: 11` is 2, as uncommented)."""
    found = re.match(r"\s*# ?( *)", line)
    return len(found[1]) if found else _indent(line)


def _key_name(line: str) -> str:
    found = LIVE_KEY.match(line)
    return clip(found[2] if found else line.strip())


def _value(line: str, key: re.Match[str]) -> str:
    """What follows the key's colon, up to a comment."""
    return _split_comment(line[key.end():])[0].strip()


def _quoted(value: str) -> str:
    value = clip(value)
    return f"'{value}'" if '"' in value else f'"{value}"'


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _spaces(count: int) -> str:
    return "not at all" if count == 0 else f"{count} space{'' if count == 1 else 's'}"
