"""The distribution as a user gets it: the wheel and the sdist are built from a copy of the source, each is
installed into a fresh venv (no editable install, nothing of the repository on the path). In an empty folder the
installed wheel's `pnp` does every job: init for every game, build (those and the README's example spec),
validate, graph, sky, score, diagram, rules, preview, schema. The sdist, built into a wheel and installed by pip,
puts every file of that wheel in place byte for byte and nothing more, so it does every job too; its `pnp` starts
and writes and validates a spec.

Dependencies come from a wheelhouse under .venv/ filled once from the package index (`pip wheel`) and then
installed with --no-index, so a run after the first is quick and needs no network. Slow (a minute): marked
`slow`, run by `make test` and CI like every other test (`-m "not slow"` leaves it out locally).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from pnp.registry import names

from conftest import ROOT, files_under, once_per_run
from examples_shown import examples_shown, help_examples, output_problem, section_page, until_stopped

pytestmark = pytest.mark.slow

NAME = "pnp-kits"
WHEELHOUSE = ROOT / ".venv" / "wheelhouse"
# Not part of a source tree: what git ignores, and what builds and tests leave in the clone.
NOT_SOURCE = (".git", ".venv", "output", "__pycache__", "*.egg-info", ".pytest_cache", ".hypothesis", "build", "dist")
SKY = "106A-H61J-GAXD"
POSITION = "asterisk-8-light-wins.yaml"
TIMEOUT = 300


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, f"{' '.join(map(str, args))}\n{done.stdout}\n{done.stderr}"
    return done


def pip(python: Path, wheels: Path, *args: str, cwd: Path) -> None:
    """This pip, installing into the venv of `python` (pip's --python), from the wheelhouse only."""
    run([sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check", "install", "--quiet",
         "--no-index", "--find-links", str(wheels), *args], cwd)


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [*project["build-system"]["requires"], *project["project"]["dependencies"]]


@pytest.fixture(scope="module")
def wheelhouse() -> Path:
    """Wheels of every dependency and of the build backend, fetched once per list of requirements."""
    wanted = requirements()
    key = hashlib.sha256(json.dumps([sys.version_info[:2], sorted(wanted)]).encode()).hexdigest()[:12]
    folder = WHEELHOUSE / key
    if not (folder / ".complete").exists():
        run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--wheel-dir", str(folder),
             *wanted], ROOT)
        (folder / ".complete").touch()
    return folder


def fresh_venv(folder: Path) -> Path:
    """A new venv with nothing in it (not even pip: this pip installs into it); its python."""
    run([sys.executable, "-m", "venv", "--without-pip", str(folder)], folder.parent)
    return folder / "bin" / "python"


def installed(dist: Path, wheels: Path, tmp_path: Path) -> Path:
    """A fresh venv in tmp_path with `dist` and its dependencies installed (an sdist is built by pip, its backend
    from the wheelhouse); its python. Not byte-compiled (--no-compile): the first `pnp` run compiles what it
    imports (empty_folder lets it keep that), where compiling every module of every dependency was three quarters
    of the install's time."""
    python = fresh_venv(tmp_path / "venv")
    pip(python, wheels, "--no-compile", str(dist), cwd=tmp_path)
    return python


