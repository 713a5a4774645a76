"""SGF (Smart Game Format, FF[4]) read into its game trees: bounded, with every node's line and column.

    (;FF[4]GM[11]SZ[11]PB[Alice];B[f6];W[swap-pieces](;B[e7])(;B[d9]))

The grammar is small: a collection is game trees; a game tree is `(`, a
sequence of nodes, then game trees (variations), then `)`; a node is `;` and
its properties; a property is an identifier (upper-case letters) and one or
more values in brackets, where `\\` escapes the next character. This reader is
a scanner over the text with an explicit stack of open game trees, so no
input, however deeply nested, is read by recursion. It keeps every node (each
with its parent) and names the main line: the first game's root and, at each
fork, the first variation. Everything else is told as left out (`left_out`).

Bounds, each told as a SgfError at its line and column: the file's bytes
(`MAX_BYTES`, read by the caller), the nodes (`MAX_NODES`), a kept value's
characters (`VALUE_CHARS`, a comment's excepted: those are skipped), the
nesting (`MAX_DEPTH`). The work is one pass of regular expressions over the
text, so a hostile file costs what its bytes cost.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

SUFFIX = ".sgf"         # an SGF record's file is named so (any case): the one test of whether pnp reads it as SGF
MAX_NODES = 20_000      # nodes of every game tree together: twice the longest record (a 10,000-cell board, full)
MAX_VALUES = 50_000     # property values kept, every node's together: a record's moves and its header, many times over
MAX_DEPTH = 1_000       # game trees open at once: far beyond any file's variations within variations
VALUE_CHARS = 1_000     # a value this reader keeps (a move, a name, a date); comments are skipped unread
SKIPPED = frozenset({"C", "GC", "TB", "TW", "LB", "SQ", "TR", "CR", "MA", "N", "BL", "WL", "OB", "OW"})  # read past
SHOWN = 30              # the characters of a value or a stray token a message repeats

TOKEN = re.compile(r"\s*(?:([()\;])|([A-Za-z]+)|(\[)|(\S))", re.S)
OPENING = re.compile(r"\s*\[")
VALUE = re.compile(r"((?:[^\\\]]++|\\.)*+)\]", re.S)   # a value's text after its `[`, up to the unescaped `]`
ESCAPED = re.compile(r"\\(\r\n|\n\r|.)", re.S)
SPACES = re.compile(r"\s+")


def is_sgf(path: Path) -> bool:
    return path.suffix.lower() == SUFFIX


class SgfError(ValueError):
    """The file is no SGF this reader takes: `message`, at `line` and `column` (1-based)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message, self.line, self.column = message, line, column


@dataclass(frozen=True)
class Value:
    """A property value as written (escapes undone, soft line breaks dropped) and where its `[` stands."""

    text: str
    line: int
    column: int


@dataclass
class Node:
    """One node: where its `;` stands, its parent (-1 for a game's root) and its properties in order."""

    line: int
    column: int
    parent: int
    properties: dict[str, list[Value]] = field(default_factory=dict)

    def one(self, name: str) -> Value | None:
        """The property's first value, None where the node has none."""
        values = self.properties.get(name)
        return values[0] if values else None


@dataclass(frozen=True)
class Variation:
    """Nodes the main line leaves out: where the first stands and how many there are."""

    line: int
    column: int
    nodes: int
    game: bool = False   # a whole further game tree of the collection, not a variation


@dataclass(frozen=True)
class Collection:
    """Every node read, and the main line: the first game's nodes from its root, first variation at each fork."""

    nodes: list[Node]
    main: list[int]

    def left_out(self) -> list[Variation]:
        """The variations (and further games) the main line leaves out, in the file's order."""
        on_main = set(self.main)
        start: dict[int, int] = {}     # a left-out node -> the first node of its variation
        counts: dict[int, int] = {}
        for index, node in enumerate(self.nodes):
            if index in on_main:
                continue
            top = start[node.parent] if node.parent in start else index
            start[index] = top
            counts[top] = counts.get(top, 0) + 1
        return [Variation(self.nodes[top].line, self.nodes[top].column, count, self.nodes[top].parent < 0)
                for top, count in counts.items()]


