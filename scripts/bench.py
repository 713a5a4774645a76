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
    # (label, side, outputs, formats)
    ("side 11 board, svg+pdf", 11, "[board]", "[svg, pdf]"),
    ("side 11 full kit, svg+pdf", 11, "[board, pieces, markers, solitaire]", "[svg, pdf]"),
    ("side 60 board, svg+pdf", 60, "[board]", "[svg, pdf]"),
    ("side 120 board, svg+pdf", 120, "[board]", "[svg, pdf]"),
]
# Shipped configs built as they are: (label, config, output folder name).
CONFIGS = [("starry-night config, 8 skies", "starry-night.yaml", "starry-night")]
TARGETS = {"side 11 board, svg+pdf": 0.45, "side 60 board, svg+pdf": 0.8}


def run_case(work: Path, label: str, side: int, outputs: str, formats: str) -> tuple[float, float, int]:
    spec = work / f"bench-{side}.yaml"
    spec.write_text(f"game: asterisk\nname: bench-{side}\nboard: {{side: {side}}}\noutputs: {outputs}\nformats: {formats}\n")
    return time_build(work, spec, f"bench-{side}")


def time_build(work: Path, spec: Path, name: str) -> tuple[float, float, int]:
    """Best and median wall time of RUNS fresh `pnp build` processes, and the bytes written."""
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
        for label, side, outputs, formats in CASES:
            best, median, size = run_case(Path(tmp), label, side, outputs, formats)
            results[label] = median
            target = TARGETS.get(label)
            verdict = "" if target is None else f"< {target} s {'ok' if median < target else 'MISSED'}"
            print(f"{label:32} {best:8.3f} {median:9.3f} {size:10d}  {verdict}")
        for label, config, name in CONFIGS:
            best, median, size = time_build(Path(tmp), Path(__file__).resolve().parent.parent / "configs" / config, name)
            print(f"{label:32} {best:8.3f} {median:9.3f} {size:10d}")
    growth = results["side 120 board, svg+pdf"] / results["side 60 board, svg+pdf"]
    print(f"side 120 / side 60 time: {growth:.2f}x (cells grow 3.97x; target at most 4.5x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
