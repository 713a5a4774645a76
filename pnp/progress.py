"""Progress for several specs: a bar on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from pnp.build import Built


@contextmanager
def reporter(total: int) -> Iterator[Callable[[Built], None]]:
    start = time.perf_counter()
    if total > 1 and sys.stderr.isatty():
        from rich.progress import Progress

        with Progress(transient=False) as bar:
            task = bar.add_task("building", total=total)

            def advance(built: Built) -> None:
                bar.update(task, advance=1, description=f"built {built.spec_name}")

            yield advance
        return

    def line(built: Built) -> None:
        folder = built.files[0].parent if built.files else "nothing"
        count = len(built.files)
        print(f"{built.spec_name}: {count} file{'' if count == 1 else 's'} in {folder} ({time.perf_counter() - start:.2f} s)", file=sys.stderr)

    yield line
