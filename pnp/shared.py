"""A build of several specs on two cores: this process and the worker (pnp/parallel.py) share the reading and the
building, each kit read, checked, planned and built whole by one of them (the same bytes as one by one).

The worker reads, checks and plans specs from the back of the command line while this process reads them from the
front, until they meet (`read_shared`: runs of neighbours, not every other spec, so that a game's specs, which
sit together on a sorted command line, are mostly read and built by one process, which compiles its templates,
draws its booklet's diagrams and imports its modules once), and keeps the kits it planned: what comes back over
the pipe is a short account of each (`Held`: its spec and the warnings it left, and what the build's checks said
of it), never the kit. Nothing is written before every spec of both shares has passed: their problems are
gathered in the specs' order and refused together, as read_kits refuses them. Each kit is then built where it
was planned, but for the last of the share that takes longer: the worker is sent this process's last kits, or
this process reads the worker's last specs again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.build import Built, Told, build_kit
from pnp.parallel import Worker
from pnp.spec import Kit, SpecError
from pnp.spec.base import SpecBase
from pnp.spec.problems import Problem
from pnp.spec.read import all_read, attempt

WORKER_KITS = 2   # kits the worker holds at once: the one it builds and the next, so it never waits for this
                  # process to look in between its steps, and the share follows how long each kit takes

# What the build asks of every kit before anything is drawn (the CLI's --format and --dpi checks), run where the
# kit is; what it returns must pickle.
Check = Callable[[Kit], Any]


@dataclass(frozen=True)
class Held:
    """A kit the worker read, checked and planned, and keeps to build: what this process needs of it (its path
    and spec for the names and the output folder, the warnings its planning left) and its key there."""

    path: Path
    spec: SpecBase
    notes: tuple[tuple[str, str], ...]
    key: int
    ink: str | None   # print.ink as the command line set it: what reading it again takes


_HELD: dict[int, Kit] = {}   # in the worker: the kits it planned, by key (the spec's place on the command line)


def read_shared(paths: list[Path], worker: Worker, ink: str | None, check: Check) -> tuple[list[Kit | Held], list]:
    """Every spec read, checked and planned, this process taking them from the front of the command line and the
    worker from the back, which keeps the kits it read; and what `check` said of each. SpecError with every
    problem of all of them, as read_kits raises it.

    The worker is given WORKER_KITS specs at a time, one more each time one comes back (this process looks between
    its own), so they meet wherever the two have read as much: the worker starts later, loads the writers first, and
    may read other games than this process. A fixed share (halves, once) left this process waiting a quarter of a
    second for the worker's shipped configs; each still reads a run of neighbours, a game's specs mostly in one."""
    found: dict[int, tuple[Kit | Held, Any] | list[Problem]] = {}
    front, back = 0, len(paths)   # this process's next spec; the worker's last one given

    def feed(wait: bool = False) -> None:
        nonlocal back
        for read in _arrived(worker, wait):
            found.update(read)
        while worker.pending < WORKER_KITS and front < back:
            back -= 1
            worker.submit(_read_held, [(back, paths[back])], ink, check)

    feed()
    while front < back:
        found[front] = _read(paths[front], ink, check)
        front += 1
        feed()
    feed(wait=True)
    ordered = [found[key] for key in range(len(paths))]
    kits = all_read([SpecError(each) if isinstance(each, list) else each[0] for each in ordered])
    return kits, [checked for _, checked in ordered]


def _arrived(worker: Worker, wait: bool = False) -> Iterator[Any]:
    """The worker's results already in, in order, without waiting; with `wait`, all it still owes."""
    while worker.pending and (wait or worker.ready()):
        yield worker.result()


def _read(path: Path, ink: str | None, check: Check) -> tuple[Kit, Any] | list[Problem]:
    kit = attempt(path, ink)
    return kit.problems if isinstance(kit, SpecError) else (kit, check(kit))


def _read_held(share: list[tuple[int, Path]], ink: str | None, check: Check) -> dict[int, tuple[Held, Any] | list[Problem]]:
    """The worker's share read (a job it runs): each kit kept, its account and check returned; a spec that fails,
    its problems (a SpecError itself would not pickle whole)."""
    told: dict[int, tuple[Held, Any] | list[Problem]] = {}
    for key, path in share:
        read = _read(path, ink, check)
        if isinstance(read, list):
            told[key] = read
            continue
        kit, checked = read
        _HELD[key] = kit
        told[key] = (Held(kit.path, kit.spec, kit.notes, key, ink), checked)
    return told


def _build_held(key: int, out: Path, formats: list[str] | None, dpi: int | None) -> Built:
    """A kit the worker keeps, built there (a job it runs) and let go."""
    return build_kit(_HELD.pop(key), out, formats, None, dpi)


def build_shared(kits: list[Kit | Held], out: Path, formats: Iterable[str] | None,
                 progress: Callable[[Built], None], worker: Worker, dpi: int | None,
                 told: Told | None = None) -> list[Built]:
    """Kits shared between this process and the worker, each built whole by one of them (the same bytes as one
    by one). The worker holds at most WORKER_KITS at once, so that the share follows how long each kit takes:
    first the kits it keeps, then this process's from the end of its list, while this process builds its own
    from the start, then the worker's last ones, read again here (`_read_again`); the very last kit is left to
    whichever is free first. This process tops the worker up between its own steps, and tells the worker's kits
    as progress as soon as they are in."""
    chosen = list(formats) if formats is not None else None
    held = deque(kit for kit in kits if isinstance(kit, Held))
    waiting = deque(kit for kit in kits if isinstance(kit, Kit))
    done: dict[str, Built] = {}

    def feed(wait: bool = False) -> None:
        for built in _arrived(worker, wait):
            done[built.spec_name] = built
            progress(built)
        while (held or waiting) and worker.pending < WORKER_KITS:
            if worker.pending and len(held) + len(waiting) == 1:
                break   # the last kit goes to whichever process is free first, not to wait behind the worker's
            if held:
                worker.submit(_build_held, held.popleft().key, out, chosen, dpi)
            else:
                worker.submit(build_kit, waiting.pop(), out, chosen, None, dpi)

    def step(spec_name: str, what: str) -> None:
        feed()
        if told is not None:
            told(spec_name, what)

    feed()
    while waiting or held:
        if waiting:
            kit = waiting.popleft()
        else:
            last = held.pop()
            kit = _read_again(last)
            if kit is None:   # its spec reads otherwise now: the worker builds the kit it checked
                worker.submit(_build_held, last.key, out, chosen, dpi)
                continue
        built = build_kit(kit, out, chosen, None, dpi, step)
        done[built.spec_name] = built
        progress(built)
        feed()
    feed(wait=True)
    return [done[kit.spec.name] for kit in kits]


def _read_again(held: Held) -> Kit | None:
    """A kit the worker keeps but has not begun, read here to build it here, as this process has nothing else
    to do: the same kit, the same bytes (reading is plain: same spec, same plan); None when the spec reads
    otherwise now (changed since, or refused), and the kit the worker checked is built there."""
    kit = attempt(held.path, held.ink)
    return kit if isinstance(kit, Kit) and kit.spec == held.spec else None
