"""Shared helpers: run the CLI (in this process, or in a real one where that is what a test checks), write specs,
parse outputs."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import textwrap
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import chdir, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4


PNP_COMMAND = (sys.executable, "-m", "pnp")
PROCESS_TIMEOUT = 120  # seconds: a run that takes longer has hung, and fails its test


def pnp_env(**extra: str) -> dict[str, str]:
    """The environment of a user's `pnp`: this one without PNP_DEBUG (so no tracebacks), plus `extra`."""
    env = {key: value for key, value in os.environ.items() if key != "PNP_DEBUG"}
    return {**env, **extra}


def run_pnp_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m pnp ARGS` in a real process, capturing output: for what only a process shows (its start-up,
    signals, its real exit status, a hang under a timeout)."""
    return subprocess.run([*PNP_COMMAND, *args], cwd=cwd or ROOT, env=pnp_env(), capture_output=True, text=True,
                          timeout=PROCESS_TIMEOUT)


def invoke(args: Sequence[str], **kwargs: Any):  # -> typer.testing.Result
    """`pnp ARGS` in this process through typer's CliRunner, the app handed over as pnp.cli.main() hands it to
    typer: with only the command the first word names (typer converts every command's options before it runs
    one, which was most of an in-process run's time)."""
    from typer.testing import CliRunner

    from pnp.cli import only_named

    with only_named(list(args)) as app:
        return CliRunner().invoke(app, list(args), **kwargs)


def run_pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """What `python -m pnp ARGS` run from `cwd` gives (exit status, stdout, stderr), run in this process through
    typer's CliRunner: much faster than a process, for every test where the process boundary is not the point
    (use run_pnp_process for those). An exception that escapes the CLI ends as it would in a process: exit 1 and
    its traceback on stderr."""
    env = {"PNP_DEBUG": None, "PYDANTIC_DISABLE_PLUGINS": os.environ.get("PYDANTIC_DISABLE_PLUGINS", "__all__")}
    with chdir(cwd or ROOT), _signal_handlers_kept():  # a process's own cwd and signal handlers
        done = invoke(args, env=env, prog_name="pnp")
    stderr = done.stderr
    if done.exc_info is not None and not isinstance(done.exc_info[1], SystemExit):
        stderr += "".join(traceback.format_exception(*done.exc_info))
    return subprocess.CompletedProcess([*PNP_COMMAND, *args], done.exit_code, done.stdout, stderr)


@pytest.fixture(scope="session", autouse=True)
def _writers_imported() -> None:
    """Every writer module imported once in each test process, before any test runs. An in-process `pnp build` forks
    pnp's worker (pnp/parallel.py), which imports the module of its format's writer: in a test process that had
    never imported it (the SVG writer: the worker writes SVG while this process writes PDF), every build's worker
    imported svgwrite afresh: about 50 ms of CPU a build, a third of tests/test_spec_errors.py's time run alone. The
    worker's code is the same; it finds its modules imported, as it finds the rest of pnp. (No in-process test looks
    at which modules a run imports: those run a process of their own, tests/test_house.py.) So an in-process build
    shares a kit's formats between the two processes: the writers are loaded here; the worker writing a small kit
    alone is tested in processes of its own and with `loaded` set (tests/test_worker_share.py)."""
    import importlib

    from pnp.writers import FORMATS

    for module in ("pnp.writers.files", *(f"pnp.writers.{name}" for name in FORMATS)):
        importlib.import_module(module)


@contextmanager
def _signal_handlers_kept() -> Iterator[None]:
    """The CLI sets a SIGTERM handler for its process (pnp.parallel.exit_on_sigterm): put pytest's back after."""
    before = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def animation_frames(position: Path, gif: Path, *options: str) -> list:
    """`pnp diagram POSITION -o GIF OPTIONS` run in this process, and the pages it turned into the animation's
    pixels, caught on their way (every frame drawn here, none in a worker): the frames the file holds."""
    from pnp.positions import animate

    frames: list = []
    rasterized = animate.rasterized

    def caught(pages, dpi):
        pages = list(pages)
        frames.extend(pages)
        return rasterized(pages, dpi)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(animate, "rasterized", caught)
        patch.setattr(animate, "SHARED_FROM", 10 ** 9)
        done = run_pnp("diagram", str(position), "-o", str(gif), *options)
    assert done.returncode == 0, done.stderr
    return frames


def write_spec(folder: Path, text: str, name: str = "spec.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def parse_svg(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def svg_elements_with(root: ET.Element, attribute: str) -> list[ET.Element]:
    return [el for el in root.iter() if attribute in el.attrib]


def judged(position: Path):
    """The referee's verdict on a position file (read and checked as `pnp score` does)."""
    from pnp.positions import read_position

    read = read_position(position)
    return read.game.judge(read.model)


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.fixture
def spec_file(tmp_path: Path):
    """Write a spec into tmp_path: spec_file(text, name='spec.yaml') -> Path."""

    def make(text: str, name: str = "spec.yaml") -> Path:
        return write_spec(tmp_path, text, name)

    return make


SHIPPED_CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))


def config_of(game: str) -> Path:
    """The first shipped config (by file name) that builds `game`: a spec of any game, found without naming one."""
    import yaml

    return next(config for config in SHIPPED_CONFIGS
                if yaml.safe_load(config.read_text(encoding="utf-8"))["game"] == game)


@dataclass(frozen=True)
class ShippedBuild:
    out: Path     # OUT: a folder for each shipped config
    stderr: str   # the build's lines, one a spec


@pytest.fixture(scope="session")
def shipped_build(tmp_path_factory: pytest.TempPathFactory) -> ShippedBuild:
    """`pnp build configs/*.yaml --jobs 2`, built once in a test run and read by every test that looks at the shipped
    outputs (on both test workers: the first to ask builds while the other waits). Read it; never write in it."""
    def build(out: Path) -> dict[str, object]:
        done = run_pnp("build", *map(str, SHIPPED_CONFIGS), "--out", str(out), "--jobs", "2")
        return {"returncode": done.returncode, "stderr": done.stderr}

    out, done = once_per_run(tmp_path_factory, "shipped", build)
    assert done["returncode"] == 0, done["stderr"]
    return ShippedBuild(out, done["stderr"])


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make) -> tuple[Path, dict]:
    """make(folder) run once in a whole test run, in a folder NAME that every pytest-xdist worker of the run sees (a
    file lock makes the others wait for the first); the folder and what make returned (kept as JSON)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent   # the run's folder, above the workers' own
    folder, result = root / name, root / f"{name}.json"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # let go when the file closes
        if not result.exists():
            folder.mkdir(exist_ok=True)
            result.write_text(json.dumps(make(folder)), encoding="utf-8")
    return folder, json.loads(result.read_text(encoding="utf-8"))


def build_asterisk(spec_file, out: Path, outputs: str, body: str = "", name: str = "x") -> Path:
    """Write an Asterisk spec with these outputs, build it with the CLI into `out`; the NAME folder."""
    spec = spec_file(f"game: asterisk\nname: {name}\noutputs: {outputs}\n{body}")
    result = run_pnp("build", str(spec), "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / name


def diagram_flowables(found) -> list:
    """The diagrams among a booklet's flowables, those inside lists and groups included."""
    from pnp.booklet.scene_flowable import SceneFlowable

    out = []
    for flowable in found:
        if isinstance(flowable, SceneFlowable):
            out.append(flowable)
        out += diagram_flowables(getattr(flowable, "_content", []) or [])
    return out
