"""Hypothesis against the CLI: generated specs and position files for every game, valid and not.

Specs are drawn from the JSON Schema that `pnp schema` prints (configs/pnp-spec.schema.json), so every key of
every game is reached, and a key added later is fuzzed without a change here. Each value is usually of the
schema's type and range; in a "wrong" spec any value at any depth may instead be a wrong type, a huge or negative
number, NaN, odd text or unicode, and a stray key may appear in any block; some files are broken as text. Position
files get the same treatment from their own models' shapes. Rule templates are the shipped ones mutated (with their
game's spec), Jinja tags and expressions drawn from a small grammar that reaches the sandbox's edges (Python's
insides, huge numbers and widths, loops, macros, other files), and Markdown tables of any shape.

Every run must end in exit 0, or exit 2 with one message line per problem naming the file, never another code
and never a traceback; and nothing may appear outside --out (each example runs in its own empty folder, which
afterwards holds only the input file and OUT). The examples are derandomized, so a failure repeats; more by hand:

    PNP_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest tests/test_fuzz_cli.py
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import ROOT, config_of, invoke
from pnp.writers import DPI_RANGE

# Hypothesis warns that the schema-built strategies have long reprs; they are only shown on a failure.
pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")
SCHEMA = json.loads((ROOT / "configs" / "pnp-spec.schema.json").read_text(encoding="utf-8"))
EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "0"))
BASE = settings(deadline=None, derandomize=True, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
# Builds that stay quick (the build fuzz runs every valid draw): the largest value drawn for these keys.
BUILD_CAPS: dict[str, Any] = {"side": 16, "rings": 6, "count": 4, "stars": 24, "width_mm": 600, "height_mm": 600, "cell_mm": 40,
              "spares": 4, "width": 40, "height": 40}
# In a build's right-shaped specs, values that the schema alone would almost never draw right: sides whose cells
# split six ways (or the counts say otherwise), and no style.font (random text is no TTF file); None drops the key.
BUILD_TWEAKS: dict[str, st.SearchStrategy[Any] | None] = {"side": st.sampled_from([3, 8, 11, 12, 15]), "font": None}
# PNG pages (formats: png) at the lowest dpi pnp draws: a whole kit's pages at 150 dpi took three seconds of the
# build, and the fuzz asks how a spec ends, not how sharp its pictures are (under BUILD_CAPS no page comes near the
# pixel limit at the default 150 dpi either; tests/test_input_bounds.py and tests/test_png.py test --dpi).
BUILD_DPI = DPI_RANGE[0]
ODD_TEXT = ["", " ", "~", "null", "yes", "0x1f", "1e400", "-0", "#gggggg", "*10", "a\u0000b", "\u202e", "\ufeff",
            "\U0001f600" * 3, "ü" * 70, "x" * 3000, "../../etc/passwd", "/tmp", "CON", "{{ x }}", "%(x)s"]
STRAY_KEYS = ["", "sied", "Board", "x" * 200, "<<", "on", "__class__", "dark-circle-emtpy", "1"]
LONGEST_LINE = 500


# ---- values from the schema ---------------------------------------------------------------------------------

def _odd() -> st.SearchStrategy[Any]:
    """Anything YAML can hold: wrong types, extreme numbers, odd text, nested a few levels."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(), st.sampled_from([0, -1, 10**30, 2**63, -(2**63), 1e308, 5e-324, math.inf, -math.inf, math.nan]),
        st.text(max_size=30), st.sampled_from(ODD_TEXT))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=3), max_leaves=8)


ODD = _odd()


