"""Templates are shared, so pnp reads one as a program from a stranger: in a sandbox, within stated bounds
(pnp/booklet/sandbox.py, pnp/booklet/limits.py).

The hostile corpus is tests/templates/ (one template per case; the few too large to keep are made here). Each
case must exit 2 with one line naming the template, its line and, for a bound, the bound; run no code and show
no file (neither `uid=` nor `root:` anywhere: stdout, stderr, a written file); write nothing; and end in seconds.
The cases that used to hang run in a subprocess under a timeout, so a hang fails the test instead of stalling it;
the rest run in-process. Good templates keep their output: the shipped ones render exactly as before.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pytest

from conftest import ROOT, files_under, invoke, pnp_env
from examples_shown import section_page, shown_text

from pnp.booklet import limits

CORPUS = ROOT / "tests" / "templates"
LEAKS = ("uid=", "root:", "TOP-SECRET")   # what `id`, /etc/passwd and the secret file below would show
HANG_SECONDS = 20      # a hang case's whole process, start-up and a busy machine included (they took minutes)
QUICK_SECONDS = 10     # an in-process case, on a busy machine
WORK = f"work limit of {limits.MAX_WORK:,} steps"
WIDTH = f"a width in a template is at most {limits.MAX_FORMAT_WIDTH:,}"
DIGITS = f"at most {limits.MAX_NUMBER_DIGITS:,}"
RENDERED = f"longer than {limits.MAX_RENDERED_CHARS:,} characters"
HOUSE = "# House rules\n\n"


@dataclass(frozen=True)
class Case:
    id: str
    line: int | None                # the template line the message names (None: the file as a whole)
    must: tuple[str, ...]           # words the message must hold: what went wrong, and the bound
    hang: bool = False              # it hung or filled memory before: run in a subprocess under HANG_SECONDS
    text: str | None = None         # made here, too large to keep; else tests/templates/ID.md


def _table(rows: int, columns: int) -> str:
    return HOUSE + "|" + " a |" * columns + "\n|" + "---|" * columns + "\n" + ("|" + " 1 |" * columns + "\n") * rows


CASES = [
    # code and files: the sandbox
    Case("cycler-popen", 3, ("'cycler' is undefined",)),
    Case("lipsum-open", 3, ("'lipsum' is undefined",)),
    Case("subclasses", 3, ("may not reach into Python", "__class__")),
    Case("template-reference", 3, ("may not reach into Python", "_TemplateReference__context")),
    Case("config", 3, ("'config' is undefined",)),
    Case("request", 3, ("'request' is undefined",)),
    Case("format-attribute", 3, ("may not reach into Python",)),
    Case("attr-filter", 3, ("may not reach into Python",)),
    Case("namespace", 3, ("'namespace' is undefined",)),
    Case("include", 3, ("cannot include another file",)),
    Case("import", 3, ("cannot import another file",)),
    Case("from-import", 3, ("cannot import from another file",)),
    Case("extends", 1, ("cannot extend another file",)),
    Case("dropped-filter", 3, ("No filter named 'wordwrap'",)),
    # time and memory: the bounds
    Case("range-billion", 3, (f"range() gives at most {limits.MAX_RANGE:,} numbers", "1,000,000,000"), hang=True),
    Case("range-99999", 3, (f"range() gives at most {limits.MAX_RANGE:,} numbers",), hang=True),
    Case("nested-loops", 6, (WORK,), hang=True),
    Case("recursive-loop", 3, (WORK,), hang=True),
    Case("lipsum-2000", 3, ("'lipsum' is undefined",), hang=True),
    Case("center", 3, ("center()", WIDTH), hang=True),
    Case("ljust", 3, ("ljust()", WIDTH)),
    Case("rjust", 3, ("rjust()", WIDTH)),
    Case("zfill", 3, ("zfill()", WIDTH)),
    Case("center-filter", 3, ("the filter center", WIDTH)),
    Case("format-width", 3, ("format()", WIDTH)),
    Case("format-width-argument", 3, ("write the width as a number",)),
    Case("percent-width", 3, ("% format", WIDTH)),
    Case("percent-star", 3, ("write the width as a number",)),
    Case("format-filter-width", 3, ("% format", WIDTH)),
    Case("text-times", 3, ("'*' would make 1,000,000,000 characters", WORK), hang=True),
    Case("list-times", 3, ("'*' would make 1,000,000,000 characters", WORK), hang=True),
    Case("power", 3, ("'**'", "100,001 digits", DIGITS)),
    Case("number-times", 4, ("'*'", DIGITS)),
    Case("macro-recursion", 3, ("calls itself",), hang=True),
    Case("macro-tree", 3, (WORK,), hang=True),
    Case("concat-doubling", 11, (WORK,), hang=True),
    Case("set-block-doubling", 10, (WORK,), hang=True),
    Case("join-separator", 3, ("the filter join would make", WORK)),
    Case("compare-in-loop", 5, (WORK,), hang=True),
    Case("printed-list", 4, (WORK,), hang=True),
    Case("printing-loop", 5, (RENDERED,), hang=True),
    Case("sum-of-lists", 3, ("adds numbers",)),
    Case("round-precision", 3, ("round", DIGITS)),
    Case("to-bytes", 3, ("to_bytes()", WIDTH)),
    Case("nesting", 3, (f"nest at most {limits.MAX_NESTING} deep",)),
    Case("long-chain", 3, ("too long a chain",)),
    # too large to keep
    Case("word-1mb", None, (f"larger than {limits.MAX_TEMPLATE_BYTES:,} bytes",), hang=True,
         text=HOUSE + "a" * 1_000_000 + "\n"),
    Case("word-100k", 3, (RENDERED,), hang=True, text=HOUSE + "a" * 100_000 + "\n"),
    Case("tags", 2502, (f"more than {limits.MAX_TOKENS:,} tokens",), hang=True, text=HOUSE + "{{ title }}\n" * 20_000),
    Case("rows-20000", 10_001, (RENDERED,), hang=True, text=_table(20_000, 2)),
    Case("rows-600", 3, (f"at most {limits.MAX_TABLE_ROWS} rows", "601"), text=_table(600, 2)),
    Case("rows-from-a-loop", 3, (f"at most {limits.MAX_TABLE_ROWS} rows",),
         text=HOUSE + "| a | b |\n|---|---|\n{% for i in range(2000) %}\n| {{ i }} | x |\n{% endfor %}\n"),
    Case("columns-300", 3, ("room for 20 table columns of 6 mm", "122 mm", "this table has 300"), text=_table(1, 300)),
    Case("table-long-word", 3, ("the words of this table need", "122 mm", "shorten or split"),   # found by the fuzzer
         text=HOUSE + "| | " + "x" * 300 + " |\n|---|---|\n"),
    Case("paragraph", 3, (f"longer than {limits.MAX_PARAGRAPH_CHARS:,}", "split it"), text=HOUSE + "word " * 2500 + "\n"),
    Case("blocks", 4001, (f"more than {limits.MAX_BLOCKS:,} paragraphs",), text=HOUSE + "a\n\n" * 3000),
    Case("diagrams", 603, (f"at most {limits.MAX_DIAGRAMS} diagrams",),
         text=HOUSE + "".join(f"```diagram\ngame: asterisk\nboard: {{side: 3}}\ncaption: 'n{i}'\n```\n\n" for i in range(101))),
    Case("diagram-shapes", 8, (f"{limits.MAX_DIAGRAM_SHAPES:,}", "shapes"), hang=True,
         text=HOUSE + "```diagram\ngame: asterisk\nboard: {side: 200}\n```\n\n```diagram\ngame: asterisk\nboard: {side: 140}\n```\n"),
]
QUICK = [c for c in CASES if not c.hang]
HANGS = [c for c in CASES if c.hang]


def _template(case: Case, folder: Path) -> Path:
    path = folder / f"{case.id}.md"
    path.write_text(case.text if case.text is not None else (CORPUS / path.name).read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _refused(code: int, stdout: str, stderr: str, case: Case, template: Path, folder: Path) -> None:
    """Exit 2; one line naming the template, its line and the bound; no traceback; nothing leaked or written."""
    assert code == 2, (code, stderr)
    assert "Traceback" not in stdout + stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, lines
    where = f"{template}:{case.line}: " if case.line else f"{template}: "
    assert lines[0].startswith(where), lines[0]
    for word in case.must:
        assert word in lines[0], f"{word!r} missing from {lines[0]!r}"
    assert not any(leak in stdout + stderr for leak in LEAKS)
    assert files_under(folder) == [template], "a refused template writes nothing"


@pytest.mark.parametrize("case", QUICK, ids=[c.id for c in QUICK])
def test_a_hostile_template_is_refused(case: Case, tmp_path: Path):
    template = _template(case, tmp_path)
    started = time.monotonic()
    result = invoke(["rules", str(template), "--out", str(tmp_path / "out")])
    assert time.monotonic() - started < QUICK_SECONDS
    _refused(result.exit_code, result.stdout, result.stderr, case, template, tmp_path)


def _run(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    """The real `pnp ARGS` under HANG_SECONDS (subprocess.TimeoutExpired fails the test), and how long it took."""
    env = pnp_env()
    env.pop("PNP_DEBUG", None)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=HANG_SECONDS)
    return done, time.monotonic() - started


@pytest.mark.parametrize("case", HANGS, ids=[c.id for c in HANGS])
def test_a_template_that_hung_now_ends_in_seconds(case: Case, tmp_path: Path):
    template = _template(case, tmp_path)
    done, seconds = _run(["rules", str(template), "--out", str(tmp_path / "out")], tmp_path)
    assert seconds < HANG_SECONDS
    _refused(done.returncode, done.stdout, done.stderr, case, template, tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_or_a_device_is_refused_unread(tmp_path: Path):
    """A FIFO with no writer would block an open() for ever; /dev/zero would be read until memory ran out."""
    fifo = tmp_path / "house.md"
    os.mkfifo(fifo)
    for source, kind in ((fifo, "a pipe (FIFO)"), (Path("/dev/zero"), "a device"), (tmp_path, "a folder")):
        done, _ = _run(["rules", str(source), "--out", str(tmp_path / "out")], tmp_path)
        assert done.returncode == 2 and done.stderr == f"{source}: this is {kind}, not a template; name a Markdown (.md) file\n"
    assert not (tmp_path / "out").exists() or files_under(tmp_path / "out") == []


SECRET_READS = [
    "{% include 'SECRET' %}", "{% import 'SECRET' as s %}{{ s }}", "{% from 'SECRET' import x %}", "{% extends 'SECRET' %}",
    "{{ lipsum.__globals__['__builtins__']['open']('SECRET').read() }}",
    "{{ cycler.__init__.__globals__.os.popen('cat SECRET; touch PWNED').read() }}",
    "{{ joiner.__init__.__globals__.os.popen('touch PWNED') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__()[100].__init__.__globals__['sys'].modules['os'].popen('touch PWNED') }}",
    "{{ title.__class__.__base__.__subclasses__() }}",
    "{{ '{0.__class__.__mro__[1]}'.format(title) }}",
    "{{ range.__globals__['__builtins__']['open']('SECRET').read() }}",
    "{% for c in ''.__class__.__mro__[1].__subclasses__() %}{{ c }}{% endfor %}",
    "{{ self.__init__.__globals__ }}",
]


@pytest.mark.parametrize("attempt", SECRET_READS)
def test_no_template_runs_code_or_reads_a_file(attempt: str, tmp_path: Path):
    """A secret beside the template, named by an absolute path: not in any message or output, no command run."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-42\n", encoding="utf-8")
    template = tmp_path / "house.md"
    template.write_text(HOUSE + attempt.replace("SECRET", str(secret)) + "\n", encoding="utf-8")
    result = invoke(["rules", str(template), "--out", str(tmp_path / "out")], catch_exceptions=False)
    assert result.exit_code == 2, result.stderr
    assert result.stderr.startswith(f"{template}:")
    assert not any(leak in result.stdout + result.stderr for leak in LEAKS)
    assert not (tmp_path / "PWNED").exists() and not Path("PWNED").exists(), "a command ran"
    assert files_under(tmp_path / "out") == []


