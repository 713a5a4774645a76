"""`make bench`: wall time and file sizes of real `pnp` runs (a script, not a test).

`python scripts/bench.py startup` runs the start-up rows alone (the side 11 board against the import floor and
protograf), `python scripts/bench.py watch` the `pnp watch` rows alone, `python scripts/bench.py kits` those of many
specs in one command. protograf is timed when the environment
variable PNP_BENCH_PROTOGRAF names a virtual environment it is installed in (pnp never depends on it: make one
beside, e.g. `python3.13 -m venv /tmp/protograf-venv && /tmp/protograf-venv/bin/pip install protograf`);
without it, its rows are skipped with a line saying so.

Each case runs the installed CLI as a user would (a fresh process, so imports
count), several times, and reports the best and the median wall time. The runs
go round the cases in turn (one run of each, then again), so that every case
meets the same load: on a shared machine the ratios between cases (the targets
set as "at most N times that case") then hold, even where the times move.
"""

from __future__ import annotations

import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

RUNS = 9
PNP = str(Path(sys.executable).with_name("pnp"))   # the `pnp` command of the Python running the bench
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
    (DEFINED_KIT := "Havannah base 10 kit, svg+pdf", "havannah", "{base: 10}", "[board, stones, pad]", "[svg, pdf]",
     "build", ""),
]
# Shipped configs built as they are: (label, config, output folder name).
CONFIGS = [("starry-night config, 8 skies", "starry-night.yaml", "starry-night")]
KIT_RUNS = 5   # the whole-kit cases take seconds each: fewer runs, still a median
# A kit's build as its spec says (svg, pdf) and with cut files too: `--format cut` may add at most CUT_SHARE.
CUT_KITS = [("hex-11 config", "hex-11.yaml", "hex-11"), ("asterisk-11 config", "asterisk-11.yaml", "asterisk-11")]
WITH_CUT = ("-f", "svg", "-f", "pdf", "-f", "cut")
CUT_SHARE = 0.15
# The older games' shipped configs (the < 2 s target was set for these ten), and every shipped config: built in
# one process with the specs shared between two (--jobs 2) or one after another (--jobs 1), and all of them also
# a process per spec. Every output, booklets, cards and kits included.
OLDER_GAMES = ("asterisk", "starstar", "starry-night")
OLDER_JOBS_2 = "older games' configs, --jobs 2"
OLDER_JOBS_1 = "older games' configs, --jobs 1"
ALL_CONFIGS = "all shipped configs, --jobs 2"
ALL_SERIAL = "all shipped configs, --jobs 1"
ALL_APART = "all shipped configs, process per spec"
TARGETS = {OLDER_JOBS_2: 2.0, "side 11 board, svg+pdf": 0.45, "side 60 board, svg+pdf": 0.8,
           "side 200 solitaire, svg+pdf": 1.0, "side 200 solitaire, validate": 0.5,
           "side 60 tiled, 20 mm cells on A4": 2.0}
STAR_PER_SIDE_11 = 1.5   # the *Star tournament board may take at most this times the side-11 board
HEX_PER_SIDE_11 = 1.2    # a Hex 11 x 11 kit may take at most this times the Asterisk side-11 kit
HEX_SCORE = "pnp score, full 19 x 19 Hex, in process"   # read, checked and judged, as `pnp score --json` does
TARGETS[HEX_SCORE] = 0.02
DEFINED_PER_HEX = 1.2    # a game written as data: its kit at most this times the Hex 11 x 11 kit
DEFINED_SCORE = "pnp score, full base 10 Havannah, in process"   # a game written as data, judged as Hex is above
TARGETS[DEFINED_SCORE] = 0.02
DEFINED_RECORD = "Havannah base 10 record to its win, --at every move"
TARGETS[DEFINED_RECORD] = 0.5
RECORD_SCORES = "*Star 275-move record, --at every move"   # 276 scores of one record, in process
TARGETS[RECORD_SCORES] = 0.5
MUDCRACK_PLAN = "mudcrack 200 cells, plan in process"   # a Mudcrack Y board grown and placed, nothing drawn
TARGETS[MUDCRACK_PLAN] = 0.2   # 0.1 for version 1 boards; version 2 pushes points about short edges: 3 to 4 times the work
# `pnp diagram REC -o REC.gif` of a random 100-move record (no win before its end), at the default size.
RECORD_MOVES = 100
ANIMATIONS = [("*Star 10 rings, 100-move gif", "starstar", "{rings: 10}"),
              ("Hex 11, 100-move gif", "hex", "{size: 11}")]
