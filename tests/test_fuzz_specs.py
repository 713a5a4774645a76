"""A small mutation fuzzer: mutants of the shipped configs end in exit 0 or 2, never a traceback.

Each config, widened with every key a spec may hold, is mutated a few hundred
times with a fixed seed (keys deleted, renamed or duplicated, values of the
wrong type, odd scalars, huge numbers, deep nesting, repeated list items,
control characters, lines dropped or repeated) and checked with `pnp validate`
in-process, the way the CLI runs it. A refusal must be one line per problem,
each naming the file. A bigger sweep by hand:

    PNP_FUZZ_SEED=1 PNP_FUZZ_MUTANTS=2000 .venv/bin/python -m pytest tests/test_fuzz_specs.py
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from conftest import ROOT, invoke


SEED = int(os.environ.get("PNP_FUZZ_SEED", "8"))
MUTANTS = int(os.environ.get("PNP_FUZZ_MUTANTS", "60"))  # per config: five configs, 300 mutants
CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
LONGEST_LINE = 400

# Every block a spec may hold, so that mutations reach every key (the configs set only a few).
EVERY_KEY: dict[str, Any] = {"title": "Fuzzed", "paper": "a4", "formats": ["svg", "pdf"]}
# Per game: every block and key set, so mutations reach all of them.
GAME_KEYS: dict[str, dict[str, Any]] = {
    "asterisk": {
        "outputs": ["board", "pieces", "markers", "solitaire"],
        "board": {"cell_mm": 9, "coordinates": True},
        "pieces": {"clearance_mm": 1.5, "spares": 1, "counts": {"dark-circle-empty": 11}, "allow_mismatch": True},
        "markers": {"size_mm": 70},
        "solitaire": {"seed": 42},
        "style": {"left": "#d55e00", "ink": "#1a1a1a"},
    },
    "starry-night": {
        "skies": {"stars": 12, "count": 4, "per_page": 2, "seed": 7, "grid_mm": 5, "min_gap": 2, "no_three_in_line": True},
        "style": {"star": "#000000", "ink": "#1a1a1a"},
    },
    "starstar": {
        "outputs": ["board", "pad", "scoresheet", "stones"],
        "pad": {"cell_mm": 8},
        "board": {"rings": 6, "cell_mm": 9, "labels": True, "outline_rings": [4], "handicap_points": True},
        "stones": {"clearance_mm": 1.5, "spares": 2},
        "style": {"ink": "#1a1a1a", "red": "#f4a093", "blue": "#1f3c88"},
    },
}
ODD_VALUES: list[Any] = [
    None, "", " ", "~", "null", True, False, 0, -1, 3, 5, 1.5, -0.0, 0.01, 5e-324, 1e308, float("inf"),
    float("nan"), 2**63, 10**30, 10**200, "11", "1e3", "#d55e00", "a\x01b", "\ufffe", "ü" * 50, "x" * 5000,
    [], {}, ["board", "board"], {"a": 1}, [[[[1]]]], {"width_mm": 100}, {"width_mm": 150, "height_mm": 1e9},
]
# Values a user could mean, per key: mutants that pass validation and reach the planner's corners.
PLAUSIBLE: dict[str, list[Any]] = {
    "side": [3, 8, 12, 24, 27, 36],
    "cell_mm": [5, 5.5, 12, 46, 60, 200],
    "paper": ["a3", "letter", "tabloid", {"width_mm": 100, "height_mm": 100}, {"width_mm": 2000, "height_mm": 100}],
    "size_mm": [5, 30, 90, 180, 200],
    "clearance_mm": [0, 0.5, 20],
    "spares": [0, 100],
    "counts": [{}, {"light-circle-asterisk": 0}, {"dark-hexagon-empty": 5000}],
    "allow_mismatch": [False],
    "coordinates": [False],
    "outputs": [["board"], ["pieces"], ["markers"], ["solitaire"], ["markers", "board"]],
    "formats": [["pdf"]],
    "seed": [0, 2**63 - 1],
    "title": ["ü" * 120, "Ελληνικά", ""],
}
ODD_KEYS: list[Any] = ["on", "yes", "~", 1, 2.5, "", "sied", "Board", "x" * 300, "<<", "dark-circle-emtpy"]


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path and list index in the data, the root first."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, prefix + (index,))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _parent(data, path)[path[-1]] = value
    return data


def _delete(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    if path:
        del _parent(data, path)[path[-1]]
    return data


def _odd_value(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    return _replace(data, path, copy.deepcopy(rng.choice(ODD_VALUES)))


def _huge_number(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    return _replace(data, path, rng.choice([10**20, 2**63, -(2**70), 10 ** rng.randint(90, 4000), 1e308 * 10]))


def _plausible(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    if path and path[-1] in PLAUSIBLE:
        return _replace(data, path, copy.deepcopy(rng.choice(PLAUSIBLE[path[-1]])))
    return data


def _nest(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    value = _parent(data, path)[path[-1]] if path else data
    for _ in range(rng.choice([1, 2, 3, 33])):  # deeper in text mutations: PyYAML's dumper recurses
        value = [value] if rng.random() < 0.5 else {"k": value}
    return _replace(data, path, value)


def _rename_key(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    parent = _parent(data, path) if path else None
    if isinstance(parent, dict):
        parent[rng.choice(ODD_KEYS)] = parent.pop(path[-1])
    return data


def _repeat_item(data: Any, path: tuple[Any, ...], rng: random.Random) -> Any:
    target = _parent(data, path)[path[-1]] if path else data
    if isinstance(target, list) and target:
        target.append(copy.deepcopy(rng.choice(target)))
    elif isinstance(target, dict):
        target[rng.choice(ODD_KEYS)] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


DATA_MUTATIONS: list[Callable[[Any, tuple[Any, ...], random.Random], Any]] = [
    _delete, _odd_value, _huge_number, _nest, _rename_key, _repeat_item, _plausible, _plausible, _plausible,
]


def _text_mutation(text: str, rng: random.Random) -> str:
    """Mutations only text can make: characters YAML refuses, lines repeated or lost, quotes dropped, cut short."""
    lines = text.splitlines(keepends=True)
    where = rng.randrange(len(text) + 1)
    choice = rng.randrange(7)
    if choice == 0:
        return text[:where] + rng.choice(["\x1b", "\x00", "\x7f", "\x0c", "\x85", "\ufeff", "\t", "\r"]) + text[where:]
    if choice == 1:
        line = rng.randrange(len(lines))
        return "".join(lines[: line + 1] + lines[line:])
    if choice == 2:
        line = rng.randrange(len(lines))
        return "".join(lines[:line] + lines[line + 1:])
    if choice == 3:
        return text.replace("'", "").replace('"', "")
    if choice == 4:
        return text[:where]
    if choice == 5:
        return text[:where] + rng.choice(["*a", "&a ", "!!python/none ", "? ", "- ", ": ", "{", "]", "#", "<<: ",
                                          "1.0e+400", "9" * 5000, "0x" + "f" * 200, "1:" * 300 + "1",
                                          "[" * 500 + "]" * 500, "{a: " * 400 + "}" * 400]) + text[where:]
    return text.replace("  ", "\t", 1)


def mutant(base: dict[str, Any], rng: random.Random) -> str:
    """One mutant's text: one to three data mutations, then sometimes one text mutation."""
    data = copy.deepcopy(base)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(data))
        data = rng.choice(DATA_MUTATIONS)(data, path, rng)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=rng.random() < 0.5, width=10**6)
    return _text_mutation(text, rng) if rng.random() < 0.4 else text