def empty_folder(python: Path, tmp_path: Path, name: str = "empty") -> tuple[Path, dict[str, str]]:
    """An empty folder and a user's environment with only the venv's bin/ and the system's on PATH (and Python
    free to write its bytecode, which the install left out)."""
    here = tmp_path / name
    here.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PNP_DEBUG", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")}
    env.update(PATH=f"{python.parent}{os.pathsep}/usr/bin{os.pathsep}/bin", HOME=str(tmp_path), PYTHONNOUSERSITE="1")
    assert run(["sh", "-c", "command -v pnp"], here, env).stdout.strip() == str(python.parent / "pnp")
    where = run(["python", "-c", "import pnp; print(pnp.__file__)"], here, env).stdout.strip()
    assert where.startswith(str(python.parent.parent)) and not where.startswith(str(ROOT)), where
    return here, env


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory, wheelhouse: Path) -> dict[str, Path]:
    """The sdist and the wheel, built from a copy of the source tree by the project's own backend, once in a test
    run (both test workers read them)."""
    def build(work: Path) -> dict[str, str]:
        source = work / "source"
        shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
        builder = fresh_venv(work / "builder")
        pip(builder, wheelhouse, *requirements()[:1], cwd=work)  # the build backend (setuptools)
        out = work / "out"
        log = run([str(builder), "-W", "always", "-c", "import sys; from setuptools import build_meta as b; "
                   f"print(b.build_sdist({str(out)!r})); print(b.build_wheel({str(out)!r}))"], source)
        (sdist,), (wheel,) = out.glob("*.tar.gz"), out.glob("*.whl")
        return {"sdist": str(sdist), "wheel": str(wheel), "log": log.stdout + log.stderr}

    _, built = once_per_run(tmp_path_factory, "dists", build)
    for warned in ("Deprecat", "_Warning", "is absent from the `packages` configuration", "License classifiers"):
        assert warned not in built["log"], f"the build warns ({warned}):\n{built['log']}"
    return {"sdist": Path(built["sdist"]), "wheel": Path(built["wheel"])}


def test_the_wheel_holds_the_package_data(dists: dict[str, Path]) -> None:
    import zipfile

    from pnp.registry import GAMES

    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    for game in GAMES:   # each game written in Python: its booklet, card and words
        for part in (f"rules/{game}.md", f"cards/{game}.md", f"texts/{game}.yaml"):
            assert f"pnp/data/templates/{part}" in names
    for needed in ("pnp/data/templates/texts/pages.yaml", "pnp/data/templates/preview/index.html",
                   "pnp/data/pnp-spec.schema.json", f"pnp/data/examples/positions/{POSITION}",
                   "pnp/fonts/dejavu/DejaVuSans.ttf", "pnp/fonts/dejavu/LICENSE", "pnp/py.typed"):
        assert needed in names
    from pnp.starter import example_files

    shipped = {f"pnp/data/examples/{name}" for name in example_files()}   # what `pnp init --examples` writes
    assert len(shipped) > 10 and shipped <= names, sorted(shipped - names)
    dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(dists["wheel"]).read(f"{dist_info}/METADATA").decode()
    assert f"Name: {NAME}\n" in metadata and "License-Expression: MIT\n" in metadata
    assert f"{dist_info}/licenses/LICENSE" in names
    assert not any(n.startswith("templates/") for n in names), "templates live inside the package only"


def test_the_sdist_holds_the_package_data(dists: dict[str, Path]) -> None:
    import tarfile

    with tarfile.open(dists["sdist"]) as archive:
        members = {m.name.split("/", 1)[1]: m for m in archive.getmembers() if "/" in m.name}
    for needed in ("pnp/data/templates/rules/asterisk.md", "pnp/data/templates/preview/index.html",
                   "pnp/data/pnp-spec.schema.json", f"pnp/data/examples/positions/{POSITION}", "LICENSE",
                   "pnp/fonts/dejavu/DejaVuSans.ttf"):
        assert needed in members and members[needed].isfile(), f"{needed}: missing or a link"


def readme_spec() -> str:
    """The example spec of the "A spec" section (the README's once, now the docs')."""
    text = section_page("## A spec")
    section = text[text.index("## A spec"):]
    return re.search(r"```yaml\n(.*?)```", section, re.S)[1]


