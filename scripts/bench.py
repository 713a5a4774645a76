"""`make bench`: wall time and file sizes of real `pnp build` runs (a script, not a test).

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
CASES = [
    # (label, game, board, outputs, formats)
    ("side 11 board, svg+pdf", "asterisk", "{side: 11}", "[board]", "[svg, pdf]"),
    ("side 11 full kit, svg+pdf", "asterisk", "{side: 11}", "[board, pieces, markers, solitaire]", "[svg, pdf]"),
    ("side 60 board, svg+pdf", "asterisk", "{side: 60}", "[board]", "[svg, pdf]"),
    ("side 120 board, svg+pdf", "asterisk", "{side: 120}", "[board]", "[svg, pdf]"),
    ("*Star tournament board, svg+pdf", "starstar", "{rings: 10}", "[board]", "[svg, pdf]"),
]
TARGETS = {"side 11 board, svg+pdf": 0.45, "side 60 board, svg+pdf": 0.8}
STAR_PER_SIDE_11 = 1.5   # the tournament board may take at most this times the side-11 board


def run_case(work: Path, label: str, game: str, board: str, outputs: str, formats: str) -> tuple[float, float, int]:
    name = "bench-" + "".join(ch for ch in label if ch.isalnum())
    spec = work / f"{name}.yaml"
    spec.write_text(f"game: {game}\nname: {name}\nboard: {board}\noutputs: {outputs}\nformats: {formats}\n")
    pnp = Path(sys.executable).with_name("pnp")
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([str(pnp), "build", str(spec), "--out", str(work / "out")], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    size = sum(p.stat().st_size for p in (work / "out" / name).iterdir())
    return min(times), statistics.median(times), size


def main() -> int:
    print(f"{'case':32} {'best s':>8} {'median s':>9} {'bytes':>10}  target")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, *case in CASES:
            best, median, size = run_case(Path(tmp), label, *case)
            results[label] = median
            target = TARGETS.get(label)
            verdict = "" if target is None else f"< {target} s {'ok' if median < target else 'MISSED'}"
            print(f"{label:32} {best:8.3f} {median:9.3f} {size:10d}  {verdict}")
    growth = results["side 120 board, svg+pdf"] / results["side 60 board, svg+pdf"]
    print(f"side 120 / side 60 time: {growth:.2f}x (cells grow 3.97x; target at most 4.5x)")
    star = results["*Star tournament board, svg+pdf"] / results["side 11 board, svg+pdf"]
    print(f"*Star tournament / side 11 board time: {star:.2f}x (target at most {STAR_PER_SIDE_11}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
