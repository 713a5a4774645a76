"""pnp/leave.py: a command's process ends as Python would end it (status, exit handlers, every line written,
a thread still running waited for), only without taking the interpreter apart."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import run_pnp_process, write_spec

LINES = 20_000   # more than a pipe's buffer: what is still in stdout's buffer at the end must get out


def _left(body: str) -> subprocess.CompletedProcess[str]:
    """`leave` of a command whose body is `body`, in a process of its own, an exit handler registered first."""
    script = textwrap.dedent("""
        import atexit, sys, threading, time
        from pnp.leave import leave
        atexit.register(lambda: print("handler ran", file=sys.stderr))
        def command():
        {body}
        leave(command)
    """).format(body=textwrap.indent(textwrap.dedent(body), "    "))
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)


def test_a_command_that_returns_ends_0_with_every_line_out_and_its_handlers_run():
    done = _left(f"for n in range({LINES}): print(n)")
    assert done.returncode == 0
    assert done.stdout.split() == [str(n) for n in range(LINES)]
    assert done.stderr == "handler ran\n"


def test_the_status_is_python_s_for_each_kind_of_exit():
    assert _left("sys.exit(3)").returncode == 3
    assert _left("sys.exit(None)").returncode == 0
    said = _left("sys.exit('no such spec')")
    assert said.returncode == 1 and said.stderr == "no such spec\nhandler ran\n"
    raised = _left("raise ValueError('boom')")   # not an exit: Python's own traceback and status
    assert raised.returncode == 1 and "ValueError: boom" in raised.stderr


def test_a_thread_still_running_is_waited_for():
    done = _left("""
        def late():
            time.sleep(0.3)
            print("thread done", flush=True)
        threading.Thread(target=late).start()
        sys.exit(0)
    """)
    assert done.returncode == 0 and done.stdout == "thread done\n"


def test_python_m_pnp_ends_so_and_its_files_are_whole(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: left\nboard: {side: 8}\noutputs: [board]\n")
    done = run_pnp_process("build", str(spec), "--out", str(tmp_path / "out"))
    assert done.returncode == 0 and "left: 2 files" in done.stderr, done.stderr
    assert (tmp_path / "out" / "left" / "board.pdf").read_bytes().rstrip().endswith(b"%%EOF")
    assert (tmp_path / "out" / "left" / "board.svg").read_bytes().rstrip().endswith(b"</svg>")
    refused = run_pnp_process("build", str(tmp_path / "missing.yaml"), "--out", str(tmp_path / "out"))
    assert refused.returncode == 2 and "missing.yaml" in refused.stderr


def test_a_profiled_command_still_writes_its_profile(tmp_path: Path):
    """`python -m cProfile -o FILE -m pnp ...` (docs/contributing/speed.md): the profile is written after the
    program returns, so a profiled pnp ends the ordinary way."""
    profile = tmp_path / "pnp.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "pnp", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    import pstats

    assert any(name == "run" for _, _, name in pstats.Stats(str(profile)).stats)