TARGETS.update({label: 3.0 for label, _, _ in ANIMATIONS})
ANIMATION_BYTES = 2_000_000   # and the *Star one under 2 MB: a file a forum takes


# `pnp watch`: from a save (the title changed, so every page differs) to the spec's board files in place, in the
# warm process; a side-11 board alone (the side 11 case above) and shipped configs whole (every output rebuilt,
# as a set). A config that is not shipped (yet) is left out. And the watch's first build against `pnp build`'s.
WATCH_BOARD = "pnp watch: side 11 board saved"
WATCH_CONFIGS = [("pnp watch: configs/asterisk-11.yaml saved", "asterisk-11.yaml", 0.15),
                 ("pnp watch: configs/havannah-10.yaml saved", "havannah-10.yaml", 0.3)]
TARGETS[WATCH_BOARD] = 0.15
WATCH_FIRST = "pnp watch: side 11 board, first build"
WATCH_FIRST_RUNS = 12   # pairs of a watch's first build and `pnp build`, each going first in half of them
WATCH_SAVES = 15     # saves timed per case (after one to warm up)
WATCH_ARMED = "pnp watch: watching"
WATCH_WAIT_S = 60


# Start-up: what pnp's side 11 board is held against. The import floor is a Python process importing the
# libraries pnp builds on and nothing of pnp; protograf (another tool that draws game boards to PDF) draws the same
# board, a hex-hex of side 11 (271 cells), as a PDF alone.
BOARD = "side 11 board, svg+pdf"
FLOOR = "import floor (the libraries alone)"
FLOOR_IMPORTS = "import reportlab.pdfgen.canvas, svgwrite, yaml, pydantic, typer"
FLOOR_TIMES = 1.5            # the side 11 board at most this times the floor
VERSION = "pnp --version"
PROTOGRAF_ENV = "PNP_BENCH_PROTOGRAF"   # a virtual environment with protograf installed
PROTOGRAF_IMPORT = "protograf: import protograf"
PROTOGRAF_BOARD = "protograf: side 11 hex-hex board, pdf"
PROTOGRAF_SHARE = 1 / 3      # the side 11 board at most this share of protograf's board
PROTOGRAF_SCRIPT = """from protograf import *

Create(filename={pdf!r}, units="mm", margin=10)
Hexagons(sides=11, hex_layout="circle", height=8.5, x=10, y=10)
Save()
"""


# A case to time: its label, the `pnp` commands one run of it makes (one after another), and the folder under
# the work folder whose bytes it reports (None: a case that writes nothing).
Case = tuple[str, list[list[str]], str | None]


def spec_case(work: Path, label: str, game: str, board: str, outputs: str, formats: str, command: str,
              more: str) -> Case:
    """One spec written from CASES' fields, and the `pnp COMMAND` of it."""
    name = "bench-" + "".join(ch for ch in label if ch.isalnum())
    spec = work / f"{name}.yaml"
    spec.write_text(f"game: {game}\nname: {name}\nboard: {board}\noutputs: {outputs}\nformats: {formats}\n{more}")
    return command_case(work, label, command, [spec], name)


def command_case(work: Path, label: str, command: str, specs: list[Path], name: str | None, *options: str,
                 apart: bool = False) -> Case:
    """`pnp COMMAND SPEC... OPTIONS` as one process (`apart`: a process per spec, timed together); a build writes
    into WORK/out/LABEL/, and reports the bytes in its NAME folder (all of it when NAME is None)."""
    folder = "out/" + "".join(ch for ch in label if ch.isalnum())
    out = ["--out", str(work / folder)] if command == "build" else []
    groups = [[one] for one in specs] if apart else [specs]
    commands = [[PNP, command, *map(str, group), *out, *options] for group in groups]
    return label, commands, (f"{folder}/{name or ''}" if command == "build" else None)


