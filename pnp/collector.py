"""Python's cycle collector kept out of reading the specs, and start-up's objects frozen, in pnp's own process.

Reading specs is most of a small build's start-up: it imports pydantic, the spec models and the game's modules,
and builds the validator, making tens of thousands of objects that live as long as the command and next to no
cyclic garbage. The collector would scan them again and again (some 50 collections while reading, and all of
them once more at exit), 20 to 40 ms of a side-11 board's 0.3 s. `reading()` turns it off for that time; after
the first reading in the process `main()` runs, everything made so far is moved out of its reach for good
(gc.freeze, as the gc documentation suggests for long-lived objects) and it is turned on, so what the build makes
next is collected as usual. Later readings (`pnp watch`'s saves) only pause it: their garbage is collected.
Where pnp is called inside another program's process (a test's in-process run), nothing is frozen. The
`pnp` command holds the collector off from its first step (`hold`), before its modules are imported, and main()
turns it on, those modules frozen, as the command begins.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_own_process = False   # while main() runs: the process is a `pnp` command's alone
_started = False       # the first reading's objects were frozen
_held = False          # turned off by `hold` (the command's first step) until main() begins


def hold() -> None:
    """The collector off from the `pnp` command's first step (pnp/entry.py) while typer, pnp.cli and what they
    import are loaded: some 30 collections, 4 to 5 ms of a side-11 board, over objects that live as long as the
    command. `own_process` turns it on again, those objects frozen first."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


@contextmanager
def own_process() -> Iterator[None]:
    """While a `pnp` command runs in a process of its own (pnp.cli.main), where freezing start-up's objects is
    safe; a test that calls main() in its own process leaves none of it behind."""
    global _own_process, _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
    _own_process = True
    try:
        yield
    finally:
        _own_process = False


@contextmanager
def reading() -> Iterator[None]:
    """The collector off while specs are read; then on again, start-up's objects frozen after the first reading
    in pnp's own process."""
    global _started
    if not gc.isenabled():   # someone turned it off on purpose: leave it so
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if _own_process and not _started:
            _started = True
            gc.freeze()
        gc.enable()