def test_a_table_longer_than_a_page_in_a_list_builds(tmp_path: Path):
    """Found by the fuzzer: a table kept together inside a list item ended in reportlab's NotImplementedError."""
    import pypdfium2 as pdfium

    template = tmp_path / "house.md"
    template.write_text(HOUSE + "- a list item\n\n  | a | b |\n  |---|---|\n" + "  | 1 | 2 |\n" * 80, encoding="utf-8")
    result = invoke(["rules", str(template), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.stderr
    assert len(pdfium.PdfDocument(tmp_path / "out" / "house" / "rules.pdf")) >= 3, "the table runs on over pages"


def test_what_a_booklet_needs_still_works():
    """Loops, macros, call and filter blocks, `set`, widths and formats within the bounds, and the usual filters."""
    from pnp.booklet.template import render

    source = ("{% macro row(a, b=2) %}| {{ a }} | {{ b }} |{% endmacro %}{{ row(1) }}\n"
              "{% for i in range(3) %}{{ loop.index }}{{ loop.cycle('a', 'b') }}{% endfor %}\n"
              "{{ '%5.1f'|format(3.14159) }}|{{ '{:>4}'.format(42) }}|{{ 'x'.center(5) }}|{{ 2 ** 10 }}\n"
              "{% set t %}T{{ 1 }}{% endset %}{{ t }}{% filter upper %}low{% endfilter %}{{ 'a' ~ 1 }}\n"
              "{{ range(5)|batch(2)|list }} {{ [3, 1, 2]|sort|join(', ') }} {{ sides|sum }} {{ 'ab' * 2 }}\n"
              "{% for a in [1, [2, [3]]] recursive %}{% if a is iterable %}{{ loop(a) }}{% else %}{{ a }}{% endif %}{% endfor %}\n")
    text = render("t.md", source, {"sides": [8, 11]}).text
    assert text.splitlines() == ["| 1 | 2 |", "1a2b3a  3.1|  42|  x  |1024", "T1LOWa1",   # (trim_blocks ends a line)
                                 "[[0, 1], [2, 3], [4]] 1, 2, 3 19 abab", "123"]


def test_the_slice_filter_splits_a_list_into_columns_and_pays_for_what_it_makes():
    """Regression: `slice` failed with "'EvalContext' object is not iterable" (Jinja passes it a context its
    signature does not show, and the sandbox's check read that as the list). It works as in plain Jinja, and a
    slice into more columns than the work bound pays for is refused at its line."""
    from pnp.booklet.template import render
    from pnp.spec import SpecError

    source = ("{% for column in range(7)|slice(3) %}{{ column|join(' ') }};{% endfor %}\n"
              "{{ [1, 2, 3, 4]|slice(3, fill_with=0)|list }} {{ [1, 2, 3, 4]|slice(slices=2)|list }}\n")
    plain = jinja2.Environment(trim_blocks=True, keep_trailing_newline=True).from_string(source).render()
    assert render("t.md", source, {}).text == plain == "0 1 2;3 4;5 6;[[1, 2], [3, 0], [4, 0]] [[1, 2], [3, 4]]\n"
    with pytest.raises(SpecError) as refused:
        render("t.md", "# Rules\n{{ range(9)|slice(10 ** 6)|list }}\n", {})
    assert str(refused.value).startswith("t.md:2: the filter slice would make 1,000,009 characters or items")
    assert WORK in str(refused.value)


def test_the_shipped_templates_render_as_before_and_far_within_the_bounds():
    """The sandbox changes nothing for good input: each shipped template, with each shipped config's variables,
    renders exactly as plain Jinja2 renders it, and spends under 1 % of the work bound."""
    from pnp.booklet.kit import card_template, rules_template
    from pnp.booklet.sandbox import BookletSandbox
    from pnp.booklet.template import _marked, render, template_source
    from pnp.spec import read_kits

    plain = jinja2.Environment(undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                               keep_trailing_newline=True, autoescape=False)
    for kit in read_kits(sorted((ROOT / "configs").glob("*.yaml")), None):
        context = kit.game.booklet_context(kit.spec, kit.plan)
        for path in (rules_template(kit.game.name), card_template(kit.game.name)):
            name, source = template_source(path)   # a file, or the booklet pnp writes from a game's definition
            assert render(name, source, context).text == plain.from_string(source).render(**context)
            sandbox = BookletSandbox()
            "".join(sandbox.template(_marked(source)).generate(**context))
            assert sandbox.work.spent < limits.MAX_WORK / 100, (path, sandbox.work.spent)


def test_a_refusal_is_the_same_every_time(tmp_path: Path):
    """Work is counted, not timed: the same template stops at the same line with the same words."""
    template = _template(next(c for c in CASES if c.id == "nested-loops"), tmp_path)
    runs = [invoke(["rules", str(template), "--out", str(tmp_path / "out")]).stderr for _ in range(2)]
    assert runs[0] == runs[1] and WORK in runs[0]


def test_the_readme_states_every_bound():
    """The docs' table of bounds (the README's once) says what limits.py holds."""
    readme = section_page("## Rule booklets and reference cards")
    section = readme[readme.index("**The template sandbox and its limits.**"):readme.index("**How.** `pnp/booklet/`")]
    for name in ("MAX_TEMPLATE_BYTES", "MAX_TOKENS", "MAX_RANGE", "MAX_WORK", "MAX_NUMBER_DIGITS", "MAX_FORMAT_WIDTH",
                 "MAX_RENDERED_CHARS", "MAX_PARAGRAPH_CHARS", "MAX_BLOCKS", "MAX_TABLE_ROWS", "MAX_DIAGRAMS",
                 "MAX_DIAGRAM_SHAPES", "MAX_DIAGRAM_WORK", "SHAPE_STEPS"):
        assert f"| {getattr(limits, name):,}" in section or f" {getattr(limits, name):,} " in section, name
    assert f"{limits.MAX_NESTING} deep" in section and f"{limits.MIN_COLUMN_MM:g} mm each" in section


# --- the diagrams' work ---------------------------------------------------------------------------------------

HARD_SKY = "1AZ8T80WMAXM"   # 19 stars in a 12 x 12 frame, none three in line: its search examines 1.8 million points


def _spellings(code: str, count: int) -> list[str]:
    """`count` ways to type one sky code (the case of its letters): each a block no cache has seen."""
    letters = [k for k, c in enumerate(code) if c.isalpha()]
    assert 2 ** len(letters) >= count
    return ["".join(c.lower() if k in letters and n >> letters.index(k) & 1 else c for k, c in enumerate(code))
            for n in range(count)]


def _cpu_seconds(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    """`pnp ARGS` in a process of its own (its caches empty), and the CPU time it took: a bound on the work done,
    whatever else the machine does meanwhile."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, _ = _run(args, cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_a_hundred_diagrams_of_hard_skies_are_refused_within_the_diagram_work_bound(tmp_path: Path):
    """Regression: 100 small blocks, each naming a sky whose search is long (one code typed 100 ways), took 27 s of
    CPU and built: each block was bounded, their sum was not. Every block's work (its sky's search, its shapes)
    counts against the booklet's MAX_DIAGRAM_WORK, so it stops at the block that goes past it, at once."""
    blocks = "".join(f"Sky {n}.\n\n```diagram\ngame: starry-night\ncode: {code}\n```\n\n"
                     for n, code in enumerate(_spellings(HARD_SKY, 100)))
    template = tmp_path / "skies.md"
    template.write_text(HOUSE + blocks, encoding="utf-8")
    done, cpu = _cpu_seconds(["rules", str(template), "--out", str(tmp_path / "out")], tmp_path)
    assert done.returncode == 2, done.stderr
    assert cpu < 8, f"{cpu:.1f} s of CPU"
    fence = 5 + 7 * 3   # the fourth block's fence: three blocks of 1.8 million steps each fit, the fourth does not
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"{template}:{fence}: the diagrams so far take ")
    assert f"more than a booklet's {limits.MAX_DIAGRAM_WORK:,}" in line and limits.DIAGRAM_STEPS in line
    assert files_under(tmp_path) == [template]


def test_a_diagrams_work_is_its_search_and_its_shapes_the_same_cached_or_not():
    """A block's steps: the points its sky's search examined (a sky given by its stars, none) and SHAPE_STEPS a
    shape; a Mudcrack board pays for its growth by its cells. The count is the same when the block comes again
    from the cache, so a booklet stops at the same block however it was built before."""
    from pnp.booklet.diagrams import _drawn, draw_block
    from pnp.booklet.template import Rendered
    from pnp.games.starry_night.position import sky_of
    from pnp.boards.mudcrack.names import GROWTH_STEPS

    rendered = Rendered("t.md", "```diagram\n", (1,))
    coded = "game: starry-night\ncode: 106A-H61J-GAXD\n"
    first = draw_block(rendered, "diagram", coded, 0)
    assert first.steps == sky_of("106A-H61J-GAXD").work + first.shapes * limits.SHAPE_STEPS
    assert sky_of("106A-H61J-GAXD").work > 0
    _drawn.cache_clear()
    sky_of.cache_clear()
    assert draw_block(rendered, "diagram", coded, 0).steps == first.steps
    stars = draw_block(rendered, "diagram", "game: starry-night\nstars: [[1, 1], [4, 2], [2, 5]]\n", 0)
    assert stars.steps == stars.shapes * limits.SHAPE_STEPS
    mud = draw_block(rendered, "diagram", "game: y\nboard: {mudcrack: {cells: 40, seed: 3}}\n", 0)
    assert mud.steps == 40 * GROWTH_STEPS + mud.shapes * limits.SHAPE_STEPS
    assert f"{GROWTH_STEPS:,} a Mudcrack board's cell" in shown_text()


def test_the_shipped_booklets_diagrams_take_a_small_share_of_the_bound():
    """The shipped templates' diagrams, for every shipped config, take under 5 % of MAX_DIAGRAM_WORK in all."""
    from markdown_it import MarkdownIt

    from pnp.booklet.diagrams import draw_block, is_diagram
    from pnp.booklet.kit import booklet_context, rules_template
    from pnp.booklet.template import render, template_source
    from pnp.spec import read_kits

    for kit in read_kits(sorted((ROOT / "configs").glob("*.yaml")), None):
        rendered = render(*template_source(rules_template(kit.game.name)), booklet_context(kit))
        fences = [t for t in MarkdownIt("commonmark").parse(rendered.text) if t.type == "fence" and is_diagram(t.info)]
        steps = sum(draw_block(rendered, t.info.strip(), t.content, t.map[0]).steps for t in fences)
        assert fences and steps < limits.MAX_DIAGRAM_WORK / 20, (kit.path, steps)
