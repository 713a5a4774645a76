"""What a stated caption claims about the result, checked against the referee: it may say less, never otherwise.

A caption (a position file's, or a booklet diagram's) may name a winner, a
leader, a draw, a tie, a margin or numbers ("Red 11", "Winner: Blue", "Blue
has won", "Red: 7, Blue: 14", "Dark 2 goals", "First wins by 1", "11-10 to
Red"). Each such claim is compared with the referee's Standing; the first
that does not hold is the problem. Words of winning, losing or scoring that
fit none of these forms cannot be checked, so they are refused as well:
a caption never teaches a result pnp has not confirmed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pnp.positions.standing import Contender, Standing

if TYPE_CHECKING:
    from pnp.positions.base import PositionBase
    from pnp.registry import Game

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()
N = r"(\d+(?:[.,]\d+)?)"
# The words around names and numbers, in any case ("Red WINS"); names keep theirs, so "dark" (an Asterisk aspect)
# is not Dark (a player), nor "first" (any first thing) First (Starry Night's first player).
DASH = r"\s*(?:-|–|—|:|(?i:to))\s*"
WIN = r"(?i:wins|won|has\s+won|is\s+the\s+winner|beats|defeats|has\s+beaten|takes\s+the\s+game)"
LEAD = r"(?i:leads|is\s+leading|is\s+ahead|is\s+winning)"
LOSE = r"(?i:loses|lost|has\s+lost|is\s+beaten|is\s+defeated)"
BEHIND = r"(?i:trails|is\s+trailing|is\s+behind|is\s+losing)"
WINNER_IS = r"(?i:the\s+winner\s+is|winner\s+is|winner\s*[:=\-–—]?|won\s+by|victory\s+(?:for|to)|a\s+win\s+for)"
FOR = r"(?i:for|to)"
BY = r"(?i:by)"
NO_WINNER = r"(?i)\b(?:no\s+winner|nobody\s+(?:wins|has\s+won)|no\s+one\s+(?:wins|has\s+won)|neither\s+(?:player\s+)?wins|a\s+draw|drawn)\b"
TIED = r"(?i)\b(?:tied|a\s+tie)\b"
HAS = r"(?:'s)?\s*(?:[:=]|\s(?i:has|scores|scored|with|on|gets|got|makes|made))?\s*"
# Words that claim a result: left over when no form above took them, they are a claim pnp cannot check.
RESULT_WORDS = re.compile(r"\b(?:win|wins|won|winner|winners|winning|victory|victor|victorious|beat|beats|beaten|"
                          r"defeat|defeats|defeated|lose|loses|loser|losing|lost|tie|ties|tied)\b", re.IGNORECASE)
SCORE_WORDS = re.compile(r"\b(?:score|scores|scored|points)\b", re.IGNORECASE)


def caption_problem(stated: str, standing: Standing, own: str) -> str | None:
    """Why the caption `stated` does not hold for the referee (whose own caption is `own`), or None."""
    text = _digits(stated)
    taken = [False] * len(text)
    for claims, start, end in _claims(text, standing):
        if any(taken[start:end]):
            continue
        taken[start:end] = [True] * (end - start)
        wrong = next((said for said in (claim.check(standing) for claim in claims) if said), None)
        if wrong:
            return f"the caption says {wrong}, but the referee finds: {own}"
    left = [m for m in RESULT_WORDS.finditer(text) if not any(taken[m.start():m.end()])]
    if not left and SCORE_WORDS.search(text):
        left = [m for m in re.finditer(r"\d+", text) if not any(taken[m.start():m.end()])]
    if left:
        a, b = standing.sides
        return (f"pnp cannot check '{left[0].group()}' in the caption: state a result as the referee does ('{a.name} wins', "
                f"'{a.name} {_shown(a.numbers[''])}, {b.name} {_shown(b.numbers[''])}') or leave it out; the referee finds: {own}")
    return None


def stated_caption_problem(game: "Game", position: "PositionBase") -> str | None:
    """Why a position's own caption contradicts its game's referee (or cannot be checked), or None."""
    if not position.caption:
        return None
    verdict = game.judge(position)
    return caption_problem(position.caption, verdict.standing(), verdict.caption())


@dataclass(frozen=True)
class Claim:
    """One thing a caption states: `kind` of `side` (a winner, a number, ...), with the number if it has one."""

    kind: str
    side: Contender | None = None
    value: Fraction | None = None
    unit: str = ""
    pair: tuple[Fraction, Fraction] | None = None

    def check(self, standing: Standing) -> str | None:
        """What the caption says, in words, if the referee finds otherwise; else None."""
        side, kind = self.side, self.kind
        if kind == "none":
            return "there is no winner" if standing.winner is not None else None
        if kind == "pair":
            mains = sorted(s.numbers[""] for s in standing.sides)
            return None if sorted(self.pair) == mains else f"the score is {'-'.join(map(_shown, self.pair))}"
        if kind == "tied":
            a, b = standing.sides
            return None if a.numbers[""] == b.numbers[""] else f"{a.name} and {b.name} are tied"
        assert side is not None
        other = standing.other(side)
        mine, theirs = side.numbers[""], other.numbers[""]
        holds = {"wins": standing.winner == side.name, "loses": standing.winner == other.name,
                 "leads": mine > theirs, "is behind": mine < theirs,
                 "wins by": standing.winner == side.name and self.value == mine - theirs,
                 "number": side.numbers.get(self.unit) == self.value}[kind]
        if holds:
            return None
        if kind == "number":
            return f"{side.name} {_shown(self.value)}{' ' + self.unit if self.unit else ''}"
        return f"{side.name} {kind}{' ' + _shown(self.value) if kind == 'wins by' else ''}"


def _claims(text: str, standing: Standing) -> Iterator[tuple[list[Claim], int, int]]:
    """The claims of each form the text holds, with where it stands, in the order forms are tried (the most specific
    first: "no winner" before "winner: NAME", "NAME wins by 3" before "NAME wins")."""
    who = _names(standing)
    units = "|".join(sorted({u for s in standing.sides for u in s.numbers if u}, key=len, reverse=True)) or "(?!)"
    unit = rf"(?:\s+(?i:({units})))?\b"
    found = [
        (NO_WINNER, lambda m: [Claim("none")]),
        (TIED, lambda m: [Claim("tied")]),
        (rf"{who}\s+{WIN}\s+{BY}\s+{N}{unit}", lambda m: [Claim("wins by", _side(m[1], standing), _number(m[2]))]),
        (rf"{who}\s+{WIN}\s+{N}{DASH}{N}\b", lambda m: [Claim("wins", _side(m[1], standing)), _pair(m[2], m[3])]),
        (rf"\b{N}{DASH}{N}\s+{FOR}\s+{who}", lambda m: [Claim("wins", _side(m[3], standing)), _pair(m[1], m[2])]),
        (rf"{who}\s+{WIN}\b", lambda m: [Claim("wins", _side(m[1], standing))]),
        (rf"\b{WINNER_IS}\s*{who}", lambda m: [Claim("wins", _side(m[1], standing))]),
        (rf"{who}\s+{LEAD}\b", lambda m: [Claim("leads", _side(m[1], standing))]),
        (rf"{who}\s+{LOSE}\b", lambda m: [Claim("loses", _side(m[1], standing))]),
        (rf"{who}\s+{BEHIND}\b", lambda m: [Claim("is behind", _side(m[1], standing))]),
        (rf"{who}{HAS}{N}{unit}", lambda m: [Claim("number", _side(m[1], standing), _number(m[2]), (m[3] or "").lower())]),
        (rf"\b{N}{unit}\s+{FOR}\s+{who}", lambda m: [Claim("number", _side(m[3], standing), _number(m[1]), (m[2] or "").lower())]),
    ]
    for pattern, make in found:
        for match in re.finditer(pattern, text):
            yield make(match), match.start(), match.end()


def _names(standing: Standing) -> str:
    """A group matching any side's name (as written or in capitals) or alias (any case), as a whole word."""
    names = [alt for side in standing.sides for alt in (re.escape(side.name), re.escape(side.name.upper()))]
    names += [f"(?i:{re.escape(alias)})" for side in standing.sides for alias in side.aliases]
    return rf"\b({'|'.join(sorted(names, key=len, reverse=True))})(?:\s+(?i:player))?\b"


def _side(written: str, standing: Standing) -> Contender:
    folded = written.casefold()
    return next(s for s in standing.sides if folded in (s.name.casefold(), *(a.casefold() for a in s.aliases)))


def _digits(text: str) -> str:
    """Number words as digits ("seven" -> "7"), so "Red has seven" is checked as "Red has 7"."""
    pattern = rf"\b({'|'.join(NUMBER_WORDS)})\b"
    return re.sub(pattern, lambda m: str(NUMBER_WORDS.index(m[1].lower())), text, flags=re.IGNORECASE)


def _number(written: str) -> Fraction:
    return Fraction(written.replace(",", "."))


def _pair(first: str, second: str) -> Claim:
    return Claim("pair", pair=(_number(first), _number(second)))


def _shown(value: Fraction | None) -> str:
    return str(value) if value is None or value.denominator == 1 else f"{float(value):g}"
