"""Which process writes a kit's formats (pnp/build.py, `_away`): a small kit that needs no writer in the main
process is written wholly by the worker, which loaded the writers while the spec was read; a large one, or one
whose kit.pdf needs every PDF in the main process, is shared between the two. The bytes are the same whichever
process writes them (test_the_worker_alone_writes_the_bytes_this_process_writes); here, who writes them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, pnp_env, write_spec
from pnp.build import WORKER_ALONE, _away
from pnp.scene import Circle, Document, Group, Page, Paint, PrintedDocument
from pnp.scene.size import shapes_over

SMALL = "game: asterisk\nname: x\noutputs: [board, pieces]\nboard: {side: 8}\npieces: {size_mm: 40}\n"
WITH_KIT = SMALL.replace("outputs: [board, pieces]", "outputs: [board, pieces, kit]")
LARGE = "game: asterisk\nname: x\noutputs: [board]\nboard: {side: 60}\npaper: {width_mm: 1000, height_mm: 1000}\n"

# The real CLI in a process whose every staged file is marked with the process that wrote it.
_MARKED = """
import os, sys
from pnp.writers import atomic
write = atomic.Folder.write
def marked(self, name, data):
    write(self, name, data)
    with open(os.path.join(os.environ["MARKS"], name), "w") as mark:
        mark.write(str(os.getpid()))
atomic.Folder.write = marked
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""


def _writers_of(tmp_path: Path, text: str) -> dict[str, str]:
    """A fresh `pnp build` of the spec: each file it wrote, and 'main' or 'worker' for the process that wrote it."""
    marks = tmp_path / "marks"
    marks.mkdir()
    done = subprocess.Popen([sys.executable, "-c", _MARKED, "build", str(write_spec(tmp_path, text)), "--out",
                             str(tmp_path / "out")], cwd=ROOT, env=pnp_env(MARKS=str(marks)), stderr=subprocess.PIPE,
                            text=True)
    _, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    return {mark.name: "main" if mark.read_text() == str(done.pid) else "worker" for mark in marks.iterdir()}


def test_a_small_kit_is_written_wholly_by_the_worker(tmp_path: Path):
    written = _writers_of(tmp_path, SMALL)
    assert sorted(written) == ["board.pdf", "board.svg", "pieces-1.svg", "pieces-2.svg", "pieces.pdf"]
    assert set(written.values()) == {"worker"}


def test_the_worker_alone_writes_the_bytes_this_process_writes(tmp_path: Path):
    """The same spec, written wholly by a fresh build's worker and here with no worker at all: the same files."""
    from pnp.build import build_kit
    from pnp.spec import read_kit

    assert set(_writers_of(tmp_path, SMALL).values()) == {"worker"}
    here = tmp_path / "here"
    build_kit(read_kit(write_spec(tmp_path, SMALL, "here.yaml")), here)
    there = sorted((tmp_path / "out" / "x").iterdir())
    assert [p.name for p in there] == sorted(p.name for p in (here / "x").iterdir())
    assert all(p.read_bytes() == (here / "x" / p.name).read_bytes() for p in there)


def test_verbose_tells_the_files_the_worker_writes(tmp_path: Path):
    """-v tells every file written, whichever process writes it: here all of them in the worker."""
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(write_spec(tmp_path, SMALL)), "--out",
                           str(tmp_path / "out"), "-v"], cwd=ROOT, env=pnp_env(), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    steps = [line.split(" (")[0] for line in done.stderr.splitlines() if line.startswith("x: ") and " files in " not in line]
    assert steps == ["x: drawing board", "x: drawing pieces", "x: writing board.svg", "x: writing pieces.svg",
                     "x: writing board.pdf", "x: writing pieces.pdf"]


def test_a_writer_failing_in_the_worker_with_every_format_there_leaves_the_folder_as_it_was(tmp_path: Path, monkeypatch):
    import pnp.writers as writers
    from pnp.build import build_kit
    from pnp.parallel import JobFailed, start_worker
    from pnp.spec import read_kit

    out = tmp_path / "out"
    build_kit(read_kit(write_spec(tmp_path, SMALL)), out)
    before = {p.name: p.read_bytes() for p in (out / "x").iterdir()}
    monkeypatch.setattr(writers.LazyWriter, "loaded", property(lambda self: False))   # as in a fresh process
    monkeypatch.setitem(writers.WRITERS, "pdf", _Crash())
    worker = start_worker(("pnp.writers.files",))
    try:
        with pytest.raises(JobFailed, match="RuntimeError: crashed"):
            build_kit(read_kit(write_spec(tmp_path, SMALL.replace("pieces: {size_mm: 40}", "pieces: {size_mm: 30}"))),
                      out, ["svg", "pdf"], worker)
        assert worker.pending == 0
    finally:
        worker.close()
    assert {p.name: p.read_bytes() for p in (out / "x").iterdir()} == before
    assert sorted(p.name for p in out.iterdir()) == ["x"], "a stage was left behind"


