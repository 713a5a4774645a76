"""Text a YAML comment took: `title: Club night #3` reads as "Club night", because YAML begins a comment at a
'#' after a space, and the `#3` would be lost without a word.

pnp warns where a comment's '#' touches the word after it (`#3`, `#blue`) right after a plain text value: that is
how a number or a tag is written in a title, and seldom how a comment is (`# a comment`). The warning names the
line and the field, what the value reads as, and how to keep the whole of it: the value in quotes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from pnp.spec.problems import clip, path_text
from pnp.spec.yamlsafe import LINE_BREAK, Loaded
from pnp.spec.yamltree import STR_TAG

TOUCHING = re.compile(r"[ \t]+#(\S.*)")   # what follows a value on its line: a comment whose '#' touches a word


def cut_by_comments(loaded: Loaded) -> tuple[tuple[str, str], ...]:
    """(field, warning) for each plain text value a comment touching its next word cut short, in reading order."""
    if loaded.node is None:
        return ()
    lines = LINE_BREAK.split(loaded.text)
    notes = []
    for path, node, block in _plain_texts(loaded.node, (), True, set()):
        line = node.end_mark.line
        after = TOUCHING.fullmatch(lines[line][node.end_mark.column:]) if line < len(lines) else None
        if after:
            notes.append((path_text(path), _warning(path, block, node.value, after.group(1).rstrip(), line + 1)))
    return tuple(notes)


def _plain_texts(node: yaml.Node, path: tuple[Any, ...], block: bool,
                 seen: set[int]) -> Iterator[tuple[tuple[Any, ...], yaml.ScalarNode, bool]]:
    """Every value written as plain text (no quotes, not a number or true/false), with its field's path and
    whether it stands in a block (its line `key: value` or `- value`), not inside brackets or braces."""
    if id(node) in seen:   # an alias: its text was looked at where it was written
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _plain_texts(value, (*path, key.value), not node.flow_style, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _plain_texts(item, (*path, index), not node.flow_style, seen)
    elif node.tag == STR_TAG and not node.style and node.value:   # plain: no style (libyaml says "")
        yield path, node, block


def _warning(path: tuple[Any, ...], block: bool, value: str, comment: str, line: int) -> str:
    """The warning, with the line that keeps the whole text: `key: "..."`, `- "..."`, or in brackets `"..."`."""
    whole = f"{value} #{comment}"
    quoted = '"' + whole.replace("\\", "\\\\").replace('"', '\\"') + '"'
    keyed = path and isinstance(path[-1], str)
    key = f"{clip(str(path[-1]))}: " if keyed else "- " if block else ""
    return (f"line {line}: '#{clip(comment)}' begins a YAML comment (a '#' after a space does), so the value read "
            f"is '{clip(value)}'; to keep all of it, quote it: {key}{clip(quoted)}")
