"""Both cores: `pnp build --jobs 2` shares the specs between two processes, and every file is byte for byte
what one process building them one after another writes, and what each spec built alone writes."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from conftest import ROOT, SHIPPED_CONFIGS, run_pnp

CONFIGS = SHIPPED_CONFIGS


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_jobs_write_the_same_bytes_as_one_and_as_each_alone(tmp_path: Path, shipped_build):
    done = run_pnp("build", *map(str, CONFIGS), "--out", str(tmp_path / "1"), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    for stderr in (done.stderr, shipped_build.stderr):   # the shared build of every config is --jobs 2's
        assert sorted(line.split(":")[0] for line in stderr.splitlines()) == sorted(p.stem for p in CONFIGS)
    one, two = _snapshot(tmp_path / "1"), _snapshot(shipped_build.out)
    assert len(one) >= 140 and one.keys() == two.keys()
    assert [name for name in one if one[name] != two[name]] == []
    # a spec that comes second in a build (after the PDF writer has run in that process) as when built alone
    alone = ROOT / "configs" / "asterisk-12.yaml"
    assert run_pnp("build", str(alone), "--out", str(tmp_path / "alone"), "--jobs", "1").returncode == 0
    single = _snapshot(tmp_path / "alone" / "asterisk-12")
    assert single == {name.split("/", 1)[1]: data for name, data in one.items() if name.startswith("asterisk-12/")}


def test_bad_jobs_is_refused(tmp_path: Path):
    done = run_pnp("build", str(CONFIGS[0]), "--out", str(tmp_path / "out"), "--jobs", "0")
    assert done.returncode == 2 and "--jobs" in done.stderr and not (tmp_path / "out").exists()


def test_a_big_job_sent_while_the_worker_is_busy_does_not_wait_for_it():
    """Kits are sent to the worker while it builds another; one bigger than a pipe holds (64 KB; a Mudcrack kit is
    more) must not hold this process until the worker is free, or --jobs 2 builds one spec at a time."""
    import time

    from pnp.parallel import start_worker

    busy_s, big = 1.0, b"x" * (1 << 20)
    worker = start_worker(())
    assert worker is not None
    try:
        worker.submit(time.sleep, busy_s)
        start = time.perf_counter()
        worker.submit(len, big)
        sent_s = time.perf_counter() - start
        assert worker.result() is None and worker.result() == len(big)
    finally:
        worker.close()
    assert sent_s < busy_s / 2


# --- the specs read in both processes ------------------------------------------------------------------------------
# With --jobs 2 the worker reads, checks and plans specs from the back of the command line and keeps those kits,
# while this process reads from the front (pnp/shared.py, read_shared). The worker is given the last WORKER_KITS (2)
# before this process reads any, so of three specs this process reads the first and the worker the other two;
# beyond, where they meet depends on which is quicker. What a build says and refuses does not depend on which
# process read a spec.

BOARD = "game: asterisk\nname: {name}\noutputs: [board]\nformats: [svg]\n"
SHRUNK = BOARD + "board: {{side: 20, cell_mm: 20}}\nprint: {{tile: never}}\n"   # planning leaves a warning


def _specs(folder: Path, *texts: str) -> list[str]:
    paths = []
    for number, text in enumerate(texts):
        path = folder / f"s{number}.yaml"
        path.write_text(text.format(name=f"s{number}"), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_bad_specs_in_either_share_are_all_told_in_order_and_nothing_is_written(tmp_path: Path, jobs: str):
    from pnp.shared import WORKER_KITS

    assert WORKER_KITS == 2   # the first spec is this process's, the last the worker's
    specs = _specs(tmp_path, BOARD + "board: {{side: 1}}\n", BOARD, BOARD.replace("asterisk", "astrisk"))
    done = run_pnp("build", *specs, "--out", str(tmp_path / "out"), "--jobs", jobs)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    told = [line.split(":")[0] for line in done.stderr.splitlines()]
    assert told == [specs[0], specs[2]]   # one from each share, as the command line has them
    assert not (tmp_path / "out").exists()


def test_one_name_twice_across_the_shares_is_refused(tmp_path: Path):
    specs = _specs(tmp_path, BOARD, BOARD, BOARD)
    (tmp_path / "s2.yaml").write_text(BOARD.format(name="s0"), encoding="utf-8")   # read by the worker
    done = run_pnp("build", *specs, "--out", str(tmp_path / "out"), "--jobs", "2")
    assert done.returncode == 2 and f"{specs[2]}: name: 's0' is also the name of {specs[0]}" in done.stderr
    assert not (tmp_path / "out").exists()


def test_warnings_and_checks_of_the_worker_s_specs_are_said_as_one_process_says_them(tmp_path: Path):
    specs = _specs(tmp_path, BOARD, BOARD, SHRUNK)   # the last read by the worker
    said = {}
    for jobs in ("1", "2"):
        done = run_pnp("build", *specs, "--out", str(tmp_path / jobs), "--jobs", jobs, "-q")
        assert done.returncode == 0, done.stderr
        said[jobs] = done.stderr
        assert (tmp_path / jobs / "s2" / "board.svg").read_bytes() == (tmp_path / "1" / "s2" / "board.svg").read_bytes()
    assert said["2"] == said["1"] and said["1"].startswith(f"{specs[2]}: board.cell_mm: warning: 20 mm cells")
    # a --dpi too large for the worker's spec (on A3) is refused before anything is drawn, as for this process's
    specs = _specs(tmp_path, BOARD, BOARD, BOARD + "paper: a3\n")
    refused = run_pnp("build", *specs, "--out", str(tmp_path / "dpi"), "--jobs", "2", "-f", "png", "--dpi", "1200")
    assert refused.returncode == 2 and f"a page of {specs[2]} (a3 paper)" in refused.stderr, refused.stderr
    assert not (tmp_path / "dpi").exists()


def _pid(kit) -> int:
    import os

    return os.getpid()


def test_the_worker_keeps_the_kits_it_read_and_builds_them_there(tmp_path: Path):
    """Only an account of the worker's kits comes back (no plan), and those kits are built there."""
    import os

    from pnp.parallel import start_worker
    from pnp.shared import Held, build_shared, read_shared
    from pnp.spec import Kit

    specs = [Path(p) for p in _specs(tmp_path, BOARD, BOARD, BOARD)]
    worker = start_worker(())
    assert worker is not None
    try:
        kits, checked = read_shared(specs, worker, None, _pid)
        assert [type(kit) for kit in kits] == [Kit, Held, Held] and not hasattr(kits[2], "plan")
        assert checked[0] == os.getpid() != checked[1] == checked[2] == worker.pid
        built = build_shared(kits, tmp_path / "out", None, lambda built: None, worker, None)
    finally:
        worker.close()
    assert [b.spec_name for b in built] == ["s0", "s1", "s2"]
    assert all((tmp_path / "out" / name / "board.svg").is_file() for name in ("s0", "s1", "s2"))


