"""`pnp diagram REC --format gif|apng`: a record played through, a frame per move, as one looping animation.

Frame 0 is the set-up, the position before move 1 (an empty board, or a
handicap's stones), then one frame after each move up to the last (or --at N):
moves + 1 frames. Starting from the set-up shows move 1 appearing as every
other move does, gives a looping animation a visible restart after the long
last frame, and shows handicap stones before play; every game gets the same
rule, with no game deciding what its set-up holds.

Each frame is the diagram `pnp diagram --at N` draws, caption included, at one
width for all: the last frame's, which a record's move numbers may have widened
(every earlier frame's numbers are smaller, so fit). The last frame is drawn
first, for that width and to bound the work before anything else is drawn:
at most MAX_FRAMES frames, SHAPES_PER_ANIMATION shapes drawn (frames times the
last frame's shapes) and PIXELS_PER_ANIMATION pixels in all (a record on a
1,600-cell Hex board would otherwise draw for minutes and write a huge file).

Frames are independent of one another, so a long record's later half is drawn
in a worker process on the machine's other core (the command starts it, from
pnp/parallel.py) while this one draws the first: the same bytes either way, in
about half the time.
"""

from __future__ import annotations

import os
from bisect import bisect
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pnp.positions.base import PositionBase
from pnp.positions.files import Target, write_file
from pnp.positions.read import Position
from pnp.positions.record import at_move
from pnp.scene import Document, Group, Page, Shape
from pnp.writers import DPI_RANGE
from pnp.writers.animated import Apng, Change, Gif, Timing, changes, rasterized
from pnp.writers.pixels import MM_PER_INCH, PIXELS_PER_PAGE, page_pixels

if TYPE_CHECKING:
    from PIL import Image

MAX_FRAMES = 500                   # the set-up and 499 moves: a whole game on any tournament board (Hex 19: 361 cells)
PIXELS_PER_ANIMATION = 250_000_000 # every frame's pixels: time, and a GIF's memory (its frames, a byte a pixel, twice)
SHAPES_PER_ANIMATION = 600_000     # frames x the last frame's shapes: the drawing time (a full Hex 19 game: 540,000)
SHARED_FROM = 24                   # frames from which the later half is drawn in a worker on the other core


class AnimationError(ValueError):
    """A record that cannot be animated as asked; the message names the option to change."""


def frame_count(model: PositionBase, at: int | None) -> int:
    """The frames of the record up to move `at` (None: all of it): the set-up and each move; AnimationError for a
    position without a record, or more frames than an animation holds."""
    total = model.record_length()
    if total is None:
        raise AnimationError("an animation steps through a record's moves, and this position holds none (no moves); "
                             "draw it as svg, pdf or png")
    last = total if at is None else at
    if last + 1 > MAX_FRAMES:
        raise AnimationError(f"an animation shows at most {MAX_FRAMES} frames (the set-up and {MAX_FRAMES - 1} moves), "
                             f"and the record runs to move {last}; give --at {MAX_FRAMES - 1} or less")
    return last + 1


class Worker(Protocol):
    """A process on the other core that runs jobs (pnp/parallel.py's, which the command starts)."""

    def submit(self, job: Callable[..., Any], *args: Any) -> None: ...
    def result(self) -> Any: ...
    def stop(self) -> None: ...
    def close(self) -> None: ...


def write_animation(position: Position, at: int | None, where: Target, width_mm: float, dpi: int, timing: Timing,
                    check: Callable[[Document], None] | None = None,
                    helper: Callable[[], Worker | None] | None = None, widest_mm: float | None = None) -> Path:
    """Draw every frame of the record (`position` whole, up to move `at`), write the GIF or APNG atomically.
    `check` sees the last frame first (a record's diagram drawn wider than asked, for its numbers); `helper`
    starts a worker for a long record's later half (None where there is none); `widest_mm`: how far the last
    frame may grow for its labels (Game.draw_diagram)."""
    count = frame_count(position.model, at)
    drawn = _diagram(position, count - 1, width_mm, widest_mm)
    if check is not None:
        check(drawn)
    last = drawn.pages[0]
    width_mm = last.width   # every frame as wide as the last: its numbers are the longest, its labels chosen there
    shapes = _shapes(last.children)
    _drawable(count, shapes)
    ends = (_frame(position, 0, width_mm), last) if count > 1 else (last,)
    work = (_shapes(ends[0].children), shapes)
    _fits(count, width_mm / MM_PER_INCH, max(page.height for page in ends) / MM_PER_INCH, dpi)
    pictures = list(rasterized(ends, dpi))
    kind = Gif.of(pictures) if where.fmt == "gif" else Apng(dpi)
    later = _shared(Frames(position, width_mm, dpi, kind), range(1, count), pictures[0], work, helper)
    return write_file(where, kind.file(pictures[0], later, timing))


