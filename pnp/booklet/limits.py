"""What a rules or card template may do, each bound named once and stated in the message that enforces it.

Templates are shared between people, so they run in a sandbox (sandbox.py) and within these bounds. Each is far
above what the shipped templates use (a few hundred steps of work, 11,000 characters, 6 columns, a few thousand
diagram shapes and their work, 223 tokens) and low enough that any template is built or refused within seconds.
"""

from __future__ import annotations

import math

MAX_TEMPLATE_BYTES = 256 * 1024   # the template file (read as a spec is: regular files only); 2.5 times the
                                  # longest rendered text, since reading and marking cost by the line
MAX_TOKENS = 10_000               # pieces Jinja reads: each word, number and sign in a tag, each text between tags
MAX_NESTING = 30                  # brackets (), [] and {} inside one another in a tag
MAX_RANGE = 10_000                # numbers one range() gives
MAX_WORK = 500_000                # steps of work in one rendering: see WORK_STEPS
MAX_NUMBER_DIGITS = 1_000         # digits of a whole number a template computes
MAX_FORMAT_WIDTH = 1_000          # a width or precision in a format (`%10s`, `{:>10}`) or a padding method
MAX_RENDERED_CHARS = 100_000      # the rendered Markdown: about 30 booklet pages
MAX_PARAGRAPH_CHARS = 10_000      # one paragraph, heading, list item or table cell: about three pages
MAX_BLOCKS = 2_000                # paragraphs, headings, list items, table cells and code lines in one booklet
MAX_TABLE_ROWS = 500              # rows of one table (a table is split at each page, which costs as it grows)
MIN_COLUMN_MM = 6.0               # the narrowest column a table may get: room for its padding and a word
MAX_DIAGRAMS = 100                # diagram blocks in one booklet
MAX_DIAGRAM_SHAPES = 25_000       # shapes of all the diagrams of a booklet (a side-200 Asterisk board has 20,506)
MAX_DIAGRAM_WORK = 6_000_000      # steps of work of all the diagrams of a booklet (about a second): see DIAGRAM_STEPS;
                                  # the hardest sky a code names (2 million) and the most shapes (2.5 million) fit
SHAPE_STEPS = 100                 # a shape drawn, with the reading and judging behind it, in diagram steps

WORK_STEPS = "each loop turn, call and expression run, each character or item read or made"
DIAGRAM_STEPS = (f"each point a sky code's search examines, {SHAPE_STEPS} a shape drawn, and a Mudcrack board's growth "
                 "by its cells")   # a step: about what the sky search spends on one point
RENDERED_PAGES = 30               # what MAX_RENDERED_CHARS is, told in pages


def amount(number: float) -> str:
    """A count as a message says it: 1,000,000,000, or about 10^400 when it would be a line of digits."""
    if number < 1e15:
        return f"{number:,.0f}"
    try:
        return f"about 10^{int(math.log10(number)):,}"
    except OverflowError:   # infinity
        return "more than any number"


def work_limit(what: str = "") -> str:
    """The message of a template that does too much (`what` did, or at its line): the bound, and what counts."""
    steps = f"{MAX_WORK:,} steps ({WORK_STEPS}); do less in the template"
    return f"{what}, more than a template's work limit of {steps}" if what else f"the template goes past its work limit of {steps}"