def maybe_wrong(value: st.SearchStrategy[Any], wrong: bool) -> st.SearchStrategy[Any]:
    """`value`; in a wrong file, a quarter of the time anything at all instead."""
    return st.one_of(value, value, value, ODD) if wrong else value


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _number(node: dict[str, Any], key: str, integer: bool, caps: dict[str, Any]) -> st.SearchStrategy[Any]:
    low = node.get("minimum", node.get("exclusiveMinimum", -1000))
    high = min(node.get("maximum", node.get("exclusiveMaximum", 10**6)), caps.get(key, math.inf))
    if integer:
        return st.integers(min_value=math.ceil(low) - 1, max_value=max(math.floor(high), math.ceil(low)) + 1)
    return st.floats(min_value=low - 1, max_value=max(high, low) + 1, allow_nan=False)


def schema_values(node: dict[str, Any], key: str, wrong: bool, caps: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values for one schema node: in range (one either side of the bounds); `wrong`: sometimes anything."""
    return maybe_wrong(_typed(_resolve(node), key, wrong, caps), wrong)


def _typed(node: dict[str, Any], key: str, wrong: bool, caps: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "anyOf" in node:
        return st.one_of([schema_values(n, key, wrong, caps) for n in node["anyOf"] if n.get("type") != "null"])
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if kind in ("integer", "number"):
        return _number(node, key, kind == "integer", caps)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.from_regex(node["pattern"], fullmatch=True) if "pattern" in node else st.text(max_size=40)
    if kind == "array":
        items = schema_values(node.get("items", {}), key, wrong, caps)
        if wrong:
            return st.lists(items, max_size=6)
        unique = (lambda x: repr(x)) if node.get("uniqueItems") else None
        return st.lists(items, min_size=node.get("minItems", 0), max_size=min(node.get("maxItems", 6), 6), unique_by=unique)
    if kind == "object" and "properties" in node:
        return block(node, wrong, caps)
    if kind == "object":
        keys = schema_values(node["propertyNames"], key, False, caps) if "propertyNames" in node else st.text(max_size=12)
        return st.dictionaries(keys, schema_values(node.get("additionalProperties", {}), key, wrong, caps), max_size=5)
    return ODD


def block(node: dict[str, Any], wrong: bool, caps: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A mapping with its required keys and any of the others; `wrong`: maybe a stray key too. A right-shaped
    block takes caps["tweaks"] (key -> strategy, or None to leave the key out) over the schema's values."""
    props = dict(node["properties"])
    tweaks = {} if wrong else caps.get("tweaks", {})
    props = {k: v for k, v in props.items() if not (k in tweaks and tweaks[k] is None)}
    required = set(node.get("required", ()))
    values = {k: tweaks[k] if k in tweaks else schema_values(v, k, wrong, caps) for k, v in props.items()}
    known = st.fixed_dictionaries({k: v for k, v in values.items() if k in required},
                                  optional={k: v for k, v in values.items() if k not in required})
    if not wrong:
        return known
    stray = st.dictionaries(st.sampled_from(STRAY_KEYS), ODD, max_size=1)
    return st.builds(lambda a, b: {**a, **b}, known, st.one_of(st.just({}), st.just({}), stray))


def specs(caps: dict[str, Any] | None = None, right_share: int = 1) -> st.SearchStrategy[dict[str, Any]]:
    """A spec of any game: right in shape (`right_share` times as often), or wrong anywhere."""
    games = [_resolve(n) for n in SCHEMA["anyOf"]]
    shapes = [False] * right_share + [True]
    return st.one_of([block(g, wrong, caps or {}) for g in games for wrong in shapes])


# ---- files as text --------------------------------------------------------------------------------------------

@st.composite
def as_text(draw: st.DrawFn, data: st.SearchStrategy[Any]) -> str:
    """The data as YAML; now and then broken as text: a character inserted, a line lost, cut short, or junk."""
    text = yaml.safe_dump(draw(data), sort_keys=False, allow_unicode=draw(st.booleans()), width=10**6)
    how = draw(st.sampled_from(["as is"] * 6 + ["insert", "drop line", "cut", "junk"]))
    where = draw(st.integers(min_value=0, max_value=len(text)))
    if how == "insert":
        return text[:where] + draw(st.sampled_from(["\x00", "\x1b", "\t", "\ufeff", "*a", "&a ", "!!python/object ",
                                                    "{", "]", ": ", "<<: ", "? ", "9" * 500])) + text[where:]
    if how == "drop line":
        lines = text.splitlines(keepends=True)
        return "".join(lines[:where % len(lines)] + lines[where % len(lines) + 1:])
    if how == "cut":
        return text[:where]
    if how == "junk":
        return draw(st.text(max_size=200))
    return text


# ---- positions ------------------------------------------------------------------------------------------------

ASTERISK_TYPES = [f"{c}-{s}-{m}" for c in ("light", "dark") for s in ("hexagon", "circle") for m in ("empty", "asterisk")]
asterisk_cells = st.from_regex(r"[a-x](1[0-9]|[1-9])", fullmatch=True)
star_cells = st.from_regex(r"(\*[1-6]0|[STARS][0-6][0-9])", fullmatch=True)
letters = st.sampled_from(["a", "b", "A", "", "ab", "\u00e9"])


def _position(game: str, fields: dict[str, st.SearchStrategy[Any]], wrong: bool) -> st.SearchStrategy[dict[str, Any]]:
    optional = {k: maybe_wrong(v, wrong) for k, v in fields.items()}
    optional["caption"] = maybe_wrong(st.text(max_size=60), wrong)
    return st.fixed_dictionaries({"game": maybe_wrong(st.just(game), wrong)}, optional=optional)


def positions() -> st.SearchStrategy[dict[str, Any]]:
    """Position files of every game, right in shape (pieces on real and unreal cells) or wrong anywhere."""
    shapes = []
    for wrong in (False, True):
        shapes.append(_position("asterisk", {
            "board": st.fixed_dictionaries({}, optional={"side": st.integers(2, 25)}),
            "pieces": st.dictionaries(asterisk_cells, st.sampled_from(ASTERISK_TYPES), max_size=40),
            "highlight": st.lists(asterisk_cells, max_size=4), "marks": st.dictionaries(asterisk_cells, letters, max_size=3),
            "chains": st.booleans()}, wrong))
        shapes.append(_position("starstar", {
            "board": st.fixed_dictionaries({}, optional={"rings": st.integers(1, 11)}),
            "stones": st.fixed_dictionaries({}, optional={"red": st.lists(star_cells, max_size=30),
                                                          "blue": st.lists(star_cells, max_size=30)}),
            "highlight": st.lists(star_cells, max_size=4), "marks": st.dictionaries(star_cells, letters, max_size=3),
            "sectors": st.booleans()}, wrong))
        point = st.lists(st.integers(-2, 40), min_size=2, max_size=2)
        shapes.append(_position("starry-night", {
            "stars": st.lists(point, max_size=16), "edges": st.lists(st.lists(st.integers(-1, 16), min_size=2, max_size=2), max_size=20),
            "code": st.from_regex(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", fullmatch=True),
            "highlight": st.lists(st.integers(-1, 16), max_size=3), "marks": st.dictionaries(st.integers(-1, 16), letters, max_size=3)},
            wrong))
    return st.one_of(shapes)


# ---- running the CLI ------------------------------------------------------------------------------------------

@contextmanager
def sandbox(text: str, name: str) -> Iterator[Path]:
    """An empty folder as the working directory, holding only the input file; afterwards it must hold only that
    file and OUT (nothing written beside the input, into the working directory or elsewhere in it)."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        place = Path(folder)
        (place / name).write_text(text, encoding="utf-8")
        os.chdir(place)
        try:
            yield place / name
        finally:
            os.chdir(before)
        stray = sorted(p.name for p in place.iterdir() if p.name not in (name, "out"))
        assert stray == [], f"written outside --out: {stray}"


def ends_well(args: list[str], source: Path, prefix: str = "") -> int:
    """Run `pnp ARGS` in-process: exit 0, or exit 2 with message lines naming the file (or starting with
    `prefix`); never a traceback."""
    result = invoke(args)
    shown = source.read_text(encoding="utf-8", errors="replace")[:300]
    assert result.exit_code in (0, 2), f"exit {result.exit_code} for {shown!r}:\n{result.stderr}{result.exception!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (shown, result.exception)
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert lines, f"exit 2 without a message for {shown!r}"
        for line in lines:
            assert line.startswith(prefix or str(source)) and len(line) <= LONGEST_LINE + len(str(source)), (shown, line[:600])
    event(f"exit {result.exit_code}")  # --hypothesis-show-statistics: how many were accepted and refused
    return result.exit_code


def fuzz(examples: int) -> settings:
    """The shared settings with this many examples (PNP_FUZZ_EXAMPLES overrides)."""
    return settings(BASE, max_examples=EXAMPLES or examples)


@fuzz(250)
@given(text=as_text(specs()))
def test_validate_any_spec(text: str) -> None:
    with sandbox(text, "spec.yaml") as spec:
        ends_well(["validate", str(spec)], spec)


@fuzz(80)
@given(text=as_text(specs({**BUILD_CAPS, "tweaks": BUILD_TWEAKS}, right_share=3)))
def test_build_any_spec(text: str) -> None:
    with sandbox(text, "spec.yaml") as spec:
        code = ends_well(["build", str(spec), "--out", "out", "--dpi", str(BUILD_DPI)], spec)
        out = spec.parent / "out"
        if code == 2:
            assert not out.exists() or not any(out.iterdir()), "a refused spec writes nothing"
        else:
            written = [p for p in out.rglob("*") if p.is_file()]
            assert written and not [p for p in written if p.name.endswith(".tmp")]


@fuzz(200)
@given(text=as_text(positions()), as_json=st.booleans())
def test_score_any_position(text: str, as_json: bool) -> None:
    with sandbox(text, "position.yaml") as position:
        ends_well(["score", str(position), *(["--json"] if as_json else [])], position)


@fuzz(60)
@given(text=as_text(positions()), kind=st.sampled_from(["svg", "pdf"]))
def test_diagram_any_position(text: str, kind: str) -> None:
    with sandbox(text, "position.yaml") as position:
        target = f"out/diagram.{kind}"
        if ends_well(["diagram", str(position), "--out", target, "--format", kind], position) == 0:
            assert (position.parent / target).stat().st_size > 0
        else:
            assert not (position.parent / "out").exists()


@st.composite
def game_options(draw: st.DrawFn) -> list[str]:
    """--game and options as people type them after a text record: a game with records (any case) or a near
    name, its own options or others' or made-up ones, each with a number in or out of range, or any text."""
    from pnp.definitions.checks import RECORD_OPTIONS
    from pnp.positions.text_games import games_with_records, options_for

    games = games_with_records()
    game = draw(st.sampled_from(games))
    written = draw(st.sampled_from([game, game.upper(), game[:-1]]))
    names = sorted({name for other in games for name in options_for(other)})
    made_up = st.from_regex(r"[a-z][a-z_-]{0,12}", fullmatch=True).filter(
        lambda name: name.replace("-", "_") not in RECORD_OPTIONS)
    args = ["--game", written]
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.one_of(st.sampled_from(options_for(game) or ["first"]), st.sampled_from(names), made_up))
        value = draw(st.one_of(st.integers(-5, 300).map(str), st.sampled_from(["red", "blue", "swap", "", "1e3"]),
                               st.text(max_size=120).filter(lambda text: not text.startswith("--"))))
        args += draw(st.sampled_from([[f"--{name}", value], [f"--{name}={value}"]]))
    return args


@fuzz(60)
@given(moves=st.lists(st.sampled_from(["1.", "2.", "a1", "b2", "c3", "swap", "S10", "3-7", "a1=dark-circle-empty",
                                       "#", "\n", "zz"]), max_size=12),
       options=game_options())
def test_score_any_text_record_with_any_options(moves: list[str], options: list[str]) -> None:
    with sandbox(" ".join(moves) + "\n", "game.txt") as record:
        ends_well(["score", str(record), *options], record)


SKY_CODES = ["106A-H61J-GAXD", "106AH61JGAXD", "106a-h61j-gaxd"]


@st.composite
def sky_codes(draw: st.DrawFn) -> str:
    """Codes as people type them: right, with one character changed, dropped or doubled, or anything at all."""
    code = draw(st.sampled_from(SKY_CODES))
    where = draw(st.integers(0, len(code) - 1))
    how = draw(st.sampled_from(["as is", "change", "drop", "double", "random", "any text"]))
    if how == "change":
        return code[:where] + draw(st.characters(codec="utf-8")) + code[where + 1:]
    if how == "drop":
        return code[:where] + code[where + 1:]
    if how == "double":
        return code[:where] + code[where] + code[where:]
    if how == "random":
        return draw(st.from_regex(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", fullmatch=True))
    return code if how == "as is" else draw(st.text(max_size=30))


@fuzz(60)
@given(code=sky_codes())
def test_sky_any_code(code: str) -> None:
    with sandbox(code, "code.txt") as typed:
        if ends_well(["sky", code, "--out", "out", "--format", "svg"], typed, prefix="pnp sky: ") == 0:
            assert list((typed.parent / "out").glob("sky-*/skies.svg"))


# ---- rule templates -------------------------------------------------------------------------------------------

ATOMS = ["title", "1", "-1", "2.5", "10**9", "10**400", "'a'", "'{:>9}'", "'%5d'", "''", "[0, 'x']", "{'a': 1}", "none",
         "true", "range(3)", "range(10**9)", "lipsum", "cycler", "joiner", "namespace", "dict", "self", "loop", "config"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "~", "and", "or", "==", "in"]
FILTERS = ["center", "indent", "format", "join", "replace", "batch", "slice", "sum", "round", "list", "string", "upper",
           "length", "first", "map", "select", "attr", "int", "truncate", "unique", "default", "wordwrap", "random", "tojson"]
METHODS = ["center", "ljust", "zfill", "join", "replace", "format", "upper", "split", "items", "to_bytes", "__class__"]
ATTRIBUTES = ["__class__", "__globals__", "__init__", "_TemplateReference__context", "real", "os", "mro"]


def _expressions() -> st.SearchStrategy[str]:
    """Jinja expressions: atoms, operators, filters, methods, attributes, items and calls, a few levels deep."""
    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.builds(lambda a, o, b: f"({a} {o} {b})", inner, st.sampled_from(OPERATORS), inner),
            st.builds(lambda a, f, b: f"({a})|{f}({b})", inner, st.sampled_from(FILTERS), inner | st.just("")),
            st.builds(lambda a, m, b: f"({a}).{m}({b})", inner, st.sampled_from(METHODS), inner | st.just("")),
            st.builds(lambda a, n: f"({a}).{n}", inner, st.sampled_from(ATTRIBUTES)),
            st.builds(lambda a, b: f"({a})[{b}]", inner, inner),
            st.builds(lambda a, b: f"({a})({b})", inner, inner))
    return st.recursive(st.sampled_from(ATOMS), grow, max_leaves=6)


def _tags() -> st.SearchStrategy[str]:
    """One statement or output, as a line of a template."""
    e = _expressions()
    return st.one_of(
        st.builds("{{{{ {} }}}}".format, e),
        st.builds("{{% for x in {} %}}{{{{ x }}}}{{% endfor %}}".format, e),
        st.builds("{{% for x in {} %}}{{% for y in {} %}}{{% endfor %}}{{% endfor %}}".format, e, e),
        st.builds("{{% if {} %}}yes{{% else %}}no{{% endif %}}".format, e),
        st.builds("{{% set v = {} %}}{{{{ v }}}}".format, e),
        st.builds("{{% set v %}}{{{{ {} }}}}{{% endset %}}{{{{ v ~ v }}}}".format, e),
        st.builds("{{% macro m(n) %}}{{{{ {} }}}}{{% endmacro %}}{{{{ m(1) }}}}".format, e),
        st.builds("{{% include {} %}}".format, e), st.builds("{{% import {} as x %}}".format, e),
        st.sampled_from(["{% extends 'x' %}", "{% raw %}{{{% endraw %}", "{# note #}", "{% endfor %}", "{{", "%}",
                         "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "{{ self.__init__ }}"]))


def _tables() -> st.SearchStrategy[str]:
    """A Markdown table of any shape: no rows to hundreds, one column to dozens, odd cells, maybe in quotes."""
    cell = st.sampled_from(["", "1", "a b", "**b**", "`c`", "\\|", "x" * 300, "{{ title }}", "ü"])
    return st.builds(lambda head, rows, quoted: "".join(quoted + line + "\n" for line in [
                         "|" + "|".join(head) + "|", "|" + "---|" * len(head), *("|" + "|".join(row) + "|" for row in rows)]),
                     st.lists(cell, min_size=1, max_size=40), st.lists(st.lists(cell, max_size=40), max_size=600),
                     st.sampled_from(["", "", "> ", "> > > > "]))


@st.composite
def templates(draw: st.DrawFn) -> tuple[str, str | None]:
    """A template and the spec whose variables it takes (None: only `title`): a shipped template mutated, or
    drawn lines of text, tags and tables."""
    if draw(st.integers(0, 3)) == 0:
        path = draw(st.sampled_from(sorted((ROOT / "templates").glob("*/*.md"))))
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        where = draw(st.integers(0, len(lines)))
        how = draw(st.sampled_from(["tag", "drop", "cut", "repeat"]))
        if how == "tag":
            lines.insert(where, draw(_tags()) + "\n")
        elif how == "drop":
            del lines[where:where + draw(st.integers(1, 5))]
        elif how == "cut":
            lines = lines[:where]
        else:
            lines[where:where] = lines[where:where + 3] * draw(st.integers(2, 50))
        return "".join(lines), str(config_of(path.stem))   # a rules or card template is named for its game
    parts = draw(st.lists(st.one_of(st.sampled_from(["# Rules", "Some *text*.", "", "- a\n- b"]), _tags(), _tables()),
                          min_size=1, max_size=6))
    return "\n".join(parts) + "\n", None


@fuzz(30)
@given(drawn=templates())
def test_rules_any_template(drawn: tuple[str, str | None]) -> None:
    text, spec = drawn
    with sandbox(text, "house.md") as template:
        code = ends_well(["rules", str(template), "--out", "out", *(["--spec", spec] if spec else [])], template)
        written = sorted(p.name for p in (template.parent / "out").rglob("*") if p.is_file())
        assert written == (["rules-booklet.pdf", "rules.pdf"] if code == 0 else []), written


REACH_EXAMPLES = 150


def test_the_fuzzer_reaches_every_key_of_every_game() -> None:
    """Every property the schema names can be drawn (so a new key is fuzzed without a change here)."""
    seen: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            seen.update(k for k in value if isinstance(k, str))
            for inner in value.values():
                walk(inner)

    # Each game's specs drawn on their own, right-shaped and wrong (one stream for every game left the deepest
    # keys, a Mudcrack board's cells and code, undrawn in some runs): REACH_EXAMPLES each.
    for node in SCHEMA["anyOf"]:
        @settings(max_examples=REACH_EXAMPLES, derandomize=True, database=None, deadline=None)
        @given(st.one_of(block(_resolve(node), False, {}), block(_resolve(node), True, {})))
        def draw(spec: dict[str, Any]) -> None:
            walk(spec)

        draw()
    named = {key for node in SCHEMA["$defs"].values() for key in node.get("properties", {})}
    assert named - seen == set()
