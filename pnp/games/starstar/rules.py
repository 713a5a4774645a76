"""*Star's facts (shared/GAMES.md): sectors, board sizes, handicap order, the score's total.

Ea Ea's (formerly Craige Schensted's) game on a pentagon of rings around a
non-playable bridge. Only facts live here; the board's geometry is board.py.
"""

from __future__ import annotations

SECTORS: tuple[str, ...] = ("*", "S", "T", "A", "R")   # clockwise; A's corner at the top
SMALLEST_RINGS = 2
LARGEST_RINGS = 10            # ring 10 is written 0, so one digit names every ring
BOARD_NAMES: dict[int, str] = {10: "tournament", 8: "medium", 6: "junior", 4: "beginner"}
JUNIOR_RINGS = 6              # outlined inside the tournament board by default
# The designer's suggested order for the tournament board ("a reasonable choice"), not a rule.
HANDICAP_ORDER: tuple[str, ...] = ("S60", "A60", "*60", "T60", "R60", "S30", "A30", "*30", "T30", "R30")


def ring_size(ring: int) -> int:
    """Ring k has k cells in each of the five sectors."""
    return len(SECTORS) * ring


def cell_count(rings: int) -> int:
    return sum(ring_size(k) for k in range(1, rings + 1))


def perimeter_count(rings: int) -> int:
    """The peries: one in each cell of the outer ring."""
    return ring_size(rings)


def score_total(rings: int) -> int:
    """The two standard scores always add up to this: every peri plus the quark point."""
    return perimeter_count(rings) + 1


def winning_score(rings: int) -> int:
    """More than half the total wins; on an odd number of rings the total is even and half each is a draw."""
    return score_total(rings) // 2 + 1


def can_draw(rings: int) -> bool:
    return score_total(rings) % 2 == 0


def ring_digit(ring: int) -> str:
    return str(ring % 10)


def ring_of_digit(digit: str) -> int:
    return int(digit) or LARGEST_RINGS


def handicap_points(rings: int) -> tuple[str, ...]:
    """The handicap cells this board has inside its perimeter, in the order the stones go down.

    A handicap stone never goes on a perimeter cell: it would hand over a peri (and on a corner a quark),
    so a smaller board keeps only the cells of the list that lie inside its outer ring.
    """
    return tuple(cell for cell in HANDICAP_ORDER if ring_of_digit(cell[1]) < rings)


def default_outline_rings(rings: int) -> tuple[int, ...]:
    """The junior board drawn inside the tournament board; nothing on the others."""
    return (JUNIOR_RINGS,) if rings == LARGEST_RINGS else ()
