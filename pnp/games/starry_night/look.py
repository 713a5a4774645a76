"""How a sky is drawn, and the room its label and score box take.

The planner (pad.py) and the drawing (draw.py) both read these numbers, so the
room a plan leaves under each sky is the room its band is drawn in. The band
(label on the left, score box on the right) is given at full size; a narrow
slot shrinks it whole by the plan's band scale.
"""

from __future__ import annotations

from pnp.fonts import ASCENT, text_width
from pnp.layout.text import LEADING

# The star: a solid dot on its intersection, with a thin white ring that keeps grid lines off its edge.
STAR_SHARE = 0.3         # the dot's radius, per grid square
STAR_MAX_MM = 1.6
STAR_MIN_MM = 0.8
HALO_MM = 0.35
MAJOR_EVERY = 5          # every fifth graph line is a little stronger, for counting areas
EDGE_ROOM = 0.5          # kept clear around a frame, each side: its stroke stands out by half its width

# The band under each sky, at full size (mm).
BAND_GAP = 2.5           # between the frame and the band
NUMBER_MM = 4.2          # "Sky 3"
CODE_MM = 3.6            # the sky code
NOTE_MM = 2.4            # "12 stars · seed 3" and the score box headings
SCORE_COLUMNS = (19.0, 14.0, 14.0)   # player, seas, area
SCORE_HEAD = 4.0         # heading row height
SCORE_ROW = 6.5          # one row per player
SCORE_PLAYERS = 2
LABEL_WIDTH = 40.0       # the label column; the rare code wider than this is set a little smaller
LABEL_GAP = 5.0          # between the label and the score box


def score_width() -> float:
    return sum(SCORE_COLUMNS)


def score_height() -> float:
    return SCORE_HEAD + SCORE_PLAYERS * SCORE_ROW


def label_lines() -> tuple[float, float, float]:
    """Baselines of the number, the code and the note, below the band's top."""
    number = ASCENT * NUMBER_MM
    code = number + LEADING * CODE_MM
    note = code + LEADING * NOTE_MM
    return number, code, note


def band_width() -> float:
    """The full-size band: the label column, a gap, the score box."""
    return LABEL_WIDTH + LABEL_GAP + score_width()


def code_size(code: str) -> float:
    """The code's text size at full scale: CODE_MM, or less if that would overrun the label column."""
    return min(CODE_MM, CODE_MM * LABEL_WIDTH / text_width(code, CODE_MM, bold=True))


def band_height() -> float:
    """The full-size band below a frame, its gap included."""
    return BAND_GAP + max(score_height(), label_lines()[2] + 0.3 * NOTE_MM)


def star_radius(grid_mm: float) -> float:
    return min(STAR_MAX_MM, max(STAR_MIN_MM, STAR_SHARE * grid_mm))
