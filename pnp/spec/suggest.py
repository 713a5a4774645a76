""""Did you mean ...?" for a mistyped key or id: the one place pnp guesses, with the work bounded.

difflib compares a name with every candidate, so guessing over a side-200
board's 20,100 cell ids took 30 ms an id, and a position naming a thousand
unknown cells half a minute. Here a guess compares at most MOST_CANDIDATES
names: a larger set is first narrowed to the names near the one given (the
caller knows its ids: a board's same row and same letters), else to those with
its first character, longest shared start first. A Guesser makes at most
MOST_GUESSES guesses for one list, and a value longer than LONGEST, no typo of
any name pnp knows, gets none. Small sets (a spec block's keys, the piece
types, a board up to side 27) are compared in full, as before.
"""

from __future__ import annotations

import difflib
import heapq
import itertools
from collections.abc import Callable, Collection, Iterable

CUTOFF = 0.6             # difflib's own default: close enough to be the name meant
MOST_CANDIDATES = 400    # compared in full: two rows of the largest Asterisk board, every Star cell (275)
MOST_GUESSES = 50        # per list of unknown ids; the rest are named without a guess
LONGEST = 64             # characters: a longer value is no typo of an id or key

Near = Callable[[str], Iterable[str]]  # the candidates worth comparing with a value, nearest first


def closest(value: str, candidates: Collection[str], near: Near | None = None) -> str | None:
    """The candidate most like `value`, if one is close enough; `near` narrows a set too large to compare in full."""
    if not value or len(value) > LONGEST or not candidates:
        return None
    pool = candidates if len(candidates) <= MOST_CANDIDATES else _narrowed(value, candidates, near)
    found = difflib.get_close_matches(value, list(pool), n=1, cutoff=CUTOFF)
    return found[0] if found else None


def _narrowed(value: str, candidates: Collection[str], near: Near | None) -> list[str]:
    """At most MOST_CANDIDATES candidates worth comparing, in a fixed order (so the same input guesses the same)."""
    if near is not None:
        return list(itertools.islice(near(value), MOST_CANDIDATES))
    first = value[0].lower()
    pool = [name for name in candidates if name[:1].lower() == first]
    return heapq.nsmallest(MOST_CANDIDATES, pool, key=lambda name: (-_shared_start(name, value), name))


def _shared_start(name: str, value: str) -> int:
    """How many characters `name` and `value` share from the start."""
    count = 0
    for a, b in zip(name, value):
        if a != b:
            break
        count += 1
    return count


class Guesser:
    """Guesses for one list of unknown names: at most MOST_GUESSES, each as `closest` makes it."""

    def __init__(self, candidates: Collection[str], near: Near | None = None) -> None:
        self.candidates, self.near, self.left = candidates, near, MOST_GUESSES

    def __call__(self, value: str) -> str | None:
        if self.left <= 0:
            return None
        self.left -= 1
        return closest(value, self.candidates, self.near)
