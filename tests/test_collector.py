"""pnp/collector.py: the cycle collector off while specs are read, on again after, and start-up's objects frozen
only in pnp's own process (never in a program that calls pnp in its process, as these tests do)."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from pnp import collector


@pytest.fixture
def not_own_process(monkeypatch):
    monkeypatch.setattr(collector, "_own_process", False)


def test_off_while_reading_and_on_after(not_own_process):
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with collector.reading():
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen   # another program's process: nothing frozen


def test_on_again_after_an_error(not_own_process):
    with pytest.raises(ValueError):
        with collector.reading():
            raise ValueError("a spec's problem")
    assert gc.isenabled()


def test_a_collector_turned_off_on_purpose_stays_off(not_own_process):
    gc.disable()
    try:
        with collector.reading():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_own_process_freezes_what_the_first_reading_made():
    """In a process of its own (as `pnp` runs), the objects made while first reading are frozen: later collections
    never scan them. A later reading (`pnp watch`'s next save) freezes nothing more: its garbage is collected."""
    script = ("import gc; from pnp import collector; before = gc.get_freeze_count()\n"
              "with collector.own_process():\n"
              "    with collector.reading(): kept = [[i] for i in range(1000)]\n"
              "    first = gc.get_freeze_count()\n"
              "    with collector.reading(): more = [[i] for i in range(1000)]\n"
              "print(gc.isenabled(), first - before >= 1000, gc.get_freeze_count() <= first, collector._own_process)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "False"]   # and main()'s end leaves no owner behind


def test_the_command_reads_its_specs_with_the_collector_off(tmp_path, monkeypatch):
    """`pnp build` reads through `reading()`: the spec's check runs with the collector off, the build after with
    it on."""
    from pnp import cli

    seen = []
    real = cli._checked
    monkeypatch.setattr(cli, "_checked", lambda read: (seen.append(gc.isenabled()), real(read))[1])
    spec = tmp_path / "s.yaml"
    spec.write_text("game: asterisk\nname: s\nboard: {side: 8}\noutputs: [board]\nformats: [svg]\n", encoding="utf-8")
    (kit,) = cli._load([spec])
    assert seen == [False] and gc.isenabled() and kit.spec.name == "s"


def test_the_command_holds_it_off_while_its_modules_load_and_main_turns_it_on_with_them_frozen():
    """The `pnp` command's first step (pnp/entry.py) turns the collector off before typer and pnp.cli are imported;
    main() turns it on again, what the imports made frozen, so no command runs without it."""
    script = ("import gc, sys; from pnp import collector; collector.hold(); held = not gc.isenabled()\n"
              "import pnp.cli; before = gc.get_freeze_count()\n"
              "with collector.own_process(): on, frozen = gc.isenabled(), gc.get_freeze_count() - before\n"
              "print(held, on, frozen > 10_000, collector._held)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "False"]


def test_a_collector_off_on_purpose_before_the_command_stays_off():
    script = ("import gc; gc.disable(); from pnp import collector; collector.hold()\n"
              "with collector.own_process(): print(gc.isenabled(), gc.get_freeze_count())")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "0"]


def test_the_command_holds_it_from_its_first_step_and_runs_with_it_on(tmp_path):
    """`python -m pnp` (as the `pnp` script) holds the collector from its first step: a command that reads no spec
    (`--version`) still ends with what its imports made frozen, and with the collector on."""
    script = ("import atexit, gc, sys\n"
              "atexit.register(lambda: print('collector', gc.isenabled(), gc.get_freeze_count() > 10_000, "
              "file=sys.stderr))\n"
              "sys.argv = ['pnp', '--version']\n"
              "import runpy; runpy.run_module('pnp', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and "collector True True" in done.stderr, done.stderr