def startup_cases(work: Path) -> list[Case]:
    """The import floor, `pnp --version`, and protograf's import and board where PNP_BENCH_PROTOGRAF names its
    environment (none: a line says they are skipped)."""
    cases: list[Case] = [(FLOOR, [[sys.executable, "-c", FLOOR_IMPORTS]], None),
                         (VERSION, [[PNP, "--version"]], None)]
    venv = os.environ.get(PROTOGRAF_ENV)
    python = Path(venv or "-", "bin", "python")
    if not venv or not python.exists():
        print(f"protograf: not timed ({PROTOGRAF_ENV} names no virtual environment with it: "
              f"{venv or 'not set'})")
        return cases
    version = subprocess.run([str(python), "-c", "import protograf; print(protograf.__version__)"],
                             capture_output=True, text=True)
    if version.returncode != 0:
        print(f"protograf: not timed (its environment {venv} cannot import it)")
        return cases
    folder = work / "protograf"
    folder.mkdir()
    script = folder / "board.py"
    script.write_text(PROTOGRAF_SCRIPT.format(pdf=str(folder / "board.pdf")), encoding="utf-8")
    print(f"protograf {version.stdout.strip()} from {venv} (Python "
          f"{subprocess.run([str(python), '-c', 'import sys; print(sys.version.split()[0])'], capture_output=True, text=True).stdout.strip()}"
          f"; pnp on Python {sys.version.split()[0]})")
    return cases + [(PROTOGRAF_IMPORT, [[str(python), "-c", "import protograf"]], None),
                    (PROTOGRAF_BOARD, [[str(python), str(script)]], "protograf/board.pdf")]


def startup_ratios(results: dict[str, tuple[float, float, int]]) -> None:
    """The side 11 board against the import floor, and against protograf's board where it was timed: by the best
    runs (those the machine's other work left alone) and by the medians."""
    def ratio(other: str) -> str:
        (best, median, _), (other_best, other_median, _) = results[BOARD], results[other]
        return f"{best / other_best:.2f} best, {median / other_median:.2f} median"

    print(f"side 11 board / import floor: {ratio(FLOOR)} (target at most {FLOOR_TIMES})")
    if PROTOGRAF_BOARD in results:
        print(f"side 11 board (svg+pdf) / protograf's board (pdf): {ratio(PROTOGRAF_BOARD)} (target at most "
              f"{PROTOGRAF_SHARE:.2f})")


def bench_startup(work: Path) -> None:
    """`python scripts/bench.py startup`: the side 11 board, the floor, --version and protograf, round robin."""
    label, game, board, outputs, formats, command, more = next(case for case in CASES if case[0] == BOARD)
    cases = [spec_case(work, label, game, board, outputs, formats, command, more), *startup_cases(work)]
    results = time_round_robin(work, cases, RUNS)
    for label, _, _ in cases:
        report(label, *results[label])
    startup_ratios(results)


def time_round_robin(work: Path, cases: list[Case], runs: int,
                     cpu: dict[str, list[float]] | None = None) -> dict[str, tuple[float, float, int]]:
    """Best and median wall time of each case over RUNS rounds, a round running every case once in turn, and the
    bytes each build wrote. Given `cpu`, each run's CPU time goes there too, by case (user + sys of its
    processes, the build's worker included: what a run costs however busy the machine)."""
    times: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    for _ in range(runs):
        for label, commands, _ in cases:
            start, used = time.perf_counter(), children_cpu()
            for args in commands:
                subprocess.run(args, check=True, capture_output=True)
            times[label].append(time.perf_counter() - start)
            if cpu is not None:
                cpu.setdefault(label, []).append(children_cpu() - used)
    return {label: (min(times[label]), statistics.median(times[label]), folder_bytes(work, folder))
            for label, _, folder in cases}


