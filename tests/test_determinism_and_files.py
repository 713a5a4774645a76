"""Same spec, same bytes; files written atomically; nothing written outside OUT/NAME/."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
from pathlib import Path

try:
    import resource
except ImportError:  # pragma: no cover - not POSIX
    resource = None

import pytest
from pypdf import PdfReader

from conftest import ROOT, files_under, pnp_env, run_pnp, write_spec

SPEC = """\
game: asterisk
name: same-bytes
title: Astérisque — côté 8
outputs: [board]
board:
  side: 8
"""


def test_two_builds_are_byte_identical(tmp_path: Path):
    """Two separate processes (different hash seeds, different moments) write the same bytes."""
    spec = write_spec(tmp_path, SPEC)
    first = run_pnp("build", str(spec), "--out", str(tmp_path / "one"))
    second = run_pnp("build", str(spec), "--out", str(tmp_path / "two"))
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    a = files_under(tmp_path / "one")
    b = files_under(tmp_path / "two")
    assert [p.relative_to(tmp_path / "one") for p in a] == [p.relative_to(tmp_path / "two") for p in b]
    assert {p.name for p in a} == {"board.svg", "board.pdf"}
    for x, y in zip(a, b):
        assert x.read_bytes() == y.read_bytes(), f"{x.name} differs between two builds"


def test_no_timestamps_in_the_files(tmp_path: Path):
    spec = write_spec(tmp_path, SPEC)
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "out" / "same-bytes"
    now = dt.datetime.now(dt.timezone.utc)
    today = {(now + dt.timedelta(days=d)).strftime("%Y%m%d") for d in (-1, 0, 1)}  # any local zone
    reader = PdfReader(folder / "board.pdf")
    info = reader.metadata
    assert info.title == "Astérisque — côté 8", "the title reaches the PDF's metadata"
    for key in ("/CreationDate", "/ModDate"):
        value = str(info.get(key, ""))
        assert not any(day in value for day in today), f"{key} {value!r} is today's date"
    pdf = (folder / "board.pdf").read_bytes()
    svg = (folder / "board.svg").read_bytes()
    for day in today:
        assert day.encode() not in pdf
        assert day.encode() not in svg
        assert f"{day[:4]}-{day[4:6]}-{day[6:]}".encode() not in svg


# --- atomic writing (in-process) ---------------------------------------------------------------


def _spec(tmp_path: Path):
    from pnp.spec import read_kit

    return read_kit(write_spec(tmp_path, SPEC))


class _Broken:
    """A writer that fails while rendering, as a library bug or a full memory would."""

    def __init__(self, name: str, message: str) -> None:
        self.name, self.extension, self.per_page, self.message = name, f".{name}", name == "svg", message
        self.loaded = True

    def render(self, doc):
        raise RuntimeError(self.message)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".tmp"))


def test_failing_writer_leaves_the_earlier_board_intact(tmp_path: Path, monkeypatch):
    import pnp.writers as writers
    from pnp.build import build_kit

    spec = _spec(tmp_path)
    out = tmp_path / "out"
    build_kit(spec, out, ["svg"])
    board = out / "same-bytes" / "board.svg"
    good = board.read_bytes()
    assert good.startswith(b"<?xml")

    monkeypatch.setitem(writers.WRITERS, "svg", _Broken("svg", "writer crashed"))
    with pytest.raises(RuntimeError, match="writer crashed"):
        build_kit(spec, out, ["svg"])
    assert board.read_bytes() == good
    assert _leftovers(board.parent) == []


@pytest.mark.parametrize("fail_at", ["fsync", "exchange", "replace"])
def test_failed_write_leaves_the_earlier_board_intact(tmp_path: Path, monkeypatch, fail_at):
    """The disk fails while the new set is saved or swapped in (or, where the system cannot exchange two
    folders, renamed in): the old file stays, no temporary and no stage folder is left."""
    from pnp.build import build_kit
    from pnp.writers import renames, swap

    spec = _spec(tmp_path)
    out = tmp_path / "out"
    build_kit(spec, out, ["svg"])
    board = out / "same-bytes" / "board.svg"
    board.write_bytes(board.read_bytes().replace(b"<title>", b"<title>old "))  # tell old from new
    good = board.read_bytes()

    def fail(*args, **kwargs):
        raise OSError(5, f"simulated failure in {fail_at}")

    if fail_at == "exchange":
        monkeypatch.setattr(swap, "exchange", fail)
    else:
        monkeypatch.setattr(os, fail_at, fail)
        monkeypatch.setattr(renames, "_RENAMEAT2", None if fail_at == "replace" else renames._RENAMEAT2)
    with pytest.raises(OSError, match="simulated"):
        build_kit(spec, out, ["svg"])
    monkeypatch.undo()
    assert board.read_bytes() == good, "the earlier board.svg was damaged"
    assert _leftovers(board.parent) == [], "a temporary file was left behind"
    assert sorted(os.listdir(out)) == ["same-bytes"], "a stage folder was left behind"


def _limit_file_size(limit: int):
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.skipif(resource is None or not hasattr(signal, "SIGXFSZ"), reason="needs POSIX file size limits")
def test_disk_full_half_way_through_a_real_build(tmp_path: Path):
    """The real CLI, with the process unable to write more than a few kB per file: the earlier
    board survives whole, nothing half-written or temporary is left, and the exit is 1 (not bad input)."""
    spec = write_spec(tmp_path, SPEC)
    out = tmp_path / "out"
    first = run_pnp("build", str(spec), "--out", str(out), "--format", "svg")
    assert first.returncode == 0, first.stderr
    board = out / "same-bytes" / "board.svg"
    good = board.read_bytes()
    board.write_bytes(good.replace(b"<title>", b"<title>old "))  # mark the earlier file
    marked = board.read_bytes()
    limit = len(good) // 3
    env = pnp_env()
    env.pop("PNP_DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "build", str(spec), "--out", str(out), "--format", "svg"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, preexec_fn=_limit_file_size(limit),
    )
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and result.stderr.startswith("pnp: error:")
    assert len(result.stderr.strip().splitlines()) == 1
    assert board.read_bytes() == marked, "the earlier board.svg was replaced by a partial file"
    assert _leftovers(board.parent) == []


def test_pdf_failure_after_svg_keeps_both_files_whole(tmp_path: Path, monkeypatch):
    """A crash in the second format: neither format's earlier file changes (the set is renamed in all at once)."""
    import pnp.writers as writers
    from pnp.build import build_kit

    spec = _spec(tmp_path)
    out = tmp_path / "out"
    build_kit(spec, out, ["svg", "pdf"])
    folder = out / "same-bytes"
    old_pdf = (folder / "board.pdf").read_bytes()
    (folder / "board.svg").write_bytes(b"stale")

    monkeypatch.setitem(writers.WRITERS, "pdf", _Broken("pdf", "pdf writer crashed"))
    with pytest.raises(RuntimeError):
        build_kit(spec, out, ["svg", "pdf"])
    assert (folder / "board.svg").read_bytes() == b"stale"
    assert (folder / "board.pdf").read_bytes() == old_pdf
    assert _leftovers(folder) == []


