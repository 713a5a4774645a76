"""What a watch knows between saves, and one round of rebuilding: pure of any file watcher, so it is tested alone.

Per spec: its inputs (inputs.py), the kit of its last good build (what OUT/NAME holds), and the error its last
round left (none: its files are up to date). A round takes the files saved, rebuilds each spec one of them is an
input of, in the order the specs were given, and leaves a spec that fails as it was: its last good files stay,
its error is kept (and shown by a live preview) until a save mends it. Reading, checking and building are the
CLI's (`prepare`, `build`), so a watch says and writes exactly what `pnp build` would.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.watch.inputs import absolute, spec_inputs


class Refused(Exception):
    """A spec that cannot be built as it stands; the message is worded for the user (file:line: field: ...)."""


# A file's identity and state as stat tells them: what changed while the watcher was not looking.
Signature = tuple[int, int, int, int] | None


@dataclass(frozen=True)
class Round:
    """One round done: the number of rounds so far, the specs rebuilt (names), the errors standing (every spec's)."""

    number: int
    built: tuple[str, ...]
    errors: tuple[str, ...]


def forget_read_files() -> None:
    """Forget what this process keeps of files a user may change: a saved font or template is read again, as a
    new `pnp build` would read it. (Specs are never kept: each round reads them.) Every cache keyed by a file's
    path that holds what was read from it is cleared here: a game definition's too, where one is kept."""
    from pnp.booklet import kit as booklet
    from pnp.fonts import own
    from pnp.writers import kept

    own.forget()
    booklet.forget()
    kept.forget()   # a font's bytes are in the pages rendered with it
    stones = sys.modules.get("pnp.games.stones")   # only where a definition was read: no import for other games
    if stones is not None:
        stones.forget()


class Session:
    """The specs watched; `start` builds them all, `run` answers a batch of saved files.

    `prepare(spec)` reads and checks a spec as `pnp build` does, giving its kit and the warnings to print;
    `build(kit, worker, first)` writes it (`first`: in the first round); both raise Refused. `say(text, error)`
    prints a line; `told` hears of every round (the live preview). `worker` is the build's worker for the rounds
    after the first (pnp/watch/helper.py), or None: each built in this process alone."""

    def __init__(self, specs: list[Path], prepare: Callable[[Path], tuple[Any, list[str]]],
                 build: Callable[[Any, Any, bool], None], say: Callable[[str, bool], None],
                 forget: Callable[[], None] = forget_read_files, worker: Any = None) -> None:
        self.specs = list(dict.fromkeys(specs))
        self.prepare, self.build, self.say, self.forget, self.worker = prepare, build, say, forget, worker
        self.inputs: dict[Path, tuple[Path, ...]] = {}
        self.kits: dict[Path, Any] = {}
        self.errors: dict[Path, str] = {}
        self.seen: dict[Path, Signature] = {}
        self.rounds = 0
        self.told: list[Callable[[Round], None]] = []

    def start(self, worker: Any = None) -> Round:
        """The first round: every spec built (with the build's worker where `pnp build` would have one)."""
        return self._round(self.specs, worker, first=True)

    def run(self, saved: Iterable[Path]) -> Round | None:
        """Rebuild the specs the saved files are inputs of; None when they are inputs of none."""
        saved = {absolute(path) for path in saved}
        touched = [spec for spec in self.specs if saved & set(self.inputs.get(spec, (absolute(spec),)))]
        if not touched:
            return None
        if saved - {absolute(spec) for spec in self.specs}:
            self.forget()   # a font, a definition or a template: read afresh
            if self.worker is not None:
                self.worker.forget()   # by the worker too (pnp/watch/helper.py)
        self.say(f"pnp watch: saved: {', '.join(sorted(map(_shown, saved)))}", False)
        return self._round(touched, self.worker)

    def changed_unseen(self) -> list[Path]:
        """The inputs whose file changed since its spec's last round (the watcher was being set up again)."""
        return [path for path in self.watched() if _signature(path) != self.seen.get(path)]

    def good(self) -> list[Any]:
        """The kits of the specs' last good builds, in the specs' order (a spec never built yet has none)."""
        return [self.kits[spec] for spec in self.specs if spec in self.kits]

    def watched(self) -> tuple[Path, ...]:
        """Every input of every spec, once each."""
        return tuple(dict.fromkeys(path for spec in self.specs for path in self.inputs.get(spec, (absolute(spec),))))

    def _round(self, specs: list[Path], worker: Any, first: bool = False) -> Round:
        built = []
        for spec in specs:
            name = self._one(spec, worker, first)
            if name is None:
                worker = None   # a failure may have stopped the worker: the rest is built here
            else:
                built.append(name)
        self.rounds += 1
        done = Round(self.rounds, tuple(built), tuple(self.errors[spec] for spec in self.specs if spec in self.errors))
        for listener in self.told:
            listener(done)
        return done

    def _one(self, spec: Path, worker: Any, first: bool) -> str | None:
        """Build one spec; its name, or None (its error said and kept, its files left as they were)."""
        self.inputs[spec] = spec_inputs(spec)
        self.seen.update((path, _signature(path)) for path in self.inputs[spec])
        try:
            kit, warnings = self.prepare(spec)
            self._unique(spec, kit.spec.name)
            for warning in warnings:
                self.say(warning, True)
            self.build(kit, worker, first)
        except Refused as exc:
            self.errors[spec] = str(exc)
            self.say(str(exc), True)
            if spec in self.kits:
                self.say(f"pnp watch: {spec}: not rebuilt; the files of its last good build stay as they were", True)
            return None
        self.errors.pop(spec, None)
        self.kits[spec] = kit
        return kit.spec.name

    def _unique(self, spec: Path, name: str) -> None:
        """Two specs watched together never write the same folder (as `pnp build` refuses them)."""
        for other, kit in self.kits.items():
            if other != spec and kit.spec.name == name:
                raise Refused(f"{spec}: name: '{name}' is also the name of {other}; each spec needs its own")


def _signature(path: Path) -> Signature:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def _shown(path: Path) -> str:
    """A path as short as it reads: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