def children_cpu() -> float:
    """User + sys seconds of every finished process this one started (and theirs, reaped: a build's worker)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def folder_bytes(work: Path, folder: str | None) -> int:
    """The bytes under WORK/FOLDER (a file's own size where FOLDER is a file); 0 for None."""
    if not folder:
        return 0
    path = work / folder
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def shipped_configs() -> tuple[list[Path], list[Path]]:
    """The older games' shipped configs, and all of them."""
    import yaml

    shipped = sorted(CONFIGS_DIR.glob("*.yaml"))
    older = [path for path in shipped if yaml.safe_load(path.read_text(encoding="utf-8"))["game"] in OLDER_GAMES]
    return older, shipped


def time_mudcrack_plan() -> tuple[float, float]:
    """Best and median of planning a 200-cell Mudcrack Y kit (board, stones, pad) on A3 in this process, each run
    a board not grown before (the board cache cleared, a new seed): the planning a build does before drawing."""
    from pnp.boards.mudcrack import grow as mudcrack
    from pnp import registry

    y = registry.game("y")

    times = []
    for seed in range(1, RUNS + 1):
        spec = y.spec.model_validate({"game": "y", "name": "bench", "paper": "a3", "outputs": ["board", "stones", "pad"],
                                     "board": {"mudcrack": {"cells": 200, "seed": seed}}})
        mudcrack.mudcrack.cache_clear()
        start = time.perf_counter()
        y.make_plan(spec)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def time_hex_score(work: Path) -> tuple[float, float]:
    """Best and median of `pnp score --json`'s work on a full 19 x 19 Hex board in this process (the position file
    read and checked, the referee's verdict, its JSON), after one run to load the modules."""
    import random

    from pnp.boards.lattice.shapes import rhombus
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


def time_defined_score(work: Path) -> tuple[float, float]:
    """Best and median of `pnp score --json`'s work on a full base 10 Havannah board in this process: Black holds
    cells of the inside no two of which touch (no ring, bridge or fork), White the rest, so White has won."""
    from pnp.definitions.shipped import shipped
    from pnp.positions import read_position

    graph = shipped("havannah").graph(10)
    black: list[str] = []
    taken: set[int] = set()
    for place, cell in enumerate(graph.ids):
        if not graph.border[place] and place not in taken:
            black.append(cell)
            taken.update((place, *graph.neighbours[place]))
    white = [cell for cell in graph.ids if cell not in set(black)]
    path = work / "havannah-10-full.yaml"
    path.write_text(f"game: havannah\nboard: {{base: 10}}\nstones:\n  white: [{', '.join(white)}]\n"
                    f"  black: [{', '.join(black)}]\n", encoding="utf-8")
    return _timed(lambda: (lambda position: position.game.judge(position.model).as_json())(read_position(path)))


def time_defined_record() -> tuple[float, float]:
    """Best and median of scoring a random base 10 Havannah record, to its first win, after every move."""
    import random

    from pnp import registry
    from pnp.positions.record import at_move, first_win, record_json

    game = registry.game("havannah")
    model = game.position_model()
    cells = sorted(model.model_validate({"game": "havannah", "board": {"base": 10}}).board_ids().known)
    random.Random(10).shuffle(cells)
    record = model.model_validate({"game": "havannah", "board": {"base": 10}, "moves": cells})
    won, _ = first_win(record, game.judge) or (len(cells), None)
    record = model.model_validate({"game": "havannah", "board": {"base": 10}, "moves": cells[:won]})

    def every_move() -> None:
        for at in range(len(record.moves) + 1):
            record_json(record, at, game.judge(at_move(record, at)).as_json())
    return _timed(every_move)


def bench_defined(work: Path) -> None:
    """The rows of games written as data alone: the Havannah kit against the Hex kit, its score and record."""
    chosen = [case for case in CASES if case[0] in (DEFINED_KIT, "Hex 11 x 11 kit, svg+pdf")]
    cases = [spec_case(work, label, *case) for label, *case in chosen]
    results = time_round_robin(work, cases, RUNS)
    for label, _, _ in cases:
        report(label, *results[label])
    report(DEFINED_SCORE, *time_defined_score(work), 0)
    report(DEFINED_RECORD, *time_defined_record(), 0)
    best, median = (results[DEFINED_KIT][i] / results["Hex 11 x 11 kit, svg+pdf"][i] for i in (0, 1))
    print(f"{DEFINED_KIT} / Hex 11 x 11 kit time: {best:.2f}x best, {median:.2f}x median (target at most "
          f"{DEFINED_PER_HEX}x)")


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """Best and median of RUNS runs of `work` in this process, after one run to load the modules."""
    times = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times[1:]), statistics.median(times[1:])