def test_written_files_are_readable_by_others(tmp_path: Path):
    """With the usual umask 022 (tests/test_filesystem.py tries others)."""
    from pnp.build import build_kit

    old = os.umask(0o022)
    try:
        built = build_kit(_spec(tmp_path), tmp_path / "out", ["svg", "pdf"])
    finally:
        os.umask(old)
    assert len(built.files) == 2
    for path in built.files:
        assert path.stat().st_mode & 0o444 == 0o444, f"{path.name} is not world-readable"


# --- where a build writes ----------------------------------------------------------------------


def test_build_writes_only_under_out_name(tmp_path: Path):
    work = tmp_path / "work"
    work.mkdir()
    spec = write_spec(work, SPEC)
    (work / "output").mkdir()  # the default --out; a build elsewhere must not touch it
    before = set(files_under(tmp_path))
    result = run_pnp("build", str(spec), "--out", str(tmp_path / "elsewhere" / "out"), cwd=work)
    assert result.returncode == 0, result.stderr
    after = set(files_under(tmp_path))
    new = sorted(after - before)
    target = tmp_path / "elsewhere" / "out" / "same-bytes"
    assert new == sorted([target / "board.pdf", target / "board.svg"]), new
    assert not any((work / "output").iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "work"]
    assert result.stdout == ""
