"""An Asterisk board's build (issue 37's start-up case) loads what a board on one sheet draws, and reads its spec
with the cycle collector held off (pnp/collector.py): start-up's objects frozen, the collector on again for the
build. Each run is a `pnp` process of its own, as a user's."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import write_spec

# Modules a board that fits its sheet never uses: the piece sheets' packing, tiling over pages, the diagrams'
# label fitting and page, and the wording of problems the spec does not have.
NOT_FOR_ONE_SHEET = ("pnp.boards.cutouts", "pnp.layout.packing", "pnp.layout.tiles", "pnp.boards.readable",
                     "pnp.boards.move_numbers", "pnp.positions", "pnp.spec.validation", "pnp.spec.gamename",
                     "pnp.spec.yamlhints")


def _build(spec: Path, out: Path, report: str) -> list[str]:
    """`pnp build SPEC` in a process of its own; the lines `report` printed at its end."""
    script = textwrap.dedent(f"""
        import atexit, gc, sys
        atexit.register(lambda: print({report}, file=sys.stderr))
        sys.argv = ["pnp", "build", {str(spec)!r}, "--out", {str(out)!r}, "-q"]
        from pnp.cli import main
        main()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stderr.split()


def test_asterisk_a_board_on_one_sheet_loads_no_packing_tiling_or_diagram_code(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: start\nboard: {side: 11}\noutputs: [board]\n")
    loaded = _build(spec, tmp_path / "out", '"\\n".join(sorted(sys.modules))')
    assert (tmp_path / "out" / "start" / "board.pdf").is_file()
    assert [m for m in loaded if any(m == p or m.startswith(p + ".") for p in NOT_FOR_ONE_SHEET)] == []


def test_asterisk_a_build_freezes_its_start_up_and_collects_after(tmp_path: Path):
    spec = write_spec(tmp_path, "game: asterisk\nname: start\nboard: {side: 11}\noutputs: [board]\n")
    enabled, frozen = _build(spec, tmp_path / "out", "gc.isenabled(), gc.get_freeze_count()")
    assert enabled == "True" and int(frozen) > 10_000   # the spec models, the game's modules, pydantic
