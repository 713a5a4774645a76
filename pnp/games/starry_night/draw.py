"""Drawing one sky: the faint graph paper, its frame, the stars, and the band with label and score box.

Takes what it draws (a sky, where its frame and band go, the grid size, a
resolved style), never a spec, so a rules booklet can draw a sky as the pad
does. Stars are solid dots centred on their intersections with a thin white
ring, so no grid line runs into a star's edge and none can be mistaken for
another; every star carries data-star="<sky>:<index>".
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.fonts import MIDDLE
from pnp.games.starry_night.look import (
    BAND_GAP, HALO_MM, MAJOR_EVERY, NOTE_MM, NUMBER_MM, SCORE_COLUMNS, SCORE_HEAD, SCORE_PLAYERS, SCORE_ROW,
    code_size, label_lines, score_height, score_width, star_radius,
)
from pnp.games.starry_night.plan import NumberedSky
from pnp.games.starry_night.sky import Sky, Star
from pnp.games.starry_night.style import StarryStyle
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.scene import Circle, Group, Paint, Path, Point, Polygon, Shape, Text
from pnp.texts import say

WHITE = "#ffffff"


def sky_group(numbered: NumberedSky, frame: Rect, band: Rect, grid_mm: float, scale: float, style: StarryStyle) -> Group:
    """One sky where the plan put it, as a group carrying its number, code and seed."""
    number, sky, code = numbered.number, numbered.sky, numbered.code
    shapes: list[Shape] = [
        *graph_paper(frame, sky.recipe.width, sky.recipe.height, grid_mm, style),
        Polygon(rect_corners(frame), Paint(stroke=style.ink, width=style.frame_width), cls="frame"),
        *stars(str(number), sky.stars, frame.corner, grid_mm, style),
        label(number, sky, code, band, scale, style),
        score_box(band, scale, style),
    ]
    data = (("sky", str(number)), ("code", code), ("seed", str(sky.recipe.seed)))
    return Group(tuple(shapes), cls="sky", data=data)


def graph_paper(frame: Rect, width: int, height: int, grid_mm: float, style: StarryStyle) -> list[Shape]:
    """The inner grid lines: faint ones, and every fifth a little stronger (the frame draws the edges)."""
    runs: dict[bool, list[tuple[tuple[float, float], ...]]] = {False: [], True: []}
    for i in range(1, width):
        x = frame.x + i * grid_mm
        runs[i % MAJOR_EVERY == 0].append(((x, frame.y), (x, frame.bottom)))
    for j in range(1, height):
        y = frame.y + j * grid_mm
        runs[j % MAJOR_EVERY == 0].append(((frame.x, y), (frame.right, y)))
    widths = {False: style.graph_width, True: style.major_width}
    return [Path(tuple(runs[major]), Paint(stroke=style.graph, width=widths[major]), cls="major" if major else "graph")
            for major in (False, True) if runs[major]]


def stars(label: str, points: Sequence[Star], origin: Point, grid_mm: float, style: StarryStyle) -> list[Shape]:
    """Each star a solid dot on its intersection (grid units from `origin`), ringed in white, as `label`:index."""
    paint = Paint(fill=style.star, stroke=WHITE, width=HALO_MM)
    radius = star_radius(grid_mm) + HALO_MM / 2
    return [Circle((origin[0] + i * grid_mm, origin[1] + j * grid_mm), radius, paint, cls="star",
                   data=(("star", f"{label}:{k}"), ("at", f"{i},{j}")))
            for k, (i, j) in enumerate(points)]


def label(number: int, sky: Sky, code: str, band: Rect, scale: float, style: StarryStyle) -> Group:
    """The sky's number, its code (bold, for reading out), and a note of its stars and seed."""
    top = band.y + BAND_GAP * scale
    number_y, code_y, note_y = (top + line * scale for line in label_lines())
    note = say("starry-night", "sky.note", stars=len(sky.stars), seed=sky.recipe.seed)
    return Group((
        Text((band.x, number_y), say("starry-night", "sky.number", number=number), NUMBER_MM * scale, style.ink,
             bold=True, cls="number"),
        Text((band.x, code_y), code, code_size(code) * scale, style.ink, bold=True, cls="code"),
        Text((band.x, note_y), note, NOTE_MM * scale, style.muted, cls="note"),
    ), cls="label")


def score_box(band: Rect, scale: float, style: StarryStyle) -> Group:
    """A table for two players: a row each, columns for their name, seas captured and area (the variant)."""
    box = Rect(band.right - score_width() * scale, band.y + BAND_GAP * scale, score_width() * scale, score_height() * scale)
    edges = [box.x]
    for column in SCORE_COLUMNS:
        edges.append(edges[-1] + column * scale)
    rows = [box.y + (SCORE_HEAD + k * SCORE_ROW) * scale for k in range(SCORE_PLAYERS)]  # under the heads, between players
    lines = [((x, box.y), (x, box.bottom)) for x in edges[1:-1]] + [((box.x, y), (box.right, y)) for y in rows]
    ruled = Paint(stroke=style.muted, width=style.grid_width)
    size = NOTE_MM * scale
    heads = [Text(((a + b) / 2, box.y + SCORE_HEAD * scale / 2 + MIDDLE * size), say("starry-night", f"score.{key}"),
                  size, style.muted, anchor="middle") for (a, b), key in zip(zip(edges, edges[1:]), ("player", "seas", "area"))]
    return Group((Path(tuple(lines), ruled), Polygon(rect_corners(box), Paint(stroke=style.ink, width=style.grid_width)), *heads),
                 cls="score")