@pytest.fixture(scope="module")
def wheel_python(dists: dict[str, Path], wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed once in a test run into a fresh venv, for every test of this module that runs it (on
    both test workers); its python."""
    _, made = once_per_run(tmp_path_factory, "wheel-venv",
                           lambda folder: {"python": str(installed(dists["wheel"], wheelhouse, folder))})
    return Path(made["python"])


def test_the_installed_wheel_does_every_job_from_an_empty_folder(wheel_python: Path, tmp_path: Path) -> None:
    here, env = empty_folder(wheel_python, tmp_path)

    def pnp(*args: str) -> subprocess.CompletedProcess[str]:
        return run(["pnp", *args], here, env)

    games = [line.split()[0] for line in pnp("init").stdout.splitlines()[1:]]
    assert games == sorted(names())   # every registered game travels in the package (its templates too)
    for game in games:
        assert pnp("init", game).stdout.splitlines() == [f"{game}.yaml", "pnp-spec.schema.json"]
    (here / "readme.yaml").write_text(readme_spec(), encoding="utf-8")
    specs = [f"{game}.yaml" for game in games] + ["readme.yaml"]
    pnp("build", *specs)
    for game in games:
        built = {p.name for p in files_under(here / "output" / game)}
        assert {"kit.pdf", "rules.pdf", "rules-booklet.pdf", "card.pdf"} <= built, (game, built)
        assert len([n for n in built if n.endswith(".svg")]) >= 3, (game, built)
    readme_kit = {p.name for p in files_under(here / "output" / "asterisk-11")}
    assert readme_kit == {f"{asset}.{ext}" for asset in ("board", "pieces", "markers", "solitaire") for ext in ("svg", "pdf")}
    assert "ok" in pnp("validate", *specs).stdout
    assert len(json.loads(pnp("graph", "asterisk.yaml").stdout)["cells"]) == 66

    sky_files = [Path(line) for line in pnp("sky", SKY).stdout.splitlines()]
    assert sky_files and all((here / f).is_file() for f in sky_files)

    example = run(["python", "-c", "from pnp.resources import example_positions as e; print(e())"], here, env).stdout.strip()
    assert example.startswith(str(wheel_python.parent.parent))
    shutil.copy(Path(example) / POSITION, here / POSITION)
    assert json.loads(pnp("score", POSITION, "--json").stdout)["winner"] == "light-circle-empty"
    (drawn,) = pnp("diagram", POSITION).stdout.splitlines()
    assert (here / drawn).read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg"))

    (here / "house-rules.md").write_text("# House rules\n\nThe youngest player goes first.\n", encoding="utf-8")
    booklets = [here / line for line in pnp("rules", "house-rules.md").stdout.splitlines()]
    assert [p.name for p in booklets] == ["rules.pdf", "rules-booklet.pdf"]
    assert all(p.read_bytes().startswith(b"%PDF-") for p in booklets)

    page = pnp("preview", *[f"{game}.yaml" for game in games]).stdout
    assert "index.html" in page
    gallery = (here / "output" / "index.html").read_text(encoding="utf-8")
    assert all(f"{game}/" in gallery for game in games)

    assert pnp("schema").stdout == (here / "pnp-spec.schema.json").read_text(encoding="utf-8")
    leftovers = {p.name for p in here.iterdir()} - {*specs, "pnp-spec.schema.json", "output", POSITION, "house-rules.md"}
    assert leftovers == set(), f"written outside the empty folder's expected files: {leftovers}"


def test_every_example_shown_runs_from_the_installed_wheel(wheel_python: Path, tmp_path: Path) -> None:
    """Every `pnp` example a user is shown, once each, in an empty folder: the README's in its order (its install
    section sets the folder up), each exiting 0 and printing what the README shows under it, then every command's
    --help examples. One shell runs them all."""
    here, env = empty_folder(wheel_python, tmp_path)
    runs = examples_shown()
    logs = tmp_path / "logs"
    logs.mkdir()
    script = "".join(ran(shown, logs / str(n)) for n, shown in enumerate(runs))
    run(["sh", "-c", script], here, env)
    failed = []
    for n, shown in enumerate(runs):
        code, out, err = ((logs / f"{n}.{part}").read_text(encoding="utf-8") for part in ("rc", "out", "err"))
        if code.strip() != "0" or "Traceback" in err:
            failed.append(f"{shown.line}: exit {code.strip()}\n{err}")
        elif output_problem(shown, out):
            failed.append(output_problem(shown, out))
    assert not failed, "\n".join(failed)
    assert {shown.words()[1] for shown in runs} >= set(help_examples()) - {""}


TUTORIALS = sorted(p for p in (ROOT / "docs" / "tutorials").glob("*.md") if p.name != "index.md")


def test_every_docs_page_is_followed_in_process_or_from_the_wheel() -> None:
    from test_docs_examples import doc_pages, in_process_pages

    assert TUTORIALS and set(TUTORIALS) == set(doc_pages()) - set(in_process_pages())


@pytest.mark.parametrize("page", TUTORIALS, ids=lambda page: page.stem)
def test_each_tutorial_runs_from_the_installed_wheel(wheel_python: Path, tmp_path: Path, page: Path) -> None:
    """A tutorial followed as a reader who installed the wheel would, in an empty folder: its files saved, its
    `pnp` and `python` lines run by the wheel's, each exit status and output as the page shows, each file it says
    it writes there and what its name says (tests/test_docs_examples.py follows every page so in process)."""
    from test_docs_examples import Session, follow

    here, env = empty_folder(wheel_python, tmp_path)

    def wheel_pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["pnp", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT)

    follow(page, Session(here, here, run_pnp=wheel_pnp, python_command=["python"], env=env))


STOPPER = ROOT / "tests" / "stop_when_ready.py"   # Ctrl-C once `pnp watch` or `pnp preview --watch` is ready


def ran(shown, log: Path) -> str:
    """The shell lines that run an example, its output to LOG.out and LOG.err and its status to LOG.rc; a command
    that runs until Ctrl-C gets it, as a user gives it, once it says it is ready (the wheel's python runs
    tests/stop_when_ready.py, which uses nothing but the standard library)."""
    if until_stopped(shown.words()):
        return f"python {STOPPER} {log}.out {log}.err {shlex.quote(shown.line)}; echo $? > {log}.rc\n"
    return f"( {shown.line}\n) > {log}.out 2> {log}.err; echo $? > {log}.rc\n"   # \n: ends a `# comment`


# What pip adds to a distribution's .dist-info when it installs one; RECORD it writes anew.
PIP_OWN = ("INSTALLER", "REQUESTED", "RECORD", "direct_url.json")


def test_the_installed_sdist_holds_the_wheels_files_and_its_pnp_runs(dists: dict[str, Path], wheelhouse: Path,
                                                                     tmp_path: Path) -> None:
    import zipfile

    python = installed(dists["sdist"], wheelhouse, tmp_path)
    where = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp_path)
    site = Path(where.stdout.strip())
    wheel = zipfile.ZipFile(dists["wheel"])
    shipped = {name for name in wheel.namelist() if name.rsplit("/", 1)[-1] not in PIP_OWN}
    (dist_info,) = {name.split("/")[0] for name in shipped if ".dist-info/" in name}
    put = {str(p.relative_to(site)) for p in [*files_under(site / "pnp"), *files_under(site / dist_info)]
           if p.name not in PIP_OWN}
    assert put == shipped, f"only the sdist's: {sorted(put - shipped)}; only the wheel's: {sorted(shipped - put)}"
    assert [name for name in sorted(shipped) if (site / name).read_bytes() != wheel.read(name)] == []

    here, env = empty_folder(python, tmp_path)
    game = "starry-night"
    assert run(["pnp", "init", game], here, env).stdout.splitlines() == [f"{game}.yaml", "pnp-spec.schema.json"]
    assert "ok" in run(["pnp", "validate", f"{game}.yaml"], here, env).stdout
