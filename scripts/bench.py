"""`make bench`: wall time and file sizes of real `pnp` runs (a script, not a test).

Each case runs the installed CLI as a user would (a fresh process, so imports
count), several times, and reports the best and the median wall time.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 9
CONFIGS_DIR = Path(__file__).resolve().parent.parent / "configs"
BIG = "pieces: {size_mm: 5}\npaper: {width_mm: 2000, height_mm: 2000}\n"  # room for 20,100 cells
# A board alone is fitted to its sheet, and refused under 5 mm cells: sides 60 and 120 get a 1 m sheet.
LARGE = "paper: {width_mm: 1000, height_mm: 1000}\n"
CASES = [
    # (label, game, board, outputs, formats, command, more spec lines)
    ("side 11 board, svg+pdf", "asterisk", "{side: 11}", "[board]", "[svg, pdf]", "build", ""),
    ("side 11 full kit, svg+pdf", "asterisk", "{side: 11}", "[board, pieces, markers, solitaire]", "[svg, pdf]", "build", ""),
    ("side 60 board, svg+pdf", "asterisk", "{side: 60}", "[board]", "[svg, pdf]", "build", LARGE),
    ("side 120 board, svg+pdf", "asterisk", "{side: 120}", "[board]", "[svg, pdf]", "build", LARGE),
    ("side 200 solitaire, svg+pdf", "asterisk", "{side: 200}", "[solitaire]", "[svg, pdf]", "build", BIG),
    ("side 200 solitaire, validate", "asterisk", "{side: 200}", "[solitaire]", "[svg, pdf]", "validate", BIG),
    ("*Star tournament board, svg+pdf", "starstar", "{rings: 10}", "[board]", "[svg, pdf]", "build", ""),
    ("side 60 tiled, 20 mm cells on A4", "asterisk", "{side: 60, cell_mm: 20}", "[board]", "[svg, pdf]", "build", ""),
    ("Hex 11 x 11 kit, svg+pdf", "hex", "{size: 11}", "[board, stones, pad]", "[svg, pdf]", "build", ""),
]
# Shipped configs built as they are: (label, config, output folder name).
CONFIGS = [("starry-night config, 8 skies", "starry-night.yaml", "starry-night")]
# The whole shipped kit (every config, every output, booklets, cards and kits included), three ways.
ALL_CONFIGS = "shipped kit, one process, --jobs 2"
ALL_SERIAL = "shipped kit, one process, --jobs 1"
ALL_APART = "shipped kit, a process per spec"
TARGETS = {ALL_CONFIGS: 2.0, "side 11 board, svg+pdf": 0.45, "side 60 board, svg+pdf": 0.8,
           "side 200 solitaire, svg+pdf": 1.0, "side 200 solitaire, validate": 0.5,
           "side 60 tiled, 20 mm cells on A4": 2.0}
STAR_PER_SIDE_11 = 1.5   # the *Star tournament board may take at most this times the side-11 board
HEX_PER_SIDE_11 = 1.2    # a Hex 11 x 11 kit may take at most this times the Asterisk side-11 kit
HEX_SCORE = "pnp score, full 19 x 19 Hex, in process"   # read, checked and judged, as `pnp score --json` does
TARGETS[HEX_SCORE] = 0.02
MUDCRACK_PLAN = "mudcrack 200 cells, plan in process"   # a Mudcrack Y board grown and placed, nothing drawn
TARGETS[MUDCRACK_PLAN] = 0.1


def run_case(work: Path, label: str, game: str, board: str, outputs: str, formats: str, command: str,
             more: str) -> tuple[float, float, int]:
    name = "bench-" + "".join(ch for ch in label if ch.isalnum())
    spec = work / f"{name}.yaml"
    spec.write_text(f"game: {game}\nname: {name}\nboard: {board}\noutputs: {outputs}\nformats: {formats}\n{more}")
    return time_command(work, command, spec, name)


def time_command(work: Path, command: str, spec: Path | list[Path], name: str | None, *options: str,
                 apart: bool = False) -> tuple[float, float, int]:
    """Best and median wall time of RUNS fresh `pnp COMMAND SPEC... OPTIONS` processes (`apart`: one process
    per spec, one after another, timed together), and the bytes a build wrote (into OUT/NAME, or into all of
    OUT when NAME is None)."""
    pnp = Path(sys.executable).with_name("pnp")
    specs = spec if isinstance(spec, list) else [spec]
    out = ["--out", str(work / "out")] if command == "build" else []
    commands = [[str(pnp), command, str(one), *out, *options] for one in specs] if apart else \
        [[str(pnp), command, *map(str, specs), *out, *options]]
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for args in commands:
            subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    folder = work / "out" / (name or "")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) if command == "build" else 0
    return min(times), statistics.median(times), size


def time_mudcrack_plan() -> tuple[float, float]:
    """Best and median of planning a 200-cell Mudcrack Y kit (board, stones, pad) on A3 in this process, each run
    a board not grown before (the board cache cleared, a new seed): the planning a build does before drawing."""
    from pnp.games.y import mudcrack
    from pnp.games.y.plan import plan_kit
    from pnp.games.y.spec import YSpec

    times = []
    for seed in range(1, RUNS + 1):
        spec = YSpec.model_validate({"game": "y", "name": "bench", "paper": "a3", "outputs": ["board", "stones", "pad"],
                                     "board": {"mudcrack": {"cells": 200, "seed": seed}}})
        mudcrack.mudcrack.cache_clear()
        start = time.perf_counter()
        plan_kit(spec)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def time_hex_score(work: Path) -> tuple[float, float]:
    """Best and median of `pnp score --json`'s work on a full 19 x 19 Hex board in this process (the position file
    read and checked, the referee's verdict, its JSON), after one run to load the modules."""
    import random

    from pnp.boards.lattice import rhombus
    from pnp.positions import read_position

    cells = list(rhombus(19).places)
    random.Random(19).shuffle(cells)
    half = (len(cells) + 1) // 2
    path = work / "hex-19-full.yaml"
    path.write_text(f"game: hex\nboard: {{size: 19}}\nstones:\n  red: [{', '.join(cells[:half])}]\n"
                    f"  blue: [{', '.join(cells[half:])}]\n", encoding="utf-8")
    times = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        position = read_position(path)
        position.game.judge(position.model).as_json()
        times.append(time.perf_counter() - start)
    return min(times[1:]), statistics.median(times[1:])


