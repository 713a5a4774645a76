"""The composed YAML node tree: checked before anything is built, and asked for lines.

Nodes keep where each value was written, so every problem found later (by
pydantic or a game's planner) can name its line.
"""

from __future__ import annotations

from typing import Any

import yaml

from pnp.spec.problems import Problem, Unplanned, YamlProblem, clip, path_text

MAX_EXPANDED_NODES = 10_000
YAML_TAG = "tag:yaml.org,2002:"
STR_TAG, MERGE_TAG = YAML_TAG + "str", YAML_TAG + "merge"
PLAIN_TAGS = {YAML_TAG + name for name in ("str", "int", "float", "bool", "null", "map", "seq", "merge")}


def check_tree(root: yaml.Node) -> None:
    """Refuse object tags, odd keys and alias bombs before anything is built."""
    sizes: dict[int, int] = {}

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]  # an alias: counted again, but not walked again
        sizes[key] = 1  # guards against recursive aliases
        if node.tag not in PLAIN_TAGS:
            raise YamlProblem(
                f"tag {clip(node.tag.replace(YAML_TAG, '!!'))} is not allowed; "
                "specs hold plain values only (text, numbers, true/false, lists, mappings)",
                _line(node),
            )
        total = 1
        if isinstance(node, yaml.MappingNode):
            _check_keys(node)
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(v) for v in node.value)
        if total > MAX_EXPANDED_NODES:
            raise YamlProblem(
                f"the document holds more than {MAX_EXPANDED_NODES} values (aliases count each time they are used); "
                "a spec holds a few dozen: is this the right file?",
                _line(node),
            )
        sizes[key] = total
        return total

    size(root)


def _check_keys(node: yaml.MappingNode) -> None:
    """Keys are names, read as written (`on` stays 'on', not true), each once."""
    seen: dict[str, int] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode):
            raise YamlProblem("a key must be a name, not a list or a mapping", _line(key))
        if key.tag in PLAIN_TAGS and key.tag != MERGE_TAG:  # other tags are refused as tags
            key.tag = STR_TAG
        if key.value in seen:
            raise YamlProblem(f"duplicate key '{clip(key.value)}' (first at line {seen[key.value]})", _line(key))
        seen[key.value] = _line(key)


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def line_of(root: yaml.Node | None, path: tuple[Any, ...]) -> int | None:
    """Line of the value at `path` (or of the deepest part of it written in the file).

    None when not even the first key of the path is in the file: a default was at fault.
    """
    node, line = root, None
    for depth, part in enumerate(path):
        if node is None:
            break
        line = _line(node) if depth else None
        node = _child(node, part)
    if node is not None:
        line = _line(node)
    return line


def key_line(root: yaml.Node | None, path: tuple[Any, ...]) -> int | None:
    """Line of the key that ends `path` (for unknown keys)."""
    parent = root
    for part in path[:-1]:
        parent = _child(parent, part) if parent is not None else None
    if isinstance(parent, yaml.MappingNode):
        for key, _ in parent.value:
            if key.value == str(path[-1]):
                return _line(key)
    return line_of(root, path[:-1])


def _child(node: yaml.Node, part: Any) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == str(part):
                return value
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return node.value[part]
    return None


def located(file: str, root: yaml.Node | None, found: Unplanned) -> Problem:
    """A problem found on the data (a plan's, a position's), with its file and the line its field was written on."""
    return Problem(file, line_of(root, found.loc), path_text(found.loc), found.message)