@dataclass(frozen=True)
class Frames:
    """What draws a record's frames as a file's changes (`kind`: Gif or Apng), in this process or the worker."""

    position: Position
    width_mm: float
    dpi: int
    kind: Gif | Apng

    def run(self, moves: range, before: "Image.Image | None" = None) -> list[Change]:
        """The frames after each of `moves`, each as its change from the one before; `before`: the picture of
        the frame before the first, drawn here when not given."""
        if before is None:
            (before,) = rasterized([_frame(self.position, moves.start - 1, self.width_mm)], self.dpi)
        pictures = rasterized((_frame(self.position, n, self.width_mm) for n in moves), self.dpi)
        return changes(self.kind, before, pictures)


def _shared(frames: Frames, moves: range, before: "Image.Image", work: tuple[int, int],
            helper: Callable[[], Worker | None] | None) -> list[Change]:
    """frames.run(moves) from the picture `before` them, the later half in a worker process on the other core
    when there is one and the record is long enough to repay starting it; the same changes either way. `work`:
    the first and last frames' shapes, so the halves draw about as many shapes each (later frames hold more)."""
    long = len(moves) >= SHARED_FROM and (os.cpu_count() or 1) > 1
    worker = helper() if helper is not None and long else None
    if worker is None:
        return frames.run(moves, before)
    first, last = work
    weights = list(accumulate(first + (last - first) * n / moves.stop for n in moves))
    half = moves.start + bisect(weights, weights[-1] / 2)
    try:
        worker.submit(_run, frames, range(half, moves.stop))
        mine = frames.run(range(moves.start, half), before)
        theirs = worker.result()
    except BaseException:
        worker.stop()
        raise
    worker.close()
    return mine + theirs


def _run(frames: Frames, moves: range) -> list:
    return frames.run(moves)


def _frame(position: Position, move: int, width_mm: float) -> Page:
    """The diagram after `move` moves, as `pnp diagram --at move` draws it: the frame's one page."""
    return _diagram(position, move, width_mm).pages[0]


def _diagram(position: Position, move: int, width_mm: float, widest_mm: float | None = None) -> Document:
    """The diagram after `move` moves, as `pnp diagram --at move` draws it."""
    model = at_move(position.model, move)
    return position.game.draw_diagram(model, position.game.judge(model), width_mm, widest_mm=widest_mm)


def _shapes(shapes: tuple[Shape, ...]) -> int:
    """How many shapes a page draws: its primitives, inside groups or not."""
    return sum(_shapes(shape.children) if isinstance(shape, Group) else 1 for shape in shapes)


def _drawable(count: int, shapes: int) -> None:
    """AnimationError when `count` frames of up to `shapes` shapes (the last frame's, the fullest) are more drawing
    than SHAPES_PER_ANIMATION: a long record on a large board would draw for minutes, at any dpi."""
    if count * shapes <= SHAPES_PER_ANIMATION:
        return
    frames = SHAPES_PER_ANIMATION // shapes
    fewer = f"give --at {frames - 1} or less" if frames else "draw it as svg, pdf or png"
    raise AnimationError(f"{count} frames of up to {shapes:,} shapes each are more drawing than pnp does for one "
                         f"animation ({SHAPES_PER_ANIMATION:,} shapes); {fewer}")


def _fits(count: int, width_in: float, height_in: float, dpi: int) -> None:
    """AnimationError when `count` frames of this size at `dpi` hold more than PIXELS_PER_ANIMATION (or one
    frame more than a PNG page may), naming the largest --dpi, and the --at, that would fit."""
    width, height = page_pixels(width_in, height_in, dpi)
    if _fit(count, width, height):
        return
    total, fixes = count * width * height, []
    lower = next((d for d in range(dpi - 1, DPI_RANGE[0] - 1, -1) if _fit(count, *page_pixels(width_in, height_in, d))),
                 None)
    if lower is not None:
        fixes.append(f"--dpi {lower} or less")
    frames = min(PIXELS_PER_ANIMATION // (width * height), MAX_FRAMES)
    if frames >= 1 and width * height <= PIXELS_PER_PAGE:
        fixes.append(f"--at {frames - 1} or less")
    raise AnimationError(f"{count} frames of {width} x {height} pixels would be {total / 1e6:.0f} megapixels, more "
                         f"than pnp puts in one animation ({PIXELS_PER_ANIMATION / 1e6:.0f}); use "
                         f"{' or '.join(fixes) or 'a narrower --width-mm'}")


def _fit(count: int, width: int, height: int) -> bool:
    return width * height <= PIXELS_PER_PAGE and count * width * height <= PIXELS_PER_ANIMATION
