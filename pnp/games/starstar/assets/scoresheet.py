"""The score sheet: a reminder of how ownership works, a score table per game, then the numbered game record.

Tables and fields carry data-field names (`red-score-1`, `move-12-blue`, ...) so
checks can find every box a player writes in.
"""

from __future__ import annotations

from pnp.games.starstar.plan import ScoreSheetPlan
from pnp.games.starstar.rules import can_draw, score_total, winning_score
from pnp.games.starstar.scoresheet_layout import (
    CELL_TEXT_MM, CHECK_MM, EXAMPLE_MM, GAME_HEAD_MM, GAP_MM, LABEL_SHARE, MOVE_GROUP_MM, MOVE_ROW_MM, ROW_MM, TEXT_MM,
    example_lines, record_field_lines,
)
from pnp.games.starstar.style import StarStyle
from pnp.geometry.polygon import rect_corners
from pnp.geometry.rect import Rect
from pnp.layout.fit import content_area
from pnp.layout.furniture import furniture
from pnp.layout.text import paragraph
from pnp.scene import Document, Group, Page, Paint, Polyline, Shape, Text
from pnp.texts import say, say_all

LINE_MM = 0.2
COLUMN_KEYS = ("contained", "enclosed", "quark", "stars", "reward", "score")
NUMBER_SHARE = 0.22    # the move number's column, per column group


def box(rect: Rect, paint: Paint, field: str) -> Polyline:
    """One box a player writes in, named for checks."""
    corners = rect_corners(rect)
    return Polyline((*corners, corners[0]), paint, cls="field", data=(("field", field),))


def fitted(text: str, at: tuple[float, float], size: float, width: float, fill: str, bold: bool = False) -> Text:
    """Text centred at `at`, shrunk if needed so it never runs past `width`."""
    from pnp.fonts import text_width

    size = min(size, size * width / max(text_width(text, size, bold), 1e-9))
    return Text(at, text, size, fill, anchor="middle", bold=bold)


def game_table(number: int, frame: Rect, rings: int, style: StarStyle) -> Group:
    """Heading row of column names, a row per player, and the check line below."""
    line = Paint(stroke=style.ink, width=LINE_MM)
    label_w = frame.width * LABEL_SHARE
    column_w = (frame.width - label_w) / len(COLUMN_KEYS)
    shapes: list[Shape] = [Text((frame.x, frame.y + GAME_HEAD_MM - 2.0), say("starstar", "scoresheet.game", number=number),
                                TEXT_MM, style.ink, bold=True)]
    for i, (top, bottom) in enumerate(say_all("starstar", "scoresheet.columns")):
        cx = frame.x + label_w + (i + 0.5) * column_w
        shapes.append(fitted(top, (cx, frame.y + 4.0), CELL_TEXT_MM, column_w - 1.0, style.ink, bold=True))
        if bottom:
            shapes.append(fitted(bottom, (cx, frame.y + 7.2), CELL_TEXT_MM, column_w - 1.0, style.muted))
    for row, player in enumerate(say_all("starstar", "scoresheet.players")):
        y = frame.y + GAME_HEAD_MM + row * ROW_MM
        shapes.append(Text((frame.x + 1.0, y + ROW_MM / 2 + 1.0), player, TEXT_MM, style.ink, bold=True))
        for i, key in enumerate(COLUMN_KEYS):
            cell = Rect(frame.x + label_w + i * column_w, y, column_w, ROW_MM)
            shapes.append(box(cell, line, f"{player.lower()}-{key}-{number}"))
    check = say("starstar", "scoresheet.check", total=score_total(rings), win=winning_score(rings)) + draw_note(rings)
    shapes.append(Text((frame.x, frame.y + GAME_HEAD_MM + 2 * ROW_MM + CHECK_MM - 2.0), check, TEXT_MM, style.muted))
    return Group(tuple(shapes), cls="game", data=(("game", str(number)),))


