"""Shared helpers: run the CLI (in this process, or in a real one where that is what a test checks), write specs,
parse outputs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import chdir, contextmanager
from pathlib import Path

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


def run_pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """What `python -m pnp ARGS` run from `cwd` gives (exit status, stdout, stderr), run in this process through
    typer's CliRunner: much faster than a process, for every test where the process boundary is not the point
    (use run_pnp_process for those). An exception that escapes the CLI ends as it would in a process: exit 1 and
    its traceback on stderr."""
    from typer.testing import CliRunner

    from pnp.cli import app

    env = {"PNP_DEBUG": None, "PYDANTIC_DISABLE_PLUGINS": os.environ.get("PYDANTIC_DISABLE_PLUGINS", "__all__")}
    with chdir(cwd or ROOT), _signal_handlers_kept():  # a process's own cwd and signal handlers
        done = CliRunner().invoke(app, list(args), env=env, prog_name="pnp")
    stderr = done.stderr
    if done.exc_info is not None and not isinstance(done.exc_info[1], SystemExit):
        stderr += "".join(traceback.format_exception(*done.exc_info))
    return subprocess.CompletedProcess([*PNP_COMMAND, *args], done.exit_code, done.stdout, stderr)


@contextmanager
def _signal_handlers_kept() -> Iterator[None]:
    """The CLI sets a SIGTERM handler for its process (pnp.parallel.exit_on_sigterm): put pytest's back after."""
    before = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


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
