"""`pnp diagram` for Starry Night: the sky on graph paper, the edges in their players' colours, the seas shaded.

A sky from a code keeps its printed frame; stars given as points get a frame
one square beyond them. Seas are tinted for the player who captured them (a
sea still holding islands in grey, each island star ringed with a dashed
line), largest first so a sea inside another shows on top. Each edge carries
its move number (numbers.py: at its middle unless a star is in the way; the
last edge's ringed), so who closed what can be checked by eye. A
black-and-white print keeps the players apart: Second's edges are dashed, and
captured seas are hatched each player's way.
"""

from __future__ import annotations

from pnp.boards.move_numbers import READABLE_MM
from pnp.games.starry_night.draw import graph_paper, stars
from pnp.games.starry_night.look import star_radius
from pnp.games.starry_night.numbers import OUTLINE, label, spots
from pnp.games.starry_night.position import StarryPosition, sky_of
from pnp.games.starry_night.referee import Night, edge_name, player
from pnp.games.starry_night.score import StarryVerdict
from pnp.games.starry_night.style import DiagramStyle, StarryStyle
from pnp.geometry.hatch import hatch_any
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.positions.page import diagram_page, drawing_box
from pnp.positions.record import diagram_caption
from pnp.scene import Circle, Document, Group, Paint, Path, Point, Polygon, Shape, Text
from pnp.texts import say

EDGE = 0.16            # an edge's width, per grid square
RING = 2.0             # an island's or highlighted star's ring, per star radius
RING_WEIGHT = OUTLINE  # its line, as a number disc's outline (per grid square)
MARK = 0.9             # a mark's letter, per grid square
MARK_AWAY = 0.4        # its corner's distance from the star, across and up, per grid square
SEA_HATCH_PITCH = 0.3  # between the lines hatching a captured sea, per grid square
SEA_HATCH_WEIGHT = 0.03


def diagram(position: StarryPosition, verdict: StarryVerdict, width_mm: float, saver: bool = False,
            widest_mm: float | None = None) -> Document:
    """The diagram; `saver` (the ink saver) changes nothing here: no fill on it is large and dark. A sky has no
    labels to grow for (its edges' numbers keep to 5 pt by themselves): `widest_mm` changes nothing either."""
    style, look, night = StarryStyle(), DiagramStyle(), verdict.night
    left, top, across, down = _frame(position)
    grid = drawing_box(width_mm, 0.0).width / across
    box = drawing_box(width_mm, down * grid)
    origin = (box.x - left * grid, box.y - top * grid)
    at = {k: (origin[0] + i * grid, origin[1] + j * grid) for k, (i, j) in enumerate(night.stars)}
    shapes: list[Shape] = [
        *graph_paper(box, across, down, grid, style),
        Polygon(rect_corners(box), Paint(stroke=style.ink, width=style.frame_width), cls="frame"),
        *_seas(night, at, grid, look),
        *_edges(night, at, box, grid, look),
        *_rings(night, position, at, grid, look),
        *stars(position.code or "1", night.stars, origin, grid, style),
        *_marks(position, at, box, grid, style),
    ]
    caption = diagram_caption(position, position.caption or verdict.caption())
    key = [(look.line(who), say("starry-night", f"position.players.{who}")) for who in ("first", "second")]
    return diagram_page(f"Starry Night: {caption}", box, shapes, caption, key, style)


def _frame(position: StarryPosition) -> tuple[int, int, int, int]:
    """(left, top, width, height) in grid units: a code's frame, else one square beyond the stars."""
    if position.code is not None:
        recipe = sky_of(position.code).recipe
        return 0, 0, recipe.width, recipe.height
    xs, ys = [p[0] for p in position.points()], [p[1] for p in position.points()]
    return min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2


def _seas(night: Night, at: dict[int, Point], grid: float, look: DiagramStyle) -> list[Shape]:
    """Each sea tinted, a captured one hatched in its player's colour and direction; largest first."""
    shapes: list[Shape] = []
    for sea in sorted(night.seas, key=lambda s: -s.twice_area):
        shore = tuple(at[k] for k in sea.shore)
        parts: list[Shape] = [Polygon(shore, Paint(fill=look.sea(sea.captured_by)))]
        if sea.captured_by:
            lines = hatch_any(shore, SEA_HATCH_PITCH * grid, look.sea_hatch(sea.captured_by))
            parts.append(Path(lines, Paint(stroke=look.edge(sea.captured_by), width=SEA_HATCH_WEIGHT * grid), cls="hatch"))
        shapes.append(Group(tuple(parts), cls="sea", data=(("sea", "-".join(map(str, sea.shore))),
                                                            ("captured-by", sea.captured_by or "open"))))
    return shapes


def _edges(night: Night, at: dict[int, Point], box: Rect, grid: float, look: DiagramStyle) -> list[Shape]:
    """Each edge in its player's colour, its move number on a white disc at a clear spot (numbers.py), the last
    edge's ringed."""
    shapes: list[Shape] = []
    places = spots([(at[a], at[b]) for a, b in night.edges], list(at.values()), box, grid)
    for k, ((a, b), place) in enumerate(zip(night.edges, places)):
        who, last = player(k), k == len(night.edges) - 1
        data = (("edge", edge_name((a, b))), ("move", str(k + 1)), ("player", who))
        shapes.append(Group((
            *(Path(((at[a], at[b]),), paint) for paint in look.line(who).paints(EDGE * grid, "round")),
            *label(place, k + 1, look.edge(who), grid, last),
        ), cls="edge last-move" if last else "edge", data=data))
    return shapes


def _rings(night: Night, position: StarryPosition, at: dict[int, Point], grid: float, look: DiagramStyle) -> list[Shape]:
    """A dashed ring round every island star; a solid one round every highlighted star."""
    radius, weight = RING * star_radius(grid), RING_WEIGHT * grid
    island = Paint(stroke=look.island, width=weight, dash=(2 * weight, 1.5 * weight))
    shapes: list[Shape] = [Circle(at[k], radius, island, cls="island")
                           for sea in night.seas for part in sea.islands for k in part]
    lit = Paint(stroke=look.highlight, width=2 * weight)
    shapes += [Circle(at[k], radius, lit, cls="highlight") for k in position.highlight]
    return shapes


def _marks(position: StarryPosition, at: dict[int, Point], box: Rect, grid: float, style: StarryStyle) -> list[Shape]:
    """Each mark's letter above the star, on the side towards the middle of the frame (so it stays inside), never
    under 5 pt."""
    size, middle = max(MARK * grid, READABLE_MM), box.x + box.width / 2
    shapes: list[Shape] = []
    for k, text in position.marks.items():
        x, y = at[k]
        right = x < middle
        shapes.append(Text((x + (MARK_AWAY if right else -MARK_AWAY) * grid, y - MARK_AWAY * grid), text, size, style.ink,
                           anchor="start" if right else "end", bold=True, cls="mark", data=(("mark", text),)))
    return shapes