def draw_note(rings: int) -> str:
    """On an odd number of rings the scores can tie; say so where the winning score is said."""
    return say("starstar", "scoresheet.draw", half=score_total(rings) // 2) if can_draw(rings) else ""


def score_page(plan: ScoreSheetPlan, heading: str, facts: str, style: StarStyle) -> Page:
    area = content_area(plan.sheet)
    texts, y = paragraph(list(plan.layout.reminders), area.x, area.y, TEXT_MM, style.ink, cls="reminder")
    shapes: list[Shape] = [*furniture(plan.sheet, heading, facts, style), *texts]
    y += GAP_MM
    for number in range(1, plan.layout.games_per_page + 1):
        shapes.append(game_table(number, Rect(area.x, y, area.width, plan.layout.table_height), plan.rings, style))
        y += plan.layout.table_height + GAP_MM
    return Page(plan.sheet.width, plan.sheet.height, tuple(shapes), heading)


def move_group(first: int, last: int, x: float, top: float, style: StarStyle) -> Group:
    """Moves first..last: the number, then a box for Red's cell and one for Blue's."""
    line = Paint(stroke=style.ink, width=LINE_MM)
    number_w = MOVE_GROUP_MM * NUMBER_SHARE
    cell_w = (MOVE_GROUP_MM - number_w - 2.0) / 2
    shapes: list[Shape] = [fitted(say("starstar", "scoresheet.move"), (x + number_w / 2, top + 3.8), CELL_TEXT_MM, number_w, style.muted)]
    for i, player in enumerate(say_all("starstar", "scoresheet.players")):
        shapes.append(fitted(player, (x + number_w + (i + 0.5) * cell_w, top + 3.8), CELL_TEXT_MM, cell_w, style.ink, bold=True))
    for row, move in enumerate(range(first, last + 1)):
        y = top + (row + 1) * MOVE_ROW_MM
        shapes.append(Text((x + number_w - 1.5, y + MOVE_ROW_MM / 2 + 1.0), str(move), CELL_TEXT_MM, style.muted, anchor="end"))
        for i, player in enumerate(say_all("starstar", "scoresheet.players")):
            cell = Rect(x + number_w + i * cell_w, y, cell_w, MOVE_ROW_MM)
            shapes.append(box(cell, line, f"move-{move}-{player.lower()}"))
    return Group(tuple(shapes), cls="moves")


def record_pages(plan: ScoreSheetPlan, heading: str, facts: str, style: StarStyle) -> list[Page]:
    """Numbered move pairs under the fields (names, pie rule, handicap, result), repeated so a loose page says whose game it is."""
    area, lay = content_area(plan.sheet), plan.layout
    per_page = lay.rows_per_group * lay.groups_per_page
    pages = []
    for page in range(lay.record_pages):
        title = heading + (say("starstar", "scoresheet.page_of", page=page + 1, pages=lay.record_pages) if lay.record_pages > 1 else "")
        fields = list(record_field_lines(area.width, " ".join(plan.handicap)))
        texts, below = paragraph(fields, area.x, area.y, TEXT_MM, style.ink, cls="record-field")
        example, _ = paragraph(list(example_lines(area.width, plan.rings)), area.x, below, EXAMPLE_MM, style.muted,
                               cls="record-field record-example")
        shapes: list[Shape] = [*furniture(plan.sheet, title, facts, style), *texts, *example]
        for group in range(lay.groups_per_page):
            first = page * per_page + group * lay.rows_per_group + 1
            last = min(lay.moves, first + lay.rows_per_group - 1)
            if first <= last:
                shapes.append(move_group(first, last, area.x + group * (area.width / lay.groups_per_page), lay.record_top, style))
        pages.append(Page(plan.sheet.width, plan.sheet.height, tuple(shapes), title))
    return pages


def compose_scoresheet(plan: ScoreSheetPlan, title: str, style: StarStyle) -> Document:
    rings = plan.rings
    facts = say("starstar", "scoresheet.facts", rings=rings, total=score_total(rings), win=winning_score(rings)) + draw_note(rings)
    heading = say("starstar", "scoresheet.heading", title=title)
    record = say("starstar", "scoresheet.record_heading", title=title)
    pages = [score_page(plan, heading, facts, style), *record_pages(plan, record, facts, style)]
    return Document("scoresheet", heading, tuple(pages))