class _Where:
    """Line and column of an offset in the text (lines end at \\n, \\r\\n or \\r)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def parse(text: str) -> Collection:
    """The game trees of `text`; SgfError at the first thing that is not SGF or passes a bound."""
    where = _Where(text)
    nodes: list[Node] = []
    first_child: dict[int, int] = {}
    open_trees: list[tuple[int, int]] = []   # per open game tree: (the node it hangs from, the offset of its `(`)
    current, at, kept = -1, 0, 0
    while True:
        token = TOKEN.match(text, at)
        if token is None:   # nothing but spaces left
            break
        at = token.end()
        start = token.start(token.lastindex or 0)
        if token[1] == "(":
            if len(open_trees) >= MAX_DEPTH:
                raise SgfError(f"variations nested more than {MAX_DEPTH:,} deep", *where(start))
            open_trees.append((current if open_trees else -1, start))
            current = open_trees[-1][0]
            after = TOKEN.match(text, at)
            if after is None or after[1] != ";":
                raise SgfError("a game tree starts with a node, ';', after its '('", *where(start))
        elif token[1] == ")":
            if not open_trees:
                raise SgfError("')' closes no game tree (no '(' is open)", *where(start))
            current = open_trees.pop()[0]
        elif token[1] == ";":
            if not open_trees:
                raise SgfError("a node (';') outside any game tree; a game tree is ( ... )", *where(start))
            if len(nodes) >= MAX_NODES:
                raise SgfError(f"more than {MAX_NODES:,} nodes, the most a record holds: is this the right file?",
                               *where(start))
            nodes.append(Node(*where(start), current))
            if current >= 0:
                first_child.setdefault(current, len(nodes) - 1)
            current = len(nodes) - 1
        elif token[2]:
            if current < 0 or not open_trees:
                raise SgfError(f"property {token[2][:SHOWN]} stands before any node (';')", *where(start))
            at, count = _property(text, at, token[2], nodes[current], where)
            kept += count
            if kept > MAX_VALUES:
                raise SgfError(f"more than {MAX_VALUES:,} property values: is this the right file?", *where(start))
        else:
            stray = token[3] or token[4]
            what = "a value '[' without a property name" if stray == "[" else f"{stray!r} is not SGF here"
            raise SgfError(what, *where(start))
    if open_trees:
        raise SgfError("the game tree opened here is never closed with ')'", *where(open_trees[-1][1]))
    if not nodes:
        raise SgfError("no game tree: an SGF file is ( ;properties ;B[move] ... )", 1, 1)
    return Collection(nodes, _main_line(nodes, first_child))


def _property(text: str, at: int, name: str, node: Node, where: _Where) -> tuple[int, int]:
    """The values of property `name` read into `node` from offset `at` (just past its name); the offset after, and
    how many values were kept."""
    values: list[Value] = []
    while True:
        opening = OPENING.match(text, at)
        if opening is None:
            break
        value = VALUE.match(text, opening.end())
        line, column = where(opening.end() - 1)
        if value is None:
            raise SgfError(f"the value of {name[:SHOWN]} opened here is never closed with ']'", line, column)
        at = value.end()
        if name in SKIPPED:
            continue
        raw = value[1]
        if len(raw) > VALUE_CHARS:
            raise SgfError(f"a value of {name[:SHOWN]} of {len(raw):,} characters; at most {VALUE_CHARS:,} are "
                           "read (a move, a name, a date)", line, column)
        values.append(Value(unescape(raw), line, column))
    if not values and name not in SKIPPED:
        line, column = where(at)
        raise SgfError(f"property {name[:SHOWN]} has no value; write it as {name[:SHOWN]}[...]", line, column)
    key = "".join(c for c in name if c.isupper())   # FF[3] allowed lower-case letters in names, to be ignored
    node.properties.setdefault(key, []).extend(values)
    return at, len(values)


def unescape(raw: str) -> str:
    """A value's text: `\\` before a character keeps it, `\\` before a line break removes both (a soft break);
    every other run of white space is one space (simple text, as names and moves are)."""
    kept = ESCAPED.sub(lambda m: "" if m[1] in ("\n", "\r", "\r\n", "\n\r") else m[1], raw)
    return SPACES.sub(" ", kept).strip()


def _main_line(nodes: list[Node], first_child: dict[int, int]) -> list[int]:
    main = [0]
    while main[-1] in first_child:
        main.append(first_child[main[-1]])
    return main


def escape(text: str) -> str:
    """Text as an SGF value holds it: `]` and `\\` escaped."""
    return re.sub(r"([\]\\])", r"\\\1", text)


def shown(text: str) -> str:
    """A value as a message repeats it."""
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
