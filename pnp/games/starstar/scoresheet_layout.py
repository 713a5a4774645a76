"""Where the score sheet's parts go: game tables per page, record rows per column, and whether any of it fits.

Computed from the paper and the board alone, before drawing, so the spec
check and the drawing agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.fonts import text_width
from pnp.games.starstar.board import StarBoard
from pnp.games.starstar.rules import cell_count
from pnp.layout.fit import content_area
from pnp.layout.paper import Paper
from pnp.layout.text import LEADING, wrap
from pnp.positions.text_record import example_line, score_command
from pnp.texts import say, say_all

TEXT_MM = 2.8          # reminders and record fields
EXAMPLE_MM = 2.2       # the record's example line, in small type under the fields
CELL_TEXT_MM = 2.4     # column headings
GAME_HEAD_MM = 10.0    # a table's heading row: two lines of column names
ROW_MM = 8.0           # a player's row: room to write a number
CHECK_MM = 7.0         # the line under a table
GAP_MM = 5.0           # between tables, and between blocks
MOVE_ROW_MM = 5.5      # one numbered move pair in the record
MOVE_GROUP_MM = 44.0   # one column group of the record: number, Red, Blue
LABEL_SHARE = 0.16     # the player-name column of a table, per table width


@dataclass(frozen=True)
class ScoreLayout:
    """The score page(s) and the record page(s) for one board on one sheet."""

    reminders: tuple[str, ...]   # wrapped to the width
    games_per_page: int
    moves: int                   # numbered move pairs: every cell could be played
    rows_per_group: int
    groups_per_page: int
    record_pages: int
    record_top: float            # y where the numbered moves start, below the fields

    @property
    def table_height(self) -> float:
        return GAME_HEAD_MM + 2 * ROW_MM + CHECK_MM


def reminder_lines(width: float) -> tuple[str, ...]:
    return tuple(line for text in say_all("starstar", "scoresheet.reminders") for line in wrap(text, TEXT_MM, width))


def record_field_lines(width: float, order: str) -> tuple[str, ...]:
    """The record's fields; the handicap field only on a board with handicap cells (2 and 3 rings have none)."""
    return tuple(line for text in say_all("starstar", "scoresheet.record_fields") if order or "{order}" not in text
                 for line in wrap(text.format(order=order), TEXT_MM, width))


def record_example(rings: int) -> str:
    """The moves of the record page's example line, with ids of this board: "1. S61 swap  2. S60 S64"."""
    return example_line(StarBoard(rings, 1.0).cells)


def example_lines(width: float, rings: int) -> tuple[str, ...]:
    """The example line under the record's fields: a filled sheet types in row by row, as pnp reads it."""
    text = say("starstar", "scoresheet.example", moves=record_example(rings), command=score_command("starstar", rings=rings))
    return (text,) if text_width(text, EXAMPLE_MM) <= width else tuple(wrap(text, EXAMPLE_MM, width))  # spaces as written


def layout(sheet: Paper, rings: int, order: str) -> ScoreLayout | None:
    """The sheet's plan, or None when not even one game table (or one row of moves) fits."""
    area = content_area(sheet)
    reminders = reminder_lines(area.width)
    below = area.height - len(reminders) * TEXT_MM * LEADING - GAP_MM
    table = GAME_HEAD_MM + 2 * ROW_MM + CHECK_MM
    games = int((below + GAP_MM) // (table + GAP_MM))
    fields = record_field_lines(area.width, order)
    example = example_lines(area.width, rings)
    record_top = area.y + (len(fields) * TEXT_MM + len(example) * EXAMPLE_MM) * LEADING + GAP_MM
    rows = int((area.y + area.height - record_top - MOVE_ROW_MM) // MOVE_ROW_MM)  # one row for the headings
    groups = int(area.width // MOVE_GROUP_MM)
    if games < 1 or rows < 1 or groups < 1:
        return None
    moves = math.ceil(cell_count(rings) / 2)
    pages = math.ceil(moves / (rows * groups))
    if pages == 1:
        rows = math.ceil(moves / groups)  # columns of even length
    return ScoreLayout(reminders, games, moves, rows, groups, pages, record_top)


def heading(title: str) -> str:
    return say("starstar", "scoresheet.heading", title=title)
