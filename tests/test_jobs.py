"""Both cores: `pnp build --jobs 2` shares the specs between two processes, and every file is byte for byte
what one process building them one after another writes, and what each spec built alone writes."""

from __future__ import annotations

from pathlib import Path

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
