"""What a build tells on stderr: while it runs, the step under way (an asset drawn, an asset's files written);
when each spec is done, what it built (its folder and file count).

On a terminal the steps are a live line through rich (with a bar over the specs when there are several) that
goes away at the end, leaving the list of what was built; elsewhere (a pipe, a log) there is one plain line per
spec built, and per step too with --verbose. --quiet tells nothing; warnings and errors are never hidden.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from enum import IntEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.build import Built


class Level(IntEnum):
    """How much a build tells: -q, the default, -v."""

    QUIET = 0
    NORMAL = 1
    VERBOSE = 2


class Reporter:
    """Told by the build: `step` as each asset is drawn or written, `built` (or a call) as each spec is done."""

    def __init__(self, level: Level, live: Any = None, task: Any = None) -> None:
        self.level, self.live, self.task = level, live, task
        self.start = time.perf_counter()

    def step(self, spec_name: str, what: str) -> None:
        if self.live is not None:
            self.live.update(self.task, description=f"{spec_name}: {what}")
        if self.level >= Level.VERBOSE:
            self._line(f"{spec_name}: {what} ({self._elapsed()})")

    def built(self, built: "Built") -> None:
        if self.live is not None:
            self.live.update(self.task, advance=1)
        if self.level < Level.NORMAL:
            return
        folder = built.files[0].parent if built.files else "nothing"
        count = len(built.files)
        self._line(f"{built.spec_name}: {count} file{'' if count == 1 else 's'} in {folder} ({self._elapsed()})")
        if self.level >= Level.VERBOSE:
            for path in built.files:
                self._line(f"  {path}")

    __call__ = built   # build_all tells each spec built by calling its `progress`

    def _elapsed(self) -> str:
        return f"{time.perf_counter() - self.start:.2f} s"

    def _line(self, text: str) -> None:
        from pnp.spec.problems import printable

        text = printable(text)   # the folder is --out as typed: a control character in it is shown, never acted on
        if self.live is not None:
            self.live.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            print(text, file=sys.stderr, flush=True)


@contextmanager
def reporter(total: int, level: Level = Level.NORMAL) -> Iterator[Reporter]:
    """A Reporter for a build of `total` specs: live on a terminal (unless quiet), plain lines otherwise."""
    if level == Level.QUIET or not sys.stderr.isatty():
        yield Reporter(level)
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = [SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn()]
    if total > 1:
        columns[2:2] = [BarColumn(), MofNCompleteColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True) as live:
        yield Reporter(level, live, live.add_task("starting", total=total))