class _Crash:
    name, extension, per_page, loaded = "pdf", ".pdf", False, False

    def render(self, doc):
        raise RuntimeError("crashed")


_WARMED = """
import json, sys
from reportlab.pdfbase import pdfmetrics
def warmed():
    return "pnp.writers.pdf" in sys.modules and "pnp.writers.svg" in sys.modules and "Vera" in pdfmetrics._fonts
{start}
print(json.dumps([warmed(), worker.submit(warmed) or worker.result()]))
{stop}
"""


@pytest.mark.parametrize("start,stop", [
    ("from pnp.cli import _worker\nworker = _worker(None, 1, 2)", "worker.close()"),
    ("from pnp.cli import _writer_modules\nfrom pnp.watch.helper import start_helper\n"
     "worker = start_helper(_writer_modules(None))", "worker.stop()"),
], ids=["a build's worker", "a watch's helper"])
def test_the_worker_has_the_writers_loaded_and_vera_read_before_its_first_job(start: str, stop: str):
    """What a small kit's build counts on: the writers loaded there while this process reads the spec, and none
    here."""
    code = _WARMED.format(start=start, stop=stop)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=pnp_env(), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[false,", "true]"]


def test_a_warm_up_that_fails_is_left_to_the_job_that_needs_it():
    from pnp.parallel import warm_up

    warm_up(["pnp.no_such_module", "colorsys"])   # no error here: the job importing it would say it
    assert "colorsys" in sys.modules


def test_a_kit_pdf_keeps_the_pdfs_in_the_main_process(tmp_path: Path):
    written = _writers_of(tmp_path, WITH_KIT)
    assert {name: who for name, who in written.items() if name.endswith(".pdf")} == dict.fromkeys(
        ["board.pdf", "kit.pdf", "pieces.pdf"], "main")
    assert {who for name, who in written.items() if name.endswith(".svg")} == {"worker"}


def test_a_large_board_is_shared_between_the_two(tmp_path: Path):
    from pnp.build import compose
    from pnp.spec import read_kit

    assert shapes_over([compose(read_kit(write_spec(tmp_path, LARGE, "large.yaml")), "board")], WORKER_ALONE)
    assert _writers_of(tmp_path, LARGE) == {"board.svg": "worker", "board.pdf": "main"}


class _Writer:
    def __init__(self, name: str, loaded: bool) -> None:
        self.name, self.loaded = name, loaded


def _page(shapes: int) -> Document:
    dot = Circle((0.0, 0.0), 1.0, Paint())
    return Document("board", "t", (Page(10.0, 10.0, (dot,) * shapes),))


@pytest.mark.parametrize("loaded,shapes,with_kit,away", [
    ((False, False), 10, False, ["svg", "pdf"]),          # nothing loaded here, small: all to the worker
    ((False, False), WORKER_ALONE, False, ["svg", "pdf"]),
    ((False, False), WORKER_ALONE + 1, False, ["svg"]),   # large: shared, the first format to the worker
    ((False, False), 10, True, ["svg"]),                  # kit.pdf needs the PDFs here
    ((False, True), 10, False, ["svg"]),                  # the PDF writer loaded here (a booklet drew with it)
    ((True, True), 10, False, ["svg"]),
])
def test_the_formats_sent_to_the_worker(loaded, shapes, with_kit, away):
    writers = [_Writer("svg", loaded[0]), _Writer("pdf", loaded[1])]
    assert [w.name for w in _away(writers, object(), [("board", _page(shapes))], with_kit)] == away


def test_no_worker_no_formats_away_and_one_format_shared_only_when_small():
    assert _away([_Writer("svg", False), _Writer("pdf", False)], None, [("board", _page(1))], False) == []
    assert [w.name for w in _away([_Writer("pdf", False)], object(), [("board", _page(1))], False)] == ["pdf"]
    assert _away([_Writer("pdf", False)], object(), [("board", _page(WORKER_ALONE + 1))], False) == []


def test_shapes_are_counted_in_groups_and_only_as_far_as_asked():
    dot = Circle((0.0, 0.0), 1.0, Paint())
    nested = Group((dot, Group((dot, dot))))    # 5 shapes: two groups and three dots
    doc = Document("a", "t", (Page(1.0, 1.0, (nested,)), Page(1.0, 1.0, (dot,))))
    assert not shapes_over([doc], 6) and shapes_over([doc], 5)
    assert not shapes_over([], 0)
    booklet = PrintedDocument("rules", "t", b"%PDF")
    assert not shapes_over([booklet], 0)    # its PDF is written already: nothing to draw
    assert shapes_over([PrintedDocument("card", "t", b"%PDF", scene=doc)], 5)


def test_counting_stops_once_past_the_bound():
    """A board of 20,000 cells costs no more to ask about than a small one: the count stops past the bound."""
    class Endless:
        def __iter__(self):
            dot = Circle((0.0, 0.0), 1.0, Paint())
            while True:
                yield dot

    page = Page(1.0, 1.0, Endless())   # type: ignore[arg-type]
    assert shapes_over([Document("a", "t", (page,))], WORKER_ALONE)