def time_record_scores() -> tuple[float, float]:
    """Best and median of scoring a full 275-move *Star tournament record after every move in one process (the
    record read once, then the referee's JSON at --at 0 .. 275), after one run to load the modules."""
    import random

    from pnp.games.starstar.position import StarPosition
    from pnp.games.starstar.score import score
    from pnp.positions.record import at_move, record_json

    cells = sorted(StarPosition.model_validate({"game": "starstar"}).board_ids().known)
    random.Random(10).shuffle(cells)
    record = StarPosition.model_validate({"game": "starstar", "board": {"rings": 10}, "moves": cells})
    times = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        for at in range(len(cells) + 1):
            record_json(record, at, score(at_move(record, at)).as_json())
        times.append(time.perf_counter() - start)
    return min(times[1:]), statistics.median(times[1:])


def animation_case(work: Path, label: str, game: str, board: str) -> Case:
    """`pnp diagram REC -o REC.gif` of a random record of RECORD_MOVES moves with no win before its last (the
    first seed that gives one), written into WORK/anim/LABEL/."""
    import random

    import yaml

    from pnp import registry
    from pnp.positions.record import first_win

    model = registry.game(game).position_model()
    base = {"game": game, "board": yaml.safe_load(board)}
    cells = sorted(map(str, model.model_validate(base).board_ids().known))
    for seed in range(100):
        random.Random(seed).shuffle(cells)
        data = {**base, "moves": cells[:RECORD_MOVES]}
        if first_win(model.model_validate(data), registry.game(game).judge) in (None, RECORD_MOVES):
            break
    name = "".join(ch for ch in label if ch.isalnum())
    record, folder = work / f"{name}.yaml", work / "anim" / name
    record.write_text(yaml.safe_dump(data), encoding="utf-8")
    folder.mkdir(parents=True)
    return label, [[PNP, "diagram", str(record), "-o", str(folder / f"{name}.gif")]], f"anim/{name}"


def time_watch(work: Path, label: str, spec: Path, name: str) -> tuple[float, float, int]:
    """Best and median time from saving `spec` (written beside and renamed over it, as editors save) to its board
    files replaced under a running `pnp watch`, over WATCH_SAVES saves that change its title."""
    folder = work / "watch" / "".join(ch for ch in label if ch.isalnum())
    folder.mkdir(parents=True)
    text = spec.read_text(encoding="utf-8")
    spec = folder / spec.name
    spec.write_text(text, encoding="utf-8")
    watching, log = start_watch(folder, spec)
    try:
        board = [folder / "out" / name / file for file in ("board.svg", "board.pdf")]
        times = []
        for run in range(WATCH_SAVES + 1):
            before = [identity(path) for path in board]
            start = time.perf_counter()
            save(spec, f"{text}title: Watched {run}\n")
            while any(identity(path) == old for path, old in zip(board, before)):
                if time.perf_counter() - start > WATCH_WAIT_S:
                    raise RuntimeError(f"{label}: no rebuild in {WATCH_WAIT_S} s:\n{log.read_text()}")
                time.sleep(0.001)
            times.append(time.perf_counter() - start)
            time.sleep(0.2)   # the round's last lines said, the next save on a quiet watch
        return min(times[1:]), statistics.median(times[1:]), folder_bytes(folder, f"out/{name}")
    finally:
        watching.send_signal(signal.SIGINT)
        watching.wait(timeout=WATCH_WAIT_S)


def start_watch(folder: Path, spec: Path) -> tuple[subprocess.Popen, Path]:
    """`pnp watch SPEC --out FOLDER/out` running, once its first build is in and its watcher set up."""
    (folder / "out").mkdir(exist_ok=True)
    watching, log = _launch_watch(folder, spec)
    start = time.perf_counter()
    while WATCH_ARMED not in log.read_text():
        if watching.poll() is not None or time.perf_counter() - start > WATCH_WAIT_S:
            raise RuntimeError(f"pnp watch did not start:\n{log.read_text()}")
        time.sleep(0.005)
    return watching, log