def test_this_process_reads_on_while_the_worker_is_slow(tmp_path: Path):
    """Where the worker is slow to read, this process reads the rest: it takes no fixed share and does not wait."""
    import os

    from pnp.parallel import start_worker
    from pnp.shared import Held, WORKER_KITS, read_shared

    specs = [Path(p) for p in _specs(tmp_path, *[BOARD] * 8)]
    worker = start_worker(())
    assert worker is not None
    try:
        kits, checked = read_shared(specs, worker, None, partial(_slow_there, os.getpid()))
    finally:
        worker.close()
    held = [kit.key for kit in kits if isinstance(kit, Held)]
    assert held == list(range(len(specs) - WORKER_KITS, len(specs)))   # the two it was given first, from the back
    assert checked[:len(specs) - WORKER_KITS] == [os.getpid()] * (len(specs) - WORKER_KITS)


def _slow_there(here: int, kit) -> int:
    """The build's check, a second long in any process but `here`: a worker slow to read."""
    import os
    import time

    if os.getpid() != here:
        time.sleep(1.0)
    return os.getpid()


def _held_built(folder: Path, specs: list[Path], monkeypatch, change=lambda: None) -> tuple[list[str], list[Path]]:
    """The specs read by read_shared, `change` run, then only the kits the worker keeps built by build_shared (so
    this process has none of its own), the worker given one at a time: the names built, in order, and the specs
    this process read again."""
    import pnp.shared as shared
    from pnp.parallel import start_worker

    again: list[Path] = []
    worker = start_worker(())
    assert worker is not None
    try:
        kits, _ = shared.read_shared(specs, worker, None, _pid)
        change()
        attempt = shared.attempt
        monkeypatch.setattr(shared, "attempt", lambda path, ink: again.append(path) or attempt(path, ink))
        monkeypatch.setattr(shared, "WORKER_KITS", 1)
        held = [kit for kit in kits if isinstance(kit, shared.Held)]
        built = shared.build_shared(held, folder, None, lambda built: None, worker, None)
    finally:
        worker.close()
    return [b.spec_name for b in built], again


def test_with_nothing_of_its_own_left_this_process_reads_the_worker_s_last_spec_again(tmp_path: Path, monkeypatch):
    sides = (8, 11, 12, 15, 20, 23)   # six kits, each its own board
    specs = [Path(p) for p in _specs(tmp_path, *[BOARD + f"board: {{{{side: {side}}}}}\n" for side in sides])]
    names, again = _held_built(tmp_path / "out", specs, monkeypatch)
    assert names[-2:] == ["s4", "s5"] and again and again[0] == specs[5]   # the worker's share; the last read first
    one = run_pnp("build", *[str(specs[int(name[1:])]) for name in names], "--out", str(tmp_path / "one"), "--jobs", "1", "-q")
    assert one.returncode == 0
    for name in names:   # the same bytes, whichever process read and built it
        assert (tmp_path / "out" / name / "board.svg").read_bytes() == (tmp_path / "one" / name / "board.svg").read_bytes()


def test_a_spec_saved_since_the_worker_read_it_is_built_as_it_was_checked(tmp_path: Path, monkeypatch):
    """Read again here, the worker's last spec now says otherwise: the worker builds the kit it checked."""
    specs = [Path(p) for p in _specs(tmp_path, BOARD, BOARD, BOARD, BOARD)]
    first = run_pnp("build", str(specs[3]), "--out", str(tmp_path / "first"), "-q")
    assert first.returncode == 0
    names, again = _held_built(tmp_path / "out", specs, monkeypatch,
                               lambda: specs[3].write_text(SHRUNK.format(name="s3"), encoding="utf-8"))
    assert names[-2:] == ["s2", "s3"] and specs[3] in again
    assert (tmp_path / "out" / "s3" / "board.svg").read_bytes() == (tmp_path / "first" / "s3" / "board.svg").read_bytes()
