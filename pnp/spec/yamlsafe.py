"""Safe YAML loading that keeps line numbers and refuses hostile documents.

The document is composed into a node tree first (which holds every line), then
checked (plain tags only, no duplicate keys, bounded alias expansion), and only
then constructed with PyYAML's SafeConstructor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

MAX_BYTES = 1 << 20
MAX_EXPANDED_NODES = 10_000
PLAIN_TAGS = {
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "merge")
}


class YamlProblem(Exception):
    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass(frozen=True)
class Loaded:
    data: Any
    node: yaml.Node | None


def load(raw: bytes) -> Loaded:
    """Parse spec bytes; raise YamlProblem with a line number where one is known."""
    if len(raw) > MAX_BYTES:
        raise YamlProblem(f"file is {len(raw)} bytes; a spec may be at most {MAX_BYTES} bytes")
    text = _decode(raw)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Loaded(None, None)
        _check_tree(node)
        return Loaded(loader.construct_document(node), node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        detail = " ".join(str(x) for x in (exc.context, exc.problem) if x)
        raise YamlProblem(f"YAML syntax error: {detail}", mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise YamlProblem(f"YAML error: {exc}") from None
    finally:
        loader.dispose()


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlProblem(
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save the file as UTF-8",
            line,
        ) from None


def _check_tree(root: yaml.Node) -> None:
    """Refuse object tags, duplicate keys and alias bombs before anything is built."""
    sizes: dict[int, int] = {}

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]  # an alias: counted again, but not walked again
        sizes[key] = 1  # guards against recursive aliases
        if node.tag not in PLAIN_TAGS:
            raise YamlProblem(
                f"tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not allowed; "
                "specs hold plain values only (text, numbers, true/false, lists, mappings)",
                node.start_mark.line + 1,
            )
        total = 1
        if isinstance(node, yaml.MappingNode):
            _check_duplicates(node)
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(v) for v in node.value)
        if total > MAX_EXPANDED_NODES:
            raise YamlProblem(
                f"the document expands to more than {MAX_EXPANDED_NODES} values "
                "(aliases repeated too often); write the values out",
                node.start_mark.line + 1,
            )
        sizes[key] = total
        return total

    size(root)


def _check_duplicates(node: yaml.MappingNode) -> None:
    seen: dict[str, int] = {}
    for key, _ in node.value:
        if isinstance(key, yaml.ScalarNode):
            line = key.start_mark.line + 1
            if key.value in seen:
                raise YamlProblem(f"duplicate key '{key.value}' (first at line {seen[key.value]})", line)
            seen[key.value] = line


def line_of(root: yaml.Node | None, path: tuple[Any, ...]) -> int | None:
    """Line of the value at `path` (or of the deepest part of it written in the file).

    None when not even the first key of the path is in the file: a default was at fault.
    """
    node, line = root, None
    for depth, part in enumerate(path):
        if node is None:
            break
        line = node.start_mark.line + 1 if depth else None
        node = _child(node, part)
    if node is not None:
        line = node.start_mark.line + 1
    return line


def key_line(root: yaml.Node | None, path: tuple[Any, ...]) -> int | None:
    """Line of the key that ends `path` (for unknown keys)."""
    parent = root
    for part in path[:-1]:
        parent = _child(parent, part) if parent is not None else None
    if isinstance(parent, yaml.MappingNode):
        for key, _ in parent.value:
            if key.value == str(path[-1]):
                return key.start_mark.line + 1
    return line_of(root, path[:-1])


def _child(node: yaml.Node, part: Any) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == str(part):
                return value
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return node.value[part]
    return None