def _launch_watch(folder: Path, spec: Path) -> tuple[subprocess.Popen, Path]:
    """`pnp watch SPEC --out FOLDER/out` started, its stderr in FOLDER/watch.log."""
    log = folder / "watch.log"
    with open(log, "w") as err:
        watching = subprocess.Popen([PNP, "watch", str(spec), "--out", str(folder / "out")], stderr=err,
                                    stdout=subprocess.DEVNULL)
    return watching, log


def time_watch_first(work: Path, spec: Path, name: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Best and median, over WATCH_FIRST_RUNS rounds, of a watch's first build (from its start to the board files
    in place) and of `pnp build` of the same spec, into fresh folders. The two take turns going first: the second
    of a pair runs some 4 % faster (the first leaves the files it read warm), which always going second would give
    one of them."""
    watched: list[float] = []
    built: list[float] = []
    for run in range(WATCH_FIRST_RUNS):
        folder = work / "watch-first" / str(run)
        folder.mkdir(parents=True)
        pair = [lambda: watched.append(_watch_first_build(folder, spec, name)),
                lambda: built.append(_timed_build(folder, spec))]
        for timed in pair if run % 2 == 0 else pair[::-1]:
            timed()
    return (min(watched), statistics.median(watched)), (min(built), statistics.median(built))


def _watch_first_build(folder: Path, spec: Path, name: str) -> float:
    """Seconds from starting `pnp watch SPEC --out FOLDER/out` to its board files in place; the watch then ended."""
    board = folder / "out" / name / "board.pdf"
    start = time.perf_counter()
    watching, log = _launch_watch(folder, spec)
    while not board.exists():
        if watching.poll() is not None:
            raise RuntimeError(f"pnp watch ended:\n{log.read_text()}")
        time.sleep(0.001)
    took = time.perf_counter() - start
    watching.send_signal(signal.SIGINT)
    watching.wait(timeout=WATCH_WAIT_S)
    return took


def _timed_build(folder: Path, spec: Path) -> float:
    """Seconds `pnp build SPEC --out FOLDER/built` takes, start to end."""
    start = time.perf_counter()
    subprocess.run([PNP, "build", str(spec), "--out", str(folder / "built")], check=True, capture_output=True)
    return time.perf_counter() - start


def identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


def save(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.swp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def bench_watch(work: Path) -> None:
    """The `pnp watch` rows: a save answered, and the first build against `pnp build`'s."""
    label, game, board, outputs, formats, _, more = next(case for case in CASES if case[0] == "side 11 board, svg+pdf")
    _, (commands,), _ = spec_case(work, label, game, board, outputs, formats, "build", more)
    spec, name = Path(commands[2]), Path(commands[2]).stem
    report(WATCH_BOARD, *time_watch(work, WATCH_BOARD, spec, name))
    for label, config, target in WATCH_CONFIGS:
        if (CONFIGS_DIR / config).exists():
            TARGETS[label] = target
            report(label, *time_watch(work, label, CONFIGS_DIR / config, Path(config).stem))
    (watched, built) = time_watch_first(work, spec, name)
    report(WATCH_FIRST, *watched, 0)
    report("pnp build, the same spec", *built, 0)
    print(f"a watch's first build takes {watched[1] / built[1]:.2f}x `pnp build` (median; target at most 1x)")


def report(label: str, best: float, median: float, size: int) -> None:
    target = TARGETS.get(label)
    verdict = "" if target is None else f"< {target} s {'ok' if median < target else 'MISSED'}"
    print(f"{label:40} {best:8.3f} {median:9.3f} {size:10d}  {verdict}")


def bench_kits(work: Path) -> dict[str, tuple[float, float, int]]:
    """The rows of many specs in one command (the older games' and all shipped), each result also returned."""
    older, shipped = shipped_configs()
    kits = [command_case(work, OLDER_JOBS_2, "build", older, None, "--jobs", "2"),
            command_case(work, OLDER_JOBS_1, "build", older, None, "--jobs", "1"),
            command_case(work, ALL_CONFIGS, "build", shipped, None, "--jobs", "2"),
            command_case(work, ALL_SERIAL, "build", shipped, None, "--jobs", "1"),
            command_case(work, ALL_APART, "build", shipped, None, apart=True)]
    kit_results = time_round_robin(work, kits, KIT_RUNS)
    for label, _, _ in kits:
        report(label, *kit_results[label])
    return kit_results