def report(label: str, best: float, median: float, size: int) -> None:
    target = TARGETS.get(label)
    verdict = "" if target is None else f"< {target} s {'ok' if median < target else 'MISSED'}"
    print(f"{label:36} {best:8.3f} {median:9.3f} {size:10d}  {verdict}")


def main() -> int:
    print(f"{'case':36} {'best s':>8} {'median s':>9} {'bytes':>10}  target")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, *case in CASES:
            best, median, size = run_case(Path(tmp), label, *case)
            results[label] = median
            report(label, best, median, size)
        for label, config, name in CONFIGS:
            best, median, size = time_command(Path(tmp), "build", CONFIGS_DIR / config, name)
            report(label, best, median, size)
        report(MUDCRACK_PLAN, *time_mudcrack_plan(), 0)
        report(HEX_SCORE, *time_hex_score(Path(tmp)), 0)
        shipped = sorted(CONFIGS_DIR.glob("*.yaml"))
        for label, options, apart in ((ALL_CONFIGS, ("--jobs", "2"), False), (ALL_SERIAL, ("--jobs", "1"), False),
                                      (ALL_APART, (), True)):
            best, median, size = time_command(Path(tmp) / "all", "build", shipped, None, *options, apart=apart)
            results[label] = median
            report(label, best, median, size)
    growth = results["side 120 board, svg+pdf"] / results["side 60 board, svg+pdf"]
    print(f"side 120 / side 60 time: {growth:.2f}x (cells grow 3.97x; target at most 4.5x)")
    star = results["*Star tournament board, svg+pdf"] / results["side 11 board, svg+pdf"]
    print(f"*Star tournament / side 11 board time: {star:.2f}x (target at most {STAR_PER_SIDE_11}x)")
    hexes = results["Hex 11 x 11 kit, svg+pdf"] / results["side 11 full kit, svg+pdf"]
    print(f"Hex 11 x 11 kit / Asterisk side 11 kit time: {hexes:.2f}x (target at most {HEX_PER_SIDE_11}x)")
    print(f"shipped kit: --jobs 2 takes {results[ALL_CONFIGS] / results[ALL_SERIAL]:.2f}x of --jobs 1, "
          f"{results[ALL_CONFIGS] / results[ALL_APART]:.2f}x of a process per spec")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
