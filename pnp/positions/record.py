"""Game records: a position file's moves in order, and the position after any one of them.

A game's position model says what its record is (PositionBase: `record_length`,
`after`, `move_numbers`); this module holds what every record shares: the pie
rule's `swap`, the search for a move played after the game was won (a game
whose model `ends_at_win`), and `--at N` with what it adds to a score.

The first win is found by bisection over the record's prefixes, judged by the
game's own referee: once won, a game stays won (stones and pieces never leave),
so about log2(moves) referee calls find the move that won it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pnp.positions.base import ImpossiblePosition
from pnp.spec.problems import Unplanned

if TYPE_CHECKING:
    from pnp.positions.base import PositionBase, Verdict

SWAP = "swap"      # the pie rule's move: the second player takes the first move (and its colour) as their own
SWAP_MOVE = 2      # the one move a swap may be
# The longest record a game can have, in kilobytes: every move the largest board takes (as many as a position's
# 10,000 YAML values hold), written as YAML, one move a line (about 120 KB; as a text record, 105 KB). What a
# message of a file far larger says to compare it with.
LONGEST_RECORD_KB = 120


class MovesRecord:
    """A record kept as one list field, `record_key` (the stone games' and Asterisk's `moves`, Starry Night's
    `edges`): its length, and the position cut after any of its moves, written once for every game. Mixed in before
    PositionBase, whose defaults it fills; `move_numbers` reads `played()`, (index, cell, ...) of each move that
    placed something (a game whose moves all place something, as Starry Night's edges, gives its own)."""

    record_key: ClassVar[str] = "moves"
    cut_drops: ClassVar[tuple[str, ...]] = ("caption",)   # fields about the whole record, left out when it is cut

    if TYPE_CHECKING:

        def played(self) -> list[tuple[Any, ...]]: ...
        def model_copy(self, *, update: dict[str, Any]) -> Any: ...

    def record(self) -> list[Any]:
        return getattr(self, self.record_key)

    def record_length(self) -> int | None:
        return len(self.record()) or None

    def after(self, moves: int) -> Any:
        record = self.record()
        cut = moves < len(record)
        dropped = {name: None for name in self.cut_drops} if cut else {}
        return self.model_copy(update={self.record_key: record[:moves], **dropped})

    def move_numbers(self) -> dict[Any, int]:
        return {played[1]: played[0] + 1 for played in self.played()}


class AtError(ValueError):
    """--at N that the position cannot take; the message says what would."""


def swap_problem(index: int, moves: Sequence[Any], allowed: int = SWAP_MOVE) -> str | None:
    """What is wrong with a swap as move `index` + 1 of `moves`, or None where the pie rule allows it."""
    if index + 1 == allowed:
        return None
    if index + 1 > allowed and len(moves) >= allowed and moves[allowed - 1] == SWAP:
        return f"a second swap; the pie rule allows one, as move {allowed}"
    return f"swap is allowed only as move {allowed}, the second player's first turn (the pie rule)"


def first_win(position: "PositionBase", judge: Callable[["PositionBase"], "Verdict"]) -> tuple[int, "Verdict"] | None:
    """The number of the move that won the game, with the referee's verdict there; None when the record ends
    before any win (or holds no moves). A position that the referee finds impossible (two winners) counts as won:
    a game stops at its first win, which then came earlier."""
    total = position.record_length() or 0
    if not total or _winner(judge, position) is None:
        return None
    low, high = 0, total           # not won after `low` moves (none, or the set-up), won after `high`
    if _winner(judge, position.after(0)) is not None:
        return None                # won before the record starts: the set-up's own problem, not a move's
    while high - low > 1:
        middle = (low + high) // 2
        if _winner(judge, position.after(middle)) is None:
            low = middle
        else:
            high = middle
    return high, judge(position.after(high))


def _winner(judge: Callable[["PositionBase"], "Verdict"], position: "PositionBase") -> str | None:
    try:
        return judge(position).as_json().get("winner")
    except ImpossiblePosition:
        return "several"


def late_move(position: "PositionBase", judge: Callable[["PositionBase"], "Verdict"]) -> Unplanned | None:
    """The first move played after the game was won, said with the move that won it and how."""
    if not position.ends_at_win:
        return None
    won = first_win(position, judge)
    total = position.record_length() or 0
    if won is None or won[0] >= total:
        return None
    number, verdict = won
    return Unplanned(("moves", number), f"move {number + 1} comes after the game ended: move {number} won it "
                                        f"({verdict.caption()}); end the record at move {number}")


def at_move(position: "PositionBase", at: int | None) -> "PositionBase":
    """The position after move `at` (None: the whole record); AtError for an `at` the record cannot give."""
    if at is None:
        return position
    total = position.record_length()
    if total is None:
        raise AtError(f"--at {at}: the position holds no record (no moves); --at counts a record's moves")
    if not 0 <= at <= total:
        raise AtError(f"--at {at}: the record has {total} move{'s' if total != 1 else ''}; give 0 to {total}")
    cut = position.after(at)
    cut._cut_at = at if at < total else None
    return cut


def cut_at(position: "PositionBase") -> int | None:
    """The move `at_move` cut the record after, short of its end; None for a whole record or a position."""
    return position._cut_at


def numbers_width(position: "PositionBase", drawn_mm: float) -> str:
    """Why a record's diagram is `drawn_mm` wide: the words a note or a refusal of a narrower width gives."""
    return numbers_reason(max(position.move_numbers().values(), default=0), drawn_mm)


def numbers_reason(longest: int, drawn_mm: float) -> str:
    """Why a diagram whose move numbers run up to `longest` is `drawn_mm` wide."""
    return f"move numbers up to {longest} print at 5 pt or more only from {drawn_mm:g} mm"


def diagram_caption(position: "PositionBase", caption: str) -> str:
    """A diagram's caption: `caption` (stated, or the referee's), after which move when --at cut the record short."""
    from pnp.texts import say

    from pnp.positions.meta import meta_caption

    at = cut_at(position)
    said = caption if at is None else say("pages", "record.after", move=at, caption=caption)
    return meta_caption(position.meta, said)


def record_json(position: "PositionBase", at: int | None, scored: dict[str, Any]) -> dict[str, Any]:
    """The score JSON of a record adds `moves` (how many the record holds) and `at` (the move scored after); of a
    record or a position with facts besides its moves, `meta` (pnp/positions/meta.py)."""
    total = position.record_length()
    meta = {"meta": position.meta.as_json()} if position.meta.given() else {}
    if total is None:
        return {**scored, **meta}
    return {**scored, "moves": total, "at": total if at is None else at, **meta}


def record_line(position: "PositionBase", at: int | None) -> list[str]:
    """The report's first line for a record: which move the score is after."""
    total = position.record_length()
    if total is None:
        return []
    return [f"After move {total if at is None else at} of {total}."]