def main(argv: list[str]) -> int:
    alone = {"watch": bench_watch, "startup": bench_startup, "definitions": bench_defined, "kits": bench_kits}   # `python scripts/bench.py watch`: those rows alone
    if len(argv) == 1 and argv[0] in alone:
        print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
        print(f"{'case':40} {'best s':>8} {'median s':>9} {'bytes':>10}  target")
        with tempfile.TemporaryDirectory() as tmp:
            alone[argv[0]](Path(tmp))
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    older, shipped = shipped_configs()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores); "
          f"older games' configs: {len(older)}, all shipped: {len(shipped)}")
    print(f"{'case':40} {'best s':>8} {'median s':>9} {'bytes':>10}  target")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cases = [spec_case(work, label, *case) for label, *case in CASES]
        cases += startup_cases(work)
        cases += [command_case(work, label, "build", [CONFIGS_DIR / config], name) for label, config, name in CONFIGS]
        cases += [command_case(work, f"{label}, svg+pdf{'+cut' if cut else ''}", "build", [CONFIGS_DIR / config], name,
                               *(WITH_CUT if cut else ())) for label, config, name in CUT_KITS for cut in (False, True)]
        cases += [animation_case(work, *case) for case in ANIMATIONS]
        cpu: dict[str, list[float]] = {}
        results = time_round_robin(work, cases, RUNS, cpu)
        for label, _, _ in cases:
            report(label, *results[label])
        report(MUDCRACK_PLAN, *time_mudcrack_plan(), 0)
        report(HEX_SCORE, *time_hex_score(work), 0)
        report(RECORD_SCORES, *time_record_scores(), 0)
        report(DEFINED_SCORE, *time_defined_score(work), 0)
        report(DEFINED_RECORD, *time_defined_record(), 0)
        kit_results = bench_kits(work)
        bench_watch(work)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    medians = {label: median for label, (_, median, _) in {**results, **kit_results}.items()}
    startup_ratios(results)
    growth = medians["side 120 board, svg+pdf"] / medians["side 60 board, svg+pdf"]
    print(f"side 120 / side 60 time: {growth:.2f}x (cells grow 3.97x; target at most 4.5x)")
    star = medians["*Star tournament board, svg+pdf"] / medians["side 11 board, svg+pdf"]
    print(f"*Star tournament / side 11 board time: {star:.2f}x (target at most {STAR_PER_SIDE_11}x)")
    hexes = medians["Hex 11 x 11 kit, svg+pdf"] / medians["side 11 full kit, svg+pdf"]
    print(f"Hex 11 x 11 kit / Asterisk side 11 kit time: {hexes:.2f}x (target at most {HEX_PER_SIDE_11}x)")
    defined = medians[DEFINED_KIT] / medians["Hex 11 x 11 kit, svg+pdf"]
    print(f"{DEFINED_KIT} / Hex 11 x 11 kit time: {defined:.2f}x (target at most {DEFINED_PER_HEX}x)")
    for label, _, _ in CUT_KITS:
        share = medians[f"{label}, svg+pdf+cut"] / medians[f"{label}, svg+pdf"] - 1
        cpu_share = min(cpu[f"{label}, svg+pdf+cut"]) / min(cpu[f"{label}, svg+pdf"]) - 1
        print(f"{label}: cut files add {share:.0%} to its build (target at most {CUT_SHARE:.0%}), "
              f"{cpu_share:.0%} to its CPU time (best runs; on a busy machine the wall time comes to this)")
    star_gif = results[ANIMATIONS[0][0]][2]
    print(f"{ANIMATIONS[0][0]}: {star_gif / 1e6:.2f} MB (target under {ANIMATION_BYTES / 1e6:g} MB)")
    print(f"older games' configs: --jobs 2 takes {medians[OLDER_JOBS_2] / medians[OLDER_JOBS_1]:.2f}x of --jobs 1")
    print(f"all shipped configs: --jobs 2 takes {medians[ALL_CONFIGS] / medians[ALL_SERIAL]:.2f}x of --jobs 1, "
          f"{medians[ALL_CONFIGS] / medians[ALL_APART]:.2f}x of a process per spec")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
