"""Shared helpers: run the real CLI in a subprocess, write specs, parse outputs."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4


def run_pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m pnp ARGS` the way a user would, capturing output."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PNP_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=cwd or ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


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