def check(path: Path) -> str:
    """`pnp validate` on one file: exit 0, or exit 2 with one line per problem naming the file."""
    result = invoke(["validate", str(path)])
    text = path.read_bytes()[:300]
    assert result.exit_code in (0, 2), f"exit {result.exit_code} for {text!r}: {result.exception!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (text, result.exception)
    if result.exit_code == 2:
        for line in result.stderr.splitlines():
            assert line.startswith(f"{path}"), (text, line)
            assert len(line) <= LONGEST_LINE + len(str(path)), (text, line[:500])
    return "ok" if result.exit_code == 0 else "refused"


@pytest.mark.parametrize("config", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_mutants_of_a_config_are_validated_or_refused(config: Path, tmp_path: Path):
    base = {**yaml.safe_load(config.read_text(encoding="utf-8")), **EVERY_KEY}
    for key, value in GAME_KEYS.get(base["game"], {}).items():
        base[key] = {**base.get(key, {}), **value} if isinstance(value, dict) else value
    rng = random.Random(f"{SEED}:{config.name}")
    spec = tmp_path / "mutant.yaml"
    spec.write_text(yaml.safe_dump(base, sort_keys=False), encoding="utf-8")
    assert check(spec) == "ok", "the unmutated spec with every key set is valid"
    outcomes = []
    for _ in range(MUTANTS):
        spec.write_text(mutant(base, rng), encoding="utf-8")
        outcomes.append(check(spec))
    assert "refused" in outcomes, "the mutations should break some specs"
    assert not list(tmp_path.glob("*/")), "validate writes nothing"
