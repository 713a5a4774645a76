"""The house drawn from its imports: no module of pnp imports itself round a cycle, counting every import statement
(inside functions and under TYPE_CHECKING too); every import keeps to the house drawn in the contributors' docs
(docs/contributing/architecture.md: a floor imports its own and those below, never one above: games above boards
above layout and geometry); no game imports another."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import ROOT

HOUSE = re.compile(r"<!-- house:[^>]*-->\s*```\n(.*?)```", re.S)   # the drawing, top floor first
HOUSE_PAGE = ROOT / "docs" / "contributing" / "architecture.md"


def _modules() -> dict[str, Path]:
    found = {}
    for path in (ROOT / "pnp").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, module: str, path: Path, modules: dict[str, Path]) -> list[str]:
    """The names an import statement loads: `from a import b` is module a.b where there is one, else a."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = ".".join([*package[: len(package) - node.level + 1], *([node.module] if node.module else [])]) \
        if node.level else node.module or ""
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]


def import_graph() -> dict[str, set[str]]:
    """Each pnp module -> the pnp modules it imports anywhere in its text."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        graph[module] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in _imported(node, module, path, modules):
                    while name and name not in modules:
                        name = name.rpartition(".")[0]
                    if name and name != module:
                        graph[module].add(name)
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of imports (its modules in order, the first again at the end), or [] when there is none."""
    state: dict[str, int] = {}   # 1: on the path being walked, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path, todo = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while todo:
            following = next(todo[-1], None)
            if following is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(following) == 1:
                return [*path[path.index(following):], following]
            elif not state.get(following):
                state[following] = 1
                path.append(following)
                todo.append(iter(sorted(graph[following])))
    return []


def test_the_checker_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_module_of_pnp_imports_round_a_cycle():
    graph = import_graph()
    assert "pnp.boards.placement" in graph and "pnp.layout.tiles" in graph["pnp.boards.placement"]
    assert cycle(graph) == []


def test_the_board_layer_never_imports_a_game():
    graph = import_graph()
    boards = [module for module in graph if module.startswith("pnp.boards")]
    assert boards
    assert [(m, d) for m in boards for d in graph[m] if d.startswith("pnp.games")] == []


def house() -> list[tuple[str, list[str]]]:
    """The house's floors, top first: (name, the paths it holds: `pnp/x/` a package, `pnp/x.py` a module). A line
    that starts at the margin opens a floor; indented lines carry on the one above."""
    found = HOUSE.search(HOUSE_PAGE.read_text(encoding="utf-8"))
    assert found, f"{HOUSE_PAGE.relative_to(ROOT)} has no <!-- house: ... --> block"
    floors: list[tuple[str, list[str]]] = []
    for line in found.group(1).splitlines():
        words = line.split()
        if words and not line[0].isspace():
            floors.append((words[0], []))
        if floors:
            floors[-1][1].extend(word for word in words if word.startswith("pnp/"))
    return floors


# Pages that may hold a copy of the drawing besides the docs' own.
HOUSE_COPIES = (ROOT / "README.md",)


@pytest.mark.parametrize("page", HOUSE_COPIES, ids=lambda page: page.name)
def test_a_copy_of_the_house_is_the_same_house(page: Path):
    """Where a page still holds a copy of the drawing, it is the docs' drawing."""
    copy = HOUSE.search(page.read_text(encoding="utf-8"))
    if copy:
        assert copy.group(1) == HOUSE.search(HOUSE_PAGE.read_text(encoding="utf-8")).group(1), (  # type: ignore[union-attr]
            f"{page.relative_to(ROOT)}'s house differs from {HOUSE_PAGE.relative_to(ROOT)}'s, which the tests check: copy it over")


def floor_of(module: str, floors: list[tuple[str, list[str]]]) -> int | None:
    """The floor that holds a module (its own file, or a package above it), or None."""
    path = "pnp/__init__.py" if module == "pnp" else module.replace(".", "/")
    for number, (_, paths) in enumerate(floors):
        if any(f"{path}.py" == p or f"{path}/".startswith(p) for p in paths if p.endswith((".py", "/"))):
            return number
    return None


def test_the_house_stands_games_over_boards_over_layout_and_geometry():
    floors = house()
    names = [name for name, _ in floors]
    assert names.index("games") < names.index("boards") < names.index("layout")
    assert [floor_of(m, floors) for m in ("pnp.games.asterisk.board", "pnp.boards.lattice.shapes", "pnp.layout.fit",
                                          "pnp.geometry.hexagon")] == [names.index(n) for n in
                                                                       ("games", "boards", "layout", "ground")]


def test_the_house_places_every_module_once():
    floors = house()
    paths = [p for _, held in floors for p in held]
    assert len(paths) == len(set(paths)), "a path on two floors"
    assert [m for m in import_graph() if floor_of(m, floors) is None] == []


def test_no_import_goes_up_a_floor():
    floors = house()
    up = [(m, d) for m, deps in import_graph().items() for d in sorted(deps)
          if (floor_of(d, floors) or 0) < (floor_of(m, floors) or 0)]
    assert up == [], "imports going up the house (module, what it imports)"


def test_no_game_imports_another():
    def game(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 2 and parts[1] == "games" else None
    graph = import_graph()
    assert [(m, d) for m in graph for d in graph[m] if game(m) and game(d) and game(m) != game(d)] == []
